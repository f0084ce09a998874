"""check50 checks for CS50 AI's tic-tac-toe, through perfectplay's check50 extension.

Run them from the folder that holds the student's tictactoe.py:

    check50 --dev path/to/examples/graders/check50

Each check puts the AI against perfect play in every position (not three
positions) and, when it fails, shows the board, the move made and the
moves that were right. ``pip install perfectplay check50`` where they run.
"""

import check50
import perfectplay.check.check50 as pp


@check50.check()
def exists():
    """tictactoe.py exists"""
    check50.exists("tictactoe.py")


@check50.check(exists, timeout=300)
def helpers_right():
    """player, actions, result, winner, terminal and utility are right on every board"""
    pp.helpers_right("tictactoe.py")


@check50.check(exists, timeout=300)
def never_beaten():
    """minimax is never beaten, as X or as O"""
    pp.never_beaten("tictactoe.py")


@check50.check(exists, timeout=300)
def keeps_value():
    """minimax keeps the win, draw or loss in every position"""
    pp.keeps_value("tictactoe.py")
