"""``Conversation``: what the conductor lends a game plug while it recognises and asks (``plug.Session``).

It holds the check's candidate processes (``run.worker.Worker``), their
shared clock and failure budget; a plug asks through it and never touches a
process or the clock. Game-free: a question's payload is the plug's own.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from perfectplay.check.plug import Asker, Json, Packages, Question
from perfectplay.check.run.candidate import CandidateWorker
from perfectplay.check.run.failures import (
    ChildDied,
    ChildTimedOut,
    FailureBudget,
    GaveUp,
    NotFlushing,
    OutOfTime,
    ShareOf,
)
from perfectplay.check.run.protocol import ProtocolError
from perfectplay.check.run.speakers import RunnerSpeaker
from perfectplay.check.run.sweep import STOPS, Progress, ask, balance, stop_reason
from perfectplay.check.run.worker import Clock
from perfectplay.check.settings import Grading, Limits

PROBE_FAILURES = 3
"""Failed starts a probe of one reading tolerates (an answer that times out or crashes ends the probe at once)."""
PROBE_FAILURES_IN_ALL = 12
"""Time-outs and crashes all the readings of a probe tolerate together: a program that dies on every question
cannot make the probe start a process for each question of each reading."""

T = TypeVar("T")


class _Lane:
    """One worker's process asked one question at a time (``plug.Asker``)."""

    def __init__(self, worker: CandidateWorker) -> None:
        self.worker = worker
        self.job = ""
        """The job this lane runs now (``in_parallel``): its questions' name for ``Chance``, whatever lane runs it."""

    def __call__(self, question: Question) -> dict[str, Any]:
        speaker = self.worker.speaker
        speaker.limit = question.seconds
        try:
            return next(iter(self.worker.stream(question.op, [question.item], [f"{self.job}/{question.key}"])))[1]
        finally:
            speaker.limit = None

    def fresh(self) -> None:
        self.worker.discard()


@dataclass(eq=False)
class Conversation:
    """One check's candidate processes, lent to its plug (``plug.Session``).

    Plain attributes: the protocol's read-only properties, as the plug sees them.
    """

    target: str
    pool: list[CandidateWorker]
    clock: Clock
    limits: Limits
    grading: Grading
    reporter: Progress | None
    """Where ``progress`` reports (the front end's callback), or None."""
    packages: Packages
    sandboxed: bool
    isolation: Callable[[], str] = lambda: ""
    """How the candidate is isolated and counted, in words (read when the transcript is made)."""
    started: float = 0.0
    stopped: str | None = field(default=None, init=False)
    """Why asking stopped early, or None (``plug.Session.stopped``)."""
    notes: list[str] = field(default_factory=list, init=False)
    _probe_failures: FailureBudget = field(
        default_factory=lambda: FailureBudget(PROBE_FAILURES_IN_ALL), init=False, repr=False
    )

    @property
    def workers(self) -> int:
        return len(self.pool)

    def use(self, runner: Mapping[str, Json]) -> bool:
        message = dict(runner)
        accepted = True
        for index, worker in enumerate(self.pool):
            speaker = worker.speaker
            if not isinstance(speaker, RunnerSpeaker):
                continue
            speaker.interface = message
            if worker.child is None:
                continue
            try:
                reply = RunnerSpeaker.use(worker.child, message, self.clock, worker.start_limit())
            except (ChildTimedOut, ChildDied, ProtocolError, OutOfTime):
                reply = {"ok": False}
            if not reply.get("ok"):
                worker.discard()
                accepted = accepted and index != 0
        return accepted

    def probe(
        self,
        runner: Mapping[str, Json],
        questions: Sequence[Question],
        stop_at_failure: bool = True,
        until: Callable[[Sequence[dict[str, Any]]], bool] | None = None,
        moves: bool = True,
    ) -> list[dict[str, Any]] | None:
        if not self.use(runner):
            # Refused: ruled out at once, or (going on past failures) a reading with no answers.
            return None if stop_at_failure else []
        worker = self.pool[0]
        allowed = PROBE_FAILURES if stop_at_failure else len(questions)
        budget, worker.failures = worker.failures, ShareOf(allowed, self._probe_failures)
        records: list[dict[str, Any]] = []
        try:
            for op in dict.fromkeys(question.op for question in questions):
                items = [question.item for question in questions if question.op == op]
                for _, record in worker.stream(op, items):
                    if moves:
                        budget.probed(record)  # whether it answers at all: ``SILENT_TIMEOUTS``
                    if "failure" in record and stop_at_failure:
                        return None
                    records.append(record)
                    if until is not None and until(records):
                        return records
        except (OutOfTime, NotFlushing):
            return None
        except GaveUp:
            if stop_at_failure:
                return None
        except (ChildTimedOut, ChildDied, ProtocolError):
            worker.discard()
            return None
        finally:
            worker.failures = budget
        return records

    def liveness(self, questions: Sequence[Question]) -> None:
        """Ask the plug's simple ``questions`` (``GamePlug.simple_questions``) on the first process, unless it
        answered or ran out of time already, until one is answered or fails: what tells the check's failure budget
        whether the candidate answers at all (``FailureBudget.probed``). Their answers are not the transcript's."""
        worker = self.pool[0]
        whole = worker.failures
        if not questions or whole.heard or whole.armed:
            return
        # A budget of its own: failing here is not one of the check's failures, only what it tells.
        worker.failures = FailureBudget(len(questions))
        speaker = worker.speaker
        try:
            for question in questions:
                speaker.limit = None if question.seconds is None else min(self.clock.move, question.seconds)
                # The whole stream, never left at its answer: a line of words (a welcome line) is known out of step
                # only after it, and its process is then ended, so the next question's answer is not this one's.
                records = [record for _, record in worker.stream(question.op, [question.item])]
                for record in records:
                    whole.probed(record)
                if whole.heard or any("failure" in record for record in records):
                    return
        except (OutOfTime, NotFlushing, GaveUp):
            return
        except (ChildTimedOut, ChildDied, ProtocolError):
            worker.discard()
        finally:
            worker.failures = whole
            speaker.limit = None

    def ask(self, phase: str, questions: Sequence[Question]) -> dict[str, list[dict[str, Any]]]:
        into: dict[str, list[dict[str, Any]]] = {}
        cost = {question.key: question.cost for question in questions}
        for op in dict.fromkeys(question.op for question in questions):
            if self.stopped is not None:
                break
            items = [(question.key, question.item) for question in questions if question.op == op]
            shares = balance(items, lambda key: cost[key], len(self.pool))
            if any(shares):
                self.stopped = ask(self.pool, op, shares, phase, self.reporter, into)
        return into

    def in_parallel(self, phase: str, jobs: Sequence[Callable[[Asker], T]]) -> list[T | None]:
        results: dict[int, T] = {}
        waiting: queue.Queue[int] = queue.Queue()
        for index in range(len(jobs)):
            waiting.put(index)
        stops: list[str] = []

        def drive(worker: CandidateWorker) -> None:
            lane = _Lane(worker)
            while not stops:
                try:
                    index = waiting.get_nowait()
                except queue.Empty:
                    return
                lane.job = f"{phase} {index}"
                try:
                    results[index] = jobs[index](lane)
                except STOPS as stop:
                    stops.append(stop_reason(stop))
                finally:
                    self.progress(phase, len(results), len(jobs))

        threads = [threading.Thread(target=drive, args=(worker,), daemon=True) for worker in self.pool]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if stops and self.stopped is None:
            self.stopped = stops[0]
        return [results.get(index) for index in range(len(jobs))]

    def renew(self) -> None:
        for worker in self.pool:
            worker.discard()

    def note(self, text: str) -> None:
        self.notes.append(text)

    def progress(self, phase: str, done: int, total: int) -> None:
        if self.reporter is not None:
            self.reporter(phase, done, total)
