"""Verdicts that do not depend on how busy the machine is: limits count the candidate's CPU time.

A correct AI (examples/correct.py) made deliberately slow: it burns 0.05 s
of CPU time on the empty board (besides its own search of the whole game there).
With a limit of 0.2 s of CPU time per move it must get the same verdict and
the same counts with its core busy as on an idle machine, although its
moves then take four times longer on the clock (the empty board's, about
0.18 s of CPU time, over 0.7 s: far past what a wall-clock limit allows). The
busy check runs on one core beside three busy processes: the load every
core busy would give it, for a core's CPU time, not the machine's.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from perfectplay.check.api import check_ai
from perfectplay.check.report.model import CheckReport
from perfectplay.check.report.score import score
from perfectplay.check.run import worker

BURN = 0.05
"""CPU seconds each slow move burns: a quarter of the move's limit, which every core busy three times over makes
four times longer on the clock."""

SLOW = f"""

import time

_fast = find_best_move


def find_best_move(board):
    if sum(cell == EMPTY for row in board for cell in row) == 9:
        start = time.process_time()
        while time.process_time() - start < {BURN}:
            pass
    return _fast(board)
"""


@contextmanager
def on_one_core() -> Iterator[int]:
    """This process, and every process it starts until the block ends, on one core where the system lets a process
    choose (Linux): the cores they share, to keep busy for as long as the block runs."""
    if not hasattr(os, "sched_setaffinity"):
        yield os.cpu_count() or 1
        return
    cores = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(cores)})
    try:
        yield 1
    finally:
        os.sched_setaffinity(0, cores)


def summary(report: CheckReport) -> tuple[object, ...]:
    counts = {finding.kind: finding.count for finding in report.findings}
    return report.verdict, report.positions, report.asked, report.best, report.complete, counts, report.timing.moves


@pytest.mark.slow  # two checks, the second beside three busy processes on its core
def test_a_slow_but_correct_ai_gets_the_same_verdict_and_counts_with_its_core_busy(
    tmp_path: Path, examples: Path
) -> None:
    path = tmp_path / "slow.py"
    path.write_text((examples / "correct.py").read_text() + SLOW)
    # A sample of 20 and every position its own games reach, the slow empty board among them: what load could change
    # (a slow move's verdict) is all asked, and the busy cores are kept busy for a few seconds, not a whole check.
    # One slow position is enough: its move takes four times its CPU time (about 0.18 s) on the clock, far over the
    # limit a wall clock would hold it to; every other slow position only kept the busy cores busy for longer.
    idle = check_ai(path, move_seconds=0.2, sandbox="off", sample=20)
    assert idle.verdict == "unbeatable" and idle.exit_status == 0
    assert idle.timing.cpu_in_candidate is not None and idle.timing.cpu_in_candidate >= BURN
    with on_one_core() as cores:
        hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(3 * cores)]
        try:
            busy = check_ai(path, move_seconds=0.2, sandbox="off", sample=20)
        finally:
            for hog in hogs:
                hog.kill()
                hog.wait()
    assert summary(busy) == summary(idle)
    # The clock saw the load (generous bounds only: the machine may be busy anyway).
    assert busy.timing.cpu_in_candidate is not None and busy.timing.cpu_in_candidate >= BURN


class BusyMachine:
    """The wall clock as a very busy machine shows it: a thousand times slower than the candidate's CPU time,
    every moment of it spent runnable, queued for a processor (the scheduler's run delay)."""

    def __init__(self) -> None:
        self.started = time.monotonic()

    def monotonic(self) -> float:
        return self.started + (time.monotonic() - self.started) * 1000

    def run_delay(self, pids: object, kept: object = None, now: object = None) -> float:
        # Active time is CPU time plus this: all the wall time that passed, so none of it was waiting.
        return self.monotonic()


def graded(report: CheckReport) -> tuple[object, ...]:
    return (*summary(report), report.sampled, score(report), report.problem, report.exit_status)


@pytest.mark.slow  # two checks
def test_a_graders_budget_gives_the_same_grade_when_the_wall_clock_runs_a_thousand_times_slower(
    examples: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def budgeted() -> CheckReport:
        # PrairieLearn's --budget 25 as the command gives it: 19.5 s, a move a tenth of it. A sample (hundreds of
        # positions, a tenth of a second and more of the candidate's CPU): on the clock a thousand times slower
        # that is minutes, ten times the budget, as a whole check's second is.
        return check_ai(
            examples / "correct.py", move_seconds=1.95, total_seconds=19.5, wall_seconds=19.5, sandbox="off", sample=20
        )

    idle = budgeted()
    busy_machine = BusyMachine()
    monkeypatch.setattr(worker, "monotonic", busy_machine.monotonic)
    monkeypatch.setattr(worker, "run_delay", busy_machine.run_delay)
    busy = budgeted()
    assert idle.exit_status == 0 and idle.problem is None
    assert graded(busy) == graded(idle)


def test_a_graders_budget_counts_the_candidates_waiting_never_the_time_it_was_runnable() -> None:
    clock = worker.Clock(move=1.0, total=5.0, waiting=20.0)
    clock.check(running=0.5, waiting=0.0)
    clock.spend(0.5, waited=0.0)
    clock.started -= 10_000.0  # hours on the wall clock: nothing the budget counts
    clock.check()
    clock.spend(0.1, waited=19.0)
    with pytest.raises(worker.OutOfTime) as out:
        clock.check(waiting=1.0)
    assert out.value.reason == "budget"
