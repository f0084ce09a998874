"""A tic-tac-toe AI on a board of numbers (1 and -1, or 1 and 2, on 0), as minimax write-ups keep it, is graded."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.api import check_ai
from perfectplay.check.transcript_fields import FieldError, _interface

AI = """\
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
HUMAN_OR_O = {o}


def winner(board):
    for a, b, c in LINES:
        if board[a] != 0 and board[a] == board[b] == board[c]:
            return board[a]
    return 0


def minimax(board, player, memo={{}}):
    key = (tuple(board), player)
    if key not in memo:
        found = winner(board)
        if found or 0 not in board:
            memo[key] = ((10 if found == 1 else -10 if found else 0), None)
        else:
            best = None
            for i in range(9):
                if board[i] == 0:
                    board[i] = player
                    score = minimax(board, HUMAN_OR_O if player == 1 else 1)[0] * 0.9
                    board[i] = 0
                    if best is None or (score > best[0] if player == 1 else score < best[0]):
                        best = (score, i)
            memo[key] = best
    return memo[key]


def find_best_move(board):
    player = 1 if board.count(1) == board.count(HUMAN_OR_O) else HUMAN_OR_O
    return minimax(board, player)[1]
"""


@pytest.mark.parametrize("o", [-1, 2])
def test_a_minimax_on_a_board_of_numbers_is_read_so_and_never_beaten(tmp_path: Path, o: int) -> None:
    path = tmp_path / "tictactoe.py"
    path.write_text(AI.format(o=o))
    report = check_ai(path, sandbox="off", sample=10, seed=2)  # how it is read is the point, not every position
    assert f"on a flat list of 9 cells, 0 for empty, 1 and {o} for X and O" in str(report.interface)
    assert (report.exit_status, report.findings) == (0, ())


def test_a_transcripts_marks_may_be_small_numbers_and_nothing_else() -> None:
    assert _interface_refused({"x": 1, "o": -1, "empty": 0}) is None
    assert "at most 2" in str(_interface_refused({"x": 1, "o": 10**6, "empty": 0}))
    assert "must be text" in str(_interface_refused({"x": 1.5}))
    assert "must be text" in str(_interface_refused({"empty": True}))


def _interface_refused(marks: dict[str, object]) -> FieldError | None:
    try:
        _interface({"kind": "function", "name": "find_best_move", **marks})
    except FieldError as error:
        return error
    return None
