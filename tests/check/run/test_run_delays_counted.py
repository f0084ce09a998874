"""A cgroup's count of threads spares the listing of its processes at every answer, never a thread's run delay.

``Counted`` processes are read from the kept files alone while the count is the number of threads the last
reading kept; a count that differs, or a kept thread that ended (its file no longer reads), lists them again.
"""

from __future__ import annotations

import os
import threading

import pytest

from ended_threads import end_thread
from perfectplay.check.run.schedstats import Counted, RunDelays
from perfectplay.check.run.worker import run_delay

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="no /proc here: no run delay to read")


class Listing:
    """The processes to read, counting how many times they were listed."""

    def __init__(self) -> None:
        self.times = 0

    def __call__(self) -> list[int]:
        self.times += 1
        return [os.getpid()]


def threads() -> int:
    return len(os.listdir("/proc/self/task"))


def test_a_count_that_matches_reads_the_kept_files_alone_and_reads_what_a_fresh_reading_does() -> None:
    delays, listing = RunDelays(), Listing()
    try:
        first = delays.read(listing())
        count = threads()
        again = delays.read(Counted(count, listing))
        fresh = run_delay([os.getpid()])
        assert listing.times == 1  # not listed again
        assert first is not None and again is not None and fresh is not None
        assert first <= again <= fresh  # the same threads' delays, read at that moment
    finally:
        delays.close()


def test_a_count_that_differs_lists_the_processes_again_and_counts_the_new_thread() -> None:
    delays, listing = RunDelays(), Listing()
    stop = threading.Event()
    waiting = threading.Thread(target=stop.wait)
    try:
        assert delays.read(listing()) is not None
        kept = delays.kept
        waiting.start()
        assert delays.read(Counted(threads(), listing)) is not None
        assert listing.times == 2 and delays.kept == kept + 1  # the new thread's file is kept too
    finally:
        stop.set()
        if waiting.is_alive():
            waiting.join()
        delays.close()


def test_a_kept_thread_that_ended_lists_again_though_the_count_is_the_same() -> None:
    delays, listing = RunDelays(), Listing()
    stop = threading.Event()
    waiting = threading.Thread(target=stop.wait)
    waiting.start()
    try:
        assert delays.read(listing()) is not None
        count = threads()
        end_thread(waiting, stop)
        # The count a cgroup would have shown had another thread started meanwhile: the ended one's file tells.
        assert delays.read(Counted(count, listing)) is not None
        assert listing.times == 2
    finally:
        delays.close()


def test_no_count_or_a_closed_reader_always_lists() -> None:
    delays, listing = RunDelays(), Listing()
    assert delays.read(listing()) is not None
    assert delays.read(Counted(None, listing)) is not None and listing.times == 2
    delays.close()
    assert delays.read(Counted(threads(), listing)) is not None and listing.times == 3
