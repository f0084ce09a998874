"""A process's thread count, read from the link count of its open ``/proc/PID/task`` folder, is ``num_threads``."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from perfectplay.check.run import schedstats

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="no /proc here")


def num_threads() -> int:
    data = Path("/proc/self/stat").read_bytes()
    return int(data[data.rindex(b")") + 2 :].split()[17])


def both_counts(folder: int) -> tuple[int | None, int]:
    """The folder's count and ``num_threads``, read when no thread started or ended meanwhile (other tests' threads
    may end at any moment: a count read between two equal readings of the folder's)."""
    for _ in range(100):
        first, stat, again = schedstats._thread_count(folder), num_threads(), schedstats._thread_count(folder)
        if first == again:
            return first, stat
    raise AssertionError("the threads never stopped changing")


def test_the_task_folders_links_count_the_threads_as_they_start_and_end() -> None:
    folder = os.open(f"/proc/{os.getpid()}/task", os.O_RDONLY | os.O_DIRECTORY)
    stop = threading.Event()
    started = [threading.Thread(target=stop.wait) for _ in range(3)]
    try:
        count, stat = both_counts(folder)
        assert count == stat >= 1
        for thread in started:
            thread.start()
        count, stat = both_counts(folder)
        assert count == stat >= 4
    finally:
        stop.set()
        for thread in started:
            thread.join()
        os.close(folder)
