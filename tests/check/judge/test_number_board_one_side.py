"""A program that plays one side on a flat board of numbers is read in its own numbers, whichever they are.

Honest code, a newcomer's: ``board = [0] * 9``, ``HUMAN = 1``, ``COMPUTER = 2`` (or -1), and a depth-scored
minimax that always plays ``COMPUTER``. Two faults graded it "can be beaten" though it never loses:

- its nested-list reading (the last in numbers) failed, so the flat reading that had answered was dropped and a
  reading of ``'X'``/``'O'`` on its 0s, where it sees no stone at all, was kept;
- read with 1 and -1, a ``COMPUTER = 2`` takes as many of the probe's wins as with 1 and 2 (it blocks X's line on
  X's probes: X's winning cell), and the first of the two was kept: it was checked as X, a side it never plays.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check import CheckUsageError
from perfectplay.check.api import check_ai
from perfectplay.check.judge.interface import Hint

AI = """\
HUMAN = 1
COMPUTER = {computer}

board = [0, 0, 0, 0, 0, 0, 0, 0, 0]
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(b):
    for a, c, d in LINES:
        if b[a] != 0 and b[a] == b[c] == b[d]:
            return b[a]
    return 0


def minimax(b, computer_turn, depth, seen):
    key = (tuple(b), computer_turn)  # the stones on the board tell the depth: one search's memo
    if key in seen:
        return seen[key]
    w = winner(b)
    if w == COMPUTER:
        value = 10 - depth
    elif w == HUMAN:
        value = depth - 10
    elif 0 not in b:
        value = 0
    else:
        scores = []
        for i in range(9):
            if b[i] == 0:
                b[i] = COMPUTER if computer_turn else HUMAN
                scores.append(minimax(b, not computer_turn, depth + 1, seen))
                b[i] = 0
        value = max(scores) if computer_turn else min(scores)
    seen[key] = value
    return value


def get_computer_move(b):
    seen = {{}}
    best_score, move = -100, -1
    for i in range(9):
        if b[i] == 0:
            b[i] = COMPUTER
            score = minimax(b, False, 1, seen)
            b[i] = 0
            if score > best_score:
                best_score, move = score, i
    return move
"""


@pytest.mark.parametrize("computer", [2, -1])
def test_a_computer_playing_o_in_its_own_numbers_is_read_in_them_and_never_loses(tmp_path: Path, computer: int) -> None:
    path = tmp_path / "ttt.py"
    path.write_text(AI.format(computer=computer))
    report = check_ai(path, sandbox="off", sample=20, seed=5)  # how it is read is the point, not every position
    assert f"a flat list of 9 cells, 0 for empty, 1 and {computer} for X and O" in str(report.interface)
    assert "plays O only" in str(report.interface)
    assert (report.exit_status, report.findings) == (0, ()), report.findings


def test_empty_0_says_a_board_of_numbers_and_is_asked_in_numbers_first(tmp_path: Path) -> None:
    # With no board of zeros in the module to tell it (its board made in main()), ``--empty 0`` tells it.
    path = tmp_path / "ttt.py"
    path.write_text(AI.format(computer=2).replace("board = [0, 0, 0, 0, 0, 0, 0, 0, 0]", ""))
    report = check_ai(path, sandbox="off", sample=20, seed=5, empty="0")
    assert "a flat list of 9 cells, 0 for empty, 1 and 2 for X and O" in str(report.interface)
    assert (report.exit_status, report.findings) == (0, ()), report.findings


@pytest.mark.parametrize("piece", ["X", "o", " O "])
def test_empty_as_a_piece_is_refused(piece: str) -> None:
    with pytest.raises(CheckUsageError, match="is a piece: give what an empty cell holds"):
        Hint(empty=piece).validate()


def test_empty_0_with_no_reading_answered_checks_the_first_number_reading_whole(tmp_path: Path) -> None:
    # It was checked on letters on int 0s, a board it was never asked (where a program may play on purpose).
    path = tmp_path / "ttt.py"
    path.write_text("def find_best_move(board):\n    return None\n")
    report = check_ai(path, sandbox="off", sample=20, seed=5, empty="0")
    assert "0 for empty, 1 and -1 for X and O" in str(report.interface), report.interface
