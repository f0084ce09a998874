"""The conductor: one run of ``perfectplay check`` for any game, the game's part asked of its plug.

The steps, the same for every game (``plug.py`` says what a plug adds):

1. check the settings (``settings.py``) and find the submission: a Python
   file, or a ``--command`` program (``submission.py``);
2. copy and jail it (``run/sandbox.py``), show it the installed packages
   the teacher allowed (``run/allowed.py``) and the plug's driver;
3. start its processes (``run/worker.py``) and read what importing it
   showed; a start that fails is the submission's problem, in words;
4. the plug recognises its interface, draws its questions and asks them
   through a ``session.Conversation`` (its simple questions first, when
   recognising heard no answer: whether it answers at all);
5. the transcript (``plug.CheckRecord``) goes to the plug's judge, which
   freezes the report; ``--transcript`` saves it and ``replay_record``
   judges it again without running the student.

A failure of the machine (a full disk, a sandbox that cannot start) is
never the submission's: it is the plug's "not graded" report, exit 3.
"""

from __future__ import annotations

import os
import shlex
import time
from pathlib import Path
from typing import Any, TypeVar

from perfectplay.check.errors import CheckUsageError
from perfectplay.check.judge import sample
from perfectplay.check.plug import CheckRecord, GamePlug, GameReport, LoadedModule, Packages, Recognised
from perfectplay.check.records import load_record, save_record
from perfectplay.check.run import worker as run_worker
from perfectplay.check.run.allowed import grant
from perfectplay.check.run.candidate import CandidateWorker, close_all
from perfectplay.check.run.chance import Chance
from perfectplay.check.run.failures import SILENT_TIMEOUTS
from perfectplay.check.run.plug_speakers import DriverSpeaker, LineSpeaker
from perfectplay.check.run.protocol import ProtocolError
from perfectplay.check.run.sandbox import Isolation, Jail, ProcessLimits, choose
from perfectplay.check.run.speakers import Speaker
from perfectplay.check.run.worker import (
    ChildDied,
    ChildTimedOut,
    Clock,
    FailureBudget,
    GaveUp,
    MachineFailed,
    OutOfTime,
)
from perfectplay.check.session import Conversation
from perfectplay.check.settings import GameSettings
from perfectplay.check.submission import command_argv, command_folder, make_jail, python_file

DRAWING = "drawing its questions"
"""The progress phase of ``GamePlug.draw``: the candidate was recognised, and its questions are being made."""
MAX_FAILURES = 25
"""Time-outs and crashes a check tolerates before it stops asking."""

R = TypeVar("R", bound=GameReport)


def conduct(plug: GamePlug[R, Any], settings: GameSettings) -> R:
    """Check the submission ``settings.candidate`` names at ``plug``'s game; everything it does is in the report.

    Raises ``CheckUsageError`` when the check cannot start, ``NotGradable`` when the submission cannot be
    checked at all (no such file; no interface recognised in a module that loaded).
    """
    candidate, limits = settings.candidate, settings.limits
    limits.validate()
    settings.grading.validate()
    candidate.validate()
    sandbox = candidate.sandbox
    isolation = sandbox if isinstance(sandbox, Isolation) else choose(sandbox)
    hard = ProcessLimits(limits.memory_mb, limits.total_seconds + limits.move_seconds + run_worker.IMPORT_SECONDS)
    exclude = frozenset(Path(other).resolve() for other in candidate.others)
    argv: list[str] = []
    if candidate.command is not None:
        refused = [option.flag for option in plug.options if option.interface and settings.hint.get(option.key)]
        if refused:
            raise CheckUsageError(f"{', '.join(refused)}: how a Python file is read, not for --command")
        argv = command_argv(candidate.command)
        target = candidate.name or shlex.join(argv)
        jail = make_jail(isolation, command_folder(argv), exclude, hard)
    else:
        assert candidate.path is not None
        file = python_file(Path(candidate.path))
        target = candidate.name or str(candidate.path)
        jail = make_jail(isolation, file.parent, exclude - {file}, hard, file)
    if isinstance(jail, str):
        return plug.machine_failed(target, isolation.describe(), jail, ())
    try:
        if plug.driver is not None:
            jail.drivers = {plug.driver.name: plug.driver.path}
        # Its hash seed and its random numbers come from the check's seed: the same seed, the same grade.
        jail.chance = Chance(settings.grading.seed)
        allowed = plug.defaults.allowed_packages if settings.allow_packages is None else settings.allow_packages
        folders, missing = grant(jail, list(allowed), jail.copy.parent / "allowed")
        granted = tuple(package for package in allowed if package not in missing)
        packages = Packages(granted, tuple(missing), tuple(folders))
        speakers: list[Speaker]
        if argv:
            speakers = [LineSpeaker(jail, argv, plug.command_lines)]
        else:
            count = max(1, min(limits.workers, os.cpu_count() or 1))
            speakers = [DriverSpeaker(jail, file, plug.clean) for _ in range(count)]
        run = _Run(plug, settings, target, isolation, jail, speakers, packages)
        try:
            record = run.run(argv)
        except MachineFailed as failed:
            return plug.machine_failed(target, isolation.describe(), failed.reason, tuple(run.session.notes))
        except (MemoryError, RuntimeError) as error:
            # The checker's own process out of memory (its solver, under a tight ulimit) or of threads is the
            # machine's failure: "the checker failed on this submission" told the student to fix it.
            if isinstance(error, RuntimeError) and "can't start new thread" not in str(error):
                raise
            reason = "the checker ran out of memory" if isinstance(error, MemoryError) else f"the checker: {error}"
            return plug.machine_failed(target, isolation.describe(), reason, tuple(run.session.notes))
    finally:
        jail.close()
    if settings.output.transcript is not None:
        save_record(record, settings.output.transcript)
    return plug.judge(record)


def replay_record(plug: GamePlug[R, Any], path: str | os.PathLike[str]) -> R:
    """The report of a transcript ``--transcript`` saved, judged again without running the student."""
    record = load_record(path)
    if record.game != plug.name:
        raise CheckUsageError(f"--replay {os.fspath(path)}: a transcript of {record.game}, not of {plug.name}")
    try:
        return plug.judge(record)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as error:
        # The digest is a plain hash anyone can redo: a body the judge cannot read (an answer's column 1.5, a
        # position's scores cut short, a game that is a number) was not written by a check, and is refused.
        raise CheckUsageError(
            f"--replay {os.fspath(path)}: not a check transcript ({type(error).__name__}: {error})"
        ) from None


class _Run:
    """One check's processes, from starting them to the transcript."""

    def __init__(
        self,
        plug: GamePlug[Any, Any],
        settings: GameSettings,
        target: str,
        isolation: Isolation,
        jail: Jail,
        speakers: list[Speaker],
        packages: Packages,
    ) -> None:
        self.plug = plug
        self.settings = settings
        self.target = target
        self.isolation = isolation
        self.jail = jail
        self.started = time.monotonic()
        limits = settings.limits
        total = limits.total_seconds
        if limits.budget_seconds is not None:
            # A grader's budget is the candidate's CPU time and its waiting, never the wall clock.
            total = min(total, limits.budget_seconds * sample.CPU_SHARE)
        self.clock = Clock(limits.move_seconds, total, wall=limits.wall_seconds, waiting=limits.budget_seconds)
        failures = FailureBudget(MAX_FAILURES, silent=SILENT_TIMEOUTS)
        self.workers = [CandidateWorker(speaker, self.clock, failures, jail.env, jail.chance) for speaker in speakers]
        self.session = Conversation(
            target,
            self.workers,
            self.clock,
            limits,
            settings.grading,
            settings.output.progress,
            packages,
            isolation.sandboxed,
            self._isolation,
            self.started,
        )

    def _isolation(self) -> str:
        return f"{self.isolation.describe(self.jail.granted)}; {self.jail.accounting()}"

    def run(self, argv: list[str]) -> CheckRecord:
        try:
            return self._run(argv)
        finally:
            close_all(self.workers)

    def _run(self, argv: list[str]) -> CheckRecord:
        for worker in self.workers:
            worker.launch()
        self.session.progress("starting", 0, 1)
        first = self.workers[0]
        try:
            raw = first.start()  # a program's start reads nothing: it is only started early
        except ChildTimedOut:
            return self._record(problem=f"starting it took longer than the {first.start_limit():g} s allowed")
        except ChildDied as died:
            return self._record(problem=f"its process {died.status} while starting" + _last_line(died.stderr))
        except ProtocolError as broken:
            return self._record(problem=f"its process broke the protocol while starting: it {broken}")
        except (OutOfTime, GaveUp):
            return self._record(problem="the check's time limit ran out while starting it")
        loaded = LoadedModule(functions={}, command=tuple(argv)) if argv else _loaded(raw)
        recognised = self.plug.recognise(self.session, loaded, self.settings.hint)
        if isinstance(recognised, str):
            return self._record(problem=recognised)
        # Drawing may be long (Connect Four solves the positions it draws): said, so that a front end can say why.
        self.session.progress(DRAWING, 0, 1)
        draw = self.plug.draw(recognised, self.settings.grading)
        self.session.liveness(self.plug.simple_questions(recognised, draw))
        body = self.plug.ask(self.session, recognised, draw)
        return self._record(recognised=recognised, body=body)

    def _record(
        self, recognised: Recognised | None = None, problem: str | None = None, body: Any = None
    ) -> CheckRecord:
        limits = self.settings.limits
        return CheckRecord(
            game=self.plug.name,
            target=self.target,
            isolation=self._isolation(),
            limits={
                "move_seconds": limits.move_seconds,
                "total_seconds": limits.total_seconds,
                "budget_seconds": limits.budget_seconds,
                "wall_seconds": limits.wall_seconds,
                "wall_label": limits.wall_label,
                "backstop": self.clock.backstop,
                "max_failures": MAX_FAILURES,
            },
            recognised=recognised,
            problem=problem,
            stopped=self.session.stopped,
            notes=tuple(self.session.notes),
            wall=time.monotonic() - self.started,
            body=body or {},
            sandboxed=self.isolation.sandboxed,
        )


def _loaded(raw: dict[str, Any]) -> LoadedModule:
    error = raw.get("error")
    return LoadedModule(
        functions=raw.get("functions", {}),
        classes=raw.get("classes", {}),
        error=error if isinstance(error, dict) else None,
        output=str(raw.get("output", "")),
        printed=int(raw.get("printed", 0)),
        read_stdin=bool(raw.get("read_stdin", False)),
        raw=raw,
    )


def _last_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    return f" ({lines[-1].strip()})" if lines else ""
