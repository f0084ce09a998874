"""Judging a tic-tac-toe transcript: every answer named, its games followed, the findings counted, the report.

Reads the transcript alone (``Transcript``), never the candidate: the same
code judges a check as it ends and a saved transcript again (``--replay``).
"""

from __future__ import annotations

import statistics
from dataclasses import replace
from typing import Any

from perfectplay.check.judge.answers import answer_text, read_move
from perfectplay.check.judge.classify import TEMPO, choice, play_example, play_kind
from perfectplay.check.judge.cs50 import judge_cs50
from perfectplay.check.judge.explore import explore
from perfectplay.check.judge.interface import TicTacToeInterface
from perfectplay.check.judge.oracle import TicTacToeOracle
from perfectplay.check.position import TicTacToePosition
from perfectplay.check.report.model import KINDS, CheckReport, CheckTiming, Example, Finding, GameMove, RoleResult
from perfectplay.check.run import stderr_tail
from perfectplay.check.run.failures import STOP_WORDS
from perfectplay.check.tictactoe.state import TicTacToeState, _cpu, _helper_cpu, shared_oracle
from perfectplay.check.transcript import Transcript


class TicTacToeJudging(TicTacToeState):
    """The judging half of a tic-tac-toe check."""

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
        own: set[TicTacToePosition] = set()
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
                "failures": f"it timed out, crashed or answered in words more than {t.limits['max_failures']} times",
                "flush": "it answers only when its input is closed, so the check stopped",
                "silent": STOP_WORDS["silent"],
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
            cs50=interface.kind == "cs50",
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

    def _cs50_judge(
        self, oracle: TicTacToeOracle, replies: dict[TicTacToePosition, list[dict[str, Any]]], asked: int
    ) -> None:
        self.helpers_of = asked
        containers: set[str] = set()
        actions_wrong = False
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
            actions = reply[0].get("actions")
            actions_wrong = actions_wrong or "cs50_actions" in kinds
            if isinstance(actions, dict) and "value" in actions:
                containers.add(str(actions.get("type", "set")))
        # The type's name is the student's to choose (a class of its own per board): a few are named, no more.
        others = sorted(containers - {"set", "frozenset"})[:3]
        if others and not actions_wrong:  # where its cells are wrong, that finding is what it must fix
            # Right cells in another container are no finding (the game plays alike), but the specification asks
            # for a set, and a test comparing the answer with one fails it: the student should know.
            self.notes.append(
                f"actions(board) returned a {' or a '.join(others)}, not the set of (i, j) tuples the specification "
                "asks for: the game plays alike, and its cells were right, but a test comparing it with a set does "
                "not accept it."
            )

    def _judge_moves(
        self,
        oracle: TicTacToeOracle,
        interface: TicTacToeInterface,
        asked: list[TicTacToePosition],
        finished: list[TicTacToePosition],
        records: dict[TicTacToePosition, list[dict[str, Any]]],
    ) -> tuple[dict[TicTacToePosition, frozenset[int]], int]:
        """Every answer read and named; returns the legal moves per position and how many were all best."""
        answers: dict[TicTacToePosition, frozenset[int]] = {}
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
                # Played onto the board (--returns board): the change is its answer, read by read_move.
                if interface.returns != "board" and (record.get("after") is not None or "after_repr" in record):
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

    def _findings(self, oracle: TicTacToeOracle, own: set[TicTacToePosition]) -> tuple[Finding, ...]:
        """One finding a kind: the count of positions, and the simplest position as the example."""
        findings = []
        for kind in KINDS:
            cases = self.found.get(kind)
            if not cases:
                continue

            def simplicity(case: tuple[TicTacToePosition | None, Any]) -> tuple[bool, int, str]:
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
    def _example(oracle: TicTacToeOracle, kind: str, position: TicTacToePosition | None, detail: Any) -> Example:
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
                after=TicTacToePosition(after, position.to_move).text if after else record.get("after_repr"),
                output=output,
            )
        return Example(position.text, position.to_move, best=best, answer=answer_text(record), output=output)

    def _standard_notes(
        self, interface: TicTacToeInterface, findings: tuple[Finding, ...], asked_for: str | None
    ) -> None:
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

    def _printing_note(self, records: dict[TicTacToePosition, list[dict[str, Any]]]) -> None:
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
                f"{stderr_tail.STDERR_KEEP:,} bytes were kept (per process), the rest was counted and dropped."
            )

    def _timing(self, records: dict[TicTacToePosition, list[dict[str, Any]]], wall: float) -> CheckTiming:
        timed = [
            (record["seconds"], position)
            for position, answers in records.items()
            for record in answers
            if "failure" not in record and "seconds" in record
        ]
        seconds = [value for value, _ in timed]
        slowest = max(timed, key=lambda pair: pair[0], default=None)
        return CheckTiming(
            moves=len(timed),
            median=statistics.median(seconds) if seconds else None,
            slowest=None if slowest is None else slowest[0],
            slowest_position=None if slowest is None else slowest[1].text,
            slowest_to_move=None if slowest is None else slowest[1].to_move,
            in_moves=sum(seconds),
            wall=wall,
            cpu_in_candidate=cpu if (cpu := _cpu(records) + self.helper_cpu) else None,
        )

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
            timing=CheckTiming(0, None, None, None, None, 0.0, t.wall),
            problem=t.problem,
            isolation=t.isolation,
        )
