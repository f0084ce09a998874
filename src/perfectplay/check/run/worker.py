"""Candidate processes as the checker sees them: start one, ask it, time it, stop it, start it again.

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

import concurrent.futures
import contextlib
import json
import os
import queue
import select
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, ClassVar, Protocol

from perfectplay.check.position import TicTacToePosition
from perfectplay.check.run import protocol
from perfectplay.check.run.accounting import CGroup
from perfectplay.check.run.command import is_chatter, parse_answer, request_line
from perfectplay.check.run.protocol import MAX_LINE, ProtocolError
from perfectplay.check.run.sandbox import READY_FD, Jail
from perfectplay.check.run.schedstats import RunDelays

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
STDERR_KEEP = 4096
CHATTER_LINES = 1000
"""Comment lines a ``--command`` program may write before one answer."""

FLUSH_IDLE = 2.0
FLUSH_CPU = 0.05
"""A program idle this long (wall seconds) and using under this much CPU is asked whether it buffers its answers."""

MACHINE_RETRIES = 2
"""Times a failure of the machine is tried again before the check ends as "not graded: the machine failed"."""

_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
_TOO_LONG = b""
monotonic = time.monotonic
"""The wall clock every limit reads (tests put a clock of their own here)."""


class ChildTimedOut(Exception):
    """No answer within the per-move limit: ``clock`` says which (``cpu`` or ``wall``), ``seconds`` how long;
    ``cpu`` and ``waited`` what the move had used of the check's time when it was stopped."""

    def __init__(self, clock: str = "cpu", seconds: float = 0.0, cpu: float = 0.0, waited: float = 0.0) -> None:
        super().__init__(clock)
        self.clock = clock
        self.seconds = seconds
        self.cpu = cpu
        self.waited = waited


class ChildDied(Exception):
    """The child exited or closed its output; ``status`` says how, ``stderr`` what it wrote last."""

    def __init__(self, status: str, stderr: str) -> None:
        super().__init__(status)
        self.status = status
        self.stderr = stderr


class NotFlushing(Exception):
    """The program answered only once its input was closed: it does not flush its output."""


class OutOfTime(Exception):
    """The whole check's time is up: ``reason`` ``time`` (its CPU time), ``wall`` (the backstop on its waiting) or
    ``budget`` (a grader's budget of waiting) or ``bound`` (a class run's wall-clock bound)."""

    def __init__(self, reason: str = "time") -> None:
        super().__init__(reason)
        self.reason = reason


class GaveUp(Exception):
    """Too many time-outs and crashes: the check stops asking."""


class MachineFailed(Exception):
    """The machine failed the candidate, again after ``MACHINE_RETRIES`` tries: ``reason`` says how."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class FailureBudget:
    """How many time-outs and crashes one check tolerates, shared by its workers."""

    def __init__(self, allowed: int) -> None:
        self.allowed = allowed
        self.used = 0
        self._lock = threading.Lock()

    def spend(self) -> None:
        with self._lock:
            self.used += 1
            if self.used > self.allowed:
                raise GaveUp

    @property
    def exhausted(self) -> bool:
        return self.used > self.allowed


class Clock:
    """The check's limits: per move and in all, in the candidate's CPU seconds, with backstops on its waiting.

    ``waiting`` is a grader's budget (``--budget``): besides the CPU time it bought, the check ends once the
    candidate has spent that many seconds neither computing nor queued for a processor, so a busy machine
    that leaves it runnable but starved never ends it. ``wall`` is a class run's bound on the wall clock
    itself (``--wall-limit``), which keeps a run finite whatever the machine does.
    """

    def __init__(self, move: float, total: float, wall: float | None = None, waiting: float | None = None) -> None:
        self.move = move
        self.total = total
        self.move_wall = move * WALL_FACTOR + WALL_EXTRA
        # The backstop counts seconds spent waiting (not computing, not runnable).
        self.backstop = total * WALL_FACTOR + WALL_EXTRA
        self.waiting = waiting
        self.started = monotonic()
        self.deadline = None if wall is None else self.started + wall
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
        if self.deadline is not None and monotonic() >= self.deadline:
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


def tree_cpu(pid: int) -> float | None:
    """CPU seconds of ``pid`` and every process under it (and their reaped children); None without ``/proc``."""
    found = _tree(pid)
    return None if found is None else found[0]


def tree_running(pid: int) -> bool:
    """Whether any process under ``pid`` is running or waiting for a processor (not blocked)."""
    found = _tree(pid, states=True)
    return found is not None and found[1]


def process_cpu(pid: int) -> float | None:
    """CPU seconds of one process (with its reaped children); None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            data = file.read()
    except OSError:
        return None
    return sum(int(field) for field in data[data.rindex(b")") + 2 :].split()[11:15]) / _TICKS


def run_delay(pids: Sequence[int], kept: RunDelays | None = None) -> float | None:
    """Seconds the threads of ``pids`` spent runnable but waiting for a processor; None without schedstat.

    ``kept``: a child's own files, kept open between its readings (schedstats.py); without it, each is opened once.
    """
    if kept is not None:
        return kept.read(pids)
    once = RunDelays()
    try:
        return once.read(pids)
    finally:
        once.close()


def _tree(pid: int, states: bool = False) -> tuple[float, bool, dict[int, float]] | None:
    """CPU seconds of the tree, whether any of its threads is runnable (with ``states``), and each process's share."""
    total = 0
    running = False
    shares: dict[int, float] = {}
    pending, seen = [pid], set()
    first = True
    while pending:
        current = pending.pop()
        if current in seen:
            continue
        seen.add(current)
        try:
            with open(f"/proc/{current}/stat", "rb") as file:
                data = file.read()
        except OSError:
            if first:
                return None
            continue
        first = False
        # utime, stime, cutime, cstime: fields 14-17, counted after the ")" that ends the name.
        fields = data[data.rindex(b")") + 2 :].split()
        ticks = sum(int(field) for field in fields[11:15])
        total += ticks
        shares[current] = ticks / _TICKS
        try:
            tasks = os.listdir(f"/proc/{current}/task")
        except OSError:
            continue
        for task in tasks:
            if states and not running:
                try:
                    with open(f"/proc/{current}/task/{task}/stat", "rb") as file:
                        state = file.read()
                    running = state[state.rindex(b")") + 2 : state.rindex(b")") + 3] == b"R"
                except (OSError, ValueError):
                    pass
            try:
                with open(f"/proc/{current}/task/{task}/children", "rb") as file:
                    pending.extend(int(child) for child in file.read().split())
            except OSError:
                pass
    return total / _TICKS, running, shares


class Tail:
    """The first and last ``keep`` bytes of a stream, and how many there were: memory bounded, no disk."""

    def __init__(self, keep: int = STDERR_KEEP) -> None:
        self.keep = keep
        self.head = bytearray()
        self.tail = bytearray()
        self.total = 0
        self._lock = threading.Lock()

    def feed(self, chunk: bytes) -> None:
        with self._lock:
            self.total += len(chunk)
            room = self.keep - len(self.head)
            if room > 0:
                self.head += chunk[:room]
                chunk = chunk[room:]
            if chunk:
                self.tail += chunk
                del self.tail[: max(0, len(self.tail) - self.keep)]

    @property
    def capped(self) -> bool:
        return self.total > len(self.head) + len(self.tail)

    def last(self, chars: int = 800) -> str:
        with self._lock:
            data = bytes(self.head + self.tail) if not self.capped else bytes(self.tail)
        return data[-chars:].decode(errors="replace").strip()


class Child:
    """One running candidate process: its output read in capped lines on a thread, its CPU time measured."""

    def __init__(
        self,
        argv: Sequence[str],
        cwd: Path,
        env: dict[str, str],
        files: dict[str, Path] | None = None,
        group: CGroup | None = None,
    ) -> None:
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
            command = list(argv)
            for stand_in, number in numbers.items():
                command = [arg.replace(stand_in, str(number)) for arg in command]
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
                pass_fds=passed,
            )
        except BaseException:
            os.close(self._ready_read)
            raise
        finally:
            for descriptor in passed:
                os.close(descriptor)
        self.started = monotonic()
        self.stderr = Tail()
        self._arrivals: queue.Queue[Arrival | None] = queue.Queue(QUEUE_LINES)
        self._closed = threading.Event()
        self._drained = threading.Event()
        self._clockless = not os.path.isdir("/proc/self/task")
        self._last_cpu = 0.0
        assert self.process.stdin is not None
        if os.name == "posix":  # elsewhere writes block, as before
            os.set_blocking(self.process.stdin.fileno(), False)
        self._busiest: int | None = None
        self._run_delays = RunDelays()
        self._rest = 0.0
        self._walked = 0.0
        assert self.process.stdout is not None and self.process.stderr is not None
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()
        threading.Thread(target=self._drain, args=(self.process.stderr,), daemon=True).start()

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
        pids = self.group.members() if self.group is not None else list(self._shares())
        delay = run_delay(pids or [self.process.pid], self._run_delays)
        if delay is None:
            return None
        return (self.cpu() if cpu is None else cpu) + delay

    def _shares(self) -> dict[int, float]:
        found = _tree(self.process.pid)
        return {} if found is None else found[2]

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
            found = _tree(self.process.pid)
            if found is not None:
                used, _, shares = found
                self._busiest = max(shares, key=lambda pid: shares[pid])
                self._rest = used - shares[self._busiest]
                self._walked = now
        if used is not None:
            self._last_cpu = max(used, self._last_cpu)
        return self._last_cpu

    def _put(self, item: Arrival | None) -> bool:
        while not self._closed.is_set():
            try:
                self._arrivals.put(item, timeout=0.2)
                return True
            except queue.Full:
                continue
        return False

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
            return arrival

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

    def waited_for(self, arrival: Arrival) -> float:
        """Seconds of the answer that just arrived during which the child was neither running nor runnable."""
        wall, cpu = self.spent(arrival)
        if arrival.active is not None and self.active is not None:
            return max(wall - (arrival.active - self.active), 0.0)
        return max(wall - cpu, 0.0)


def exit_text(status: int | None) -> str:
    if status is None:
        return "stopped answering"
    if status < 0:
        try:
            name = signal.Signals(-status).name
        except ValueError:
            name = f"signal {-status}"
        return f"was killed by {name}"
    return f"exited with status {status}"


class Speaker(Protocol):
    """How one kind of child is started and asked."""

    jail: Jail
    limit: float | None
    """A CPU limit for the questions asked now instead of the clock's per-move one (a training run), or None."""

    def start(self) -> tuple[list[str], Path]: ...

    def handshake(self, child: Child, clock: Clock, limit: float) -> dict[str, Any]: ...

    def exchange(self, child: Child, op: str, items: Sequence[Any], clock: Clock) -> Iterator[dict[str, Any]]: ...


def _timed(record: dict[str, Any], budget: AnswerBudget, arrival: Arrival) -> dict[str, Any]:
    record["seconds"], record["cpu"] = budget.spent(arrival)
    record["waited"] = budget.waited_for(arrival)
    return record


class RunnerSpeaker:
    """A Python module, loaded by ``runner.py`` in the child."""

    OPERATIONS: ClassVar[dict[str, str]] = {"moves": "positions", "cs50": "queries"}
    CLEAN: ClassVar[dict[str, Callable[[dict[str, Any]], dict[str, Any]]]] = {
        "moves": protocol.move,
        "cs50": protocol.cs50,
    }

    def __init__(self, jail: Jail, path: Path) -> None:
        self.jail = jail
        self.path = path
        self.interface: dict[str, Any] | None = None
        self.limit: float | None = None

    def start(self) -> tuple[list[str], Path]:
        return self.jail.runner(self.path)

    def handshake(self, child: Child, clock: Clock, limit: float) -> dict[str, Any]:
        # Counted from the child's birth: it may have been importing while the checker did other work.
        budget = AnswerBudget(clock, 0.0, child.started, limit, 0.0)
        loaded = protocol.loaded(protocol.decode(child.next_line(budget).data))
        if self.interface is not None:
            reply = self.use(child, self.interface, clock, limit)
            if not reply.get("ok"):
                raise ChildDied(f"refused the interface: {reply.get('error')}", "")
        return loaded

    @staticmethod
    def use(child: Child, interface: dict[str, Any], clock: Clock, limit: float) -> dict[str, Any]:
        budget = AnswerBudget.now(clock, child, limit)
        child.send(json.dumps({"op": "use", "interface": interface}).encode() + b"\n", budget)
        return protocol.reply(protocol.decode(child.next_line(budget).data))

    def exchange(self, child: Child, op: str, items: Sequence[Any], clock: Clock) -> Iterator[dict[str, Any]]:
        # One question at a time: the runner waits, computing nothing, between an answer and the next
        # question, so the CPU time read when an answer is taken in is that answer's, however late a
        # busy machine lets the checker read it. (Asked in a batch, it would already be working on the
        # next positions, and their time would be charged to this one.)
        cpu, active = child.cpu(), child.active()
        for item in items:
            budget = AnswerBudget(clock, cpu, monotonic(), self.limit, active)
            child.send(json.dumps({"op": op, self.OPERATIONS[op]: [item]}).encode() + b"\n", budget)
            arrival = child.next_line(budget)
            cpu, active = arrival.cpu, arrival.active
            yield _timed(self.cleaned(op, protocol.decode(arrival.data)), budget, arrival)

    def cleaned(self, op: str, value: dict[str, Any]) -> dict[str, Any]:
        """An answer with its shape checked (``ProtocolError`` if the runner never sends it)."""
        return self.CLEAN[op](value)


class CommandSpeaker:
    """Any program speaking the ``--command`` line protocol."""

    def __init__(self, jail: Jail, program: Sequence[str]) -> None:
        self.jail = jail
        self.program = list(program)
        self.chatter: list[str] = []
        self.limit: float | None = None

    def start(self) -> tuple[list[str], Path]:
        return self.jail.command(self.program)

    def handshake(self, child: Child, clock: Clock, limit: float) -> dict[str, Any]:
        return {}

    def exchange(self, child: Child, op: str, items: Sequence[Any], clock: Clock) -> Iterator[dict[str, Any]]:
        for item in items:
            budget = AnswerBudget.now(clock, child, self.limit)
            child.send(self.request(item), budget)
            line, arrival = self._answer_line(child, budget)
            yield _timed(self.answer(line), budget, arrival)

    def request(self, item: Any) -> bytes:
        """The line that asks for a move: a tic-tac-toe position's cells and side (a game's speaker has its own)."""
        cells, side = item
        return request_line(TicTacToePosition(cells, side))

    def answer(self, line: str) -> dict[str, Any]:
        """What the answer line says, as ``protocol`` records an answer."""
        return parse_answer(line)

    def _answer_line(self, child: Child, budget: AnswerBudget) -> tuple[str, Arrival]:
        """The first line that is not a comment, and when it came; a few comments are kept for the report."""
        lines = 0
        while True:
            arrival = child.next_line(budget, flush_test=True)
            line = arrival.data.decode(errors="replace")
            if not is_chatter(line):
                return line, arrival
            lines += 1
            if lines > CHATTER_LINES:
                raise ProtocolError(f"wrote more than {CHATTER_LINES:,} comment lines before one answer")
            if len(self.chatter) < 5 and line.strip():
                self.chatter.append(line.strip()[:200])


_SPAWNER = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="perfectplay-check-spawner")
"""Every child is started from this one long-lived thread: bubblewrap's --die-with-parent kills the
sandbox when the *thread* that started it ends (PR_SET_PDEATHSIG), and the threads that ask
questions end with each phase of the check."""


class CandidateWorker:
    """One child at a time for one speaker, restarted after each time-out or crash."""

    def __init__(self, speaker: Speaker, clock: Clock, failures: FailureBudget, env: dict[str, str]) -> None:
        self.speaker = speaker
        self.clock = clock
        self.failures = failures
        self.env = env
        self.child: Child | None = None
        self.pending: Child | None = None
        self.starts = 0
        self.closed = False
        self.stderr_capped = False
        self.cpu_lost = 0.0

    def launch(self) -> None:
        """Start the child's process now (it imports while we do other work); ``start`` finishes it."""
        if self.child is None and self.pending is None:
            self.pending = self._spawn()

    def _spawn(self) -> Child:
        """A new child in a cgroup of its own (where there are cgroups); the machine's failures are tried again."""
        argv, cwd = self.speaker.start()
        jail = self.speaker.jail
        reason = ""
        for _ in range(MACHINE_RETRIES + 1):
            try:
                group = jail.new_group()
            except OSError as error:
                reason = f"a cgroup for the candidate could not be made ({error.strerror or error})"
                continue
            try:
                return _SPAWNER.submit(Child, argv, cwd, self.env, jail.files, group).result()
            except OSError as error:
                if group is not None:
                    group.remove()
                reason = f"the candidate's process could not be started ({error.strerror or error})"
        raise MachineFailed(reason)

    def start_limit(self) -> float:
        return max(self.clock.move, IMPORT_SECONDS)

    def start(self) -> dict[str, Any]:
        """Start a child (if none is running) and return what it said on starting."""
        for attempt in range(MACHINE_RETRIES + 1):
            if self.failures.exhausted or self.closed:
                raise GaveUp
            self.clock.check()
            child = self.pending or self._spawn()
            self.pending = None
            self.starts += 1
            try:
                hello = self.speaker.handshake(child, self.clock, self.start_limit())
                if self.closed:  # closed by another thread (Ctrl-C) while this one was starting
                    raise GaveUp
            except (ChildDied, ChildTimedOut) as failed:
                ready = child.ready()
                self._bury(child)
                if ready:
                    raise
                # It ended before it was ready: the sandbox, the limits or the user could not be set up.
                last = failed.stderr if isinstance(failed, ChildDied) else ""
                why = failed.status if isinstance(failed, ChildDied) else "took too long"
                reason = f"the candidate's sandboxed process could not be prepared (it {why}){_last_line(last)}"
                if attempt == MACHINE_RETRIES:
                    raise MachineFailed(reason) from None
                continue
            except BaseException:
                self._bury(child)
                raise
            self.child = child
            return hello
        raise AssertionError("unreachable")

    def stream(self, op: str, items: Sequence[Any]) -> Iterator[tuple[int, dict[str, Any]]]:
        """Answer every item in order as ``(index, record)``; a failure is a record too.

        Raises ``OutOfTime`` or ``GaveUp`` when the check must stop, ``NotFlushing``
        when a program turns out to buffer its answers; the items not yet
        yielded were not asked.
        """
        index = retries = 0
        while index < len(items):
            if self.child is None:
                try:
                    self.start()
                except (ChildTimedOut, ChildDied, ProtocolError):
                    self.failures.spend()
                    continue
            child = self.child
            assert child is not None
            failure: dict[str, Any]
            try:
                for record in self.speaker.exchange(child, op, items[index:], self.clock):
                    refused = _refused_elsewhere(child, record)
                    if refused is not None:
                        # Not the candidate's limit: ask again on a fresh process, then give up on the machine.
                        retries += 1
                        if retries > MACHINE_RETRIES:
                            raise MachineFailed(refused)
                        self.discard()
                        break
                    self.clock.spend(record["cpu"], record.get("waited", 0.0))
                    self.clock.check()
                    limit = self.speaker.limit or self.clock.move
                    if record["cpu"] > limit:
                        # Answered, but over its CPU limit: the same verdict on any machine.
                        record = {"failure": "timeout", "clock": "cpu", "seconds": limit}
                    yield index, record
                    index += 1
                continue
            except ChildTimedOut as late:
                # A move stopped at its limit used the candidate's time too: the whole check's limits count it, so
                # an answer that always spins ends the check when its time is up, not only after MAX_FAILURES.
                self.clock.spend(late.cpu, late.waited)
                failure = {"failure": "timeout", "clock": late.clock, "seconds": late.seconds}
            except ChildDied as died:
                failure = {"failure": "died", "status": died.status, "stderr": died.stderr}
            except ProtocolError as broken:
                failure = {"failure": "died", "status": f"broke the protocol: it {broken}", "stderr": ""}
            self.discard()
            yield index, failure
            index += 1
            self.failures.spend()
            self.clock.check()

    def _bury(self, child: Child) -> None:
        self.stderr_capped = self.stderr_capped or child.stderr.capped
        child.kill()
        child.close()

    def discard(self) -> None:
        if self.child is not None:
            self._bury(self.child)
            self.child = None

    def close(self, deadline: float | None = None) -> None:
        """Stop this worker for good: its child is ended (by ``deadline``) and no other is started."""
        self.closed = True
        for child in (self.child, self.pending):
            if child is not None:
                self.stderr_capped = self.stderr_capped or child.stderr.capped
                child.close(deadline)
        self.child = self.pending = None


def _last_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    return f": {lines[-1].strip()[:200]}" if lines else ""


def _refused_elsewhere(child: Child, record: dict[str, Any]) -> str | None:
    """Why the machine (not the candidate's own limits) refused it a process or thread, if that is what happened.

    An error saying so is not enough (a candidate can raise any error): it counts only when a limit
    above the candidate's own refused a process during the move (an enclosing cgroup's
    ``pids.events``), or, with no cgroup, when its user's process limit is shared and full.
    """
    error = record.get("error")
    if not isinstance(error, dict):
        return None
    message = str(error.get("message", ""))
    if "can't start new thread" not in message and "[Errno 11]" not in message:
        return None
    if child.group is not None:
        if child.group.refused_processes():
            return None
        if child.group.refused_above():
            return "a process or thread was refused by a limit above the candidate's own (an enclosing cgroup)"
        return None
    return None


def kill_session(session: int) -> None:
    """SIGKILL every process of the session ``session`` (the child's, started with a session of its own)."""
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else ():
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as file:
                data = file.read()
            # After the name: state, ppid, pgrp, session.
            if int(data[data.rindex(b")") + 2 :].split()[3]) == session:
                os.kill(int(entry), signal.SIGKILL)
        except (OSError, ValueError, IndexError):
            continue


def close_all(workers: Sequence[CandidateWorker]) -> None:
    """Close every worker, giving their children one shared grace period rather than one each."""
    for worker in workers:
        worker.closed = True
        for child in (worker.child, worker.pending):
            if child is not None:
                child.close_input()
    deadline = time.monotonic() + CLOSE_GRACE
    for worker in workers:
        worker.close(deadline)
