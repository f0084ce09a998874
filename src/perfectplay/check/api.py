"""``check_ai``: put a tic-tac-toe AI against perfect play and report where it loses, misplays or breaks.

The steps, each in its own module:

1. start the candidate in child processes (``worker``, ``runner``) and,
   meanwhile, solve every position (``oracle``);
2. recognise its interface (``detect``), or take the one the user gave;
3. ask it every position it can be to move in, split over the workers
   (``sweep``); ask a sample again to notice a randomised candidate, and if
   it is one, ask everything a second time; for the CS50 shape, call its
   helpers on every position (``cs50``);
4. record everything it answered in a ``Transcript`` (``transcript.py``;
   saved with ``Output.transcript``, judged again by ``replay``);
5. judge the transcript alone (``_judge``): name every non-best move
   (``classify``) and every broken answer (``answers``), follow its own
   games for losses (``explore``), and freeze it all into a ``CheckReport``.
"""

from __future__ import annotations

import dataclasses
import os
import shlex
import statistics
import threading
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from perfectplay.check import transcript
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.judge import sample
from perfectplay.check.judge.answers import answer_text, error_text, read_move
from perfectplay.check.judge.classify import TEMPO, choice, play_example, play_kind
from perfectplay.check.judge.cs50 import cs50_queries, judge_cs50
from perfectplay.check.judge.detect import choose_interface
from perfectplay.check.judge.explore import explore, unasked
from perfectplay.check.judge.interface import Hint, Interface
from perfectplay.check.judge.oracle import Oracle
from perfectplay.check.judge.sample import in_round, stratified
from perfectplay.check.position import Position, other
from perfectplay.check.report.model import KINDS, CheckReport, Example, Finding, GameMove, RoleResult, Timing
from perfectplay.check.run import worker as worker_module
from perfectplay.check.run.protocol import ProtocolError
from perfectplay.check.run.sandbox import Isolation, Jail, choose
from perfectplay.check.run.sandbox import Limits as ProcessLimits
from perfectplay.check.run.sweep import ask, balance, empties_cost
from perfectplay.check.run.worker import (
    ChildDied,
    ChildTimedOut,
    Clock,
    CommandSpeaker,
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
from perfectplay.check.settings import (
    Candidate,
    Grading,
    Limits,
    Output,
    Settings,
    from_keywords,
)
from perfectplay.check.submission import command_argv, command_folder, make_jail, python_file
from perfectplay.check.transcript import Transcript

MAX_FAILURES = 25
"""Time-outs and crashes a check tolerates before it stops asking."""
PROBE_FAILURES = 3
"""Failed starts a probe of one reading tolerates (an answer that times out or crashes ends the probe at once)."""
REPEAT_EVERY = 25
"""Besides the empty board and the one-stone positions, every 25th position is asked twice."""
REPLAY_QUESTIONS = 20
"""How many of the check's first positions two fresh processes are asked, to tell chance from memory."""


def check_ai(
    candidate: Candidate | str | os.PathLike[str] | None = None,
    hint: Hint | None = None,
    limits: Limits | None = None,
    grading: Grading | None = None,
    output: Output | None = None,
    **keywords: Any,
) -> CheckReport:
    """Check a tic-tac-toe AI: the Python file or program ``candidate`` names (a path is a ``Candidate``).

    ``hint`` gives what is known of its interface (``function``, ``board``, ``empty``, ``returns``,
    ``plays``; the rest is recognised: CS50's functions, or ``find_best_move``); ``limits`` the CPU
    seconds a move and in all, its memory, a grader's budget (a sample bought in CPU time, its waiting
    bounded, never the wall clock) or a class run's wall-clock bound; ``grading`` the standard (None:
    ``value`` for CS50's functions, ``best`` otherwise) and a fixed sample; ``output`` a progress
    callback. Raises ``CheckUsageError`` (a ``PerfectplayError``) when the check cannot start;
    everything the candidate does wrong is in the report.

    The former keyword parameters (``board="flat"``, ``move_seconds=5``, ``command=[...]``...) are still
    taken, for notebooks and check50 options (``settings.from_keywords``), but not beside the objects.
    """
    if keywords:
        if isinstance(candidate, Candidate) or any(part is not None for part in (hint, limits, grading, output)):
            raise CheckUsageError("check_ai: give the settings objects or the keywords, not both")
        settings = from_keywords(candidate, keywords)
    else:
        who = candidate if isinstance(candidate, Candidate) else Candidate(candidate)
        settings = Settings(who, hint or Hint(), limits or Limits(), grading or Grading(), output or Output())
    return _check(settings)


def _check(settings: Settings) -> CheckReport:
    candidate, hint, limits = settings.candidate, settings.hint, settings.limits
    hint.validate()
    limits.validate()
    settings.grading.validate()
    candidate.validate()
    sandbox = candidate.sandbox
    isolation = sandbox if isinstance(sandbox, Isolation) else choose(sandbox)
    hard = ProcessLimits(limits.memory_mb, limits.total_seconds + limits.move_seconds + worker_module.IMPORT_SECONDS)
    exclude = frozenset(Path(other).resolve() for other in candidate.others)
    if candidate.command is not None:
        if hint.given:
            raise CheckUsageError("--function, --board, --empty and --returns are for Python files, not --command")
        argv = command_argv(candidate.command)
        target = candidate.name or shlex.join(argv)
        jail = make_jail(isolation, command_folder(argv), exclude, hard)
        if isinstance(jail, str):
            return _machine_failed(target, isolation, jail)
        speakers: list[Speaker] = [CommandSpeaker(jail, argv)]
    else:
        assert candidate.path is not None
        file = python_file(Path(candidate.path))
        target = candidate.name or str(candidate.path)
        jail = make_jail(isolation, file.parent, exclude - {file}, hard)
        if isinstance(jail, str):
            return _machine_failed(target, isolation, jail)
        count = max(1, min(limits.workers, os.cpu_count() or 1))
        speakers = [RunnerSpeaker(jail, file) for _ in range(count)]
    check = _Check(target, speakers, settings, isolation, jail)
    try:
        report = check.run()
    finally:
        jail.close()
    if settings.output.transcript is not None and check.transcript is not None:
        transcript.save(check.transcript, settings.output.transcript)
    return report


def replay(path: str | os.PathLike[str], standard: str | None = None) -> CheckReport:
    """The report of a saved transcript (``Output.transcript``), judged again without running the student.

    ``standard`` judges it by another standard than the one the check was asked for. Raises
    ``CheckUsageError`` for a file that is not a transcript or was changed after it was written.
    """
    Grading(standard=standard).validate()
    recorded = transcript.load(path)
    if standard is not None:
        recorded = dataclasses.replace(recorded, standard=standard)
    settings = Settings(Candidate(recorded.target), Hint(), Limits(), Grading(standard), Output())
    return _Check(recorded.target, [], settings, Isolation("none", "replayed from a transcript"), None)._judge(recorded)


def _machine_failed(target: str, isolation: Isolation, reason: str, notes: tuple[str, ...] = ()) -> CheckReport:
    """The report of a check the machine failed: not graded, exit status 3, and what to fix."""
    return CheckReport(
        target=target,
        interface=None,
        standard="best",
        positions=0,
        asked=0,
        best=0,
        roles=(),
        findings=(),
        notes=notes,
        randomised=False,
        complete=False,
        timing=Timing(0, None, None, None, None, 0.0, 0.0),
        problem=f"not graded: the machine failed, not the submission ({reason}); fix the machine and check it again",
        isolation=isolation.describe(),
        machine=reason,
    )


_ORACLE: list[Oracle] = []
_ORACLE_LOCK = threading.Lock()


def shared_oracle() -> Oracle:
    """The oracle, built once per process: it never changes, and the checks of a class run share it."""
    with _ORACLE_LOCK:
        if not _ORACLE:
            _ORACLE.append(Oracle())
        return _ORACLE[0]


class _Check:
    """One check of one candidate, from starting it to the frozen report."""

    def __init__(
        self, target: str, speakers: list[Speaker], settings: Settings, isolation: Isolation, jail: Jail | None
    ):
        self.target = target
        self.jail = jail
        self.speakers = speakers
        self.hint = settings.hint
        self.limits = settings.limits
        self.grading = settings.grading
        self.progress = settings.output.progress
        self.isolation = isolation
        self.started = time.monotonic()
        limits = self.limits
        total = limits.total_seconds
        if limits.budget_seconds is not None:
            # A grader's budget is the candidate's CPU time (the sample is what this much CPU time buys, on any
            # machine) and its waiting (sleeping, blocked): never the wall clock, which a busy machine stretches.
            total = min(total, limits.budget_seconds * sample.CPU_SHARE)
        self.clock = Clock(limits.move_seconds, total, wall=limits.wall_seconds, waiting=limits.budget_seconds)
        self.failures = FailureBudget(MAX_FAILURES)
        # No jail: a transcript judged again (``replay``), with no candidate to run.
        env = jail.env if jail is not None else {}
        self.workers = [Worker(speaker, self.clock, self.failures, env) for speaker in speakers]
        self.notes: list[str] = []
        self.found: dict[str, list[tuple[Position | None, Any]]] = {}
        self.counts: dict[str, int] = {}
        self.helper_cpu = 0.0
        self.trials = 0
        self.stopped: str | None = None
        self.sampled: str | None = None
        """Set (in words) when a grader's budget allowed only a sample of the positions."""
        self.imported: list[dict[str, Any]] = []
        """What importing it showed (a finding for the judge): ``kind``, ``answer``, ``output``."""
        self.transcript: Transcript | None = None
        # Positions right per category, for the score (``score.py``): see the fields of ``CheckReport``.
        self.legal = self.legal_of = self.kept = self.helpers = self.helpers_of = 0
        # Decided with the interface unless the user chose (see ``check_ai``).
        self.standard = self.grading.standard or "best"

    def run(self) -> CheckReport:
        try:
            return self._run()
        except MachineFailed as failed:
            return _machine_failed(self.target, self.isolation, failed.reason, tuple(self.notes))
        finally:
            close_all(self.workers)

    def _run(self) -> CheckReport:
        try:
            for worker in self.workers:
                worker.launch()
            self._phase("starting", 0, 1)
            oracle = shared_oracle()
            try:
                loaded = self.workers[0].start()
            except ChildTimedOut:
                return self._unchecked(f"starting it took longer than the {self._start_limit():g} s allowed")
            except ChildDied as died:
                return self._unchecked(f"its process {died.status} while starting" + _last_line(died.stderr))
            except ProtocolError as broken:
                return self._unchecked(f"its process broke the protocol while starting: it {broken}")
            except OutOfTime:
                return self._unchecked("the check's time limit ran out while starting it")
            interface = self._interface(loaded)
            if interface is None:
                # The error itself goes in the problem: a CSV row or a grader's message has no "below".
                error = loaded.get("error")
                why = f": {error_text(error)}" if isinstance(error, dict) else ""
                return self._unchecked(f"importing it failed before it defined a function to check{why}")
            self._decide_standard(interface)
            return self._check(oracle, interface)
        finally:
            close_all(self.workers)

    @property
    def _isolation(self) -> str:
        """How the candidate was isolated, and which accounting held for it."""
        accounting = self.jail.accounting() if self.jail is not None else "no candidate ran"
        return f"{self.isolation.describe()}; {accounting}"

    # --- interface ------------------------------------------------------------

    def _interface(self, loaded: dict[str, Any]) -> Interface | None:
        first = self.workers[0]
        if isinstance(first.speaker, CommandSpeaker):
            return Interface("command", shlex.join(first.speaker.program), plays=self.hint.plays or "both")
        self._import_findings(loaded)
        self._phase("recognising the interface", 0, 1)
        interface = choose_interface(self.target, loaded, self.hint, self._probe)
        if interface is None:
            return None
        for speaker in self.speakers:
            assert isinstance(speaker, RunnerSpeaker)
            speaker.interface = interface.runner_message()
        if self.trials > 1:
            # Wrong board shapes may have left things in the candidate's caches: start afresh.
            first.discard()
        if first.child is not None:
            try:
                reply = RunnerSpeaker.use(first.child, interface.runner_message(), self.clock, self._start_limit())
            except (ChildTimedOut, ChildDied, ProtocolError, OutOfTime):
                reply = {"ok": False}
            if not reply.get("ok"):
                first.discard()
        self.notes.extend(interface.notes)
        return interface

    def _decide_standard(self, interface: Interface) -> None:
        if self.grading.standard is None:
            self.standard = "value" if interface.kind == "cs50" else "best"

    def _probe(self, interface: Interface, positions: Sequence[Position]) -> list[dict[str, Any]] | None:
        """Ask the probe positions under a trial interface (on the first worker, with its own failure budget)."""
        worker = self.workers[0]
        speaker = worker.speaker
        assert isinstance(speaker, RunnerSpeaker)
        speaker.interface = interface.runner_message()
        self.trials += 1
        # A time-out or a crash rules the reading out, so the probe stops at the first: a candidate that spins under
        # every reading costs one per-move limit a reading, not one per position (12 readings of 6 positions).
        budget, worker.failures = worker.failures, FailureBudget(PROBE_FAILURES)
        records: list[dict[str, Any]] = []
        try:
            if worker.child is not None:
                reply = RunnerSpeaker.use(worker.child, speaker.interface, self.clock, self._start_limit())
                if not reply.get("ok"):
                    return None
            for _, record in worker.stream("moves", [list(p) for p in positions]):
                if "failure" in record:
                    return None
                records.append(record)
        except (ChildTimedOut, ChildDied, GaveUp, ProtocolError, OutOfTime):
            worker.discard()
            return None
        finally:
            worker.failures = budget
        return records

    def _import_findings(self, loaded: dict[str, Any]) -> None:
        output = str(loaded.get("output", "")).strip() or None
        if "error" in loaded:
            answer = error_text(loaded["error"])
            if loaded.get("read_stdin"):
                answer += "; it called input(), which got end of file"
            self.imported.append({"kind": "import_error", "answer": answer, "output": output})
        elif loaded.get("read_stdin"):
            self.imported.append({"kind": "import_input", "answer": "it called input() on import", "output": output})
        elif output:
            first_line = output.splitlines()[0]
            self.notes.append(
                f"On import it printed {loaded.get('printed', 0):,} characters (first line: {first_line!r}); "
                "a module that is imported should not print."
            )

    # --- the check --------------------------------------------------------------

    def _check(self, oracle: Oracle, interface: Interface) -> CheckReport:
        asked = _positions_to_ask(oracle, interface)
        every = len(asked)
        finished = [p for p in oracle.positions("X") if oracle.judge(p).over] if interface.kind == "cs50" else []
        if self.grading.sample is not None:
            asked, finished = self._sampled(asked, finished)
        records: dict[Position, list[dict[str, Any]]] = {}
        replies: dict[Position, list[dict[str, Any]]] = {}
        queries = cs50_queries(oracle) if interface.kind == "cs50" else []
        if self.grading.sample is not None and queries:  # a fixed sample (--sample N) samples the helpers alike
            boards = set(stratified([position for position, _ in queries], self.grading.sample, self.grading.seed))
            queries = [query for query in queries if query[0] in boards]
        if self._sampling_budget:
            # A grader's budget: a sample the same for every student, whatever the machine's load.
            asked, finished, queries = self._sample(asked, finished, queries, records, replies)
        items = [(position, list(position)) for position in asked + finished]
        shares = balance(items, lambda position: empties_cost(position.cells), len(self.workers))
        if not self._sampling_budget:
            self._ask("asking every position", "moves", shares, records)
        if self.grading.sample is not None:
            asked = self._follow_games(oracle, interface, asked, records)
            every = len(asked)  # a fixed sample (--sample N) is the check: its positions are all there are
        # The same questions again, each on the other worker: a randomised AI shows itself.
        # Under a budget, only every 25th of the sample: no costly position is forced in.
        forced = -1 if self._sampling_budget else 1
        repeated = {
            p
            for index, p in enumerate(asked)
            if (p.stones <= forced or index % REPEAT_EVERY == 0)
            and not any("failure" in r for r in records.get(p, [{}]))
        }
        rotated = shares[1:] + shares[:1]
        again = [[item for item in share if item[0] in repeated] for share in rotated]
        self._ask("asking a sample again", "moves", again, records)
        randomised = _differs(records, asked)
        # Different answers in one position: chance, or what it was asked before? Two fresh processes tell.
        history = (
            randomised is not None
            and self.stopped is None
            and self._same_in_fresh_processes(interface, randomised, asked)
        )
        if randomised is not None:
            rest = [[i for i in share if i[0] not in repeated and not oracle.judge(i[0]).over] for share in rotated]
            self._ask("asking every position again", "moves", rest, records)
        if self.sampled is not None and self.stopped in ("time", "budget"):
            # The sample was asked whole; only asking it again (to notice a randomised AI) was cut short.
            self.stopped = None
            self.notes.append(
                "The budget ran out while a part of the sample was asked a second time (to notice an AI that "
                "answers at random): the sample itself was asked whole and is graded."
            )
        if interface.kind == "cs50" and self.sampled is None and self.stopped is None:
            self._cs50_ask(queries, replies)
        replays = self._replays(oracle, interface, asked, records) if history else []
        return self._judge(
            self._transcript(
                interface=interface,
                every=every,
                asked=asked,
                finished=finished,
                queries=[position for position, _ in queries],
                records=records,
                replies=replies,
                randomised=randomised,
                history=history,
                replays=replays,
            )
        )

    def _replays(
        self, oracle: Oracle, interface: Interface, asked: list[Position], records: dict[Position, list[dict[str, Any]]]
    ) -> list[dict[str, Any]]:
        """Each losing game played again in a fresh process (``_replayed``), as the transcript keeps it."""
        answers = {p: _legal_moves(records[p], p, interface) for p in asked if p in records}
        replays = []
        for role in interface.roles:
            result, _ = explore(oracle, role, answers)
            if result.loses:
                replays.append(self._replayed(oracle, interface, result))
        return replays

    def _transcript(self, interface: Interface | None = None, problem: str | None = None, **answers: Any) -> Transcript:
        """Everything the run saw, for the judge: nothing of it is judged yet."""
        limits = self.limits
        capped = any(
            worker.stderr_capped or (child is not None and child.stderr.capped)
            for worker in self.workers
            for child in (worker.child,)
        )
        self.transcript = Transcript(
            target=self.target,
            isolation=self._isolation,
            standard=self.grading.standard,
            limits={
                "total_seconds": limits.total_seconds,
                "budget_seconds": limits.budget_seconds,
                "wall_seconds": limits.wall_seconds,
                "wall_label": limits.wall_label,
                "backstop": self.clock.backstop,
                "max_failures": MAX_FAILURES,
            },
            interface=interface,
            problem=problem,
            stopped=self.stopped,
            sampled=self.sampled,
            notes=list(self.notes),
            imported=list(self.imported),
            capped=capped,
            wall=time.monotonic() - self.started,
            **answers,
        )
        return self.transcript

    # --- the judge: reads the transcript alone ------------------------------------

    def _judge(self, t: Transcript) -> CheckReport:
        """The report of a transcript: every answer named, its games followed, the findings counted."""
        oracle = shared_oracle()
        self.target, self.stopped, self.sampled = t.target, t.stopped, t.sampled
        self.notes, self.found, self.counts = list(t.notes), {}, {}
        self.helper_cpu = 0.0
        self.legal = self.legal_of = self.kept = self.helpers = self.helpers_of = 0
        for item in t.imported:
            self._found(str(item["kind"]), None, Example(answer=item.get("answer"), output=item.get("output")))
        interface = t.interface
        self.standard = t.standard or ("value" if interface is not None and interface.kind == "cs50" else "best")
        if interface is None:
            return self._unchecked_report(t)
        every, asked, finished, records, replies = t.every, t.asked, t.finished, t.records, t.replies
        randomised, history = t.randomised, t.history
        if interface.kind == "cs50":
            self._cs50_judge(oracle, replies, len(t.queries))
        answers, best = self._judge_moves(oracle, interface, asked, finished, records)
        roles: list[RoleResult] = []
        own: set[Position] = set()
        for role in interface.roles:
            result, positions = explore(oracle, role, answers)
            roles.append(result)
            own |= positions
        if history and randomised is not None:
            self.notes.append(
                f"Its answers change with what it was asked before: it gave different answers in the same position "
                f"(e.g. {randomised.text}), yet two fresh processes asked the same questions in the same order "
                "answered alike, so it keeps something from one call to the next (a global variable, a counter, a "
                "cache not keyed on the whole board). Every answer it gave was followed in its games."
            )
            roles = [self._replay_applied(t, role) for role in roles]
        elif randomised is not None:
            self.notes.append(
                f"It is randomised: it gave different answers in the same position (e.g. {randomised.text}), "
                "so every position was asked at least twice and every answer it gave was followed in its games; "
                "a loss that no sampled answer leads to cannot be ruled out."
            )
        not_asked = every - len(asked) + sum(1 for position in asked if position not in records)
        if self.sampled is not None:
            self.notes.append(self.sampled)
        if self.stopped == "flush":
            self._found(
                "no_flush",
                None,
                Example(
                    answer="it gave its answers only after its standard input was closed: flush standard output "
                    "after each answer (print(..., flush=True) in Python, fflush(stdout) in C, "
                    "System.out.flush() in Java), and read one line at a time (mawk: -W interactive)"
                ),
            )
        if self.stopped is None and not_asked:
            self._found(
                "not_checked",
                None,
                Example(answer=f"{not_asked:,} positions were not asked: the grader's budget allowed a sample"),
            )
            self.counts["not_checked"] = not_asked
        if self.stopped is not None:
            reason = {
                "time": f"the check's time limit of {t.limits['total_seconds']:g} s of CPU time ran out",
                "budget": f"the grader's time budget of {t.limits['budget_seconds'] or 0:g} s ran out (it spent "
                "that long waiting, neither computing nor queued for a processor)",
                "bound": f"{t.limits['wall_label']} of {t.limits['wall_seconds'] or 0:g} s ran out",
                "wall": f"the check's wall-clock backstop of {t.limits['backstop']:g} s ran out "
                "(it waited that long, neither computing nor queued for a processor)",
                "failures": f"it timed out or crashed more than {t.limits['max_failures']} times",
                "flush": "it answers only when its input is closed, so the check stopped",
            }[self.stopped]
            missing = f"{not_asked:,} positions were not asked" if not_asked else "its last questions were not asked"
            self._found("not_checked", None, Example(answer=f"{missing}: {reason}"))
            self.counts["not_checked"] = not_asked
        findings = self._findings(oracle, own)
        self._standard_notes(interface, findings, t.standard)
        self._printing_note(records)
        self._caps_note(t.capped)
        return CheckReport(
            target=self.target,
            interface=interface.describe(),
            standard=self.standard,
            positions=every,
            asked=every - not_asked,
            best=best,
            legal=self.legal,
            legal_of=self.legal_of,
            kept=self.kept,
            helpers=self.helpers,
            helpers_of=self.helpers_of,
            roles=tuple(roles),
            findings=findings,
            notes=tuple(self.notes),
            randomised=randomised is not None and not history,
            history=history,
            complete=self.stopped is None and not not_asked,
            sampled=self.sampled is not None,
            timing=self._timing(records, t.wall),
            isolation=t.isolation,
        )

    def _ask(
        self, phase: str, op: str, shares: list[list[tuple[Any, Any]]], into: dict[Any, list[dict[str, Any]]]
    ) -> None:
        if self.stopped is None and any(shares):
            self.stopped = ask(self.workers, op, shares, phase, self.progress, into)

    def _sampled(self, asked: list[Position], finished: list[Position]) -> tuple[list[Position], list[Position]]:
        """The sample of the positions to ask (finished boards in proportion), and a note that says so."""
        size, seed = self.grading.sample, self.grading.seed
        assert size is not None
        share = max(1, size * len(finished) // max(1, len(asked))) if finished else 0
        kept, ends = stratified(asked, size, seed), stratified(finished, share, seed)
        if len(kept) < len(asked):
            self.notes.append(
                f"A sample: {len(kept):,} of the {len(asked):,} positions it can be to move in were asked "
                f"(stratified by the number of stones, seed {seed})."
            )
        return kept, ends

    def _follow_games(
        self, oracle: Oracle, interface: Interface, asked: list[Position], records: dict[Position, list[dict[str, Any]]]
    ) -> list[Position]:
        """A sample's positions, and every position its own games reach through its answers, asked round by round.

        "Never beaten" is about its own games: a sample alone would miss the
        line where it loses. Its answers lead to a few hundred positions, and
        every one of them is asked (while the time lasts).
        """
        sampled = len(asked)
        wanted = list(asked)
        while self.stopped is None:
            answers = {position: _legal_moves(records.get(position, []), position, interface) for position in wanted}
            new = sorted(
                {position for role in interface.roles for position in unasked(oracle, role, answers)},
                key=lambda position: (position.stones, position.cells, position.to_move),
            )
            if not new:
                break
            wanted += new
            items = [(position, list(position)) for position in new]
            self._ask(
                "following its games",
                "moves",
                balance(items, lambda p: empties_cost(p.cells), len(self.workers)),
                records,
            )
        if len(wanted) > sampled:
            self.notes.append(
                f"Besides the sample, the {len(wanted) - sampled:,} positions its own games reach were asked, "
                "so that a way to beat it is found wherever its answers lead."
            )
        return sorted(wanted, key=lambda position: (position.stones, position.cells, position.to_move))

    def _fresh_answers(self, interface: Interface, positions: Sequence[Position]) -> list[int | None] | None:
        """The moves a fresh process answers to ``positions``, asked in order and nothing before; None if it
        could not be asked to the end (the check's time ran out, it gave up)."""
        worker = self.workers[0]
        worker.discard()
        moves: list[int | None] = []
        try:
            for index, record in worker.stream("moves", [list(position) for position in positions]):
                moves.append(None if "failure" in record else read_move(record, positions[index], interface.returns)[0])
        except (OutOfTime, GaveUp, NotFlushing):
            return None
        finally:
            worker.discard()
        return moves

    def _same_in_fresh_processes(self, interface: Interface, differs: Position, asked: list[Position]) -> bool:
        """True when two fresh processes, asked the same questions in the same order, answer them alike.

        The questions are the position it answered differently, the first positions of the check, and that
        position twice more: a randomised AI answers them differently in two processes, one that keeps
        something between calls the same.
        """
        questions = [differs, *asked[:REPLAY_QUESTIONS], differs, differs]
        first = self._fresh_answers(interface, questions)
        second = self._fresh_answers(interface, questions)
        return first is not None and first == second

    def _replayed(self, oracle: Oracle, interface: Interface, role: RoleResult) -> dict[str, Any]:
        """A losing role's game played again as one game, in a fresh process asked nothing else before.

        The opponent plays the losing game's moves while the candidate's answers follow it, and the best
        move after that; a loss it reaches so is the one a student can reproduce, and replaces the one shown.
        """
        worker = self.workers[0]
        worker.discard()
        position = Position.empty(role.first)
        game: list[GameMove] = []
        try:
            while not oracle.judge(position).over:
                if position.to_move == role.side:
                    record = next(record for _, record in worker.stream("moves", [list(position)]))
                    move = None if "failure" in record else read_move(record, position, interface.returns)[0]
                    if move is None:
                        break
                elif role.losing_game[: len(game)] == tuple(game) and len(game) < len(role.losing_game):
                    move = role.losing_game[len(game)].move
                else:
                    move = oracle.judge(position).best[0]
                game.append(GameMove(position.to_move, move, position.to_move == role.side))
                position = oracle.child(position, move)
        except (OutOfTime, GaveUp, NotFlushing):
            pass
        finally:
            worker.discard()
        label = f"The shortest loss {role.label}"
        lost = oracle.judge(position).winner == other(role.side)
        if lost:
            note = (
                f"{label} was played again as one game in a fresh process, its positions asked in order and "
                "nothing before: it lost"
                + (" the same way" if tuple(game) == role.losing_game else " (the game shown is that replay)")
                + "; ask it these positions in this order to see it lose."
            )
        else:
            note = (
                f"{label} was played again as one game in a fresh process, its positions asked in order and nothing "
                "before, and it did not lose: that loss needs the questions the check asked before it."
            )
        game_moves = [[move.side, move.move, move.by_candidate] for move in game]
        return {
            "side": role.side,
            "first": role.first,
            "game": game_moves,
            "final": position.text,
            "lost": lost,
            "note": note,
        }

    def _replay_applied(self, t: Transcript, role: RoleResult) -> RoleResult:
        """A losing role as its replay in a fresh process left it (the transcript's ``replays``)."""
        if not role.loses:
            return role
        for replay in t.replays:
            if (replay["side"], replay["first"]) == (role.side, role.first):
                self.notes.append(str(replay["note"]))
                if replay["lost"]:
                    game = tuple(GameMove(str(side), int(move), bool(by)) for side, move, by in replay["game"])
                    return replace(role, losing_game=game, final=str(replay["final"]))
        return role

    @property
    def _sampling_budget(self) -> bool:
        """A grader's wall-clock budget decides a sample (``--sample N`` chose one already)."""
        return self.limits.budget_seconds is not None and self.grading.sample is None

    def _sample(
        self,
        asked: list[Position],
        finished: list[Position],
        queries: list[tuple[Position, dict[str, Any]]],
        records: dict[Position, list[dict[str, Any]]],
        replies: dict[Position, list[dict[str, Any]]],
    ) -> tuple[list[Position], list[Position], list[tuple[Position, dict[str, Any]]]]:
        """Ask whole rounds of the seeded, stratified sample (``judge/sample.py``) while they fit in the CPU budget.

        Returns the positions, finished boards and helper queries of the rounds that were asked whole;
        ``records`` and ``replies`` keep only their answers.
        """
        moves = [("moves", position) for position in asked + finished]
        helpers = [("cs50", position) for position, _ in queries]
        key = sample.keys(
            [*moves, *helpers],
            stratum=lambda item: (item[0], item[1].stones, item[1].to_move),
            order=lambda item: f"{item[0]}:{item[1].cells}:{item[1].to_move}",
            seed=self.grading.seed,
        )
        query_of = dict(queries)
        started = self.clock.used
        done = 0
        for index in range(len(sample.ROUNDS)):
            if not sample.next_round_fits(self.clock.used, self.clock.used - started, index, self.clock.total):
                break
            round_moves = [p for kind, p in moves if in_round(key[(kind, p)], index)]
            round_helpers = [(p, query_of[p]) for kind, p in helpers if in_round(key[(kind, p)], index)]
            got: dict[Position, list[dict[str, Any]]] = {}
            helped: dict[Position, list[dict[str, Any]]] = {}
            items = [(position, list(position)) for position in round_moves]
            phase = f"asking a sample (round {index + 1} of {len(sample.ROUNDS)})"
            self._ask(phase, "moves", balance(items, lambda p: empties_cost(p.cells), len(self.workers)), got)
            if round_helpers:
                self._ask(phase, "cs50", balance(round_helpers, lambda p: 1.0, len(self.workers)), helped)
            if self.stopped == "budget":
                # It waited the budget away (slept, blocked): a check of its own that ran out of time,
                # every position it was not asked counted as not right.
                records.update(got)
                replies.update(helped)
                return asked, finished, queries
            if self.stopped is not None:
                break  # a round not asked whole is not graded: what is graded never depends on the wall clock
            records.update(got)
            replies.update(helped)
            done = index + 1
        if self.stopped == "time":
            self.stopped = None
        bound = sample.ROUNDS[done - 1] if done else 0.0
        chosen = {item for item, value in key.items() if value < bound}
        kept_asked = [p for p in asked if ("moves", p) in chosen]
        kept_finished = [p for p in finished if ("moves", p) in chosen]
        kept_queries = [(p, q) for p, q in queries if ("cs50", p) in chosen]
        if done < len(sample.ROUNDS):
            helpers_words = f" and {len(kept_queries):,} of {len(queries):,} boards for its helpers" if queries else ""
            self.sampled = (
                f"A sample was checked: the grader's budget of {self.limits.budget_seconds or 0:g} s allowed "
                f"{self.clock.total:g} s of CPU time, enough for {len(kept_asked):,} of {len(asked):,} positions"
                f"{helpers_words}, chosen alike for every student (every number of stones in proportion, a fixed "
                "seed); each category's score is what the answers in the sample earn."
            )
        return kept_asked, kept_finished, kept_queries

    def _cs50_ask(
        self, queries: list[tuple[Position, dict[str, Any]]], replies: dict[Position, list[dict[str, Any]]]
    ) -> None:
        shares = balance(queries, lambda position: 1.0, len(self.workers))
        self._ask("checking player, actions, result, winner, terminal, utility", "cs50", shares, replies)

    def _cs50_judge(self, oracle: Oracle, replies: dict[Position, list[dict[str, Any]]], asked: int) -> None:
        self.helpers_of = asked
        for position, reply in replies.items():
            self.helper_cpu += _helper_cpu(reply[0])
            if "failure" in reply[0]:
                self._found("timeout" if reply[0]["failure"] == "timeout" else "crash", position, reply[0])
                continue
            kinds: dict[str, Example] = {}
            for kind, example in judge_cs50(oracle, position, reply[0]):
                kinds.setdefault(kind, example)
            self.helpers += not kinds
            for kind, example in kinds.items():
                self._found(kind, position, example)

    def _judge_moves(
        self,
        oracle: Oracle,
        interface: Interface,
        asked: list[Position],
        finished: list[Position],
        records: dict[Position, list[dict[str, Any]]],
    ) -> tuple[dict[Position, frozenset[int]], int]:
        """Every answer read and named; returns the legal moves per position and how many were all best."""
        answers: dict[Position, frozenset[int]] = {}
        best = 0
        for position in asked:
            if position not in records:
                continue
            judgement = oracle.judge(position)
            legal: set[int] = set()
            kinds: dict[str, Any] = {}
            all_best = all_legal = all_kept = True
            for record in records[position]:
                move, problem = read_move(record, position, interface.returns)
                if record.get("after") is not None or "after_repr" in record:
                    kinds.setdefault("mutates", {**record, "decoded": move})
                    all_legal = False
                if move is None:
                    kinds.setdefault(problem or "wrong_type", record)
                    all_best = all_legal = all_kept = False
                    continue
                legal.add(move)
                kind = play_kind(judgement, move)
                if kind is not None:
                    note = self.standard == "value" and kind in TEMPO
                    kinds.setdefault(kind, (move, note))
                    all_best = all_best and note
                    all_kept = all_kept and kind in TEMPO
            answers[position] = frozenset(legal)
            best += all_best
            self.legal += all_legal
            self.kept += all_kept
            for kind, detail in kinds.items():
                self._found(kind, position, detail)
        self.legal_of = len(asked) + len(finished)
        for position in finished:
            for record in records.get(position, [])[:1]:
                if "failure" in record:
                    self._found("timeout" if record["failure"] == "timeout" else "crash", position, record)
                elif record.get("kind") != "none":
                    self._found("finished_board", position, record)
                else:
                    self.legal += 1
        return answers, best

    def _found(self, kind: str, position: Position | None, detail: Any) -> None:
        self.found.setdefault(kind, []).append((position, detail))

    def _findings(self, oracle: Oracle, own: set[Position]) -> tuple[Finding, ...]:
        """One finding a kind: the count of positions, and the simplest position as the example."""
        findings = []
        for kind in KINDS:
            cases = self.found.get(kind)
            if not cases:
                continue

            def simplicity(case: tuple[Position | None, Any]) -> tuple[bool, int, str]:
                position = case[0]
                if position is None:
                    return (False, 0, "")
                return (position not in own, -position.stones, position.cells)

            position, detail = min(cases, key=simplicity)
            note = isinstance(detail, tuple) and detail[1]
            count = self.counts.get(kind, len(cases))
            findings.append(Finding(kind, count, self._example(oracle, kind, position, detail), note))
        return tuple(findings)

    @staticmethod
    def _example(oracle: Oracle, kind: str, position: Position | None, detail: Any) -> Example:
        if isinstance(detail, Example):
            return detail
        assert position is not None
        judgement = oracle.judge(position)
        if isinstance(detail, tuple):
            return play_example(oracle, judgement, detail[0])
        record: dict[str, Any] = detail
        best = tuple(choice(judgement.value_of(move)) for move in judgement.best)
        output = record.get("output") or record.get("stderr") or None
        if kind == "mutates":
            after = record.get("after")
            moved = record.get("decoded")
            return Example(
                position=position.text,
                to_move=position.to_move,
                chose=None if moved is None else choice(judgement.value_of(moved)),
                answer=answer_text(record),
                after=Position(after, position.to_move).text if after else record.get("after_repr"),
                output=output,
            )
        return Example(position.text, position.to_move, best=best, answer=answer_text(record), output=output)

    def _standard_notes(self, interface: Interface, findings: tuple[Finding, ...], asked_for: str | None) -> None:
        tempo = [finding for finding in findings if finding.category == "tempo"]
        if self.standard == "value" and tempo:
            count = sum(finding.count for finding in tempo)
            why = (
                "the default for CS50's tictactoe.py, whose +1/0/-1 utility cannot tell a fast win from a slow one"
                if asked_for is None
                else "as asked"
            )
            self.notes.append(
                f"Judged by value ({why}): a move that keeps the win, draw or loss counts as right; "
                f"the {count:,} positions where it wins slower or loses sooner are notes, not held against it "
                "(--standard best holds them against it)."
            )
        elif interface.kind == "cs50" and tempo:
            self.notes.append(
                "CS50's utility is 1, -1 or 0, so its minimax only tells a win from a draw from a loss, not a fast "
                "win from a slow one; --standard value (the default for CS50) makes the speed findings notes."
            )

    def _printing_note(self, records: dict[Position, list[dict[str, Any]]]) -> None:
        printing = [record for answers in records.values() for record in answers if record.get("printed")]
        if printing:
            characters = sum(record["printed"] for record in printing)
            shown = next((record["output"] for record in printing if record.get("output")), "")
            first = shown.strip().splitlines()[0] if shown.strip() else ""
            self.notes.append(
                f"While choosing its moves it printed {characters:,} characters in {len(printing):,} calls "
                f"(first line: {first!r}); the checker kept them apart, but in a game they would fill the screen."
            )

    def _caps_note(self, capped: bool) -> None:
        if capped:
            self.notes.append(
                f"Its standard error was longer than the checker keeps: only its first and last "
                f"{worker_module.STDERR_KEEP:,} bytes were kept (per process), the rest was counted and dropped."
            )

    def _timing(self, records: dict[Position, list[dict[str, Any]]], wall: float) -> Timing:
        timed = [
            (record["seconds"], position)
            for position, answers in records.items()
            for record in answers
            if "failure" not in record and "seconds" in record
        ]
        seconds = [value for value, _ in timed]
        slowest = max(timed, key=lambda pair: pair[0], default=None)
        return Timing(
            moves=len(timed),
            median=statistics.median(seconds) if seconds else None,
            slowest=None if slowest is None else slowest[0],
            slowest_position=None if slowest is None else slowest[1].text,
            slowest_to_move=None if slowest is None else slowest[1].to_move,
            in_moves=sum(seconds),
            wall=wall,
            cpu_in_candidate=cpu if (cpu := _cpu(records) + self.helper_cpu) else None,
        )

    def _unchecked(self, problem: str) -> CheckReport:
        return self._judge(self._transcript(problem=problem))

    def _unchecked_report(self, t: Transcript) -> CheckReport:
        findings = self._findings(shared_oracle(), set()) if self.found else ()
        return CheckReport(
            target=t.target,
            interface=None,
            standard=self.standard,
            positions=0,
            asked=0,
            best=0,
            roles=(),
            findings=findings,
            notes=tuple(self.notes),
            randomised=False,
            complete=False,
            timing=Timing(0, None, None, None, None, 0.0, t.wall),
            problem=t.problem,
            isolation=t.isolation,
        )

    def _start_limit(self) -> float:
        return self.workers[0].start_limit()

    def _phase(self, phase: str, done: int, total: int) -> None:
        if self.progress is not None:
            self.progress(phase, done, total)


def _positions_to_ask(oracle: Oracle, interface: Interface) -> list[Position]:
    """Every unfinished position of its games where it is to move, fewest stones first."""
    wanted: dict[Position, None] = {}
    for role in interface.roles:
        for position in oracle.positions(role.first):
            if position.to_move == role.side and not oracle.judge(position).over:
                wanted[position] = None
    return sorted(wanted, key=lambda position: (position.stones, position.cells, position.to_move))


def _legal_moves(records: list[dict[str, Any]], position: Position, interface: Interface) -> frozenset[int]:
    """The legal moves among its answers in ``position``."""
    moves = (read_move(record, position, interface.returns)[0] for record in records if "failure" not in record)
    return frozenset(move for move in moves if move is not None)


def _differs(records: dict[Position, list[dict[str, Any]]], asked: list[Position]) -> Position | None:
    """The first position (fewest stones) where it answered differently on different calls."""
    for position in asked:
        seen = {answer_text(record) for record in records.get(position, []) if "failure" not in record}
        if len(seen) > 1:
            return position
    return None


def _cpu(records: dict[Position, list[dict[str, Any]]]) -> float:
    return float(sum(record.get("cpu", 0.0) for answers in records.values() for record in answers))


def _helper_cpu(reply: dict[str, Any]) -> float:
    return float(reply.get("cpu", 0.0))


def _last_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    return f" ({lines[-1].strip()})" if lines else ""
