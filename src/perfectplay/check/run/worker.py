"""A candidate's child process and the clock every answer is timed on (``Child``, ``Clock``, ``AnswerBudget``).

The rest of the candidate's side is beside it, one job a file: what ends a
question or a check (``failures.py``), the ``/proc`` readers (``proc.py``),
how a child is spoken to (``speakers.py``) and the worker that restarts it
(``candidate.py``). The whole story:

A ``CandidateWorker`` owns one child process at a time: the Python runner
(``runner.py``) for a module, or the user's program for ``--command``, each
started through a ``sandbox.Jail``. Questions go out in order and every
answer must come within the per-move limit; a child that runs over is
killed and one that dies is buried, the question that caused it becomes a
``timeout`` or ``died`` record, and a fresh child carries on from the next
question. A check stops restarting after ``FailureBudget`` failures, and
stops asking when its time is up: the caller then reports what was not
asked instead of waiting forever.

Time is the candidate's **CPU time**, read from its cgroup where it has
one (every process it ever started, reaped ones included), else from
``/proc`` (its whole process tree), never taken from what the child says,
so a busy machine slows a candidate down without changing its verdict. The
wall clock only catches a candidate that is *not* computing: what counts
against the backstops (``WALL_FACTOR``) is the time it was neither running
nor waiting for a processor (``/proc/PID/schedstat``: time on a CPU plus
time runnable in the queue), so a candidate starved by a busy machine is
never stopped for it. Where ``/proc`` is missing, limits fall back to wall
time.

A failure of the machine is never the candidate's: a process that could not
be started, a sandbox or cgroup that could not be made, or a process that
died before it said it was ready (nothing of the candidate had run yet), and
a process or thread refused by a limit that is not the candidate's own, are
tried again ``MACHINE_RETRIES`` times and then end the check with
``MachineFailed``.

The checker's memory per child is bounded whatever the child writes: lines
are read at most ``protocol.MAX_LINE`` bytes at a time, at most
``QUEUE_LINES`` wait unread, and of standard error only the first and last
``STDERR_KEEP`` bytes are kept (nothing goes to disk).
"""

from __future__ import annotations

import contextlib
import os
import queue
import select
import signal
import subprocess
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from perfectplay.check.run.accounting import CGroup
from perfectplay.check.run.command import is_chatter
from perfectplay.check.run.failures import (
    ChildDied,
    ChildTimedOut,
    FailureBudget,
    GaveUp,
    MachineFailed,
    NotFlushing,
    OutOfTime,
    exit_text,
)
from perfectplay.check.run.proc import kill_session, process_cpu, read_tree, run_delay, tree_cpu, tree_running
from perfectplay.check.run.protocol import MAX_LINE, ProtocolError
from perfectplay.check.run.sandbox import READY_FD
from perfectplay.check.run.schedstats import Counted, RunDelays, Starvation
from perfectplay.check.run.stderr_tail import Tail

__all__ = [
    "AnswerBudget",
    "Arrival",
    "Child",
    "ChildDied",
    "ChildTimedOut",
    "Clock",
    "FailureBudget",
    "GaveUp",
    "MachineFailed",
    "NotFlushing",
    "OutOfTime",
    "Tail",
    "exit_text",
    "kill_session",
    "process_cpu",
    "run_delay",
    "tree_cpu",
    "tree_running",
]

IMPORT_SECONDS = 10.0
"""At least this much CPU time for a child to start (a module's import runs its top-level code)."""

CLOSE_GRACE = 1.0
"""Seconds a child may take to leave after its input is closed before it is killed."""

WALL_FACTOR = 3.0
WALL_EXTRA = 10.0
"""Wall-clock backstop: a limit of ``s`` CPU seconds also ends after ``3 s + 10`` seconds of waiting."""

POLL = 0.05
"""Seconds between looks at a child's CPU time while waiting for its answer."""

WALK_EVERY = 0.05
"""Seconds between walks of a child's whole process tree for its CPU time."""

QUEUE_LINES = 64
FULL_WAIT = 0.005
"""Seconds the reading thread waits, while ``QUEUE_LINES`` lines wait unread, before it looks again."""
CHATTER_LINES = 1000
"""Comment lines a ``--command`` program may write before one answer."""

FLUSH_IDLE = 2.0
FLUSH_CPU = 0.05
"""A program idle this long (wall seconds) and using under this much CPU is asked whether it buffers its answers."""

MACHINE_RETRIES = 2
"""Times a failure of the machine is tried again before the check ends as "not graded: the machine failed"."""

_TOO_LONG = b""
monotonic = time.monotonic
"""The wall clock every limit reads (tests put a clock of their own here)."""


class Clock:
    """The check's limits: per move and in all, in the candidate's CPU seconds, with backstops on its waiting.

    ``waiting`` is a grader's budget (``--budget``): besides the CPU time it bought, the check ends once the
    candidate has spent that many seconds neither computing nor queued for a processor, so a busy machine
    that leaves it runnable but starved never ends it. ``wall`` is a class run's bound on the wall clock
    (``--wall-limit``) less the time the check was queued for a processor (``starvation``): it stops a
    check that does not compute, never one a classmate's processes starve.
    """

    def __init__(
        self,
        move: float,
        total: float,
        wall: float | None = None,
        waiting: float | None = None,
        starvation: Starvation | None = None,
    ) -> None:
        self.move = move
        self.total = total
        self.move_wall = move * WALL_FACTOR + WALL_EXTRA
        # The backstop counts seconds spent waiting (not computing, not runnable).
        self.backstop = total * WALL_FACTOR + WALL_EXTRA
        self.waiting = waiting
        self.started = monotonic()
        self.deadline = None if wall is None else self.started + wall
        # The bound counts the wall clock the check was not queued for a processor (schedstats.Starvation).
        self.starvation = starvation or (None if wall is None else Starvation(self.started))
        self.used = 0.0
        self.waited = 0.0
        self._lock = threading.Lock()

    def spend(self, cpu: float, waited: float = 0.0) -> None:
        with self._lock:
            self.used += cpu
            self.waited += waited

    @property
    def wait_room(self) -> float:
        """Seconds of waiting left before a backstop or the grader's budget ends the check."""
        room = self.backstop if self.waiting is None else min(self.backstop, self.waiting)
        return room - self.waited

    def check(self, running: float = 0.0, waiting: float = 0.0) -> None:
        """Raise ``OutOfTime`` if the check's time is up (``running``, ``waiting``: of a move not yet spent)."""
        if self.used + running >= self.total:
            raise OutOfTime("time")
        if self.waiting is not None and self.waited + waiting >= self.waiting:
            raise OutOfTime("budget")
        if self.waited + waiting >= self.backstop:
            raise OutOfTime("wall")
        if (
            self.deadline is not None
            and self.starvation is not None
            and self.starvation.reached(self.deadline, monotonic())
        ):
            raise OutOfTime("bound")

    def expired(self) -> bool:
        try:
            self.check()
        except OutOfTime:
            return True
        return False


@dataclass(frozen=True, slots=True)
class Arrival:
    """A line from the child, with when it came, the child's CPU time then, and its active time (``Child.active``)."""

    data: bytes
    wall: float
    cpu: float
    active: float | None = None


class Child:
    """One running candidate process: its output read in capped lines on a thread, its CPU time measured."""

    def __init__(
        self,
        argv: Sequence[str],
        cwd: Path,
        env: dict[str, str],
        files: dict[str, Path] | None = None,
        group: CGroup | None = None,
        kept: Sequence[int] = (),
    ) -> None:
        """``kept``: descriptors the checker holds open, passed at their own numbers (``own_user.Reach``)."""
        self.group = group
        # The runner writes "ready" here once its process is prepared, before any candidate code runs.
        self._ready_read, ready_write = os.pipe()
        os.set_blocking(self._ready_read, False)
        self._ready = b""
        passed = [ready_write]
        # Files handed over as open descriptors (``files``: stand-in -> path; bubblewrap copies them into
        # the sandbox's memory, so no host path shows in its mount table).
        numbers = {READY_FD: ready_write}
        try:
            for stand_in, path in (files or {}).items():
                numbers[stand_in] = os.open(path, os.O_RDONLY)
                passed.append(numbers[stand_in])
            # Whole arguments only: a student's file named "@READY_FD@.py" ran as another file of its folder.
            command = [str(numbers[arg]) if arg in numbers else arg for arg in argv]
            if group is not None:
                command = group.join_argv(command)
            self.process = subprocess.Popen(
                command,
                cwd=cwd,
                env=env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=os.name == "posix",
                close_fds=True,
                pass_fds=[*passed, *kept],
            )
        except BaseException:
            os.close(self._ready_read)
            raise
        finally:
            for descriptor in passed:
                os.close(descriptor)
        self.started = monotonic()
        self.charged = 0.0
        """CPU seconds of this process the check's clock has been charged (``CandidateWorker.charge``)."""
        self.owed = 0
        """Answers to questions already sent that it has not given yet (a batch, ``speakers.RunnerSpeaker``)."""
        self.taken: Arrival | None = None
        """The last line taken from it (``next_line``): the next question's CPU time counts from its arrival."""
        self.stderr = Tail()
        self._arrivals: queue.SimpleQueue[Arrival | None] = queue.SimpleQueue()
        self._closed = threading.Event()
        self._drained = threading.Event()
        self._clockless = not os.path.isdir("/proc/self/task")
        self._last_cpu = 0.0
        assert self.process.stdin is not None
        if os.name == "posix":  # elsewhere writes block, as before
            os.set_blocking(self.process.stdin.fileno(), False)
        self._busiest: int | None = None
        self._run_delays = RunDelays()
        self._rest, self._walked, self._listed, self._members = 0.0, 0.0, 0.0, [self.process.pid]
        assert self.process.stdout is not None and self.process.stderr is not None
        unread = [self.process.stdout, self.process.stderr]
        try:
            threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()
            unread.remove(self.process.stdout)
            threading.Thread(target=self._drain, args=(self.process.stderr,), daemon=True).start()
        except RuntimeError:
            # No thread to read it (a tight address-space limit, a machine out of threads): the machine's failure
            # (``candidate._spawn``), and the process just started is not left running. A pipe whose thread
            # started is closed by that thread; the others here.
            self.kill()
            with contextlib.suppress(OSError):
                for stream in (self.process.stdin, *unread):
                    stream.close()
                os.close(self._ready_read)
            raise

    def ready(self) -> bool:
        """Whether the runner said it was ready: from then on, whatever happens is the candidate's doing."""
        if self._ready != b"ready":
            with contextlib.suppress(OSError):
                self._ready += os.read(self._ready_read, 16)
        return self._ready == b"ready"

    def active(self, cpu: float | None = None) -> float | None:
        """Seconds its processes were running or runnable (CPU time plus time queued for a processor).

        ``cpu``: its CPU time read a moment ago (``cpu()``), not read again. None where the kernel keeps no
        scheduler statistics.
        """
        used = self.cpu() if cpu is None else cpu  # first: a walk it makes lists the processes too
        group = self.group
        # With a cgroup, its processes are listed only when its count of threads changed (``schedstats.Counted``).
        pids = self._tree() if group is None else Counted(group.tasks(), lambda: group.members() or [self.process.pid])
        delay = run_delay(pids or [self.process.pid], self._run_delays, monotonic())
        return None if delay is None else used + delay

    def _tree(self) -> list[int]:
        """Its processes, as walked at most ``WALK_EVERY`` seconds ago (a walk reads a file of each thread: a program
        of 240 idle threads, walked at each of 10,000 answers, cost the checker 29 s of its CPU; attack 39m)."""
        if monotonic() - self._listed >= WALK_EVERY:
            found = read_tree(self.process.pid)
            self._members, self._listed = ([] if found is None else list(found[2])), monotonic()
        return self._members

    def cpu(self) -> float:
        """The child's CPU seconds so far (wall seconds where the OS does not tell).

        With a cgroup, the cgroup's own count: every process that was ever in it, reaped ones too.

        The whole process tree is walked at most every ``WALK_EVERY`` seconds (a walk reads a few
        files per process: too slow for every one of thousands of answers); in between, only the
        busiest process is read and the rest of the tree counts as at the last walk. Once the
        process is gone its last reading stands: a late look must not jump to another clock.
        """
        if self._clockless:
            return monotonic() - self.started
        now = monotonic()
        used: float | None = None
        if self.group is not None:
            used = self.group.cpu()
            if used is not None:
                self._last_cpu = max(used, self._last_cpu)
                return self._last_cpu
        if self._busiest is not None and now - self._walked < WALK_EVERY:
            own = process_cpu(self._busiest)
            if own is not None:
                used = own + self._rest
        if used is None:
            found = read_tree(self.process.pid)
            if found is not None:
                used, _, shares = found
                self._busiest = max(shares, key=lambda pid: shares[pid])
                self._rest = used - shares[self._busiest]
                self._walked = self._listed = now
                self._members = list(shares)
        if used is not None:
            self._last_cpu = max(used, self._last_cpu)
        return self._last_cpu

    def _put(self, item: Arrival | None) -> bool:
        # A C queue (every answer passes through it: a bounded ``queue.Queue`` costs a few Python locks each), kept
        # bounded here: the one thread that puts waits while ``QUEUE_LINES`` lines wait unread.
        while self._arrivals.qsize() >= QUEUE_LINES:
            if self._closed.wait(FULL_WAIT):
                return False
        if self._closed.is_set():
            return False
        self._arrivals.put(item)
        return True

    def _read(self, stream: IO[bytes]) -> None:
        try:
            while not self._closed.is_set():
                line = stream.readline(MAX_LINE + 1)
                if not line:
                    break
                if len(line) > MAX_LINE:
                    # Never read the rest: a line without end must not grow the checker's memory.
                    self._put(Arrival(_TOO_LONG, monotonic(), self.cpu()))
                    return
                # A full queue blocks this thread, and the child on its full pipe: no line is dropped.
                cpu = self.cpu()
                if not self._put(Arrival(line, monotonic(), cpu, self.active(cpu))):
                    return
        except (OSError, ValueError):
            pass
        finally:
            with contextlib.suppress(OSError):
                stream.close()
        self._put(None)

    def _drain(self, stream: IO[bytes]) -> None:
        try:
            while True:
                chunk = stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536)
                if not chunk:
                    return
                self.stderr.feed(chunk)
        except (OSError, ValueError):
            return
        finally:
            self._drained.set()
            with contextlib.suppress(OSError):
                stream.close()

    def send(self, data: bytes, budget: AnswerBudget | None = None) -> None:
        """Write ``data`` to the child's input, within ``budget``.

        A child that stops reading (busy writing to a pipe the checker has stopped emptying, say)
        would block a plain write for ever: the write waits in slices and the budget's limits apply.
        """
        stdin = self.process.stdin
        assert stdin is not None
        view = memoryview(data)
        try:
            descriptor = stdin.fileno()
            while view:
                try:
                    view = view[os.write(descriptor, view) :]
                except BlockingIOError:
                    select.select([], [descriptor], [], POLL)
                    if budget is not None:
                        budget.check(self)
        except (OSError, ValueError):
            raise self.died() from None

    def next_line(self, budget: AnswerBudget, flush_test: bool = False) -> Arrival:
        """The next line, within ``budget``; with ``flush_test``, a child that waits without computing is tested."""
        idle = flush_test
        while True:
            try:
                arrival = self._arrivals.get(timeout=POLL)
            except queue.Empty:
                budget.check(self)
                if idle and budget.idle(self):
                    idle = False
                    self.answers_when_closed()
                continue
            if arrival is None:
                self._arrivals.put(None)
                raise self.died()
            if arrival.data is _TOO_LONG:
                raise ProtocolError(f"sent a line of more than {MAX_LINE:,} bytes")
            self.taken = arrival
            return arrival

    def answered_cpu(self) -> float:
        """Its CPU time when its last line was taken (now, if none was yet): where a new question's time starts.

        An honest child computes nothing between its answer and the next question (the runner waits on its
        input). One that goes on computing after it answered (a thread, a patched channel) would otherwise
        think about the next position while the checker judges the last one, every second of it counted
        against no question: it is counted against the next.
        """
        return self.cpu() if self.taken is None else self.taken.cpu

    def answers_when_closed(self) -> None:
        """Close the input of a program that waits without computing: an answer now means it never flushed.

        Raises ``NotFlushing`` then; otherwise returns, and the wait goes on (its input stays closed).
        """
        self.close_input()
        deadline = time.monotonic() + CLOSE_GRACE * 2
        while time.monotonic() < deadline:
            try:
                arrival = self._arrivals.get(timeout=POLL)
            except queue.Empty:
                continue
            if arrival is None:
                self._arrivals.put(None)
                return
            if arrival.data is not _TOO_LONG and not is_chatter(arrival.data.decode(errors="replace")):
                raise NotFlushing

    def died(self) -> ChildDied:
        # Its CPU time read before it is reaped: once it is gone (with no cgroup) nothing says what it used.
        self.cpu()
        try:
            self.process.wait(timeout=CLOSE_GRACE)
        except subprocess.TimeoutExpired:
            self.kill()
        # What it wrote last may still be in the pipe (a process it left behind may hold it: not for long).
        self._drained.wait(CLOSE_GRACE / 2)
        status = exit_text(self.process.returncode)
        if self.group is not None and self.group.out_of_memory():
            status += " (the kernel's: over its memory limit)"
        return ChildDied(status, self.stderr_tail())

    def stderr_tail(self, chars: int = 800) -> str:
        return self.stderr.last(chars)

    def kill(self) -> None:
        """Kill the child and everything it started: its cgroup, its process group and its session.

        A sandbox's PID namespace dies with it. Unsandboxed without a cgroup, a process that left the
        session (a daemon) is out of reach: a Python candidate is then allowed no new process at all.
        """
        if self.group is not None:
            self.group.kill_all()
        try:
            if os.name == "posix":
                os.killpg(self.process.pid, signal.SIGKILL)
                kill_session(self.process.pid)
            else:
                self.process.kill()
        except (ProcessLookupError, PermissionError):
            pass
        self.process.wait()
        self._run_delays.close()  # nothing left to read: the files kept open between readings are closed

    def close(self, deadline: float | None = None) -> None:
        """Close its input (the polite end of the protocol), then make sure it is gone.

        It may take until ``deadline`` (``time.monotonic()``; default: ``CLOSE_GRACE`` from now)
        to leave on its own; then it is killed.
        """
        self.close_input()
        limit = CLOSE_GRACE if deadline is None else max(deadline - time.monotonic(), 0.0)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=limit)
        self.kill()
        self.cpu()  # its last reading, taken while its cgroup still counts: what it used stays known
        if self.group is not None:
            self.group.remove()
        with contextlib.suppress(OSError):
            os.close(self._ready_read)
        # The reading threads close the pipes themselves when they end: closing a pipe here while a
        # thread is blocked reading it would wait for that read (a stray still holding the pipe).
        self._closed.set()

    def close_input(self) -> None:
        stdin = self.process.stdin
        try:
            if stdin is not None:
                stdin.close()
        except OSError:
            pass


class AnswerBudget:
    """One question's limits, from the moment it was asked (or the previous answer came)."""

    def __init__(
        self, clock: Clock, cpu: float, wall: float, limit: float | None = None, active: float | None = None
    ) -> None:
        self.clock = clock
        self.cpu = cpu
        self.wall = wall
        self.active = active
        self.limit = clock.move if limit is None else limit
        self.wall_limit = self.limit * WALL_FACTOR + WALL_EXTRA
        # The start of the current quiet spell (no more than ``FLUSH_CPU`` used since): see ``idle``.
        self.quiet_cpu = cpu
        self.quiet_since = wall

    @classmethod
    def now(cls, clock: Clock, child: Child, limit: float | None = None) -> AnswerBudget:
        return cls(clock, child.cpu(), monotonic(), limit, child.active())

    def check(self, child: Child) -> None:
        spent = child.cpu() - self.cpu
        elapsed = monotonic() - self.wall
        # Waiting is only worked out once it could matter (it reads every thread's statistics).
        waiting = 0.0
        if elapsed > min(self.wall_limit, self.clock.wait_room, 1.0):
            waiting = self.waited(child, elapsed, spent)
        self.clock.check(spent, waiting)
        if spent > self.limit:
            raise ChildTimedOut("cpu", self.limit, spent, waiting)
        if waiting > self.wall_limit:
            raise ChildTimedOut("wall", self.wall_limit, spent, waiting)

    def waited(self, child: Child, elapsed: float, spent: float) -> float:
        """Wall seconds of this question during which the child neither ran nor waited for a processor."""
        active = child.active()
        if active is not None and self.active is not None:
            return max(elapsed - (active - self.active), 0.0)
        # No scheduler statistics: a child found runnable is computing; otherwise all but its CPU is waiting.
        return 0.0 if tree_running(child.process.pid) else max(elapsed - spent, 0.0)

    def idle(self, child: Child) -> bool:
        """Waiting, not computing: quiet for ``FLUSH_IDLE`` (almost no CPU) and nothing runnable.

        The quiet spell starts again whenever it uses ``FLUSH_CPU``: a program still starting up when
        its first question was sent (its interpreter's start-up is tens of milliseconds of CPU) is
        tested once it has settled, not never. A process starved of CPU on a busy machine is runnable
        (``R``), not blocked, so it is not idle.
        """
        now, cpu = monotonic(), child.cpu()
        if cpu - self.quiet_cpu >= FLUSH_CPU:
            self.quiet_cpu, self.quiet_since = cpu, now
            return False
        if now - self.quiet_since <= FLUSH_IDLE:
            return False
        return not tree_running(child.process.pid)

    def spent(self, arrival: Arrival) -> tuple[float, float]:
        """Wall and CPU seconds of the answer that just arrived."""
        return max(arrival.wall - self.wall, 0.0), max(arrival.cpu - self.cpu, 0.0)

    def waited_for(self, arrival: Arrival, wall: float | None = None, cpu: float = 0.0) -> float:
        """Seconds of the answer that just arrived neither running nor runnable (``wall``, ``cpu``: its ``spent``)."""
        if wall is None:
            wall, cpu = self.spent(arrival)
        if arrival.active is not None and self.active is not None:
            return max(wall - (arrival.active - self.active), 0.0)
        return max(wall - cpu, 0.0)
