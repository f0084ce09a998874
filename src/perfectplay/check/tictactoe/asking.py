"""Asking a tic-tac-toe candidate: its interface recognised, every position (or a sample) asked, a transcript.

The steps:

1. recognise its interface (``judge/detect.py``), or take the one the user
   gave; the probes go through the conductor's processes;
2. ask it every position it can be to move in, split over the workers
   (``run/sweep.py``); ask a sample again to notice a randomised candidate,
   and if it is one, ask everything a second time; for the CS50 shape, call
   its helpers on every position (``judge/cs50.py``); under a grader's
   budget, whole rounds of a seeded sample while they fit;
3. record everything it answered in a ``Transcript`` (``transcript.py``),
   judged by ``judging.py`` alone.
"""

from __future__ import annotations

import contextlib
import hashlib
import random
import shlex
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from perfectplay.check.judge import sample
from perfectplay.check.judge.answers import answer_text, error_text, read_move
from perfectplay.check.judge.cs50 import cs50_queries
from perfectplay.check.judge.detect import COMMON_EMPTIES, MODULE_EMPTIES, choose_interface, seeds_function
from perfectplay.check.judge.explore import explore, unasked
from perfectplay.check.judge.interface import TicTacToeInterface
from perfectplay.check.judge.oracle import TicTacToeOracle
from perfectplay.check.judge.sample import in_round, stratified
from perfectplay.check.position import TicTacToePosition, other
from perfectplay.check.report.model import GameMove, RoleResult
from perfectplay.check.run.copying import CAPS
from perfectplay.check.run.failures import ChildDied, ChildTimedOut, FailureBudget, GaveUp, NotFlushing, OutOfTime
from perfectplay.check.run.protocol import ProtocolError
from perfectplay.check.run.speakers import CommandSpeaker, RunnerSpeaker
from perfectplay.check.run.sweep import balance, empties_cost
from perfectplay.check.tictactoe.state import (
    PROBE_FAILURES,
    REPEAT_EVERY,
    REPLAY_QUESTIONS,
    TicTacToeState,
    _legal_moves,
)
from perfectplay.check.transcript import Transcript
from perfectplay.files import FileRefused, read_bytes

STRICTER = "it is judged by the stricter standard"
"""The note of a file held to the stricter of its interfaces' standards: a teacher's ``--standard`` (live, or on a
replay) decides instead, and no such note is given."""
PROBE_SECONDS = 5.0
"""CPU seconds a probe position's answer may take (less if the per-move limit is less): a probe position has at most
five empty cells, which a plain minimax answers in milliseconds, so only a program that never answers (or spends
seconds on a nearly full board) reaches it."""

PROBE_FAILURES_IN_ALL = 1 + MODULE_EMPTIES + len(COMMON_EMPTIES) + 1
"""Readings of the interface probe that may crash or run out of time before it tries no more: every empty marker
of one board shape (a function that dies on rows is still read as taking a flat list), and one more."""


class TicTacToeAsking(TicTacToeState):
    """The asking half of a tic-tac-toe check."""

    offered: frozenset[str] = frozenset()
    """The names of the functions its module defines (every interface it offers)."""
    probe_failures = 0
    """Readings of the interface probe that ended in a crash or a time-out, in all."""

    def _interface(self, loaded: dict[str, Any]) -> TicTacToeInterface | None:
        first = self.workers[0]
        if isinstance(first.speaker, CommandSpeaker):
            return TicTacToeInterface("command", shlex.join(first.speaker.program), plays=self.hint.plays or "both")
        self._import_findings(loaded)
        self.offered = frozenset(loaded.get("functions", {}))
        self._phase("recognising the interface", 0, 1)
        interface = choose_interface(self.target, loaded, self.hint, self._probe, self._probe_draw())
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

    def _probe_draw(self) -> random.Random:
        """What draws the probe's positions: the check's seed and the submission's own bytes.

        No two submissions are probed alike, and none on positions written anywhere (a program cannot carry
        their answers); the same file checked again with the same seed is probed alike (a regrade is the same).
        """
        speaker = self.workers[0].speaker
        digest = hashlib.sha256(str(self.grading.seed).encode())
        if isinstance(speaker, RunnerSpeaker):
            # Read as every file the student names is: a regular file only (a FIFO named like the AI would hold
            # the checker forever), without blocking, within the copy's cap.
            with contextlib.suppress(OSError, FileRefused):
                digest.update(read_bytes(speaker.path, limit=CAPS.bytes))
        return random.Random(digest.hexdigest())

    def _decide_standard(self, interface: TicTacToeInterface) -> None:
        """The interface's standard, unless the teacher chose one; where the file offers several, the strictest.

        A file with the lab's ``find_best_move`` beside CS50's functions is held to the lab's ``best``: offering a
        second interface never buys a more lenient standard.
        """
        if self.grading.standard is not None:
            return
        self.standard = "value" if interface.kind == "cs50" else "best"
        lab = seeds_function(self.offered)
        if interface.kind == "cs50" and lab is not None:
            self.standard = "best"
            # Carried in the transcript as if asked for, so that judging it again holds it to the same standard.
            self.grading = replace(self.grading, standard="best")
            self.notes.append(
                f"It offers both CS50's functions and the lab's {lab}: {STRICTER} of the two, best (the fastest "
                "win, or the slowest loss); --standard value chooses the other."
            )

    def _probe(
        self, interface: TicTacToeInterface, positions: Sequence[TicTacToePosition]
    ) -> list[dict[str, Any]] | None:
        """Ask the probe positions under a trial interface (on the first worker, with its own failure budget)."""
        if self.probe_failures >= PROBE_FAILURES_IN_ALL:
            # The probe is bounded as a whole: after this many readings that crashed or ran out of time, the
            # rest are not tried (each would start a process again), and the check goes on with what it found.
            return None
        worker = self.workers[0]
        speaker = worker.speaker
        assert isinstance(speaker, RunnerSpeaker)
        speaker.interface = interface.runner_message()
        self.trials += 1
        # A time-out or a crash rules the reading out, so the probe stops at the first: a candidate that spins under
        # every reading costs one per-move limit a reading, not one per position (12 readings of 6 positions).
        budget, worker.failures = worker.failures, FailureBudget(PROBE_FAILURES)
        # A probe position has at most five empty cells: its own per-move limit (``PROBE_SECONDS``), so that a program
        # that answers nothing costs twelve readings a few seconds each, not twelve whole per-move limits.
        speaker.limit = min(self.clock.move, PROBE_SECONDS)
        records: list[dict[str, Any]] = []
        try:
            if worker.child is not None:
                reply = RunnerSpeaker.use(worker.child, speaker.interface, self.clock, self._start_limit())
                if not reply.get("ok"):
                    return None
            for _, record in worker.stream("moves", [list(p) for p in positions]):
                budget.probed(record)  # whether it answers at all: ``SILENT_TIMEOUTS``
                if "failure" in record:
                    self._probe_failed()
                    return None
                records.append(record)
        except (ChildTimedOut, ChildDied, GaveUp, ProtocolError, OutOfTime) as failed:
            if isinstance(failed, ChildTimedOut):
                budget.arm()  # taking the reading ran out of time: ``SILENT_TIMEOUTS``
            worker.discard()
            self._probe_failed()
            return None
        finally:
            worker.failures = budget
            speaker.limit = None
        return records

    def _probe_failed(self) -> None:
        self.probe_failures += 1
        if self.probe_failures == PROBE_FAILURES_IN_ALL:
            self.notes.append(
                f"{PROBE_FAILURES_IN_ALL} ways of reading its board crashed or ran out of time while its interface "
                "was recognised: the other ways were not tried (say how it takes its board with --board and --empty)."
            )

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

    def _check(self, oracle: TicTacToeOracle, interface: TicTacToeInterface) -> Transcript:
        """Ask everything this check asks, and the transcript of it (judged by ``judging.py``)."""
        asked = _positions_to_ask(oracle, interface)
        every = len(asked)
        finished = [p for p in oracle.positions("X") if oracle.over(p)] if interface.kind == "cs50" else []
        if self.grading.sample is not None:
            asked, finished = self._sampled(asked, finished)
        records: dict[TicTacToePosition, list[dict[str, Any]]] = {}
        replies: dict[TicTacToePosition, list[dict[str, Any]]] = {}
        queries = cs50_queries(oracle) if interface.kind == "cs50" else []
        if self.grading.sample is not None and queries:  # a fixed sample (--sample N) samples the helpers alike
            boards = set(stratified([position for position, _ in queries], self.grading.sample, self.grading.seed))
            queries = [query for query in queries if query[0] in boards]
        if self._sampling_budget:
            # A grader's budget: a sample the same for every student, whatever the machine's load.
            asked, finished, queries = self._sample(oracle, interface, (asked, finished, queries), records, replies)
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
        if len(self.workers) == 1 and repeated and self.stopped is None:
            # No other worker (a class run side by side gives a check one): a fresh process is the other one.
            self.workers[0].discard()
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
            rest = [[i for i in share if i[0] not in repeated and not oracle.over(i[0])] for share in rotated]
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
        return self._transcript(
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

    def _replays(
        self,
        oracle: TicTacToeOracle,
        interface: TicTacToeInterface,
        asked: list[TicTacToePosition],
        records: dict[TicTacToePosition, list[dict[str, Any]]],
    ) -> list[dict[str, Any]]:
        """Each losing game played again in a fresh process (``_replayed``), as the transcript keeps it."""
        answers = {p: _legal_moves(records[p], p, interface) for p in asked if p in records}
        replays = []
        for role in interface.roles:
            result, _ = explore(oracle, role, answers)
            if result.loses:
                replays.append(self._replayed(oracle, interface, result))
        return replays

    def _sampled(
        self, asked: list[TicTacToePosition], finished: list[TicTacToePosition]
    ) -> tuple[list[TicTacToePosition], list[TicTacToePosition]]:
        """The sample of the positions to ask (finished boards in proportion), and a note that says so."""
        size, seed = self.grading.sample, self.grading.seed
        assert size is not None
        share = max(1, size * len(finished) // max(1, len(asked))) if finished else 0
        kept, ends = stratified(asked, size, seed), stratified(finished, share, seed)
        if len(kept) < len(asked):
            self.notes.append(
                f"A sample: {len(kept):,} of the {len(asked):,} positions it can be to move in were asked "
                f"(stratified by the number of stones), {self.grading.seed_words}."
            )
        return kept, ends

    def _follow_games(
        self,
        oracle: TicTacToeOracle,
        interface: TicTacToeInterface,
        asked: list[TicTacToePosition],
        records: dict[TicTacToePosition, list[dict[str, Any]]],
        note: bool = True,
    ) -> list[TicTacToePosition]:
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
        if note and len(wanted) > sampled:
            self.notes.append(
                f"Besides the sample, the {len(wanted) - sampled:,} positions its own games reach were asked, "
                "so that a way to beat it is found wherever its answers lead."
            )
        return sorted(wanted, key=lambda position: (position.stones, position.cells, position.to_move))

    def _fresh_answers(
        self, interface: TicTacToeInterface, positions: Sequence[TicTacToePosition]
    ) -> list[int | None] | None:
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

    def _same_in_fresh_processes(
        self, interface: TicTacToeInterface, differs: TicTacToePosition, asked: list[TicTacToePosition]
    ) -> bool:
        """True when two fresh processes, asked the same questions in the same order, answer them alike.

        The questions are the position it answered differently, the first positions of the check, and that
        position twice more: a randomised AI answers them differently in two processes, one that keeps
        something between calls the same.
        """
        questions = [differs, *asked[:REPLAY_QUESTIONS], differs, differs]
        first = self._fresh_answers(interface, questions)
        second = self._fresh_answers(interface, questions)
        return first is not None and first == second

    def _replayed(self, oracle: TicTacToeOracle, interface: TicTacToeInterface, role: RoleResult) -> dict[str, Any]:
        """A losing role's game played again as one game, in a fresh process asked nothing else before.

        The opponent plays the losing game's moves while the candidate's answers follow it, and the best
        move after that; a loss it reaches so is the one a student can reproduce, and replaces the one shown.
        """
        worker = self.workers[0]
        worker.discard()
        position = TicTacToePosition.empty(role.first)
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

    @property
    def _sampling_budget(self) -> bool:
        """A grader's wall-clock budget decides a sample (``--sample N`` chose one already)."""
        return self.limits.budget_seconds is not None and self.grading.sample is None

    def _sample(
        self,
        oracle: TicTacToeOracle,
        interface: TicTacToeInterface,
        every: tuple[list[TicTacToePosition], list[TicTacToePosition], list[tuple[TicTacToePosition, dict[str, Any]]]],
        records: dict[TicTacToePosition, list[dict[str, Any]]],
        replies: dict[TicTacToePosition, list[dict[str, Any]]],
    ) -> tuple[list[TicTacToePosition], list[TicTacToePosition], list[tuple[TicTacToePosition, dict[str, Any]]]]:
        """Ask whole rounds of the seeded, stratified sample (``judge/sample.py``) while they fit in the CPU budget,
        each followed into the games its answers lead to (as ``--sample N``'s is, ``_follow_games``).

        Returns the positions (the followed ones too), finished boards and helper queries of the rounds that were
        asked whole; ``records`` and ``replies`` keep only their answers. When the budget ran out while its games
        were followed, nothing is a sample: every position is returned, and the check is graded as one that
        stopped short (a sample whose games were not followed cannot say it was never beaten).
        """
        asked, finished, queries = every
        moves = [("moves", position) for position in asked + finished]
        helpers = [("cs50", position) for position, _ in queries]
        key = sample.keys(
            [*moves, *helpers],
            stratum=lambda item: (item[0], item[1].stones, item[1].to_move),
            order=lambda item: f"{item[0]}:{item[1].cells}:{item[1].to_move}",
            seed=self.grading.seed,
        )
        query_of = dict(queries)
        in_rounds = 0.0  # CPU time the rounds themselves took (following their games is not what doubles)
        done = 0
        followed: set[TicTacToePosition] = set()
        for index in range(len(sample.ROUNDS)):
            if not sample.next_round_fits(self.clock.used, in_rounds, index, self.clock.total):
                break
            round_moves = [p for kind, p in moves if in_round(key[(kind, p)], index)]
            round_helpers = [(p, query_of[p]) for kind, p in helpers if in_round(key[(kind, p)], index)]
            got: dict[TicTacToePosition, list[dict[str, Any]]] = {}
            helped: dict[TicTacToePosition, list[dict[str, Any]]] = {}
            items = [(position, list(position)) for position in round_moves]
            phase = f"asking a sample (round {index + 1} of {len(sample.ROUNDS)})"
            before = self.clock.used
            self._ask(phase, "moves", balance(items, lambda p: empties_cost(p.cells), len(self.workers)), got)
            if round_helpers:
                self._ask(phase, "cs50", balance(round_helpers, lambda p: 1.0, len(self.workers)), helped)
            in_rounds += self.clock.used - before
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
            # "Never beaten" is about its own games: they are followed before the next round is weighed.
            in_sample = [p for p in asked if key[("moves", p)] < sample.ROUNDS[index]]
            followed = set(self._follow_games(oracle, interface, in_sample, records, note=False)) - set(in_sample)
            if self.stopped is not None:
                return asked, finished, queries
        if self.stopped == "time":
            self.stopped = None
        bound = sample.ROUNDS[done - 1] if done else 0.0
        chosen = {item for item, value in key.items() if value < bound}
        kept_asked = [p for p in asked if ("moves", p) in chosen or p in followed]
        kept_finished = [p for p in finished if ("moves", p) in chosen]
        kept_queries = [(p, q) for p, q in queries if ("cs50", p) in chosen]
        if done < len(sample.ROUNDS):
            helpers_words = f" and {len(kept_queries):,} of {len(queries):,} boards for its helpers" if queries else ""
            games_words = f" (and the {len(followed):,} more its own games reach)" if followed else ""
            self.sampled = (
                f"A sample was checked: the grader's budget of {self.limits.budget_seconds or 0:g} s allowed "
                f"{self.clock.total:g} s of CPU time, enough for {len(kept_asked) - len(followed):,} of "
                f"{len(asked):,} positions{games_words}{helpers_words}, every number of stones in proportion, "
                f"{self.grading.seed_words}; its games followed wherever its answers lead; each category's score "
                "is what the answers in the sample earn."
            )
        return kept_asked, kept_finished, kept_queries

    def _cs50_ask(
        self,
        queries: list[tuple[TicTacToePosition, dict[str, Any]]],
        replies: dict[TicTacToePosition, list[dict[str, Any]]],
    ) -> None:
        shares = balance(queries, lambda position: 1.0, len(self.workers))
        self._ask("checking player, actions, result, winner, terminal, utility", "cs50", shares, replies)


def _positions_to_ask(oracle: TicTacToeOracle, interface: TicTacToeInterface) -> list[TicTacToePosition]:
    """Every unfinished position of its games where it is to move, fewest stones first."""
    wanted: dict[TicTacToePosition, None] = {}
    for role in interface.roles:
        for position in oracle.positions(role.first):
            if position.to_move == role.side and not oracle.over(position):
                wanted[position] = None
    return sorted(wanted, key=lambda position: (position.stones, position.cells, position.to_move))


def _differs(
    records: dict[TicTacToePosition, list[dict[str, Any]]], asked: list[TicTacToePosition]
) -> TicTacToePosition | None:
    """The first position (fewest stones) where it answered differently on different calls."""
    for position in asked:
        seen = {answer_text(record) for record in records.get(position, []) if "failure" not in record}
        if len(seen) > 1:
            return position
    return None
