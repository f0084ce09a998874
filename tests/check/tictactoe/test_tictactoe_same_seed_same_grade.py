"""The same seed, the same grade: a tic-tac-toe AI with chance in it is graded alike by every check under one seed.

Two AIs whose answers chance decides: one draws with ``random.choice``, one
plays the first cell of a set of strings (Python's hash seed orders it).
Before the checker decided both from the check's seed, three checks of one
file under one ``--seed`` gave three grades.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from hostile_payloads import EITHER_SANDBOX
from perfectplay.check.api import check_ai
from perfectplay.check.report.model import CheckReport, CheckTiming
from perfectplay.check.report.score import Score, score
from perfectplay.check.settings import Candidate, Grading, Limits

DRAWS = """
import random


def find_best_move(board):
    free = [cell for cell in range(9) if board[cell] == " "]
    return random.choice(free)
"""

SET_OF_STRINGS = """
def find_best_move(board):
    free = {str(cell) for cell in range(9) if board[cell] == " "}
    for cell in free:
        return int(cell)
"""

NO_TIMING = CheckTiming(0, None, None, None, None, 0.0, 0.0)


def graded(
    folder: Path, source: str, seed: int = 7, sandbox: str = "auto", workers: int = 2
) -> tuple[CheckReport, Score]:
    """The report (its timings aside) and the points of a check of ``source`` under ``seed``."""
    path = folder / "ai.py"
    path.write_text(source)
    report = check_ai(Candidate(path, sandbox=sandbox), limits=Limits(workers=workers), grading=Grading(seed=seed))
    assert report.problem is None and report.asked > 0
    return replace(report, timing=NO_TIMING), score(report)


@pytest.mark.parametrize("sandbox", EITHER_SANDBOX)
def test_an_ai_that_draws_at_random_is_graded_alike_twice_under_one_seed(tmp_path: Path, sandbox: str) -> None:
    first, second = graded(tmp_path, DRAWS, sandbox=sandbox), graded(tmp_path, DRAWS, sandbox=sandbox)
    assert first == second
    # Its chance is still seen: asked twice, a position gets different answers.
    assert first[0].randomised


def test_an_ai_led_by_a_set_s_order_is_graded_alike_twice_under_one_seed(tmp_path: Path) -> None:
    first, second = graded(tmp_path, SET_OF_STRINGS), graded(tmp_path, SET_OF_STRINGS)
    assert first == second
    # One hash seed for every process of the check: its two workers answer alike, it is not taken for random.
    assert not first[0].randomised


def test_one_candidate_process_or_two_and_so_another_asking_order_give_the_same_grade(tmp_path: Path) -> None:
    assert graded(tmp_path, DRAWS, workers=1) == graded(tmp_path, DRAWS, workers=2)


def test_another_seed_may_give_another_grade(tmp_path: Path) -> None:
    seven, eight = graded(tmp_path, DRAWS, seed=7), graded(tmp_path, DRAWS, seed=8)
    assert seven[0].best != eight[0].best
