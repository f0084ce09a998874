"""The scheduler's run delay of a candidate's threads, read after every answer: each process's files kept open.

A check reads the run delay (seconds runnable but waiting for a processor,
the second field of ``/proc/PID/task/TID/schedstat``) of every thread of
the candidate after each of its thousands of answers. Listing each
process's threads and opening each thread's file for every reading was
most of the cost of a reading. The kernel makes such a file's text afresh
at every read from its start, so a file kept open and read again with one
``pread`` is as new as a fresh open; and a process's thread list is read
again only when it may have changed: when its thread count is not the
number of threads kept, or the file of a kept thread no longer reads (that
thread has ended). The count is the link count of its ``/proc/PID/task``
folder, kept open too (the kernel counts one link per thread besides the
folder's two: the ``num_threads`` of ``/proc/PID/stat``, whose text took
most of a reading to make). A thread started since the last reading so
counts at once, and the files of a thread or process gone since are closed.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

KEPT = 64
"""Files kept open at most for one child (a process whose files would go over it has them opened at each reading):
a class run of many jobs must not run the checker out of file descriptors."""
AFRESH_EVERY = 0.05
"""Seconds for which a reading that opened its files afresh (a process with more threads than ``KEPT`` allows)
stands for the next readings of the same processes, when the reader says when it reads and the processes were
not queued: their run delay grew by at most ``QUIET`` of the time between that reading and the fresh one before.
A program that kept 240 idle threads made every one of its 10,000 answers open 240 files: 26 s of the checker's
CPU for a check that takes it 1.6 (attack 39m). A delay that grows (a busy machine) is read afresh at every
answer, as before: an answer's waiting is its wall time less what its processes used or were queued for, and a
reading that stood while they were queued would count that queueing as waiting."""
QUIET = 0.02
"""The share of the wall time between two fresh readings that the run delay (summed over the processes) may have
grown by for the later one to stand (``AFRESH_EVERY``)."""


@dataclass(frozen=True)
class Counted:
    """A cgroup's processes, listed (``listed``) only when ``tasks``, their threads as the cgroup counts them
    (``pids.current``), shows that one started or ended since the last reading.

    When the count is the number of threads whose files the last reading kept (it kept every process's), and
    each of those files still reads (the file of a thread that ended never reads again), the processes and
    their threads are the last reading's: a thread or process started since would count one more, one that
    ended would fail its read. Only the kept files are read then, one ``pread`` a thread: not the cgroup's
    list of processes nor each process's ``task`` folder (four of an answer's eight system calls).
    """

    tasks: int | None
    listed: Callable[[], Sequence[int]]


@dataclass
class _Process:
    """One process's open files: its ``task`` folder (for the thread count) and each of its threads' ``schedstat``."""

    task: int
    threads: list[int] = field(default_factory=list)
    last: list[int] = field(default_factory=list)
    """Each thread's run delay as last read (nanoseconds): what it keeps counting once it has ended (``ended``)."""

    def delay(self) -> int | None:
        """The summed run delay of its threads in nanoseconds; None if its thread list may have changed."""
        if _thread_count(self.task) != len(self.threads):
            return None
        return self.read()

    def read(self) -> int | None:
        """The summed run delay of its kept threads in nanoseconds; None if one of them has ended."""
        total = 0
        for index, descriptor in enumerate(self.threads):
            delay = _read(descriptor)
            if delay is None:  # the thread has ended (its number may be another thread's now)
                return None
            self.last[index] = delay
            total += delay
        return total

    def ended(self) -> int:
        """The run delay last read of its threads that have ended since (nanoseconds): the kernel reads an ended
        thread's no more, and a sum without it would fall, its whole queueing counted as the answer's waiting."""
        return sum(last for descriptor, last in zip(self.threads, self.last, strict=True) if _read(descriptor) is None)

    def files(self) -> int:
        return 1 + len(self.threads)

    def close(self) -> None:
        for descriptor in (self.task, *self.threads):
            _close(descriptor)


class RunDelays:
    """``read(pids)``: the summed run delay of every thread of ``pids``, in seconds; None where none can be read."""

    def __init__(self) -> None:
        self._processes: dict[int, _Process] = {}
        # The output thread reads after each answer and the checker's own thread before the first: never a read
        # of a descriptor the other just closed (and the kernel gave to another file).
        self._lock = threading.Lock()
        self._closed = False
        self._afresh: tuple[float, tuple[int, ...], dict[int, int], bool] | None = None
        self._whole = -1
        """The threads of the last reading when every one of its processes' files was kept, else -1 (``Counted``)."""
        self._gone = 0
        """The run delay of kept threads that have ended, as last read (nanoseconds): counted in every later
        reading, as the CPU time of an ended thread is in its cgroup's (``_Process.ended``)."""

    @property
    def kept(self) -> int:
        """How many files are open now."""
        return sum(process.files() for process in self._processes.values())

    def read(self, pids: Sequence[int] | Counted, now: float | None = None) -> float | None:
        """The summed run delay of ``pids``; ``now`` (the reader's clock) lets a reading that opened its files
        afresh stand for ``AFRESH_EVERY`` seconds. ``Counted`` processes are listed only when their count of
        threads changed (``Counted``)."""
        if isinstance(pids, Counted):
            if pids.tasks is not None and pids.tasks == self._whole:
                with self._lock:
                    kept = self._kept() if pids.tasks == self._whole else None
                if kept is not None:
                    return (kept + self._gone) / 1e9
            pids = pids.listed()
        each = self._nanoseconds(pids, now)
        return (sum(each.values()) + self._gone) / 1e9 if each else None

    def _kept(self) -> int | None:
        """The summed run delay of every kept thread in nanoseconds; None if one of them has ended."""
        total = 0
        for process in self._processes.values():
            delay = process.read()
            if delay is None:
                return None
            total += delay
        return total

    def each(self, pids: Sequence[int]) -> dict[int, float]:
        """The run delay of each of ``pids`` that can be read (its threads summed), in seconds."""
        return {pid: delay / 1e9 for pid, delay in self._nanoseconds(pids).items()}

    def _nanoseconds(self, pids: Sequence[int], now: float | None = None) -> dict[int, int]:
        with self._lock:
            asked = tuple(pids)
            last = self._afresh
            if now is not None and last is not None:
                at, before, standing, quiet = last
                if quiet and before == asked and 0.0 <= now - at < AFRESH_EVERY:
                    return dict(standing)
            self._afresh = None
            found: dict[int, int] = {}
            if len(pids) == len(self._processes):
                # The usual reading: the processes read last time, their threads as they were, every file kept (what
                # the walk below does for them, without rebuilding what it keeps; nothing is read afresh).
                for pid in pids:
                    known = self._processes.get(pid)
                    delay = known.delay() if known is not None else None
                    if delay is None:
                        break
                    found[pid] = delay
                if len(found) == len(self._processes):
                    return found
                found = {}
            self._whole = -1
            afresh = False
            kept: dict[int, _Process] = {}
            room = 0 if self._closed else KEPT
            for pid in pids:
                if pid in found:
                    continue
                known = self._processes.pop(pid, None)
                delay = known.delay() if known is not None else None
                if delay is None:
                    if known is not None:
                        self._gone += known.ended()
                        known.close()
                    listed = _listed(pid)
                    if listed is None:
                        continue
                    delay, known = listed
                found[pid] = delay
                if known is not None and known.files() <= room:
                    room -= known.files()
                    kept[pid] = known
                else:
                    afresh = True  # its files are opened again at the next reading
                    if known is not None:
                        known.close()
            for process in self._processes.values():  # processes gone since the last reading
                self._gone += process.ended()
                process.close()
            self._processes = kept
            if kept and not afresh and len(kept) == len(found):
                self._whole = sum(len(process.threads) for process in kept.values())
            if afresh and now is not None:
                quiet = last is not None and last[1] == asked and now > last[0]
                if quiet and last is not None:  # the same processes, queued at most QUIET of the time since
                    quiet = sum(found.values()) - sum(last[2].values()) <= QUIET * (now - last[0]) * 1e9
                self._afresh = (now, asked, dict(found), quiet)
            return found

    def close(self) -> None:
        """Close every kept file; later readings open and close each file (a late reading stays right)."""
        with self._lock:
            self._closed = True
            self._whole = -1
            for process in self._processes.values():
                process.close()
            self._processes = {}


def _listed(pid: int) -> tuple[int, _Process | None] | None:
    """The process's threads listed and read afresh: their summed run delay in nanoseconds and their open files
    (None when its ``task`` folder cannot be opened: the delay counts, nothing is kept); None if no thread can be
    read. The folder is opened before its threads are listed: a thread started in between makes the count differ."""
    try:
        folder: int | None = os.open(f"/proc/{pid}/task", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        folder = None
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        tasks = []
    process = _Process(folder) if folder is not None else None
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
            process.last.append(delay)
        else:
            _close(descriptor)
    if not seen:
        if process is not None:
            process.close()
        return None
    return total, process


def _thread_count(descriptor: int) -> int | None:
    """A process's threads: the links of its open ``/proc/PID/task`` folder less the folder's own two.

    Where a ``/proc`` counts links otherwise, the count never matches and the threads are listed at every reading.
    """
    try:
        return os.fstat(descriptor).st_nlink - 2
    except OSError:
        return None


def _read(descriptor: int) -> int | None:
    try:
        return int(os.pread(descriptor, 256, 0).split()[1])
    except (OSError, ValueError, IndexError):
        return None


def _close(descriptor: int) -> None:
    with contextlib.suppress(OSError):
        os.close(descriptor)


SAMPLE_EVERY = 1.0
"""Seconds between two readings of a check's run delays while its wall-clock bound is far (one more at the bound)."""

Delays = Callable[[], dict[int, float]]
"""The run delay so far of each process of a check, in seconds, by process id."""


class Starvation:
    """The wall-clock seconds a check spent queued for a processor: what its wall-clock bound does not count.

    A class run's bound (``--wall-limit``) is there to stop a check that does not compute (a program that
    sleeps on every move), not one the machine starves: beside a classmate whose program keeps a hundred
    processes busy, a correct AI and the checker that asks it wait for a processor most of the time, and
    that is no reason for an incomplete grade. So the bound counts the wall clock less the time the check
    was runnable but not running: the run delay of every thread of the checker's process and of every
    process of the check's candidates (``watch``: each with the processes it starts), read every
    ``SAMPLE_EVERY`` seconds and once more before the bound is called reached. Between two readings,
    what is forgiven is the run delay that grew,
    at most the wall time that passed: threads queued side by side are one wait, not several, and the
    bound still runs out for a check that waits without being runnable. What a candidate gains by
    queueing its own threads behind one another it pays in CPU time, which its limits count.

    ``delays``: the readings (tests give their own); ``now``: the wall clock when the check started.
    """

    def __init__(self, now: float, delays: Delays | None = None) -> None:
        self._roots: set[int] = set()
        self._delays = delays or self._tree
        self._lock = threading.Lock()
        self._last = self._delays()
        self._at = now
        self.forgiven = 0.0
        """Seconds of the wall clock so far that were spent queued, as of the last reading."""

    def watch(self, pid: int) -> None:
        """Count ``pid`` and every process under it from now on (a candidate's process, just started)."""
        with self._lock:
            self._roots.add(pid)

    def _tree(self) -> dict[int, float]:
        """The checker's own threads (this process) and each watched process with every process under it."""
        pids = [os.getpid()]
        for root in list(self._roots):
            found = descendants(root)
            if not found:
                self._roots.discard(root)  # gone (its delay so far was counted at the readings before)
            pids += found
        # Read once a second at most: files opened for each reading, so none is left open by a check.
        once = RunDelays()
        try:
            return once.each(pids)
        finally:
            once.close()

    def sample(self, now: float) -> float:
        """Read the run delays now; the seconds forgiven so far."""
        with self._lock:
            current = self._delays()
            # A process not read before started since (or was not readable): all of its delay is new.
            grown = sum(max(delay - self._last.get(pid, 0.0), 0.0) for pid, delay in current.items())
            self.forgiven += min(grown, max(now - self._at, 0.0))
            self._last, self._at = current, now
            return self.forgiven

    def reached(self, deadline: float, now: float) -> bool:
        """Whether the bound ``deadline`` (on the wall clock) is reached at ``now``, once queued time is not counted."""
        if now - self._at >= SAMPLE_EVERY:
            self.sample(now)
        if now < deadline + self.forgiven:
            return False
        return now >= deadline + self.sample(now)


def walk_tree(root: int, visit: Callable[[int], Sequence[str] | None]) -> None:
    """Visit ``root`` and every process under it once each, ``root`` first.

    ``visit(pid)`` reads what its caller wants of the process and returns its threads (``/proc/PID/task``), or
    None when it is gone or unreadable: its children are then not followed. The children are read from each
    thread's ``children`` file, so the walk follows every thread's, not the main thread's alone. Every reader of
    a candidate's process tree walks it here (``descendants``, ``proc.read_tree``).
    """
    pending, seen = [root], set()
    while pending:
        pid = pending.pop()
        if pid in seen:
            continue
        seen.add(pid)
        for task in visit(pid) or ():
            try:
                with open(f"/proc/{pid}/task/{task}/children", "rb") as file:
                    pending.extend(int(child) for child in file.read().split())
            except (OSError, ValueError):
                continue


def descendants(root: int) -> list[int]:
    """``root`` and every process under it (from each thread's ``children`` file); those gone meanwhile are left out."""
    found: list[int] = []

    def visit(pid: int) -> list[str] | None:
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
        except OSError:
            return None
        found.append(pid)
        return tasks

    walk_tree(root, visit)
    return found
