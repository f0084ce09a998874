"""The run delay read after every answer keeps each process's files open between readings, and leaks none."""

from __future__ import annotations

import os
import re
import threading
import time

import pytest

from perfectplay.check.api import check_ai
from perfectplay.check.run import schedstats
from perfectplay.check.run.schedstats import RunDelays
from perfectplay.check.run.worker import run_delay
from repo_paths import ROOT

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="no /proc here: no run delay to read")

EXAMPLES = ROOT / "examples"


STATS = re.compile(r"/proc/(\d+)/(task|task/\d+/schedstat)")


def stats_open(pid: int | None = None) -> set[str]:
    """The scheduler files this process has open (of ``pid``'s, or of any process): only RunDelays opens them,
    so other tests' threads opening or closing files meanwhile change nothing here."""
    found = set()
    for descriptor in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{descriptor}")
        except OSError:
            continue
        match = STATS.fullmatch(target)
        if match is not None and (pid is None or int(match.group(1)) == pid):
            found.add(target)
    return found


def thread_file(thread: threading.Thread) -> str:
    return f"/proc/{os.getpid()}/task/{thread.native_id}/schedstat"


def wait_until_gone(thread: threading.Thread) -> None:
    """Until the kernel has removed the joined thread's task: ``join`` returns when its Python part is done, a
    moment before the system thread exits, and until then its file still reads, as the live thread's it is."""
    task = f"/proc/{os.getpid()}/task/{thread.native_id}"
    for _ in range(60_000):  # a wait for an event, not a timing: 60 s at most even on a starved machine
        if not os.path.exists(task):
            return
        time.sleep(0.001)
    raise AssertionError(f"{task} is still there a minute after its thread was joined")


def test_a_new_thread_counts_at_once_and_the_file_of_one_that_ended_is_closed() -> None:
    me = os.getpid()
    delays = RunDelays()
    assert delays.read([me]) is not None
    assert delays.kept == len(stats_open(me)) > 1  # its task folder and each thread's schedstat
    stop = threading.Event()
    waiting = threading.Thread(target=stop.wait)
    waiting.start()
    try:
        assert delays.read([me]) is not None
        assert thread_file(waiting) in stats_open(me) and delays.kept == len(stats_open(me))
    finally:
        stop.set()
        waiting.join()
    wait_until_gone(waiting)
    assert delays.read([me]) is not None
    assert thread_file(waiting) not in stats_open(me) and delays.kept == len(stats_open(me))
    delays.close()
    assert delays.kept == 0 and stats_open(me) == set()
    # Closed, it still reads (a late reading on the output thread), opening and closing each file.
    assert delays.read([me]) is not None
    assert delays.kept == 0 and stats_open(me) == set()


def test_a_kept_reading_is_the_fresh_reading_of_the_same_threads() -> None:
    delays = RunDelays()
    try:
        first = delays.read([os.getpid()])
        fresh = run_delay([os.getpid()])
        again = delays.read([os.getpid()])
        assert first is not None and fresh is not None and again is not None
        # The same threads' delays only grow: the kept files read what a fresh open reads, at that moment.
        assert first <= fresh <= again
    finally:
        delays.close()


def test_a_child_with_many_threads_keeps_only_so_many_files_open(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schedstats, "KEPT", 1)
    stop = threading.Event()
    waiting = [threading.Thread(target=stop.wait) for _ in range(3)]
    for thread in waiting:
        thread.start()
    delays = RunDelays()
    try:
        # Its stat and four threads' files would be five: none is kept, every thread still counts.
        fresh, kept, again = run_delay([os.getpid()]), delays.read([os.getpid()]), run_delay([os.getpid()])
        assert fresh is not None and kept is not None and again is not None
        assert fresh <= kept <= again
        assert delays.kept == 0
    finally:
        delays.close()
        stop.set()
        for thread in waiting:
            thread.join()


def test_a_check_leaves_no_file_of_its_candidates_threads_open() -> None:
    report = check_ai(EXAMPLES / "correct.py", sample=5)
    assert report.exit_status == 0
    assert stats_open() == set()
