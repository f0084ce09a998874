"""Tic Tac Toe Player, CS50 shape, with a typo that stops Python reading it (a missing colon).

    perfectplay check examples/graders/syntax_error/tictactoe.py   # cannot be checked: 0 points
"""

X = "X"
O = "O"  # noqa: E741
EMPTY = None


def player(board)
    return X
