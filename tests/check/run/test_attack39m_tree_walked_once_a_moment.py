"""Without a cgroup, a candidate's processes are listed for its run delay at most every ``WALK_EVERY`` seconds, not
walked at each answer (attack 39m).

Unsandboxed with no cgroup (a Gradescope container), the run delay read after each answer was summed over the
processes of a walk of the candidate's tree made for that answer alone, and a walk reads a file of each thread: a
tic-tac-toe AI that started 240 idle threads made the checker spend 29 s of its own CPU (79 s of wall clock) on a
check that takes it 2.5 s. The processes are now those of the last walk, made at most ``WALK_EVERY`` seconds ago
(the CPU time's own walks share it); a process started since counts from the next walk, its delay since its start.
"""

from __future__ import annotations

import os
import subprocess
from typing import Any

import pytest

from perfectplay.check.run import worker
from perfectplay.check.run.proc import read_tree
from perfectplay.check.run.schedstats import RunDelays
from perfectplay.check.run.worker import WALK_EVERY, Child

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="no /proc here: no tree to walk")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_tree_is_walked_at_most_once_a_moment_for_the_run_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    walks: list[int] = []
    real = read_tree

    def counted(pid: int, states: bool = False) -> Any:
        walks.append(pid)
        return real(pid, states)

    monkeypatch.setattr(worker, "monotonic", clock)
    monkeypatch.setattr(worker, "read_tree", counted)
    # A sleeping process of its own stands for the candidate: the test process's tree holds whatever other
    # processes the worker running it has started, and the walk would rightly list them.
    sleeper = subprocess.Popen(["sleep", "60"])
    child = object.__new__(Child)  # the parts of a child its readings use
    child.process = subprocess.Popen.__new__(subprocess.Popen)
    child.process.pid = sleeper.pid
    child.group = None
    child._clockless = False
    child._busiest = None
    child._last_cpu = 0.0
    child._run_delays = RunDelays()
    child._rest, child._walked, child._listed, child._members = 0.0, 0.0, 0.0, [sleeper.pid]
    try:
        readings = [child.active(child.cpu()) for _ in range(50)]
        assert all(reading is not None for reading in readings)
        assert len(walks) == 1  # the CPU time's walk, shared by the 50 readings of the run delay
        clock.now += 2 * WALK_EVERY
        assert child.active() is not None and len(walks) == 2
        assert child._members == [sleeper.pid]
    finally:
        child._run_delays.close()
        sleeper.kill()
        sleeper.wait()
