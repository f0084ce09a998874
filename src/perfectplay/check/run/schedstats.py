"""The scheduler's run delay of a candidate's threads, read after every answer: each process's files kept open.

A check reads the run delay (seconds runnable but waiting for a processor,
the second field of ``/proc/PID/task/TID/schedstat``) of every thread of
the candidate after each of its thousands of answers. Listing each
process's threads and opening each thread's file for every reading was
most of the cost of a reading. The kernel makes such a file's text afresh
at every read from its start, so a file kept open and read again with one
``pread`` is as new as a fresh open; and a process's thread list is read
again only when it may have changed: when the thread count in its
``/proc/PID/stat`` (kept open too) is not the number of threads kept, or
the file of a kept thread no longer reads (that thread has ended). A
thread started since the last reading so counts at once, and the files
of a thread or process gone since are closed.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field

KEPT = 64
"""Files kept open at most for one child (a process whose files would go over it has them opened at each reading):
a class run of many jobs must not run the checker out of file descriptors."""


@dataclass
class _Process:
    """One process's open files: its ``stat`` (for the thread count) and each of its threads' ``schedstat``."""

    stat: int
    threads: list[int] = field(default_factory=list)

    def delay(self) -> int | None:
        """The summed run delay of its threads in nanoseconds; None if its thread list may have changed."""
        if _thread_count(self.stat) != len(self.threads):
            return None
        total = 0
        for descriptor in self.threads:
            delay = _read(descriptor)
            if delay is None:  # the thread has ended (its number may be another thread's now)
                return None
            total += delay
        return total

    def files(self) -> int:
        return 1 + len(self.threads)

    def close(self) -> None:
        for descriptor in (self.stat, *self.threads):
            _close(descriptor)


class RunDelays:
    """``read(pids)``: the summed run delay of every thread of ``pids``, in seconds; None where none can be read."""

    def __init__(self) -> None:
        self._processes: dict[int, _Process] = {}
        # The output thread reads after each answer and the checker's own thread before the first: never a read
        # of a descriptor the other just closed (and the kernel gave to another file).
        self._lock = threading.Lock()
        self._closed = False

    @property
    def kept(self) -> int:
        """How many files are open now."""
        return sum(process.files() for process in self._processes.values())

    def read(self, pids: Sequence[int]) -> float | None:
        with self._lock:
            total = 0
            seen = False
            now: dict[int, _Process] = {}
            room = 0 if self._closed else KEPT
            for pid in pids:
                known = self._processes.pop(pid, None)
                delay = known.delay() if known is not None else None
                if delay is None:
                    if known is not None:
                        known.close()
                    found = _listed(pid)
                    if found is None:
                        continue
                    delay, known = found
                total += delay
                seen = True
                if known is not None and known.files() <= room and pid not in now:
                    room -= known.files()
                    now[pid] = known
                elif known is not None:
                    known.close()
            for process in self._processes.values():  # processes gone since the last reading
                process.close()
            self._processes = now
            return total / 1e9 if seen else None

    def close(self) -> None:
        """Close every kept file; later readings open and close each file (a late reading stays right)."""
        with self._lock:
            self._closed = True
            for process in self._processes.values():
                process.close()
            self._processes = {}


def _listed(pid: int) -> tuple[int, _Process | None] | None:
    """The process's threads listed and read afresh: their summed run delay in nanoseconds and their open files
    (None when its ``stat`` cannot be opened: the delay counts, nothing is kept); None if no thread can be read."""
    try:
        stat: int | None = os.open(f"/proc/{pid}/stat", os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        stat = None
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        tasks = []
    process = _Process(stat) if stat is not None else None
    total = 0
    seen = False
    for task in tasks:
        try:
            descriptor = os.open(f"/proc/{pid}/task/{task}/schedstat", os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            continue
        delay = _read(descriptor)
        if delay is None:
            _close(descriptor)
            continue
        total += delay
        seen = True
        if process is not None:
            process.threads.append(descriptor)
        else:
            _close(descriptor)
    if not seen:
        if process is not None:
            process.close()
        return None
    return total, process


def _thread_count(descriptor: int) -> int | None:
    """``num_threads``, the 20th field of ``/proc/PID/stat`` (the 18th after the ``)`` that ends the name)."""
    try:
        data = os.pread(descriptor, 4096, 0)
        return int(data[data.rindex(b")") + 2 :].split()[17])
    except (OSError, ValueError, IndexError):
        return None


def _read(descriptor: int) -> int | None:
    try:
        return int(os.pread(descriptor, 256, 0).split()[1])
    except (OSError, ValueError, IndexError):
        return None


def _close(descriptor: int) -> None:
    with contextlib.suppress(OSError):
        os.close(descriptor)
