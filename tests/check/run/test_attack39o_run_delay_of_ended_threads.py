"""A thread that ended keeps counting the run delay last read of it: the sum never falls (attack 39o).

The run delay is read thread by thread, and the kernel reads an ended thread's no more: the sum fell by its whole
queueing when it ended, and an answer's waiting (its wall time less what its processes used or were queued for)
took that in as the candidate's idle time. A candidate whose threads came and went (a worker retired each move,
one started, as ``pids.current`` stays) had 11.9 s of waiting counted on 248 answers of 14.2 s (5.1 s of CPU,
busy threads all the while, its main thread only waiting for the others), toward a backstop meant for programs that
compute nothing: a busy machine made a different verdict possible. The CPU time of an ended thread stays in its
cgroup's count; its run delay now stays too, as last read.
"""

from __future__ import annotations

import os
import threading

import pytest

from ended_threads import end_thread
from perfectplay.check.run import schedstats
from perfectplay.check.run.schedstats import Counted, RunDelays

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="no /proc here: no run delay to read")

QUEUED = 10**9
"""Nanoseconds added to every thread's reading: each one has been queued a second (the machine's load stood in)."""


@pytest.fixture
def queued(monkeypatch: pytest.MonkeyPatch) -> None:
    real = schedstats._read

    def read(descriptor: int) -> int | None:
        delay = real(descriptor)
        return None if delay is None else delay + QUEUED

    monkeypatch.setattr(schedstats, "_read", read)


@pytest.mark.usefixtures("queued")
def test_the_sum_does_not_fall_when_a_kept_thread_ends() -> None:
    delays, stop = RunDelays(), threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        before = delays.read([os.getpid()])
        end_thread(thread, stop)
        after = delays.read([os.getpid()])
        assert before is not None and after is not None and after >= before
    finally:
        stop.set()
        delays.close()


@pytest.mark.usefixtures("queued")
def test_a_thread_swapped_for_another_keeps_its_delay_in_the_counted_reading() -> None:
    delays, stop = RunDelays(), threading.Event()
    retired = threading.Thread(target=stop.wait)
    retired.start()
    try:
        before = delays.read([os.getpid()])
        count = len(os.listdir("/proc/self/task"))
        end_thread(retired, stop)
        started = threading.Event()
        fresh = threading.Thread(target=started.wait)  # one ends as another starts: the count is the same
        fresh.start()
        try:
            after = delays.read(Counted(count, lambda: [os.getpid()]))
        finally:
            started.set()
            fresh.join()
        # The new thread's second and the ended one's, as last read: one second more than before.
        assert before is not None and after is not None and after >= before + QUEUED / 1e9 - 0.5
    finally:
        stop.set()
        delays.close()
