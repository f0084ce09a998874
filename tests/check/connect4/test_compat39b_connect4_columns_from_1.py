"""A Connect Four board function answering the column 1-7 its human player types is read so and graded alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.model import Connect4Report

AGENT = """\
def lines(board, piece):
    for r in range(6):
        for c in range(7):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if all(0 <= r + k * dr < 6 and 0 <= c + k * dc < 7 and board[r + k * dr][c + k * dc] == piece
                       for k in range(4)):
                    return True
    return False


def get_move(board, piece):
    free = [c for c in range(7) if board[0][c] == 0]
    for who in (piece, 3 - piece):
        for col in free:
            row = max(r for r in range(6) if board[r][col] == 0)
            board[row][col] = who
            won = lines(board, who)
            board[row][col] = 0
            if won:
                return col + FIRST
    return min(free, key=lambda c: abs(c - 3)) + FIRST
"""
"""Its win, else the block, else the column nearest the middle; FIRST: 0, or 1 as the columns its player types."""


@pytest.fixture
def reports(tmp_path: Path) -> dict[int, Connect4Report]:
    found = {}
    for first in (0, 1):
        path = tmp_path / f"from{first}.py"
        path.write_text(f"FIRST = {first}\n\n" + AGENT)
        # Seed 3's six positions, drawn once a run for the Connect Four checks asking them (tests/drawn_positions.py).
        # One process a side: what is read of the agent is the subject, not how many processes ask it.
        found[first] = check_connect4(
            path, positions=6, seed=3, games=False, sandbox="off", workers=1, move_seconds=2.0
        )
    return found


def test_columns_counted_from_1_are_read_as_such_and_graded_as_the_same_agent_counting_from_0(
    reports: dict[int, Connect4Report],
) -> None:
    zero, one = reports[0], reports[1]
    assert "returns a column 0-6" in str(zero.interface) and "returns a column 1-7" in str(one.interface)
    assert zero.overall.legal == zero.overall.asked == 6
    assert (one.verdict, one.overall) == (zero.verdict, zero.overall)
