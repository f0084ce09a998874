"""The same seed, the same grade: the Nim lab's learning AI trains and plays alike in every check under one seed.

Training explores at random (``random.random``, ``random.choice``): the
driver seeds it per training seed. This file also orders its actions by the
hash of their text, as a student's code may without knowing it (a set of
strings, ``hash``): Python's hash seed decides its training too. Before the
checker fixed the hash seed from the check's, one file under one ``--seed``
scored 66 and then 65 (its trained tables differed).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hostile_payloads import EITHER_SANDBOX
from perfectplay.check.nim.lab import NimCheck, check_nim
from perfectplay.check.nim.model import NimReport
from perfectplay.check.nim.score import nim_score
from perfectplay.check.report.score import Score

LEARNING = Path(__file__).resolve().parents[3] / "examples" / "nim" / "learning" / "nim.py"
ORDERED = "        actions = list(Nim.available_actions(state))"
BY_HASH = "        actions = sorted(Nim.available_actions(state), key=lambda action: hash(str(action)))"
TRAINING = {"train_games": "400", "train_seeds": "1,2"}

pytestmark = pytest.mark.xdist_group("nim-same-seed")  # one worker: the first checks below are made once


def hash_ordered(folder: Path) -> Path:
    text = LEARNING.read_text(encoding="utf-8")
    assert ORDERED in text
    path = folder / "nim.py"
    path.write_text(text.replace(ORDERED, BY_HASH), encoding="utf-8")
    return path


def graded(path: Path, seed: int = 7, sandbox: str = "auto", workers: int = 2) -> tuple[NimReport, Score]:
    """The report (its timings aside: they do not compare) and the points of a check under ``seed``."""
    report = check_nim(path, NimCheck(hint=TRAINING, seed=seed, sandbox=sandbox, workers=workers))
    assert report.seeds and all(one.play is not None for one in report.seeds), report
    return report, nim_score(report)


FIRST: dict[tuple[str, int], tuple[NimReport, Score]] = {}
"""The first check of each sandbox and number of processes in this process, which two tests compare a fresh one with."""


def graded_first(path: Path, sandbox: str, workers: int = 2) -> tuple[NimReport, Score]:
    """``graded``, made once for the tests that read it; every test still compares it with a check of its own."""
    if (sandbox, workers) not in FIRST:
        FIRST[sandbox, workers] = graded(path, sandbox=sandbox, workers=workers)
    return FIRST[sandbox, workers]


@pytest.fixture(scope="module")
def path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One file for every check here: a report names its file, and the checks compared must name the same."""
    return hash_ordered(tmp_path_factory.mktemp("same-seed"))


@pytest.mark.parametrize("sandbox", EITHER_SANDBOX)
def test_a_learning_ai_whose_training_the_hash_seed_steers_is_graded_alike_twice(path: Path, sandbox: str) -> None:
    assert graded_first(path, sandbox) == graded(path, sandbox=sandbox)


def test_its_training_runs_on_one_process_or_two_give_the_same_grade(path: Path) -> None:
    # Unsandboxed: the hash seed reaches the sandbox's processes as it does these (the test above). Two processes'
    # check is the first one above.
    assert graded(path, sandbox="off", workers=1) == graded_first(path, "off", workers=2)
