"""Candidate processes as the parent sees them: start one, ask it, time it out, start it again.

A ``Worker`` owns one child process at a time: the Python runner
(``perfectplay.check.runner``) for a module, or the user's program for
``--command``. Questions go out in order and every answer must come back
within the per-move limit; a child that hangs is killed (its whole process
group) and one that dies is buried, the question that caused it becomes a
``timeout`` or ``died`` record, and a fresh child carries on from the next
question. A check stops restarting after ``FailureBudget`` failures, and
stops asking at its overall deadline: the caller then reports what was not
asked instead of waiting forever.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any, ClassVar, Protocol

from perfectplay.check.command import is_chatter, parse_answer, request_line
from perfectplay.check.position import Position

IMPORT_SECONDS = 10.0
"""At least this long for a child to start (a module's import runs its top-level code)."""

CLOSE_GRACE = 1.0
"""Seconds a child may take to leave after its input is closed before it is killed."""

# Started in front of a --command program: set the memory limit, then become the program.
LIMIT_AND_EXEC = (
    "import os, sys\n"
    "try:\n"
    "    import resource\n"
    "    wanted = int(sys.argv[1]) * 1024 * 1024\n"
    "    soft, hard = resource.getrlimit(resource.RLIMIT_DATA)\n"
    "    if hard != resource.RLIM_INFINITY:\n"
    "        wanted = min(wanted, hard)\n"
    "    resource.setrlimit(resource.RLIMIT_DATA, (wanted, hard))\n"
    "except (ImportError, OSError, ValueError):\n"
    "    pass\n"
    "os.execvp(sys.argv[2], sys.argv[2:])\n"
)


class ChildTimedOut(Exception):
    """No answer within the per-move limit."""


class ChildDied(Exception):
    """The child exited or closed its output; ``status`` says how, ``stderr`` what it wrote last."""

    def __init__(self, status: str, stderr: str) -> None:
        super().__init__(status)
        self.status = status
        self.stderr = stderr


class OutOfTime(Exception):
    """The whole check's time limit has passed."""


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


class Child:
    """One running candidate process, its output read line by line on a thread."""

    def __init__(self, argv: Sequence[str], cwd: Path) -> None:
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the child
        self.process = subprocess.Popen(
            list(argv),
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            start_new_session=os.name == "posix",
        )
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        assert self.process.stdout is not None
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()

    def _read(self, stream: IO[bytes]) -> None:
        try:
            for line in stream:
                self._lines.put(line)
        except (OSError, ValueError):
            pass
        self._lines.put(None)

    def send(self, data: bytes) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(data)
            stdin.flush()
        except (OSError, ValueError):
            raise self.died() from None

    def read_line(self, timeout: float) -> bytes:
        try:
            line = self._lines.get(timeout=max(timeout, 0.0))
        except queue.Empty:
            raise ChildTimedOut from None
        if line is None:
            self._lines.put(None)
            raise self.died()
        return line

    def died(self) -> ChildDied:
        try:
            self.process.wait(timeout=CLOSE_GRACE)
        except subprocess.TimeoutExpired:
            self.kill()
        return ChildDied(exit_text(self.process.returncode), self.stderr_tail())

    def stderr_tail(self, chars: int = 800) -> str:
        self._stderr.seek(0, os.SEEK_END)
        size = self._stderr.tell()
        self._stderr.seek(max(0, size - chars))
        return self._stderr.read().decode(errors="replace").strip()

    def kill(self) -> None:
        """Kill the child and everything it started (its process group)."""
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
        self._stderr.close()

    def close_input(self) -> None:
        stdin = self.process.stdin
        try:
            if stdin is not None:
                stdin.close()
        except OSError:
            pass


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

    def argv(self) -> list[str]: ...

    @property
    def cwd(self) -> Path: ...

    def handshake(self, child: Child, timeout: float) -> dict[str, Any]: ...

    def exchange(self, child: Child, op: str, items: Sequence[Any], timeout: Timeouts) -> Iterator[dict[str, Any]]: ...


class Timeouts:
    """The per-move limit, bounded by the whole check's deadline."""

    def __init__(self, per_move: float, deadline: float) -> None:
        self.per_move = per_move
        self.deadline = deadline

    def next(self) -> float:
        """Seconds the next answer may take; raises OutOfTime once the check's time is up."""
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise OutOfTime
        return min(self.per_move, left)

    def expired(self) -> bool:
        return time.monotonic() >= self.deadline


class RunnerSpeaker:
    """A Python module, loaded by ``perfectplay.check.runner`` in the child."""

    OPERATIONS: ClassVar[dict[str, str]] = {"moves": "positions", "cs50": "queries"}

    def __init__(self, path: Path, memory_mb: int | None) -> None:
        self.path = path
        self.memory_mb = memory_mb
        self.interface: dict[str, Any] | None = None

    def argv(self) -> list[str]:
        memory = ["--memory-mb", str(self.memory_mb)] if self.memory_mb else []
        return [sys.executable, "-P", "-m", "perfectplay.check.runner", *memory, str(self.path)]

    @property
    def cwd(self) -> Path:
        return self.path.parent

    def handshake(self, child: Child, timeout: float) -> dict[str, Any]:
        loaded: dict[str, Any] = json.loads(child.read_line(timeout))
        if self.interface is not None:
            reply = self.use(child, self.interface, timeout)
            if not reply.get("ok"):
                raise ChildDied(f"refused the interface: {reply.get('error')}", "")
        return loaded

    @staticmethod
    def use(child: Child, interface: dict[str, Any], timeout: float) -> dict[str, Any]:
        child.send(json.dumps({"op": "use", "interface": interface}).encode() + b"\n")
        reply: dict[str, Any] = json.loads(child.read_line(timeout))
        return reply

    def exchange(self, child: Child, op: str, items: Sequence[Any], timeout: Timeouts) -> Iterator[dict[str, Any]]:
        child.send(json.dumps({"op": op, self.OPERATIONS[op]: list(items)}).encode() + b"\n")
        for _ in items:
            record: dict[str, Any] = json.loads(child.read_line(timeout.next()))
            yield record


class CommandSpeaker:
    """Any program speaking the ``--command`` line protocol."""

    def __init__(self, argv: Sequence[str], cwd: Path, memory_mb: int | None) -> None:
        self.program = list(argv)
        self._cwd = cwd
        self.memory_mb = memory_mb
        self.chatter: list[str] = []

    def argv(self) -> list[str]:
        if self.memory_mb and os.name == "posix":
            return [sys.executable, "-c", LIMIT_AND_EXEC, str(self.memory_mb), *self.program]
        return list(self.program)

    @property
    def cwd(self) -> Path:
        return self._cwd

    def handshake(self, child: Child, timeout: float) -> dict[str, Any]:
        return {}

    def exchange(self, child: Child, op: str, items: Sequence[Any], timeout: Timeouts) -> Iterator[dict[str, Any]]:
        for cells, side in items:
            limit = timeout.next()
            started = time.perf_counter()
            child.send(request_line(Position(cells, side)))
            while True:
                line = child.read_line(limit - (time.perf_counter() - started)).decode(errors="replace")
                if not is_chatter(line):
                    break
                if len(self.chatter) < 5 and line.strip():
                    self.chatter.append(line.strip())
            record = parse_answer(line)
            record["seconds"] = time.perf_counter() - started
            yield record


class Worker:
    """One child at a time for one speaker, restarted after each time-out or crash."""

    def __init__(self, speaker: Speaker, timeouts: Timeouts, failures: FailureBudget) -> None:
        self.speaker = speaker
        self.timeouts = timeouts
        self.failures = failures
        self.child: Child | None = None
        self.pending: Child | None = None
        self.starts = 0
        self.closed = False

    def launch(self) -> None:
        """Start the child's process now (it imports while we do other work); ``start`` finishes it."""
        if self.child is None and self.pending is None:
            self.pending = self._spawn()

    def _spawn(self) -> Child:
        try:
            return Child(self.speaker.argv(), self.speaker.cwd)
        except OSError as error:
            raise ChildDied(f"could not be started ({error.strerror or error})", "") from None

    def start(self) -> dict[str, Any]:
        """Start a child (if none is running) and return what it said on starting."""
        if self.failures.exhausted or self.closed:
            raise GaveUp
        left = self.timeouts.deadline - time.monotonic()
        if left <= 0:
            raise OutOfTime
        child = self.pending or self._spawn()
        self.pending = None
        self.starts += 1
        try:
            hello = self.speaker.handshake(child, min(max(self.timeouts.per_move, IMPORT_SECONDS), left))
            if self.closed:  # closed by another thread (Ctrl-C) while this one was starting
                raise GaveUp
        except BaseException:
            child.kill()
            child.close()
            raise
        self.child = child
        return hello

    def stream(self, op: str, items: Sequence[Any]) -> Iterator[tuple[int, dict[str, Any]]]:
        """Answer every item in order as ``(index, record)``; a failure is a record too.

        Raises ``OutOfTime`` or ``GaveUp`` when the check must stop; the items
        not yet yielded were not asked.
        """
        index = 0
        while index < len(items):
            if self.child is None:
                try:
                    self.start()
                except (ChildTimedOut, ChildDied, json.JSONDecodeError):
                    self.failures.spend()
                    continue
            child = self.child
            assert child is not None
            failure: dict[str, Any]
            try:
                for record in self.speaker.exchange(child, op, items[index:], self.timeouts):
                    yield index, record
                    index += 1
                continue
            except ChildTimedOut:
                if self.timeouts.expired():
                    raise OutOfTime from None
                failure = {"failure": "timeout", "seconds": self.timeouts.per_move}
            except ChildDied as died:
                failure = {"failure": "died", "status": died.status, "stderr": died.stderr}
            except json.JSONDecodeError:
                failure = {"failure": "died", "status": "broke the protocol", "stderr": child.stderr_tail()}
            self.discard()
            yield index, failure
            index += 1
            self.failures.spend()

    def discard(self) -> None:
        if self.child is not None:
            self.child.kill()
            self.child.close()
            self.child = None

    def close(self, deadline: float | None = None) -> None:
        """Stop this worker for good: its child is ended (by ``deadline``) and no other is started."""
        self.closed = True
        for child in (self.child, self.pending):
            if child is not None:
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
