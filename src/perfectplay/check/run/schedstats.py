"""The scheduler's run delay of a candidate's threads, read after every answer: each thread's file kept open.

A check reads the run delay (seconds runnable but waiting for a processor,
the second field of ``/proc/PID/task/TID/schedstat``) of every thread of
the candidate after each of its thousands of answers. Opening and closing
each file for every reading was half the cost of a reading; the kernel
makes the file's text afresh at every read from its start, so a file kept
open and read again with one ``pread`` is as new as a fresh open. The task
list is still read every time, so a thread started since the last reading
counts at once, and the file of a thread gone since is closed.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Sequence

KEPT = 64
"""Files kept open at most for one child (a candidate with more threads has the rest opened at each reading):
a class run of many jobs must not run the checker out of file descriptors."""


class RunDelays:
    """``read(pids)``: the summed run delay of every thread of ``pids``, in seconds; None where none can be read."""

    def __init__(self) -> None:
        self._files: dict[str, int] = {}
        # The output thread reads after each answer and the checker's own thread before the first: never a read
        # of a descriptor the other just closed (and the kernel gave to another file).
        self._lock = threading.Lock()
        self._closed = False

    @property
    def kept(self) -> int:
        """How many files are open now."""
        return len(self._files)

    def read(self, pids: Sequence[int]) -> float | None:
        with self._lock:
            total = 0
            seen = False
            now: dict[str, int] = {}
            for pid in pids:
                try:
                    tasks = os.listdir(f"/proc/{pid}/task")
                except OSError:
                    continue
                for task in tasks:
                    name = f"/proc/{pid}/task/{task}/schedstat"
                    found = self._delay(name, self._files.pop(name, None))
                    if found is None:
                        continue
                    delay, descriptor = found
                    total += delay
                    seen = True
                    if self._closed or len(now) >= KEPT:
                        _close(descriptor)
                    else:
                        now[name] = descriptor
            for descriptor in self._files.values():  # threads gone since the last reading
                _close(descriptor)
            self._files = now
            return total / 1e9 if seen else None

    @staticmethod
    def _delay(name: str, kept: int | None) -> tuple[int, int] | None:
        """The thread's run delay in nanoseconds and the open file it was read from; None if it cannot be read."""
        if kept is not None:
            delay = _read(kept)
            if delay is not None:
                return delay, kept
            _close(kept)  # its thread has ended: the number may be another thread's now, opened afresh below
        try:
            descriptor = os.open(name, os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            return None
        delay = _read(descriptor)
        if delay is None:
            _close(descriptor)
            return None
        return delay, descriptor

    def close(self) -> None:
        """Close every kept file; later readings open and close each file (a late reading stays right)."""
        with self._lock:
            self._closed = True
            for descriptor in self._files.values():
                _close(descriptor)
            self._files = {}


def _read(descriptor: int) -> int | None:
    try:
        return int(os.pread(descriptor, 256, 0).split()[1])
    except (OSError, ValueError, IndexError):
        return None


def _close(descriptor: int) -> None:
    with contextlib.suppress(OSError):
        os.close(descriptor)
