"""A board of numbers the module names as its own (``EMPTY = 0``, a board of zeros) is read in numbers first.

Honest code, third round: a minimax on a list of 3 lists of 0/1/2 with ``EMPTY = 0`` at the top was read with its
0 for empty and ``'X'``/``'O'`` for the stones; counting 1s and 2s, it saw no stone, still answered legal moves on
every probe, and was graded "can be beaten", 43 of 100, though it never loses. (Its minimax keeps a memo of its
values here, ``_seen``: the same answers, without searching the empty board's tree again for every question.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.api import check_ai

AI = """\
{top}


_seen = dict()


def winner(board):
    for i in range(3):
        if board[i][0] != 0 and board[i][0] == board[i][1] == board[i][2]:
            return board[i][0]
        if board[0][i] != 0 and board[0][i] == board[1][i] == board[2][i]:
            return board[0][i]
    if board[1][1] != 0 and (board[0][0] == board[1][1] == board[2][2] or board[0][2] == board[1][1] == board[2][0]):
        return board[1][1]
    return 0


def moves(board):
    return [(r, c) for r in range(3) for c in range(3) if board[r][c] == 0]


def current_player(board):
    ones = sum(row.count(1) for row in board)
    twos = sum(row.count(2) for row in board)
    return 1 if ones == twos else 2


def score(board, me, depth):
    key = (str(board), me, depth)
    if key not in _seen:
        _seen[key] = search(board, me, depth)
    return _seen[key]


def search(board, me, depth):
    w = winner(board)
    if w == me:
        return 10 - depth
    if w != 0:
        return depth - 10
    if not moves(board):
        return 0
    turn = current_player(board)
    results = []
    for r, c in moves(board):
        board[r][c] = turn
        results.append(score(board, me, depth + 1))
        board[r][c] = 0
    return max(results) if turn == me else min(results)


def get_best_move(board):
    me = current_player(board)
    best, best_score = None, -100
    for r, c in moves(board):
        board[r][c] = me
        s = score(board, me, 1)
        board[r][c] = 0
        if s > best_score:
            best_score, best = s, (r, c)
    return best
"""


@pytest.mark.parametrize("top", ["EMPTY = 0", "board = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]"])
def test_a_minimax_whose_module_keeps_zeros_for_empty_is_read_in_numbers(tmp_path: Path, top: str) -> None:
    path = tmp_path / "tictactoe.py"
    path.write_text(AI.format(top=top))
    report = check_ai(path, sandbox="off", sample=20, seed=4)  # how it is read is the point, not every position
    assert "on a list of 3 lists, 0 for empty, 1 and 2 for X and O" in str(report.interface)
    assert (report.exit_status, report.findings) == (0, ())
