"""A board whose free squares show their own numbers ('1'-'9') is read so (honest code, third round).

``board = ['1', '2', ..., '9']``, each square's number left in it until someone plays there, as beginners draw
the squares left to pick. One empty marker for every free cell made three free cells in a row look like a won
line: a correct AI was graded "can be beaten" (78 of 100) under ``None`` for empty, or refused. (Its minimax keeps
a memo of its values here, ``_seen``: the same answers, without searching the empty board's tree again for every
question.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.api import check_ai

AI = """\
board = [{squares}]
WINS = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
_seen = dict()


def winner(b):
    for a, c, d in WINS:
        if b[a] == b[c] == b[d]:
            return b[a]
    return None


def free_squares(b):
    return [i for i in range(9) if {free}]


def minimax(b, player, computer):
    key = (str(b), player, computer)
    if key not in _seen:
        _seen[key] = search(b, player, computer)
    return _seen[key]


def search(b, player, computer):
    w = winner(b)
    if w == computer:
        return 1, None
    if w is not None:
        return -1, None
    moves = free_squares(b)
    if not moves:
        return 0, None
    best = None
    for m in moves:
        keep = b[m]
        b[m] = player
        score = minimax(b, 'O' if player == 'X' else 'X', computer)[0] * 0.9
        b[m] = keep
        if best is None or (score > best[0] if player == computer else score < best[0]):
            best = (score, m)
    return best


def computer_move(b):
    me = 'X' if b.count('X') == b.count('O') else 'O'
    return minimax(b, me, me)[1]
"""
SQUARES = "'1', '2', '3', '4', '5', '6', '7', '8', '9'"


@pytest.mark.parametrize("free", ["b[i] == str(i + 1)", "b[i] not in ('X', 'O')"])
def test_a_minimax_on_numbered_squares_is_read_so_and_never_beaten(tmp_path: Path, free: str) -> None:
    path = tmp_path / "tictactoe.py"
    path.write_text(AI.format(squares=SQUARES, free=free))
    report = check_ai(path, sandbox="off", sample=30, seed=8)  # how it is read is the point, not every position
    assert "on a flat list of 9 cells, its square's number '1'-'9' for empty" in str(report.interface)
    assert (report.exit_status, report.findings) == (0, ())


def test_the_teacher_names_the_reading_with_empty_1_9(tmp_path: Path) -> None:
    path = tmp_path / "tictactoe.py"
    path.write_text(AI.format(squares="", free="b[i] == str(i + 1)"))  # no board of its own to tell it by
    report = check_ai(path, function="computer_move", empty="1-9", sandbox="off", sample=30, seed=8)
    assert "its square's number '1'-'9' for empty" in str(report.interface)
    assert (report.exit_status, report.findings) == (0, ())
