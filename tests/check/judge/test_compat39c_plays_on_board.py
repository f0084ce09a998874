"""An AI that plays its move onto the board it is given and returns nothing is read so (honest code, third round).

``board[best] = me`` at the end of ``computer_move(board)``, the game loop printing the board after it, is how
many beginners' AIs move: it was refused, "gave no legal move on the probe positions with any board tried".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.api import check_ai
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.judge.answers import played, read_move
from perfectplay.check.judge.interface import Hint
from perfectplay.check.position import TicTacToePosition

AI = """\
WINS = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def is_winner(b, p):
    return any(b[x] == b[y] == b[z] == p for x, y, z in WINS)


def minimax(b, me, turn, depth, memo={}):
    key = (''.join(b), me, turn, depth)
    if key not in memo:
        memo[key] = search(b, me, turn, depth)
    return memo[key]


def search(b, me, turn, depth):
    other = 'O' if me == 'X' else 'X'
    if is_winner(b, me):
        return 10 - depth
    if is_winner(b, other):
        return depth - 10
    if ' ' not in b:
        return 0
    scores = []
    for i in range(9):
        if b[i] == ' ':
            b[i] = turn
            scores.append(minimax(b, me, 'O' if turn == 'X' else 'X', depth + 1))
            b[i] = ' '
    return max(scores) if turn == me else min(scores)


def computer_move(b):
    me = 'X' if b.count('X') == b.count('O') else 'O'
    best_score, best = -100, None
    for i in range(9):
        if b[i] == ' ':
            b[i] = me
            score = minimax(b, me, 'O' if me == 'X' else 'X', 1)
            b[i] = ' '
            if score > best_score:
                best_score, best = score, i
    b[best] = me
"""


def test_an_ai_playing_onto_its_board_is_read_so_and_never_beaten(tmp_path: Path) -> None:
    path = tmp_path / "tictactoe.py"
    path.write_text(AI)
    report = check_ai(path, sandbox="off", sample=20, seed=4)  # how it is read is the point, not every position
    assert "returns nothing: it plays its move onto the board" in str(report.interface)
    assert (report.exit_status, report.findings) == (0, ())


def test_the_move_is_the_one_empty_cell_filled_with_the_movers_mark() -> None:
    position = TicTacToePosition.from_text("XO./.../...", "X")
    assert played({"kind": "none", "after": "XOX......"}, position) == (2, None)
    assert read_move({"kind": "none", "after": "XO.X....."}, position, "board") == (3, None)
    assert played({"kind": "none", "after": "XOO......"}, position) == (None, "illegal_move")  # not its mark
    assert played({"kind": "none", "after": "XOXX....."}, position) == (None, "illegal_move")  # two cells
    assert played({"kind": "none", "after": ".O.X....."}, position) == (None, "illegal_move")  # a stone taken
    assert played({"kind": "none"}, position) == (None, "wrong_type")  # it did not move


def test_playing_onto_a_string_board_is_refused_as_usage_in_one_sentence() -> None:
    with pytest.raises(CheckUsageError, match=r"^--returns board needs a board the AI can play onto"):
        Hint(board="string", returns="board").validate()
    Hint(board="flat", returns="board").validate()  # a list can be played onto
    Hint(board="string", returns="index").validate()  # a string board with a returned move is fine
