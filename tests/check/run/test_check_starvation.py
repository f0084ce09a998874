"""A class run's wall-clock bound counts what the check did, never the time it was queued for a processor.

Every reading here is injected (the wall clock and the run delays): what is
tested is the arithmetic of the bound, never the machine's speed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from perfectplay.check.api import check_ai
from perfectplay.check.run import worker
from perfectplay.check.run.schedstats import Starvation
from perfectplay.check.settings import Candidate, Grading, Limits


class Readings:
    """Run delays as a test sets them: seconds by process id, read by ``Starvation`` when it samples."""

    def __init__(self, **delays: float) -> None:
        self.delays = {int(pid.lstrip("p")): seconds for pid, seconds in delays.items()}
        self.reads = 0

    def __call__(self) -> dict[int, float]:
        self.reads += 1
        return dict(self.delays)


@pytest.fixture()
def now(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The wall clock every limit reads, moved by hand."""
    clock = [100.0]
    monkeypatch.setattr(worker, "monotonic", lambda: clock[0])
    return clock


def bounded(now: list[float], readings: Readings, wall: float = 30.0) -> worker.Clock:
    return worker.Clock(move=1.0, total=600.0, wall=wall, starvation=Starvation(now[0], readings))


def test_with_nothing_queued_the_bound_is_the_wall_clock(now: list[float]) -> None:
    clock = bounded(now, Readings(p1=0.0), wall=300.0)
    now[0] += 299.0
    clock.check()
    now[0] += 2.0
    with pytest.raises(worker.OutOfTime) as out:
        clock.check()
    assert out.value.reason == "bound"


def test_seconds_the_check_waited_for_a_processor_do_not_count_against_its_wall_bound(now: list[float]) -> None:
    # A correct AI beside a classmate's hundred busy processes: 100 s on the wall clock, 80 of them queued.
    readings = Readings(p1=5.0, p2=0.0)
    clock = bounded(now, readings)
    now[0] += 100.0
    readings.delays = {1: 5.0 + 60.0, 2: 20.0}  # the checker queued 60 s, its candidate 20 s
    clock.check()  # 20 s of its own: under the 30 s bound
    assert clock.starvation is not None and clock.starvation.forgiven == 80.0
    now[0] += 11.0  # 31 s of its own, nothing more queued
    with pytest.raises(worker.OutOfTime) as out:
        clock.check()
    assert out.value.reason == "bound"


def test_threads_queued_side_by_side_are_one_wait_not_several(now: list[float]) -> None:
    # Four processes each queued the whole 40 s (160 s of run delay): 40 s forgiven, not 160.
    readings = Readings(p1=0.0, p2=0.0, p3=0.0, p4=0.0)
    starvation = Starvation(now[0], readings)
    now[0] += 40.0
    readings.delays = dict.fromkeys(readings.delays, 40.0)
    assert starvation.sample(now[0]) == 40.0
    now[0] += 10.0  # then ten seconds of sleeping: nothing queued, nothing forgiven
    assert starvation.sample(now[0]) == 40.0


def test_a_check_that_sleeps_still_meets_its_bound_whatever_else_the_machine_runs(now: list[float]) -> None:
    # Sleeping is not runnable: the run delay does not grow, and the wall clock counts in full.
    readings = Readings(p1=3.0)
    clock = bounded(now, readings, wall=8.0)
    for _ in range(7):
        now[0] += 1.0
        clock.check()
    now[0] += 1.0
    with pytest.raises(worker.OutOfTime):
        clock.check()


def test_a_process_started_since_the_last_reading_counts_its_whole_delay_and_one_gone_takes_none_away(
    now: list[float],
) -> None:
    readings = Readings(p1=1.0, p2=7.0)
    starvation = Starvation(now[0], readings)
    now[0] += 20.0
    readings.delays = {1: 3.0, 9: 4.0}  # 2 ended (its 7 s stay counted), 9 is a restarted candidate
    assert starvation.sample(now[0]) == 2.0 + 4.0


def test_readings_are_taken_once_a_second_while_the_bound_is_far_and_again_at_the_bound(now: list[float]) -> None:
    readings = Readings(p1=0.0)
    clock = bounded(now, readings, wall=20.0)
    assert readings.reads == 1  # when the clock started
    for _ in range(40):
        now[0] += 0.25
        clock.check()
    assert readings.reads == 1 + 10
    readings.delays = {1: 4.0}  # queued 4 s since: the bound moves before it is called reached
    now[0] += 10.5
    clock.check()
    assert readings.reads == 1 + 10 + 1
    assert clock.starvation is not None and clock.starvation.forgiven == 4.0
    for _ in range(3):  # to 23.5 s: a reading a second, nothing more queued
        now[0] += 1.0
        clock.check()
    assert readings.reads == 1 + 10 + 1 + 3
    readings.delays = {1: 4.5}
    now[0] += 0.75  # 24.25 s, a reading not yet due, but at the bound (20 + 4): read again, and it moved
    clock.check()
    assert clock.starvation.forgiven == 4.5
    now[0] += 0.5  # 24.75 s: past 20 + 4.5, nothing more queued
    with pytest.raises(worker.OutOfTime):
        clock.check()


def test_no_bound_no_readings() -> None:
    assert worker.Clock(move=1.0, total=5.0).starvation is None


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="no /proc here: no process tree to read")
def test_a_checks_own_readings_are_the_checkers_threads_and_each_watched_process_with_those_under_it() -> None:
    # A candidate's process and the one it started, and a process of the checker's that is not watched.
    starts_cat = "import subprocess; cat = subprocess.Popen(['cat']); print(cat.pid, flush=True); cat.wait()"
    candidate = subprocess.Popen([sys.executable, "-c", starts_cat], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    stranger = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        starvation = Starvation(0.0)
        assert set(starvation._tree()) == {os.getpid()}
        starvation.watch(candidate.pid)
        assert candidate.stdout is not None
        grandchild = int(candidate.stdout.readline())  # started: under the candidate from now until it ends
        assert set(starvation._tree()) == {os.getpid(), candidate.pid, grandchild}
    finally:
        for process in (candidate, stranger):
            assert process.stdin is not None
            process.stdin.close()  # cat reads the same input: both end
            process.wait()
        if candidate.stdout is not None:
            candidate.stdout.close()
    assert set(starvation._tree()) == {os.getpid()}  # gone: no longer read


def test_every_candidate_process_a_bounded_check_starts_is_watched(
    monkeypatch: pytest.MonkeyPatch, examples: Path
) -> None:
    watched: list[int] = []
    started: list[int] = []
    real_watch, real_child = Starvation.watch, worker.Child.__init__

    def watch(self: Starvation, pid: int) -> None:
        watched.append(pid)
        real_watch(self, pid)

    def child(self: worker.Child, *args: Any, **kwargs: Any) -> None:
        real_child(self, *args, **kwargs)
        started.append(self.process.pid)

    monkeypatch.setattr(Starvation, "watch", watch)
    monkeypatch.setattr(worker.Child, "__init__", child)
    candidate, sample = Candidate(examples / "correct.py", sandbox="off"), Grading(sample=5)
    report = check_ai(candidate, limits=Limits(wall_seconds=300.0), grading=sample)
    assert report.verdict == "unbeatable"
    assert started and sorted(watched) == sorted(started)
    watched.clear()
    check_ai(candidate, grading=sample)  # no bound: nothing to read
    assert watched == []
