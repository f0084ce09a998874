"""Every CPU second a candidate uses is charged to its check: its imports, moves that end in a crash, the probe.

A program that dies on purpose (it burns CPU time on import and in every
move, then exits) is restarted after each death; were its imports and its
dying moves free, a ``--budget 6`` check (0.6 s of CPU time) would let it
burn one import and one move for each of the check's 25 failures. Burning
is measured in CPU time (``time.process_time``), so what these tests count
is the same on any machine, however busy.
"""

from __future__ import annotations

import math
import textwrap
from pathlib import Path
from typing import Any

import pytest

from hostile_payloads import EITHER_SANDBOX
from perfectplay.check import conductor
from perfectplay.check.api import check_ai
from perfectplay.check.judge.interface import Hint
from perfectplay.check.run import candidate, worker
from perfectplay.check.settings import Candidate, Limits

BURN = 0.1
"""CPU seconds the dying program burns on each import and in each move (under the move's 0.24 s)."""

BUDGET_6 = Limits(move_seconds=0.24, total_seconds=2.4, budget_seconds=2.4)
"""What ``--budget 6`` sets (``cli/check.py``'s ``limits``): 90% less 3 s, a move a tenth of it; the check's
clock then allows a quarter of the 2.4 s as the candidate's CPU time. The smallest budget the command takes but
one (it must be more than 5 s): every second of it is burnt by each test here, four checks."""

DYING = """
import os, time

def burn(seconds):
    start = time.process_time()
    while time.process_time() - start < seconds:
        pass

burn({burn})

def find_best_move(board):
    burn({burn})
    {ending}
"""


class Spied:
    """Every clock the conductor makes and every candidate process started, for the test to read afterwards."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, process_starts: list[int]) -> None:
        self.clocks: list[worker.Clock] = []
        self.process_starts = process_starts
        clocks = self.clocks

        class Clock(worker.Clock):
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, **kwargs)
                clocks.append(self)

        monkeypatch.setattr(conductor, "Clock", Clock)

    @property
    def starts(self) -> int:
        return self.process_starts[0]


@pytest.fixture
def spied(monkeypatch: pytest.MonkeyPatch, process_starts: list[int]) -> Spied:
    return Spied(monkeypatch, process_starts)


def dying(tmp_path: Path, ending: str) -> Path:
    path = tmp_path / "dying.py"
    path.write_text(textwrap.dedent(DYING.format(burn=BURN, ending=ending)))
    return path


def check_dying(path: Path, sandbox: str) -> Any:
    return check_ai(Candidate(path, sandbox=sandbox), Hint(board="flat", empty=" "), BUDGET_6)


SANDBOXES = EITHER_SANDBOX


@pytest.mark.parametrize("sandbox", SANDBOXES)
@pytest.mark.parametrize("ending", ["os._exit(3)", "os.abort()"])
def test_a_program_that_dies_on_purpose_cannot_stretch_a_budget_of_6_s(
    tmp_path: Path, spied: Spied, sandbox: str, ending: str
) -> None:
    report = check_dying(dying(tmp_path, ending), sandbox)
    (clock,) = spied.clocks
    assert clock.total == pytest.approx(0.6)
    # Each process burnt an import and (all but the last, maybe) a move: 2 x 0.1 s. Charged, they end the check
    # once its 0.6 s are spent: a few processes, each worker overshooting by at most one process's import and move,
    # never one process for each of the 25 failures a check tolerates.
    workers = BUDGET_6.workers
    most = math.ceil(clock.total / (2 * BURN)) + workers
    assert 2 <= spied.starts <= most, spied.starts
    # Its time ran out because what it burnt was charged: imports and dying moves alike.
    assert clock.used >= clock.total
    # Not one whole round of the budget's sample was answered: nothing is graded as right.
    assert (report.verdict, report.complete, report.asked) == ("incomplete", False, 0)


def test_the_cpu_of_a_process_is_charged_once_whatever_way_it_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = worker.Clock(move=1.0, total=10.0)
    speaker: Any = object()
    asker = candidate.CandidateWorker(speaker, clock, worker.FailureBudget(5), {})

    class Ended:
        """A process that used 0.7 s of CPU time in all, 0.2 of it in an answer already charged."""

        charged = 0.2

        def ready(self) -> bool:
            return True

        def cpu(self) -> float:
            return 0.7

    ended: Any = Ended()
    clock.spend(0.2)
    asker.charge(ended)
    asker.charge(ended)  # a second look charges nothing again
    assert clock.used == pytest.approx(0.7)

    class Unready(Ended):
        """A process that never said it was ready: nothing of the candidate ran in it (the machine's)."""

        charged = 0.0

        def ready(self) -> bool:
            return False

    asker.charge(Unready())  # type: ignore[arg-type]
    assert clock.used == pytest.approx(0.7)
