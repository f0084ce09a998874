"""``check_nim``: one Nim submission checked end to end — the lab's conductor until the checker's own lands.

The order of a check: make the private copy and its jail; start the driver
(``speaker.py``) and read what the module holds; recognise the interface
(``detect.py``); then, for a learning AI, the hand-made Q-table checks in
one process, and each seed in a fresh process (its own ``train(n)``, then
its greedy choice in every position); for a minimax player, its move in
every position; judge (``judge.py``, ``bugs.py``) and freeze a
``NimReport``. Student code runs only in the child; whatever it does is a
finding in the report, and a failure of the machine is reported as such.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from perfectplay.check.errors import CheckUsageError, NotGradable
from perfectplay.check.nim import answers
from perfectplay.check.nim.bugs import name_bugs, none_in_play
from perfectplay.check.nim.detect import Interface, detect
from perfectplay.check.nim.judge import judge_play, judge_unit
from perfectplay.check.nim.model import Bug, NimReport, Play, SeedResult, Timing, UnitResult
from perfectplay.check.nim.positions import (
    LAB_START,
    MAX_PILE,
    MAX_PILES,
    MAX_POSITIONS,
    Oracle,
    Piles,
    Rules,
    reachable,
)
from perfectplay.check.nim.questions import unit_cases
from perfectplay.check.nim.speaker import NimSpeaker
from perfectplay.check.run.protocol import ProtocolError
from perfectplay.check.run.sandbox import Isolation, Jail, Limits, choose
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

DEFAULT_GAMES = 10_000
DEFAULT_SEEDS = 3
DEFAULT_BUDGET = 30.0
"""CPU seconds for one seed: its ``train(n)`` and its greedy choice in every position."""
DEFAULT_MOVE = 2.0
"""CPU seconds for one answer of a minimax player, or one hand-made table case."""
MAX_GAMES = 1_000_000
MAX_FAILURES = 10


@dataclass(frozen=True, slots=True)
class NimSettings:
    """What a teacher sets for a Nim check; every field has the lab's default."""

    misere: bool = True
    start: Piles = LAB_START
    kind: str | None = None
    """``learning`` or ``player`` to override what is recognised; None: recognise it."""
    function: str | None = None
    games: int = DEFAULT_GAMES
    seeds: tuple[int, ...] = field(default=(1, 2, 3))
    budget: float = DEFAULT_BUDGET
    move_seconds: float = DEFAULT_MOVE
    memory_mb: int | None = 512
    sandbox: str = "auto"
    pass_mark: float = 0.9
    unit_seed: int = 2026

    def __post_init__(self) -> None:
        if self.kind not in (None, "learning", "player"):
            raise CheckUsageError(f"--nim-ai must be learning or player, not {self.kind!r}")
        if not 1 <= self.games <= MAX_GAMES:
            raise CheckUsageError(f"--train-games must be from 1 to {MAX_GAMES:,}, not {self.games}")
        if not self.seeds or len(self.seeds) > 20:
            raise CheckUsageError("--train-seeds: give from 1 to 20 seeds")
        for label, value in (("--train-budget", self.budget), ("--time-per-move", self.move_seconds)):
            if not 0 < value <= 3600:
                raise CheckUsageError(f"{label} must be seconds above 0 and at most 3600, not {value!r}")
        if not 1 <= len(self.start) <= MAX_PILES or not all(0 <= pile <= MAX_PILE for pile in self.start):
            raise CheckUsageError(f"--start: from 1 to {MAX_PILES} piles of 0 to {MAX_PILE} objects")
        if not any(self.start):
            raise CheckUsageError("--start: the piles must hold at least one object")

    def rules(self, kind: str) -> Rules:
        """The lab's rules for a learning AI (misère from 1,3,5,7, as CS50's Nim); the teacher's for a player."""
        if kind == "learning":
            return Rules(True, LAB_START)
        return Rules(self.misere, self.start)


def parse_start(text: str) -> Piles:
    """``--start 1,3,5,7`` (commas or spaces)."""
    parts = text.replace(",", " ").split()
    if not parts or not all(part.isdigit() and len(part) <= 3 for part in parts):
        raise CheckUsageError(f"--start must be pile sizes such as 1,3,5,7, not {text[:40]!r}")
    return tuple(int(part) for part in parts)


def check_nim(path: str | Path, settings: NimSettings | None = None, target: str | None = None) -> NimReport:
    """Check one Python file; a file that does not exist or is not Python raises ``NotGradable``."""
    settings = settings or NimSettings()
    file = Path(path)
    if not file.is_file():
        raise NotGradable(f"{path}: no such file" if not file.exists() else f"{path} is a folder: give its nim.py")
    if file.suffix != ".py":
        raise NotGradable(f"{path} is not a Python file (.py)")
    file = file.resolve()
    isolation = choose(settings.sandbox)
    total = settings.budget * len(settings.seeds) + settings.move_seconds * 400 + IMPORT_SECONDS
    limits = Limits(settings.memory_mb, total + IMPORT_SECONDS)
    name = target or str(path)
    try:
        jail = Jail(isolation, file.parent, frozenset(), limits)
    except OSError as error:
        return _machine(name, settings, isolation, f"the private copy could not be made ({error.strerror or error})")
    try:
        return _Lab(name, file, jail, isolation, settings, total).run()
    finally:
        jail.close()


def _machine(name: str, settings: NimSettings, isolation: Isolation, reason: str) -> NimReport:
    return NimReport(name, settings.rules(settings.kind or "learning"), "", "", isolation.describe(), machine=reason)


class _Lab:
    """One check's workers, clock and findings."""

    def __init__(self, name: str, file: Path, jail: Jail, isolation: Isolation, settings: NimSettings, total: float):
        self.name = name
        self.file = file
        self.jail = jail
        self.isolation = isolation
        self.settings = settings
        self.clock = Clock(settings.move_seconds, total)
        self.failures = FailureBudget(MAX_FAILURES)
        self.workers: list[Worker] = []
        self.started = time.monotonic()
        self.cpu = 0.0
        self.notes: list[str] = []

    def worker(self, move_seconds: float) -> Worker:
        clock = self.clock
        if move_seconds != clock.move:
            # The same total, a per-request limit of its own (a seed's budget): one Clock per kind of request.
            clock = Clock(move_seconds, clock.total - clock.used)
        found = Worker(NimSpeaker(self.jail, self.file), clock, self.failures, self.jail.env)
        self.workers.append(found)
        return found

    def run(self) -> NimReport:
        try:
            return self._run()
        except MachineFailed as failed:
            return _machine(self.name, self.settings, self.isolation, failed.reason)
        finally:
            close_all(self.workers)

    @property
    def isolation_text(self) -> str:
        return f"{self.isolation.describe()}; {self.jail.accounting()}"

    def report(
        self,
        rules: Rules,
        kind: str = "",
        interface: str = "",
        problem: str | None = None,
        units: tuple[UnitResult, ...] = (),
        seeds: tuple[SeedResult, ...] = (),
        player: Play | None = None,
        bugs: tuple[Bug, ...] = (),
        settings: dict[str, str] | None = None,
        train_cpu: tuple[float, ...] = (),
    ) -> NimReport:
        timing = Timing(time.monotonic() - self.started, self.cpu, train_cpu)
        return NimReport(
            self.name,
            rules,
            kind,
            interface,
            self.isolation_text,
            problem=problem,
            units=units,
            seeds=seeds,
            player=player,
            bugs=bugs,
            notes=tuple(self.notes),
            settings=settings or {},
            pass_mark=self.settings.pass_mark,
            timing=timing,
        )

    def _run(self) -> NimReport:
        first = self.worker(self.settings.move_seconds)
        fallback = self.settings.rules(self.settings.kind or "learning")
        try:
            hello = first.start()
        except ChildTimedOut:
            return self.report(fallback, problem=f"importing it took more than {first.start_limit():g} s")
        except ChildDied as died:
            return self.report(fallback, problem=f"its process {died.status} while importing it")
        except ProtocolError as broken:
            return self.report(fallback, problem=f"its process broke the protocol while importing: {broken}")
        except (OutOfTime, GaveUp):
            return self.report(fallback, problem="it could not be started within the check's time")
        loaded: answers.Loaded = hello["loaded"]
        if loaded.printed:
            self.notes.append(f"importing it printed {loaded.printed:,} characters (not shown)")
        if loaded.error is not None:
            return self.report(fallback, problem=f"{self.file.name} does not load: {loaded.error.show()}")
        found = detect(loaded, self.settings.kind, self.settings.function)
        if isinstance(found, str):
            return self.report(fallback, problem=found)
        rules = self.settings.rules(found.kind)
        if found.kind == "player":
            return self._player(first, found, rules)
        return self._learning(first, found, rules)

    # --- a minimax player ---------------------------------------------------------

    def _player(self, worker: Worker, interface: Interface, rules: Rules) -> NimReport:
        positions = reachable(rules.start)
        if len(positions) > MAX_POSITIONS:
            raise CheckUsageError(f"--start: {len(positions):,} positions to ask, more than {MAX_POSITIONS:,}")
        items = [{"name": interface.name, "piles": list(piles)} for piles in positions]
        got: list[answers.Answer | None] = [None] * len(items)
        try:
            for index, record in worker.stream("move", items):
                self.cpu += float(record.get("cpu", 0.0))
                value = record.get("value")
                if isinstance(value, answers.MoveReply):
                    got[index] = value.answer if value.answer is not None else _raised(value)
        except (OutOfTime, GaveUp) as stop:
            asked = sum(answer is not None for answer in got)
            self.notes.append(f"stopped after {asked} of {len(items)} positions: {_stop_words(stop)}")
        play = judge_play(Oracle(rules), positions, got, self.settings.unit_seed)
        settings = {"positions": f"{len(positions)} (every position reachable from the start)"}
        return self.report(rules, "player", interface.describe(), player=play, settings=settings)

    # --- a learning AI ------------------------------------------------------------

    def _learning(self, worker: Worker, interface: Interface, rules: Rules) -> NimReport:
        units = self._units(worker)
        worker.discard()
        oracle = Oracle(rules)
        positions = reachable(rules.start)
        seeds: list[SeedResult] = []
        train_cpu: list[float] = []
        trainer = self.worker(self.settings.budget)
        for seed in self.settings.seeds:
            trainer.discard()  # a fresh module for every seed: nothing learned carries over
            result, cpu = self._seed(trainer, seed, positions, oracle)
            seeds.append(result)
            train_cpu.append(cpu)
        bugs = list(name_bugs(units, seeds, self.settings.budget, self.settings.games))
        in_play = none_in_play(seeds)
        if in_play is not None and not any(bug.kind == "none_at_zero" for bug in bugs):
            bugs.append(in_play)
        settings = {
            "training": f"train({self.settings.games:,}) with seeds {', '.join(map(str, self.settings.seeds))}, "
            f"{self.settings.budget:g} CPU seconds each",
            "positions": f"{len(positions)} reachable from {','.join(map(str, rules.start))}, "
            f"{sum(oracle.mover_wins(p) for p in positions)} winnable for the side to move",
            "pass mark": f"a winning move in {self.settings.pass_mark:.0%} of the winnable positions, every seed",
        }
        return self.report(
            rules,
            "learning",
            interface.describe(),
            units=tuple(units),
            seeds=tuple(seeds),
            bugs=tuple(bugs),
            settings=settings,
            train_cpu=tuple(train_cpu),
        )

    def _units(self, worker: Worker) -> list[UnitResult]:
        cases = unit_cases(self.settings.unit_seed)
        results: list[UnitResult | None] = [None] * len(cases)
        try:
            for index, record in worker.stream("unit", [case.request() for case in cases]):
                self.cpu += float(record.get("cpu", 0.0))
                value = record.get("value")
                case = cases[index]
                if isinstance(value, answers.UnitReply):
                    results[index] = judge_unit(case, value)
                else:
                    results[index] = UnitResult(case.name, case.title, False, _failure_words(record))
        except (OutOfTime, GaveUp) as stop:
            self.notes.append(f"the hand-made table checks stopped: {_stop_words(stop)}")
        return [
            result if result is not None else UnitResult(case.name, case.title, False, "not asked: the check stopped")
            for case, result in zip(cases, results, strict=True)
        ]

    def _seed(self, worker: Worker, seed: int, positions: list[Piles], oracle: Oracle) -> tuple[SeedResult, float]:
        games = self.settings.games
        item = {"seed": seed, "games": games, "positions": [list(piles) for piles in positions]}
        try:
            for _, record in worker.stream("seed", [item]):
                cpu = float(record.get("cpu", 0.0))
                self.cpu += cpu
                value = record.get("value")
                if not isinstance(value, answers.SeedReply):
                    kind = "timeout" if record.get("failure") == "timeout" else "died"
                    words = _failure_words(record)
                    if kind == "timeout":
                        words = f"train({games:,}) did not finish within {self.settings.budget:g} CPU seconds"
                    return SeedResult(seed, games, False, words, kind), cpu
                return self._trained(seed, value, positions, oracle), cpu
        except (OutOfTime, GaveUp) as stop:
            return SeedResult(seed, games, False, f"not run: {_stop_words(stop)}", "timeout"), 0.0
        return SeedResult(seed, games, False, "not run", "died"), 0.0

    def _trained(self, seed: int, reply: answers.SeedReply, positions: list[Piles], oracle: Oracle) -> SeedResult:
        games = self.settings.games
        if reply.error is not None:
            game = reply.printed_game or reply.games
            where = f" in training game {game:,}" if game else ""
            words = f"train({games:,}) raised {reply.error.show()}{where}"
            return SeedResult(seed, games, False, words, "crash", reply.printed)
        if reply.summary is None:
            words = f"train({games:,}) returned {reply.returned or 'nothing'}, not a NimAI"
            return SeedResult(seed, games, False, words, "returned", reply.printed)
        got: list[answers.Answer | None] = list(reply.answers) + [None] * (len(positions) - len(reply.answers))
        play: Play = judge_play(oracle, positions, got[: len(positions)], seed)
        summary = reply.summary
        known = summary.entries >= 0
        return SeedResult(
            seed,
            games,
            True,
            printed=reply.printed,
            lowest_value=summary.lowest if known else None,
            negative_values=summary.negative if known else None,
            entries=summary.entries if known else None,
            play=play,
        )


def _raised(reply: answers.MoveReply) -> answers.Answer:
    if reply.error is not None:
        return answers.Answer("error", text=f"raised {reply.error.show()}")
    return answers.Answer("other", text=reply.missing or "nothing")


def _failure_words(record: dict[str, object]) -> str:
    if record.get("failure") == "timeout":
        return f"took more than its {record.get('seconds')} s ({record.get('clock')} time)"
    status = str(record.get("status", "died"))
    stderr = str(record.get("stderr", "")).strip().splitlines()
    return f"its process {status}" + (f": {stderr[-1][:200]}" if stderr else "")


def _stop_words(stop: BaseException) -> str:
    if isinstance(stop, OutOfTime):
        return f"the check's time was up ({stop.reason})"
    return f"more than {MAX_FAILURES} time-outs and crashes"
