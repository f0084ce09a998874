"""Candidate processes as the checker sees them: start one, ask it, time it, stop it, start it again.

A ``Worker`` owns one child process at a time: the Python runner
(``runner.py``) for a module, or the user's program for ``--command``, each
started through a ``sandbox.Jail``. Questions go out in order and every
answer must come within the per-move limit; a child that runs over is
killed and one that dies is buried, the question that caused it becomes a
``timeout`` or ``died`` record, and a fresh child carries on from the next
question. A check stops restarting after ``FailureBudget`` failures, and
stops asking when its time is up: the caller then reports what was not
asked instead of waiting forever.

Time is the candidate's **CPU time**, measured here from ``/proc`` (the
child's whole process tree), never taken from what the child says, so a
busy machine slows a candidate down without changing its verdict. Wall
clock only backs it up, generously (``WALL_FACTOR``), for code that sleeps
or blocks. Where ``/proc`` is missing, limits fall back to wall time.

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

from perfectplay.check.position import Position
from perfectplay.check.run import protocol
from perfectplay.check.run.command import is_chatter, parse_answer, request_line
from perfectplay.check.run.protocol import MAX_LINE, ProtocolError
from perfectplay.check.run.sandbox import Jail

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

_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
_TOO_LONG = b""


class ChildTimedOut(Exception):
    """No answer within the per-move limit: ``clock`` says which (``cpu`` or ``wall``), ``seconds`` how long."""

    def __init__(self, clock: str = "cpu", seconds: float = 0.0) -> None:
        super().__init__(clock)
        self.clock = clock
        self.seconds = seconds


class ChildDied(Exception):
    """The child exited or closed its output; ``status`` says how, ``stderr`` what it wrote last."""

    def __init__(self, status: str, stderr: str) -> None:
        super().__init__(status)
        self.status = status
        self.stderr = stderr


class NotFlushing(Exception):
    """The program answered only once its input was closed: it does not flush its output."""


class OutOfTime(Exception):
    """The whole check's time is up: ``reason`` ``time`` (its CPU time) or ``wall`` (the backstop)."""

    def __init__(self, reason: str = "time") -> None:
        super().__init__(reason)
        self.reason = reason


class GaveUp(Exception):
    """Too many time-outs and crashes: the check stops asking."""


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
    """The check's limits: per move and in all, in the candidate's CPU seconds, with wall-clock backstops."""

    def __init__(self, move: float, total: float, wall: float | None = None) -> None:
        self.move = move
        self.total = total
        self.move_wall = move * WALL_FACTOR + WALL_EXTRA
        # ``wall``: a grader's own wall-clock limit (``--budget``), when it is sooner than the backstop.
        backstop = total * WALL_FACTOR + WALL_EXTRA
        self.deadline = time.monotonic() + (backstop if wall is None else min(backstop, wall))
        self.used = 0.0
        self._lock = threading.Lock()

    def spend(self, cpu: float) -> None:
        with self._lock:
            self.used += cpu

    def check(self, running: float = 0.0) -> None:
        """Raise ``OutOfTime`` if the check's time is up (``running``: CPU of a move not yet spent)."""
        if self.used + running >= self.total:
            raise OutOfTime("time")
        if time.monotonic() >= self.deadline:
            raise OutOfTime("wall")

    def expired(self) -> bool:
        try:
            self.check()
        except OutOfTime:
            return True
        return False


@dataclass(frozen=True, slots=True)
class Arrival:
    """A line from the child, with when it came and the child's CPU time then."""

    data: bytes
    wall: float
    cpu: float


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

    def __init__(self, argv: Sequence[str], cwd: Path, env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            list(argv),
            cwd=cwd,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=os.name == "posix",
            close_fds=True,
        )
        self.started = time.monotonic()
        self.stderr = Tail()
        self._arrivals: queue.Queue[Arrival | None] = queue.Queue(QUEUE_LINES)
        self._closed = threading.Event()
        self._clockless = not os.path.isdir("/proc/self/task")
        self._last_cpu = 0.0
        assert self.process.stdin is not None
        if os.name == "posix":  # elsewhere writes block, as before
            os.set_blocking(self.process.stdin.fileno(), False)
        self._busiest: int | None = None
        self._rest = 0.0
        self._walked = 0.0
        assert self.process.stdout is not None and self.process.stderr is not None
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()
        threading.Thread(target=self._drain, args=(self.process.stderr,), daemon=True).start()

    def cpu(self) -> float:
        """The child's CPU seconds so far (wall seconds where the OS does not tell).

        The whole process tree is walked at most every ``WALK_EVERY`` seconds (a walk reads a few
        files per process: too slow for every one of thousands of answers); in between, only the
        busiest process is read and the rest of the tree counts as at the last walk. Once the
        process is gone its last reading stands: a late look must not jump to another clock.
        """
        if self._clockless:
            return time.monotonic() - self.started
        now = time.monotonic()
        used: float | None = None
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
                    self._put(Arrival(_TOO_LONG, time.monotonic(), self.cpu()))
                    return
                # A full queue blocks this thread, and the child on its full pipe: no line is dropped.
                if not self._put(Arrival(line, time.monotonic(), self.cpu())):
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
            with contextlib.suppress(OSError):
                stream.close()

    def send(self, data: bytes, budget: Budget | None = None) -> None:
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

    def next_line(self, budget: Budget, flush_test: bool = False) -> Arrival:
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
        return ChildDied(exit_text(self.process.returncode), self.stderr_tail())

    def stderr_tail(self, chars: int = 800) -> str:
        return self.stderr.last(chars)

    def kill(self) -> None:
        """Kill the child and everything in its session; a sandbox's PID namespace dies with it."""
        try:
            if os.name == "posix":
                os.killpg(self.process.pid, signal.SIGKILL)
            else:
                self.process.kill()
        except (ProcessLookupError, PermissionError):
            pass
        self.process.wait()

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


class Budget:
    """One question's limits, from the moment it was asked (or the previous answer came)."""

    def __init__(self, clock: Clock, cpu: float, wall: float, limit: float | None = None) -> None:
        self.clock = clock
        self.cpu = cpu
        self.wall = wall
        self.limit = clock.move if limit is None else limit
        self.wall_limit = self.limit * WALL_FACTOR + WALL_EXTRA

    @classmethod
    def now(cls, clock: Clock, child: Child, limit: float | None = None) -> Budget:
        return cls(clock, child.cpu(), time.monotonic(), limit)

    def check(self, child: Child) -> None:
        spent = child.cpu() - self.cpu
        self.clock.check(spent)
        if spent > self.limit:
            raise ChildTimedOut("cpu", self.limit)
        if time.monotonic() - self.wall > self.wall_limit:
            raise ChildTimedOut("wall", self.wall_limit)

    def idle(self, child: Child) -> bool:
        """Waiting, not computing: past ``FLUSH_IDLE`` with almost no CPU and nothing runnable.

        A process starved of CPU on a busy machine is runnable (``R``), not blocked, so it is not idle.
        """
        if time.monotonic() - self.wall <= FLUSH_IDLE or child.cpu() - self.cpu >= FLUSH_CPU:
            return False
        return not tree_running(child.process.pid)

    def spent(self, arrival: Arrival) -> tuple[float, float]:
        """Wall and CPU seconds of the answer that just arrived."""
        return max(arrival.wall - self.wall, 0.0), max(arrival.cpu - self.cpu, 0.0)


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

    def start(self) -> tuple[list[str], Path]: ...

    def handshake(self, child: Child, clock: Clock, limit: float) -> dict[str, Any]: ...

    def exchange(self, child: Child, op: str, items: Sequence[Any], clock: Clock) -> Iterator[dict[str, Any]]: ...


def _timed(record: dict[str, Any], budget: Budget, arrival: Arrival) -> dict[str, Any]:
    record["seconds"], record["cpu"] = budget.spent(arrival)
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

    def start(self) -> tuple[list[str], Path]:
        return self.jail.runner(self.path)

    def handshake(self, child: Child, clock: Clock, limit: float) -> dict[str, Any]:
        # Counted from the child's birth: it may have been importing while the checker did other work.
        budget = Budget(clock, 0.0, child.started, limit)
        loaded = protocol.loaded(protocol.decode(child.next_line(budget).data))
        if self.interface is not None:
            reply = self.use(child, self.interface, clock, limit)
            if not reply.get("ok"):
                raise ChildDied(f"refused the interface: {reply.get('error')}", "")
        return loaded

    @staticmethod
    def use(child: Child, interface: dict[str, Any], clock: Clock, limit: float) -> dict[str, Any]:
        budget = Budget.now(clock, child, limit)
        child.send(json.dumps({"op": "use", "interface": interface}).encode() + b"\n", budget)
        return protocol.reply(protocol.decode(child.next_line(budget).data))

    def exchange(self, child: Child, op: str, items: Sequence[Any], clock: Clock) -> Iterator[dict[str, Any]]:
        # One question at a time: the runner waits, computing nothing, between an answer and the next
        # question, so the CPU time read when an answer is taken in is that answer's, however late a
        # busy machine lets the checker read it. (Asked in a batch, it would already be working on the
        # next positions, and their time would be charged to this one.)
        cpu = child.cpu()
        for item in items:
            budget = Budget(clock, cpu, time.monotonic())
            child.send(json.dumps({"op": op, self.OPERATIONS[op]: [item]}).encode() + b"\n", budget)
            arrival = child.next_line(budget)
            cpu = arrival.cpu
            yield _timed(self.CLEAN[op](protocol.decode(arrival.data)), budget, arrival)


class CommandSpeaker:
    """Any program speaking the ``--command`` line protocol."""

    def __init__(self, jail: Jail, program: Sequence[str]) -> None:
        self.jail = jail
        self.program = list(program)
        self.chatter: list[str] = []

    def start(self) -> tuple[list[str], Path]:
        return self.jail.command(self.program)

    def handshake(self, child: Child, clock: Clock, limit: float) -> dict[str, Any]:
        return {}

    def exchange(self, child: Child, op: str, items: Sequence[Any], clock: Clock) -> Iterator[dict[str, Any]]:
        for cells, side in items:
            budget = Budget.now(clock, child)
            child.send(request_line(Position(cells, side)), budget)
            lines = 0
            while True:
                arrival = child.next_line(budget, flush_test=True)
                line = arrival.data.decode(errors="replace")
                if not is_chatter(line):
                    break
                lines += 1
                if lines > CHATTER_LINES:
                    raise ProtocolError(f"wrote more than {CHATTER_LINES:,} comment lines before one answer")
                if len(self.chatter) < 5 and line.strip():
                    self.chatter.append(line.strip()[:200])
            yield _timed(parse_answer(line), budget, arrival)


_SPAWNER = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="perfectplay-check-spawner")
"""Every child is started from this one long-lived thread: bubblewrap's --die-with-parent kills the
sandbox when the *thread* that started it ends (PR_SET_PDEATHSIG), and the threads that ask
questions end with each phase of the check."""


class Worker:
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
        argv, cwd = self.speaker.start()
        try:
            return _SPAWNER.submit(Child, argv, cwd, self.env).result()
        except OSError as error:
            raise ChildDied(f"could not be started ({error.strerror or error})", "") from None

    def start_limit(self) -> float:
        return max(self.clock.move, IMPORT_SECONDS)

    def start(self) -> dict[str, Any]:
        """Start a child (if none is running) and return what it said on starting."""
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
        except BaseException:
            self._bury(child)
            raise
        self.child = child
        return hello

    def stream(self, op: str, items: Sequence[Any]) -> Iterator[tuple[int, dict[str, Any]]]:
        """Answer every item in order as ``(index, record)``; a failure is a record too.

        Raises ``OutOfTime`` or ``GaveUp`` when the check must stop, ``NotFlushing``
        when a program turns out to buffer its answers; the items not yet
        yielded were not asked.
        """
        index = 0
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
                    self.clock.spend(record["cpu"])
                    self.clock.check()
                    if record["cpu"] > self.clock.move:
                        # Answered, but over its CPU limit: the same verdict on any machine.
                        record = {"failure": "timeout", "clock": "cpu", "seconds": self.clock.move}
                    yield index, record
                    index += 1
                continue
            except ChildTimedOut as late:
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


def close_all(workers: Sequence[Worker]) -> None:
    """Close every worker, giving their children one shared grace period rather than one each."""
    for worker in workers:
        worker.closed = True
        for child in (worker.child, worker.pending):
            if child is not None:
                child.close_input()
    deadline = time.monotonic() + CLOSE_GRACE
    for worker in workers:
        worker.close(deadline)
