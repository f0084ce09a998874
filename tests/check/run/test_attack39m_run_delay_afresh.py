"""A run-delay reading that had to open every thread's file afresh stands a moment for the next answers (attack 39m).

The run delay of every thread of a candidate is read after each of its answers, from files kept open between
readings, at most ``KEPT`` of them. A tic-tac-toe AI that started 240 idle threads on import (each within its
limits) made each of its 10,000 answers open 240 files: the checker spent 26 s of its own CPU on a check that takes
it 1.6 s, 61 s of wall clock for 5, charged to no one. Such a reading now stands for ``AFRESH_EVERY`` seconds of the
reader's clock, where the candidate was not queued for a processor meanwhile (a reading that stood while it was
would count its queueing as waiting): 1.4 s. A reading of kept files is taken at every answer, as before.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator

import pytest

from perfectplay.check.run import schedstats
from perfectplay.check.run.schedstats import AFRESH_EVERY, RunDelays

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="no /proc here: no run delay to read")


@pytest.fixture
def threads() -> Iterator[None]:
    stop = threading.Event()
    waiting = [threading.Thread(target=stop.wait) for _ in range(3)]
    for thread in waiting:
        thread.start()
    yield
    stop.set()
    for thread in waiting:
        thread.join()


class Counted:
    """``os.open`` and ``os.pread``, counting the scheduler files opened and read."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.opened = self.read = 0
        self._open, self._pread = os.open, os.pread
        monkeypatch.setattr(os, "open", self.open)  # the os module schedstats reads them from
        monkeypatch.setattr(os, "pread", self.pread)

    def open(self, path: str, *args: int, **kwargs: int) -> int:
        if str(path).endswith("/schedstat"):
            self.opened += 1
        return self._open(path, *args, **kwargs)

    def pread(self, descriptor: int, size: int, offset: int) -> bytes:
        self.read += 1
        return self._pread(descriptor, size, offset)


def test_a_reading_that_opened_its_files_afresh_stands_for_a_moment(
    threads: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(schedstats, "KEPT", 1)  # four threads' files and a folder: none can be kept
    me = [os.getpid()]
    delays = RunDelays()
    counted = Counted(monkeypatch)
    try:
        # Two fresh readings 10 s apart on the reader's clock: queued far less than QUIET of that time.
        assert delays.read(me, now=90.0) is not None
        first = delays.read(me, now=100.0)
        assert first is not None and counted.opened >= 8 and delays.kept == 0
        opened = counted.opened
        assert delays.read(me, now=100.0 + AFRESH_EVERY / 2) == first
        assert counted.opened == opened  # nothing opened: the reading stood
        later = delays.read(me, now=100.0 + 2 * AFRESH_EVERY)
        assert later is not None and later >= first and counted.opened >= opened + 4
        # Other processes asked, or no clock given: read afresh.
        opened = counted.opened
        assert delays.read([*me, os.getppid()], now=100.0 + 2 * AFRESH_EVERY) is not None
        assert counted.opened > opened
        opened = counted.opened
        assert delays.read(me) is not None and counted.opened > opened
    finally:
        delays.close()


def test_a_delay_that_grows_is_read_afresh_at_every_answer(threads: None, monkeypatch: pytest.MonkeyPatch) -> None:
    # Queued (its delay grew by more than QUIET of the time between two fresh readings): a reading that stood
    # would count its queueing as waiting, so none stands.
    monkeypatch.setattr(schedstats, "KEPT", 1)
    monkeypatch.setattr(schedstats, "QUIET", -1.0)
    me = [os.getpid()]
    delays = RunDelays()
    counted = Counted(monkeypatch)
    try:
        assert delays.read(me, now=90.0) is not None and delays.read(me, now=100.0) is not None
        opened = counted.opened
        assert delays.read(me, now=100.0 + AFRESH_EVERY / 2) is not None
        assert counted.opened >= opened + 4
    finally:
        delays.close()


def test_kept_files_are_read_at_every_answer(threads: None, monkeypatch: pytest.MonkeyPatch) -> None:
    me = [os.getpid()]
    delays = RunDelays()
    counted = Counted(monkeypatch)
    try:
        first = delays.read(me, now=100.0)
        assert first is not None and delays.kept > 4
        opened, read = counted.opened, counted.read
        again = delays.read(me, now=100.0 + AFRESH_EVERY / 10)
        assert again is not None and again >= first
        assert counted.opened == opened and counted.read >= read + 4  # the kept files, read again
    finally:
        delays.close()
