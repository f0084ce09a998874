"""``CandidateWorker``: one candidate process at a time for one speaker, restarted after each time-out or crash.

Questions go out in order and every answer must come within the per-move
limit (``worker.py``'s clock); a child that runs over is killed and one that
dies is buried, the question that caused it becomes a ``timeout`` or ``died``
record, and a fresh child carries on from the next question. A check stops
restarting after its ``FailureBudget``, and stops asking when its time is up.
"""

from __future__ import annotations

import concurrent.futures
import time
from collections.abc import Iterator, Sequence
from typing import Any

from perfectplay.check.run import worker as run_worker
from perfectplay.check.run.chance import Chance
from perfectplay.check.run.failures import (
    ChildDied,
    ChildTimedOut,
    FailureBudget,
    GaveUp,
    MachineFailed,
    OutOfStep,
)
from perfectplay.check.run.protocol import ProtocolError
from perfectplay.check.run.speakers import Speaker
from perfectplay.check.run.worker import Child, Clock

_SPAWNER = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="perfectplay-check-spawner")
"""Every child is started from this one long-lived thread: bubblewrap's --die-with-parent kills the
sandbox when the *thread* that started it ends (PR_SET_PDEATHSIG), and the threads that ask
questions end with each phase of the check."""


class CandidateWorker:
    """One child at a time for one speaker, restarted after each time-out or crash."""

    def __init__(
        self,
        speaker: Speaker,
        clock: Clock,
        failures: FailureBudget,
        env: dict[str, str],
        chance: Chance | None = None,
    ) -> None:
        self.speaker = speaker
        self.clock = clock
        self.failures = failures
        self.env = env
        self.chance = chance
        """The check's ``Chance``: each question's number, seeded in the candidate just before it is asked."""
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
        for _ in range(run_worker.MACHINE_RETRIES + 1):
            try:
                group = jail.new_group()
            except OSError as error:
                reason = f"a cgroup for the candidate could not be made ({error.strerror or error})"
                continue
            try:
                kept = jail.reach.kept if jail.reach is not None else ()
                return _SPAWNER.submit(Child, argv, cwd, self.env, jail.files, group, kept).result()
            except (OSError, RuntimeError) as error:  # RuntimeError: no thread could be started to read it
                if group is not None:
                    group.remove()
                why = error.strerror if isinstance(error, OSError) and error.strerror else error
                reason = f"the candidate's process could not be started ({why})"
        raise MachineFailed(reason)

    def start_limit(self) -> float:
        return max(self.clock.move, run_worker.IMPORT_SECONDS)

    def start(self) -> dict[str, Any]:
        """Start a child (if none is running) and return what it said on starting."""
        for attempt in range(run_worker.MACHINE_RETRIES + 1):
            if self.failures.exhausted or self.closed:
                raise GaveUp
            self.clock.check()
            child = self.pending or self._spawn()
            self.pending = None
            if self.clock.starvation is not None:  # its queueing is not charged to a class run's wall bound
                self.clock.starvation.watch(child.process.pid)
            self.starts += 1
            try:
                hello = self.speaker.handshake(child, self.clock, self.start_limit())
                # Importing it ran its code: that CPU time is the candidate's, as a move's is.
                self.charge(child)
                if self.closed:  # closed by another thread (Ctrl-C) while this one was starting
                    raise GaveUp
            except (ChildDied, ChildTimedOut) as failed:
                ready = child.ready()
                elsewhere = _killed_elsewhere(child) if isinstance(failed, ChildDied) else None
                self._bury(child)
                if ready and elsewhere is None:
                    raise
                # It ended before it was ready (the sandbox, the limits or the user could not be set up), or a
                # pool of memory it shares ran out: the machine's failure either way.
                last = failed.stderr if isinstance(failed, ChildDied) else ""
                why = failed.status if isinstance(failed, ChildDied) else "took too long"
                prepared = f"the candidate's sandboxed process could not be prepared (it {why}){_last_line(last)}"
                reason = elsewhere or prepared
                if attempt == run_worker.MACHINE_RETRIES:
                    raise MachineFailed(reason) from None
                continue
            except BaseException:
                self._bury(child)
                raise
            self.child = child
            return hello
        raise AssertionError("unreachable")

    def stream(
        self, op: str, items: Sequence[Any], names: Sequence[str] | None = None
    ) -> Iterator[tuple[int, dict[str, Any]]]:
        """Answer every item in order as ``(index, record)``; a failure is a record too.

        ``names`` tells apart, for ``Chance``, questions alike that different
        askers ask at once. Raises ``OutOfTime`` or ``GaveUp`` when the check
        must stop, ``NotFlushing`` when a program turns out to buffer its
        answers; the items not yet yielded were not asked.
        """
        index = retries = 0
        # Taken once for the whole list: a question asked again after a machine's failure keeps its number.
        draws = self.chance.numbers(op, items, names) if self.chance is not None else []
        while index < len(items):
            if self.child is not None and self.child.owed:
                # A batch left unread (the asking stopped halfway through it): its answers would be taken for the
                # next questions'. Not the candidate's failure: a fresh process carries on, its time charged.
                self.discard()
            if self.child is None:
                try:
                    self.start()
                except ChildTimedOut:
                    self.failures.spend(timed_out=True)
                    continue
                except (ChildDied, ProtocolError):
                    self.failures.spend()
                    continue
            child = self.child
            assert child is not None
            failure: dict[str, Any]
            try:
                for record in self.speaker.exchange(child, op, items[index:], self.clock, draws[index:]):
                    refused = _refused_elsewhere(child, record)
                    if refused is not None:
                        # Not the candidate's limit: ask again on a fresh process, then give up on the machine.
                        retries += 1
                        if retries > run_worker.MACHINE_RETRIES:
                            raise MachineFailed(refused)
                        self.discard()
                        break
                    self.clock.spend(record["cpu"], record.get("waited", 0.0))
                    child.charged += record["cpu"]
                    self.clock.check()
                    limit = self.speaker.limit or self.clock.move
                    self.failures.answered()  # an answer over the limit too: it answers, slowly
                    if record["cpu"] > limit:
                        # Answered, but over its CPU limit: the same verdict on any machine.
                        record = {"failure": "timeout", "clock": "cpu", "seconds": limit}
                    yield index, record
                    index += 1
                continue
            except OutOfStep:
                # Its last answer (recorded) was words: a fresh process is asked the rest, in step; a failure spent.
                self.discard()
                self.failures.spend()
                self.clock.check()
                continue
            except ChildTimedOut as late:
                # A move stopped at its limit used the candidate's time too: the whole check's limits count it, so
                # an answer that always spins ends the check when its time is up, not only after MAX_FAILURES.
                self.clock.spend(late.cpu, late.waited)
                child.charged += late.cpu
                failure = {"failure": "timeout", "clock": late.clock, "seconds": late.seconds}
            except ChildDied as died:
                elsewhere = _killed_elsewhere(child)
                if elsewhere is not None:
                    # Not its own limit: ask again on a fresh process, then give up on the machine.
                    retries += 1
                    if retries > run_worker.MACHINE_RETRIES:
                        raise MachineFailed(elsewhere) from None
                    self.discard()
                    continue
                failure = {"failure": "died", "status": died.status, "stderr": died.stderr}
            except ProtocolError as broken:
                failure = {"failure": "died", "status": f"broke the protocol: it {broken}", "stderr": ""}
            self.discard()
            yield index, failure
            index += 1
            self.failures.spend(timed_out=failure["failure"] == "timeout")
            self.clock.check()

    def charge(self, child: Child) -> None:
        """Charge the check's clock whatever CPU time of ``child`` it was not charged yet.

        Answers are charged as they come; this catches the rest: its import, a move that ended in a crash,
        what it computed between questions. A process that ended before it was ready ran nothing of the
        candidate's (the machine's failure): it is not charged.
        """
        if not child.ready():
            return
        unpaid = child.cpu() - child.charged
        if unpaid > 0:
            self.clock.spend(unpaid)
            child.charged += unpaid

    def _bury(self, child: Child) -> None:
        self.stderr_capped = self.stderr_capped or child.stderr.capped
        child.kill()
        # Read after the kill, before its cgroup goes: every second it used, up to its end, is charged.
        self.charge(child)
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
                self.charge(child)
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


def _killed_elsewhere(child: Child) -> str | None:
    """Why the machine (not the candidate's own memory limit) ended its process, if that is what happened: the
    kernel killed it for memory while its own limit was never reached (``CGroup.killed_elsewhere``)."""
    if child.group is not None and child.group.killed_elsewhere():
        return "the kernel killed the candidate's process for memory its own limit never reached (a pool it shares)"
    return None


def close_all(workers: Sequence[CandidateWorker]) -> None:
    """Close every worker, giving their children one shared grace period rather than one each."""
    for worker in workers:
        worker.closed = True
        for child in (worker.child, worker.pending):
            if child is not None:
                child.close_input()
    deadline = time.monotonic() + run_worker.CLOSE_GRACE
    for worker in workers:
        worker.close(deadline)
