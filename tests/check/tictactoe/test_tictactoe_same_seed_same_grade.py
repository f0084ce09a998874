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


Graded = tuple[CheckReport, Score]

pytestmark = pytest.mark.xdist_group("tictactoe-same-seed")  # one worker: the first checks below are made once


SAMPLE = 100
"""A sample's positions (and those its games reach, about a thousand): a third of a whole check's CPU. Its answers
are the candidate's chance under the seed as much as a whole check's are, asked again as in a whole check."""


def graded(
    folder: Path, source: str, seed: int = 7, sandbox: str = "off", workers: int = 2, sample: int | None = None
) -> Graded:
    """The report (its timings aside) and the points of a fresh check of ``source`` under ``seed``: a whole check,
    or a sample of ``sample`` positions drawn from the seed.

    Unsandboxed by default: the seed's reach into the candidate's chance is the subject, the same in the sandbox
    (which the first test proves in both)."""
    path = folder / "ai.py"
    path.write_text(source)
    grading = Grading(seed=seed, sample=sample)
    report = check_ai(Candidate(path, sandbox=sandbox), limits=Limits(workers=workers), grading=grading)
    assert report.problem is None and report.asked > 0
    return replace(report, timing=NO_TIMING), score(report)


FIRST: dict[tuple[str, int, str, int, int | None], Graded] = {}
"""The first check of each source and settings in this process, which several tests compare a fresh one with."""


def graded_first(
    folder: Path, source: str, seed: int = 7, sandbox: str = "off", workers: int = 2, sample: int | None = None
) -> Graded:
    """``graded``, made once for the tests that read it; every test still compares it with a check of its own."""
    key = (source, seed, sandbox, workers, sample)
    if key not in FIRST:
        FIRST[key] = graded(folder, source, seed, sandbox, workers, sample)
    return FIRST[key]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder for every check here: a report names its file, and the checks compared must name the same."""
    return tmp_path_factory.mktemp("same-seed")


@pytest.mark.parametrize("sandbox", EITHER_SANDBOX)
def test_an_ai_that_draws_at_random_is_graded_alike_twice_under_one_seed(folder: Path, sandbox: str) -> None:
    # A sample twice, in the sandbox (whose runner the seed reaches as the unsandboxed one) and out of it; the
    # first unsandboxed one is also the two workers' check compared with one worker's below. Whole checks are
    # compared under two seeds below.
    first = graded_first(folder, DRAWS, sandbox=sandbox, sample=SAMPLE)
    second = graded(folder, DRAWS, sandbox=sandbox, sample=SAMPLE)
    assert first == second
    # Its chance is still seen: asked twice, a position gets different answers.
    assert first[0].randomised


def test_an_ai_led_by_a_set_s_order_is_graded_alike_twice_under_one_seed(folder: Path) -> None:
    first, second = graded(folder, SET_OF_STRINGS, sample=SAMPLE), graded(folder, SET_OF_STRINGS, sample=SAMPLE)
    assert first == second
    # One hash seed for every process of the check: its two workers answer alike, it is not taken for random.
    assert not first[0].randomised


def test_one_candidate_process_or_two_and_so_another_asking_order_give_the_same_grade(folder: Path) -> None:
    assert graded(folder, DRAWS, workers=1, sample=SAMPLE) == graded_first(folder, DRAWS, workers=2, sample=SAMPLE)


def test_another_seed_may_give_another_grade(folder: Path) -> None:
    # Whole checks: the same positions asked under both seeds, so only the AI's chance can tell them apart.
    seven, eight = graded(folder, DRAWS, seed=7), graded(folder, DRAWS, seed=8)
    assert seven[0].best != eight[0].best
