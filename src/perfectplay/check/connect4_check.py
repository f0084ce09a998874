"""``check_connect4``: a student's Connect Four agent, judged position by position against exact play.

The same floors as tic-tac-toe's ``check_ai``: the agent runs in the
sandboxed child processes of ``run/`` (the runner, read through
``run/connect4_runner.py``, or a ``--command`` program); this process asks
it the suite's positions (``judge/connect4_suite.py``: shipped exact scores,
so a check costs the agent's time, not the solver's), judges every answer
(``judge/connect4_judge.py``), plays it against perfectplay's levels
(``judge/connect4_opponents.py``), and returns a frozen
``Connect4Report``. Whatever the agent does is in the report, never a
traceback.
"""

from __future__ import annotations

import os
import queue
import random
import shlex
import statistics
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from perfectplay import Connect4
from perfectplay.check.api import _command_argv, _command_folder, _jail, _python_file
from perfectplay.check.errors import CheckUsageError, NotGradable
from perfectplay.check.judge.connect4_detect import (
    PIECES,
    Reading,
    candidates,
    choose_reading,
    probe_positions,
    score_probe,
    style_of,
)
from perfectplay.check.judge.connect4_judge import Judgement, best_columns, good_columns, judge
from perfectplay.check.judge.connect4_opponents import LADDER, opponent_move, state_cells
from perfectplay.check.judge.connect4_suite import PHASES, SuitePosition, load_suite, sample_suite
from perfectplay.check.report.connect4_model import (
    Blunder,
    Connect4Report,
    Connect4Timing,
    Failure,
    GameRecord,
    PhaseRates,
)
from perfectplay.check.report.connect4_score import GAME_POINTS
from perfectplay.check.run import worker as worker_module
from perfectplay.check.run.allowed import grant
from perfectplay.check.run.connect4_speaker import Connect4CommandSpeaker, Connect4RunnerSpeaker
from perfectplay.check.run.protocol import ProtocolError
from perfectplay.check.run.sandbox import Isolation, Jail, Limits, choose
from perfectplay.check.run.sweep import Progress, ask
from perfectplay.check.run.worker import (
    ChildDied,
    ChildTimedOut,
    Clock,
    FailureBudget,
    GaveUp,
    MachineFailed,
    NotFlushing,
    OutOfTime,
    RunnerSpeaker,
    Speaker,
    Worker,
    close_all,
)
from perfectplay.check.settings import MAX_MEMORY_MB

DEFAULT_POSITIONS = 200
"""Suite positions asked by default: every phase in its share, about 20 s of a 0.1 s agent's time on two cores."""
DEFAULT_MOVE_SECONDS = 5.0
DEFAULT_TOTAL_SECONDS = 600.0
DEFAULT_MEMORY_MB = 1024
DEFAULT_ALLOWED = ("numpy",)
DEFAULT_SEED = 28
MAX_FAILURES = 25
WORST_BLUNDERS = 3
CONTRACT_KINDS = ("illegal", "wrong_type", "raises", "timeout", "died", "mutates")


def check_connect4(
    path: str | os.PathLike[str] | None = None,
    *,
    command: str | Sequence[str] | None = None,
    function: str | None = None,
    style: str | None = None,
    shape: str | None = None,
    rows: str | None = None,
    pieces: str | None = None,
    positions: int | None = DEFAULT_POSITIONS,
    seed: int = DEFAULT_SEED,
    games: bool = True,
    move_seconds: float = DEFAULT_MOVE_SECONDS,
    total_seconds: float = DEFAULT_TOTAL_SECONDS,
    memory_mb: int | None = DEFAULT_MEMORY_MB,
    workers: int = 2,
    wall_seconds: float | None = None,
    allow_packages: Sequence[str] = DEFAULT_ALLOWED,
    sandbox: str | Isolation = "auto",
    name: str | None = None,
    others: Sequence[str | os.PathLike[str]] = (),
    progress: Progress | None = None,
) -> Connect4Report:
    """Check the Connect Four agent in the Python file ``path``, or the program ``command``.

    The reading (``style`` ``connectx``/``board``/``pettingzoo``, and for a
    board ``shape`` ``list``/``numpy``, ``rows`` ``top``/``bottom``,
    ``pieces`` a name of ``PIECES``) is recognised unless given.
    ``positions`` suite positions are asked (None: the whole suite), a
    seeded sample with every phase in its share; ``games`` plays it against
    each level of ``LADDER`` in both seats. Limits as ``check_ai``'s;
    ``allow_packages`` are the installed packages it may import (read-only).
    Raises ``CheckUsageError`` when the check cannot start, and ``NotGradable``
    when the submission itself cannot be checked (no such file, one that
    cannot be read, no agent recognised in a module that loaded): a usage
    error on the command line, 0 points marked not gradable for a grader.
    An agent that raises on import or never answers is checked: broken.
    """
    _validate(positions, move_seconds, total_seconds, style, shape, rows, pieces)
    if memory_mb is not None and (
        isinstance(memory_mb, bool) or not isinstance(memory_mb, int) or not 64 <= memory_mb <= MAX_MEMORY_MB
    ):
        raise CheckUsageError(f"--memory must be a whole number of MB from 64 to {MAX_MEMORY_MB}, not {memory_mb!r}")
    if (path is None) == (command is None):
        raise CheckUsageError("give a Python file to check, or --command with a program, not both")
    isolation = sandbox if isinstance(sandbox, Isolation) else choose(sandbox)
    limits = Limits(memory_mb, total_seconds + move_seconds + worker_module.IMPORT_SECONDS)
    exclude = frozenset(Path(other).resolve() for other in others)
    hint: Reading | None = None
    fixed = {key for key, value in (("shape", shape), ("rows", rows), ("pieces", pieces)) if value is not None}
    if function or style or fixed:
        hint = Reading(style or "", function or "", shape or "list", rows or "top", pieces or "012")
    speakers: list[Speaker]
    if command is not None:
        if hint is not None:
            raise CheckUsageError("--function and the board's reading are for Python files, not --command")
        argv = _command_argv(command)
        target = name or shlex.join(argv)
        jail = _jail(isolation, _command_folder(argv), exclude, limits)
        if isinstance(jail, str):
            return _machine_failed(target, isolation, jail)
        speakers = [Connect4CommandSpeaker(jail, argv)]
    else:
        assert path is not None
        file = _python_file(Path(path))
        target = name or str(path)
        jail = _jail(isolation, file.parent, exclude - {file}, limits)
        if isinstance(jail, str):
            return _machine_failed(target, isolation, jail)
        count = max(1, min(workers, os.cpu_count() or 1))
        speakers = [Connect4RunnerSpeaker(jail, file) for _ in range(count)]
    try:
        check = _Check(target, speakers, jail, isolation, progress, move_seconds, total_seconds, wall_seconds)
        check.allowed, check.missing = grant(jail, list(allow_packages), jail.copy.parent / "allowed")
        check.granted = [package for package in allow_packages if package not in check.missing]
        return check.run(hint, fixed, positions, seed, games)
    finally:
        jail.close()


def _validate(
    positions: int | None, move: float, total: float, style: str | None, shape: str | None, rows: str | None,
    pieces: str | None,
) -> None:  # fmt: skip
    if positions is not None and (isinstance(positions, bool) or not isinstance(positions, int) or positions < 1):
        raise CheckUsageError(f"--positions must be a whole number of positions, 1 or more, not {positions!r}")
    for label, value in (("--time-per-move", move), ("--time-limit", total)):
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < 1e6:
            raise CheckUsageError(f"{label} must be a number of seconds above 0, not {value!r}")
    choices: tuple[tuple[str, str | None, tuple[str, ...]], ...] = (
        ("--interface", style, ("connectx", "board", "pettingzoo")),
        ("--board", shape, ("list", "numpy")),
        ("--rows", rows, ("top", "bottom")),
        ("--pieces", pieces, tuple(PIECES)),
    )
    for flag, choice, allowed in choices:
        if choice is not None and choice not in allowed:
            raise CheckUsageError(f"{flag} {choice!r}: one of {', '.join(allowed)}")


def _machine_failed(target: str, isolation: Isolation, reason: str, notes: tuple[str, ...] = ()) -> Connect4Report:
    return Connect4Report(
        target=target,
        interface=None,
        verdict="not graded",
        exit_status=3,
        problem=f"not graded: the machine failed, not the submission ({reason}); fix the machine and check it again",
        suite_size=len(load_suite()),
        overall=PhaseRates("all", 0, 0, 0, 0, 0),
        isolation=isolation.describe(),
        sandboxed=isolation.sandboxed,
        complete=False,
        notes=notes,
        machine=reason,
    )


class _Check:
    """One check's workers, clock and findings."""

    def __init__(
        self,
        target: str,
        speakers: list[Speaker],
        jail: Jail,
        isolation: Isolation,
        progress: Progress | None,
        move_seconds: float,
        total_seconds: float,
        wall_seconds: float | None,
    ) -> None:
        self.target = target
        self.speakers = speakers
        self.jail = jail
        self.isolation = isolation
        self.progress = progress
        self.clock = Clock(move_seconds, total_seconds, wall_seconds)
        self.failures = FailureBudget(MAX_FAILURES)
        self.workers = [Worker(speaker, self.clock, self.failures, jail.env) for speaker in speakers]
        self.allowed: list[str] = []
        self.missing: list[str] = []
        self.granted: list[str] = []
        self.notes: list[str] = []
        self.stopped: str | None = None
        self.import_failed: str | None = None
        self.started = time.monotonic()

    def run(
        self, hint: Reading | None, fixed: set[str], positions: int | None, seed: int, games: bool
    ) -> Connect4Report:
        try:
            return self._run(hint, fixed, positions, seed, games)
        except MachineFailed as failed:
            return _machine_failed(self.target, self.isolation, failed.reason, tuple(self.notes))
        finally:
            close_all(self.workers)

    @property
    def _isolation(self) -> str:
        return f"{self.isolation.describe()}; {self.jail.accounting()}"

    def _run(
        self, hint: Reading | None, fixed: set[str], positions: int | None, seed: int, games: bool
    ) -> Connect4Report:
        for worker in self.workers:
            worker.launch()
        self._phase("starting", 0, 1)
        words = "the --command line protocol: the board's rows from the top and the side to move; a column 0-6 back"
        if isinstance(self.speakers[0], RunnerSpeaker):
            try:
                loaded = self.workers[0].start()
            except ChildTimedOut:
                return self._unchecked(f"starting it took longer than the {self.workers[0].start_limit():g} s allowed")
            except ChildDied as died:
                return self._unchecked(f"its process {died.status} while starting")
            except ProtocolError as broken:
                return self._unchecked(f"its process broke the protocol while starting: it {broken}")
            except (OutOfTime, GaveUp):
                return self._unchecked("the check's time limit ran out while starting it")
            error = loaded.get("error")
            if isinstance(error, dict):
                where = f" (line {error['line']}: {error.get('code', '')})" if "line" in error else ""
                problem = f"importing it raised {error.get('type')}: {error.get('message', '')}{where}"
                if error.get("type") in ("ModuleNotFoundError", "ImportError") and self.missing:
                    problem += f" (not installed for the checker: {', '.join(self.missing)})"
                if not loaded.get("functions"):
                    return self._unchecked(problem)
                self.import_failed = problem
                self.notes.append(problem)
            if loaded.get("output"):
                self.notes.append(f"it printed on import: {str(loaded['output'])[:200]!r}")
            reading = self._detect(loaded["functions"], hint, fixed)
            if isinstance(reading, str):
                return self._unchecked(reading)
            words = reading.words()
        if self.granted and isinstance(self.speakers[0], RunnerSpeaker):
            self.notes.append("it could import (read-only): " + ", ".join(self.granted))
        suite = sample_suite(positions, seed)
        judgements = self._ask_suite(suite)
        records: list[GameRecord] = []
        if games and self.stopped is None:
            records = self._play_games(seed)
        return self._report(words, suite, judgements, records)

    # --- the reading --------------------------------------------------------

    def _detect(self, functions: dict[str, int], hint: Reading | None, fixed: set[str]) -> Reading | str:
        try:
            base = style_of(functions, hint)
        except CheckUsageError as error:
            if self.import_failed is not None:  # it broke while loading: its own verdict (broken), as tic-tac-toe's
                self.notes.remove(self.import_failed)
                return f"{self.import_failed}, before its agent was defined"
            raise NotGradable(f"{self.target}: {error}") from None
        base = Reading(
            base.style, base.name, base.shape, base.rows, base.pieces, base.piece_argument, tuple(self.allowed)
        )
        numpy = any(Path(inside).name == "numpy" for inside, _ in self.jail.allowed) or (
            not self.jail.isolation.sandboxed and bool(self.allowed) and "numpy" not in self.missing
        )
        readings = candidates(base, numpy, fixed)
        if len(readings) == 1:
            self._use(readings[0])
            return readings[0]
        marks: list[tuple[tuple[int, int], Reading]] = []
        returned: list[str] = []
        slow: set[str] = set()
        for reading in readings:
            if reading.pieces in slow:
                continue  # these pieces made it search without end (a 3x3 AI on 42 cells): rows and shape do not help
            probed = self._probe(reading, slow)
            if probed is None:
                return "the check's time limit ran out while finding how it reads the board"
            answers, values = probed
            returned += values
            marks.append((score_probe(answers), reading))
            if marks[-1][0][0] == len(answers):
                break
        (won, legal), reading = choose_reading(marks)
        if legal == 0:
            tried = len(readings)
            problem = f"no reading recognised: {base.name} gave no legal column in any of the {tried} readings tried"
            if returned and not fixed and self.import_failed is None:
                # It answered, but nothing it answered was a column under any reading: the checker cannot tell
                # how it reads a board (tic-tac-toe's "no interface recognised"), so the flags must say.
                raise NotGradable(
                    f"{self.target}: {problem} (it returned {returned[0]}); "
                    "say how it reads the board with --interface, --board-type, --rows and --pieces"
                )
            return problem
        if won < len(probe_positions()):
            self.notes.append(
                f"the board's reading was not certain: it took {won} of {len(probe_positions())} wins in one; "
                "give --board, --rows and --pieces if this one is wrong"
            )
        self._use(reading)
        return reading

    def _use(self, reading: Reading) -> None:
        for speaker in self.speakers:
            assert isinstance(speaker, RunnerSpeaker)
            speaker.interface = reading.interface()
        for worker in self.workers:
            if worker.child is not None:
                reply = RunnerSpeaker.use(worker.child, reading.interface(), self.clock, worker.start_limit())
                if not reply.get("ok"):
                    worker.discard()

    def _probe(self, reading: Reading, slow: set[str]) -> tuple[list[int | None], list[str]] | None:
        """Its answers to the probes in ``reading`` (None where not a column), and what it returned that was not.

        Only values it returned count as returned: raising, dying or running out of time is no answer.
        """
        self._use(reading)
        worker = self.workers[0]
        answers: list[int | None] = []
        returned: list[str] = []
        budget, worker.failures = worker.failures, FailureBudget(len(probe_positions()))
        try:
            for _, record in worker.stream("moves", probe_positions()):
                value = record.get("value") if record.get("kind") == "int" and "error" not in record else None
                column = value if isinstance(value, int) and 0 <= value < 7 else None
                answers.append(column)
                if record.get("failure") == "timeout" and not any(answer is not None for answer in answers):
                    slow.add(reading.pieces)  # out of time before one column: a wrong game's AI (issue 43)
                    break
                if column is None and "error" not in record and "failure" not in record and "kind" in record:
                    shown = value if record.get("kind") == "int" else record.get("repr", "None")
                    returned.append(str(shown)[:80])
        except (OutOfTime, NotFlushing):
            return None
        except GaveUp:
            pass
        finally:
            worker.failures = budget
        return answers + [None] * (len(probe_positions()) - len(answers)), returned

    # --- the suite ----------------------------------------------------------

    def _ask_suite(self, suite: Sequence[SuitePosition]) -> list[Judgement]:
        items = [(index, (position.cells, str(position.mark))) for index, position in enumerate(suite)]
        shares: list[list[tuple[int, Any]]] = [items[start :: len(self.workers)] for start in range(len(self.workers))]
        into: dict[int, list[dict[str, Any]]] = {}
        self.stopped = ask(self.workers, "moves", shares, "positions", self.progress, into)
        return [judge(suite[index], into[index][0]) for index in sorted(into)]

    # --- games --------------------------------------------------------------

    def _play_games(self, seed: int) -> list[GameRecord]:
        plans = [(level, agent_first) for level in LADDER for agent_first in (True, False)]
        results: dict[int, GameRecord] = {}
        jobs: queue.Queue[int] = queue.Queue()
        for index in range(len(plans)):
            jobs.put(index)
        stops: list[str] = []

        def drive(worker: Worker) -> None:
            while not stops:
                try:
                    index = jobs.get_nowait()
                except queue.Empty:
                    return
                level, agent_first = plans[index]
                try:
                    results[index] = self._game(worker, level, agent_first, random.Random(f"{seed}:{index}"))
                except (OutOfTime, GaveUp, NotFlushing) as stop:
                    stops.append(type(stop).__name__)
                finally:
                    if self.progress is not None:
                        self.progress("games", len(results), len(plans))

        threads = [threading.Thread(target=drive, args=(worker,), daemon=True) for worker in self.workers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if stops:
            self.stopped = self.stopped or "time"
            self.notes.append(f"the games stopped early ({len(results)} of {len(plans)} played): the time ran out")
        return [results[index] for index in sorted(results)]

    def _game(self, worker: Worker, level: str, agent_first: bool, rng: random.Random) -> GameRecord:
        game = Connect4()
        state = game.initial_state()
        moves = ""
        agent_turn = agent_first
        while not game.is_over(state):
            if agent_turn:
                mark = "1" if agent_first else "2"
                record = next(iter(worker.stream("moves", [(state_cells(game, state), mark)])))[1]
                column = record.get("value") if record.get("kind") == "int" and "error" not in record else None
                if not (isinstance(column, int) and 0 <= column < game.width and column in game.legal_moves(state)):
                    why = "gave no legal move" if "failure" not in record else f"failed ({record['failure']})"
                    return GameRecord(level, agent_first, "loss", moves, forfeit=why)
            else:
                column = opponent_move(game, state, level, rng)
            state = game.play(state, column)
            moves += str(column + 1)
            agent_turn = not agent_turn
        winner = game.winner(state)
        if winner is None:
            return GameRecord(level, agent_first, "draw", moves)
        agent_won = (winner.value == "X") == agent_first
        return GameRecord(level, agent_first, "win" if agent_won else "loss", moves)

    # --- the report -----------------------------------------------------------

    def _report(
        self, words: str, suite: Sequence[SuitePosition], judgements: list[Judgement], games: list[GameRecord]
    ) -> Connect4Report:
        overall = _rates("all", judgements)
        phases = tuple(_rates(phase, [j for j in judgements if j.position.phase == phase]) for phase in PHASES)
        blunders = sorted((j for j in judgements if j.kind == "blunder"), key=lambda j: (-j.severity[0], -j.drop))
        worst = tuple(_blunder(j) for j in blunders[:WORST_BLUNDERS])
        failures = []
        for kind in CONTRACT_KINDS:
            hits = [j for j in judgements if (j.mutated if kind == "mutates" else j.kind == kind)]
            if hits:
                first = min(hits, key=lambda j: (j.position.ply, j.position.moves))
                failures.append(Failure(kind, len(hits), first.position.moves, first.answer))
        complete = self.stopped is None and len(judgements) == len(suite)
        if not complete:
            self.notes.append(
                f"{len(suite) - len(judgements)} of {len(suite)} positions were not asked: the check stopped"
            )
        times = [j.seconds for j in judgements if j.kind not in ("timeout", "died")]
        slowest = max(judgements, key=lambda j: j.seconds, default=None)
        timing = Connect4Timing(
            moves=len(times),
            median=statistics.median(times) if times else 0.0,
            slowest=slowest.seconds if slowest else 0.0,
            slowest_moves=slowest.position.moves if slowest else "",
            cpu=sum(times),
            wall=time.monotonic() - self.started,
        )
        verdict, status = _verdict(overall, failures, complete, games)
        return Connect4Report(
            target=self.target,
            interface=words,
            verdict=verdict,
            exit_status=status,
            problem=None,
            suite_size=len(load_suite()),
            overall=overall,
            phases=phases,
            blunders=worst,
            failures=tuple(failures),
            games=tuple(games),
            rating=_rating(games),
            timing=timing,
            isolation=self._isolation,
            sandboxed=self.isolation.sandboxed,
            complete=complete,
            notes=tuple(self.notes),
        )

    def _unchecked(self, problem: str) -> Connect4Report:
        return Connect4Report(
            target=self.target,
            interface=None,
            verdict="broken",
            exit_status=1,
            problem=problem,
            suite_size=len(load_suite()),
            overall=PhaseRates("all", 0, 0, 0, 0, 0),
            isolation=self._isolation,
            sandboxed=self.isolation.sandboxed,
            complete=False,
            notes=tuple(self.notes),
        )

    def _phase(self, phase: str, done: int, total: int) -> None:
        if self.progress is not None:
            self.progress(phase, done, total)


def _blunder(judgement: Judgement) -> Blunder:
    position = judgement.position
    return Blunder(
        position.moves,
        position.phase,
        judgement.column or 0,
        judgement.lost or "",
        judgement.drop,
        best_columns(position),
        good_columns(position),
    )


def _rates(phase: str, judgements: Sequence[Judgement]) -> PhaseRates:
    return PhaseRates(
        phase,
        asked=len(judgements),
        legal=sum(1 for j in judgements if j.legal),
        good=sum(1 for j in judgements if j.good),
        perfect=sum(1 for j in judgements if j.perfect),
        blunders=sum(1 for j in judgements if j.kind == "blunder"),
    )


def _verdict(overall: PhaseRates, failures: list[Failure], complete: bool, games: list[GameRecord]) -> tuple[str, int]:
    """``perfect`` (every move among the best), ``good`` (never threw a value away), ``blunders``, ``broken``."""
    if overall.asked and overall.legal == 0:
        return "broken", 1
    if failures:
        return "broken", 1
    if not complete:
        return "incomplete", 1
    if overall.perfect == overall.asked:
        return "perfect", 0
    if overall.good == overall.asked:
        return "good", 0
    return "blunders", 1


def _rating(games: list[GameRecord]) -> str | None:
    """The strongest level of the ladder it took at least half the points against (both seats together)."""
    if not games:
        return None
    held = "below random"
    for level in LADDER:
        played = [game for game in games if game.opponent == level]
        if not played:
            continue
        if sum(GAME_POINTS[game.result] for game in played) * 2 >= len(played):
            held = level
        else:
            break
    return held
