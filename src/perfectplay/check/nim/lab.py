"""``check_nim``: one Nim submission through the Nim plug, on the checker's run primitives (``check/run/``).

A thin stand-in for the checker's one conductor (issue 41) until it can
run a plug: it makes the private copy and its jail, starts the driver
(``speaker.py``), reads what importing the module showed, and lends the
plug a ``Session`` (``plug.Session``) whose questions go to ``Worker``s,
which time each answer in the candidate's CPU time and restart a process
after a time-out or a crash. Then the plug judges the transcript. Student
code runs only in the child; a failure of the machine is reported as such.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from perfectplay.check.errors import NotGradable
from perfectplay.check.nim import answers
from perfectplay.check.nim.model import NimReport
from perfectplay.check.nim.plug import PLUG
from perfectplay.check.nim.speaker import NimSpeaker
from perfectplay.check.plug import CheckRecord, Json, LoadedModule, Question, Recognised
from perfectplay.check.run.protocol import ProtocolError
from perfectplay.check.run.sandbox import Isolation, Jail, choose
from perfectplay.check.run.sandbox import Limits as ProcessLimits
from perfectplay.check.run.worker import (
    IMPORT_SECONDS,
    ChildDied,
    ChildTimedOut,
    Clock,
    FailureBudget,
    GaveUp,
    MachineFailed,
    OutOfTime,
    Worker,
    close_all,
)
from perfectplay.check.settings import Grading, Limits

T = TypeVar("T")

MAX_FAILURES = 10
"""Time-outs and crashes one check tolerates before it stops asking."""


@dataclass(frozen=True, slots=True)
class NimCheck:
    """One Nim check's settings: the teacher's flags for the plug (``hint``), the limits, the seed."""

    hint: Mapping[str, str] = field(default_factory=dict)
    move_seconds: float = PLUG.defaults.move_seconds
    total_seconds: float = PLUG.defaults.total_seconds
    memory_mb: int | None = PLUG.defaults.memory_mb
    seed: int = PLUG.defaults.seed
    sandbox: str | Isolation = "auto"


def check_nim(path: str | Path, settings: NimCheck | None = None, target: str | None = None) -> NimReport:
    """Check one Python file; a file that is not there or not Python raises ``NotGradable``."""
    settings = settings or NimCheck()
    file = Path(path)
    if not file.is_file():
        raise NotGradable(f"{path}: no such file" if not file.exists() else f"{path} is a folder: give its nim.py")
    if file.suffix != ".py":
        raise NotGradable(f"{path} is not a Python file (.py)")
    limits = Limits(settings.move_seconds, settings.total_seconds, settings.memory_mb, workers=1)
    limits.validate()
    isolation = settings.sandbox if isinstance(settings.sandbox, Isolation) else choose(settings.sandbox)
    name = target or str(path)
    process = ProcessLimits(settings.memory_mb, settings.total_seconds + IMPORT_SECONDS)
    try:
        jail = Jail(isolation, file.resolve().parent, frozenset(), process)
    except OSError as error:
        reason = f"the private copy of the submission could not be made ({error.strerror or error})"
        return PLUG.machine_failed(name, isolation.describe(), reason, ())
    session = _Session(name, file.resolve(), jail, limits, Grading(seed=settings.seed))
    try:
        return session.run(settings.hint, isolation.describe())
    except MachineFailed as failed:
        return PLUG.machine_failed(name, isolation.describe(), failed.reason, tuple(session.notes))
    finally:
        session.close()
        jail.close()


class _Asker:
    """One process for the plug's jobs: asked one question at a time; ``fresh`` starts a new one."""

    def __init__(self, session: _Session) -> None:
        self.session = session
        self.worker: Worker | None = None

    def __call__(self, question: Question) -> dict[str, Any]:
        seconds = question.seconds or self.session.limits.move_seconds
        if self.worker is None or self.worker.clock.move != seconds:
            self.fresh()
            self.worker = self.session.worker(seconds)
        return self.session.one(self.worker, question)

    def fresh(self) -> None:
        if self.worker is not None:
            self.worker.discard()


class _Session:
    """The plug's ``Session`` on the run primitives: one process at a time, in order."""

    def __init__(self, target: str, file: Path, jail: Jail, limits: Limits, grading: Grading) -> None:
        self._target = target
        self.file = file
        self.jail = jail
        self._limits = limits
        self._grading = grading
        self.failures = FailureBudget(MAX_FAILURES)
        self.used = 0.0
        self.workers_made: list[Worker] = []
        self.notes: list[str] = []
        self._stopped: str | None = None

    # --- the Session protocol -------------------------------------------------------------

    @property
    def target(self) -> str:
        return self._target

    @property
    def workers(self) -> int:
        return 1

    @property
    def limits(self) -> Limits:
        return self._limits

    @property
    def grading(self) -> Grading:
        return self._grading

    @property
    def stopped(self) -> str | None:
        return self._stopped

    def use(self, runner: Mapping[str, Json]) -> bool:
        return True  # the standalone driver needs no reading chosen: the questions say what they ask

    def probe(self, runner: Mapping[str, Json], questions: Sequence[Question]) -> list[dict[str, Any]] | None:
        records = [self.one(self.worker(self._limits.move_seconds), question) for question in questions]
        return None if any("failure" in record for record in records) else records

    def ask(self, phase: str, questions: Sequence[Question]) -> dict[str, list[dict[str, Any]]]:
        found: dict[str, list[dict[str, Any]]] = {}
        if not questions or self._stopped is not None:
            return found
        worker = self.worker(self._limits.move_seconds)
        try:
            for index, record in worker.stream("drive", [question.item for question in questions]):
                self.used += float(record.get("cpu", 0.0))
                found.setdefault(questions[index].key, []).append(record)
        except (OutOfTime, GaveUp) as stop:
            self._stop(stop)
        return found

    def in_parallel(self, phase: str, jobs: Sequence[Callable[[Any], T]]) -> list[T | None]:
        results: list[T | None] = []
        for job in jobs:
            if self._stopped is not None:
                results.append(None)
                continue
            asker = _Asker(self)
            results.append(job(asker))
            asker.fresh()
        return results

    def note(self, text: str) -> None:
        self.notes.append(text)

    def progress(self, phase: str, done: int, total: int) -> None:
        return None

    # --- the run ------------------------------------------------------------------------------

    def worker(self, move_seconds: float) -> Worker:
        """A worker whose questions may each take ``move_seconds`` of CPU, within what is left of the total."""
        clock = Clock(move_seconds, max(self._limits.total_seconds - self.used, 0.001))
        made = Worker(NimSpeaker(self.jail, self.file, PLUG.clean), clock, self.failures, self.jail.env)
        self.workers_made.append(made)
        return made

    def one(self, worker: Worker, question: Question) -> dict[str, Any]:
        """One question's record; ``{}`` when the check's limits stopped it before an answer."""
        if self._stopped is not None:
            return {}
        try:
            for _, record in worker.stream("drive", [question.item]):
                self.used += float(record.get("cpu", 0.0))
                return record
        except (OutOfTime, GaveUp) as stop:
            self._stop(stop)
        return {}

    def _stop(self, stop: BaseException) -> None:
        if isinstance(stop, OutOfTime):
            self._stopped = stop.reason
        else:
            self._stopped = "failures"

    def run(self, hint: Mapping[str, str], isolation: str) -> NimReport:
        started = time.monotonic()
        first = self.worker(self._limits.move_seconds)
        problem: str | None = None
        recognised: Recognised | None = None
        body: Mapping[str, Json] = {}
        try:
            loaded = first.start()["loaded"]
        except ChildTimedOut:
            problem = f"importing it took more than the {first.start_limit():g} s allowed"
        except ChildDied as died:
            problem = f"its process {died.status} while importing it"
        except ProtocolError as broken:
            problem = f"its process broke the protocol while importing it: it {broken}"
        except (OutOfTime, GaveUp):
            problem = "it could not be started within the check's time"
        else:
            assert isinstance(loaded, LoadedModule)
            if loaded.printed:
                self.note(f"importing it printed {loaded.printed:,} characters (not shown)")
            if loaded.error is not None:
                problem = f"{self.file.name} does not load: {answers.raised(dict(loaded.error)).show()}"
            else:
                found = PLUG.recognise(self, loaded, hint)
                if isinstance(found, str):
                    problem = found
                else:
                    recognised = found
                    self.notes.extend(found.notes)
                    first.discard()
                    body = PLUG.ask(self, found, PLUG.draw(found, self._grading))
        record = CheckRecord(
            game=PLUG.name,
            target=self._target,
            isolation=f"{isolation}; {self.jail.accounting()}",
            limits={"move_seconds": self._limits.move_seconds, "total_seconds": self._limits.total_seconds},
            recognised=recognised,
            problem=problem,
            stopped=self._stopped,
            notes=tuple(self.notes),
            wall=time.monotonic() - started,
            body=body,
        )
        return PLUG.judge(record)

    def close(self) -> None:
        close_all(self.workers_made)
