"""A Connect Four board function of red and yellow pieces ("R", "Y", named as constants) is read with them."""

from __future__ import annotations

from pathlib import Path

from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.detect import BoardReading, candidates

AGENT = """\
ROWS, COLS = 6, 7
EMPTY, RED, YELLOW = ' ', 'R', 'Y'


def wins(board, piece):
    for r in range(ROWS):
        for c in range(COLS):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(4)]
                if all(0 <= i < ROWS and 0 <= j < COLS and board[i][j] == piece for i, j in cells):
                    return True
    return False


def get_best_move(board, piece):
    other = YELLOW if piece == RED else RED
    free = [c for c in range(COLS) if board[0][c] == EMPTY]
    for who in (piece, other):
        for col in free:
            row = max(r for r in range(ROWS) if board[r][col] == EMPTY)
            board[row][col] = who
            won = wins(board, who)
            board[row][col] = EMPTY
            if won:
                return col
    return min(free, key=lambda c: abs(c - 3))
"""
"""Its win, else the block of the opponent's, else the column nearest the middle: its pieces are its own constants."""


def test_the_pieces_a_module_names_are_tried_first_and_the_flags_still_win() -> None:
    base = BoardReading("board", "get_best_move", piece_argument=True)
    assert candidates(base, False, set(), ["R", "Y"])[0].pieces == "ry"
    assert candidates(base, False, set())[0].pieces == "012" and len(candidates(base, False, set(), ["R", "Y"])) == 12
    assert {reading.pieces for reading in candidates(base, False, {"pieces"}, ["R", "Y"])} == {"012"}


def test_a_red_and_yellow_agent_is_checked_seeing_the_opponents_pieces_as_with_the_flags(tmp_path: Path) -> None:
    path = tmp_path / "agent.py"
    path.write_text(AGENT)
    # Seed 3's six positions, drawn once a run for the Connect Four checks that ask them (tests/drawn_positions.py).
    # One process a side: what is read of the agent is the subject, not how many processes ask it.
    found = check_connect4(path, positions=6, seed=3, games=False, sandbox="off", workers=1, move_seconds=2.0)
    told = check_connect4(
        path, pieces="ry", positions=6, seed=3, games=False, sandbox="off", workers=1, move_seconds=2.0
    )
    assert "' ' empty, 'R' and 'Y'" in str(found.interface)
    assert (found.verdict, found.overall) == (told.verdict, told.overall)
