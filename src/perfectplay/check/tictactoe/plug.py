"""Tic-tac-toe's plug (``check/plug.py``): every position of its games against the exact values.

The check runs in the conductor (``conductor.py``) like every game's; its
parts are this folder's: the state one check keeps (``state.py``), what it
asks (``asking.py``) and how it judges (``judging.py``), with the oracle,
interfaces and findings of ``judge/`` and the report of ``report/``. Its
transcript is its own (``transcript.py``: ``--transcript``, ``--replay``).
A plug is made per check: it keeps that check's state between the steps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from perfectplay.check.judge import probes
from perfectplay.check.judge.answers import error_text
from perfectplay.check.judge.interface import Hint
from perfectplay.check.judge.sample import DEFAULT_SEED
from perfectplay.check.plug import PlugDefaults, Question, QuestionDraw, Recognised
from perfectplay.check.plug_formats import Documents, ScoredPlug, Scoring
from perfectplay.check.position import TicTacToePosition
from perfectplay.check.report.model import CheckReport, CheckTiming
from perfectplay.check.report.render_csv import COLUMNS, csv_row
from perfectplay.check.report.render_graders import (
    autolab_output,
    classroom50_json,
    coderunner_json,
    gradescope_json,
    prairielearn_json,
    release_body,
)
from perfectplay.check.report.render_json import report_json
from perfectplay.check.report.render_summary import ClassSummary, class_summary
from perfectplay.check.report.render_text import render_text, verdict_line
from perfectplay.check.report.score import Score, Weights, load_weights, score
from perfectplay.check.run import protocol
from perfectplay.check.run.allowed import allow_words
from perfectplay.check.run.command import parse_answer, request_line
from perfectplay.check.session import Conversation
from perfectplay.check.settings import Candidate, CheckSettings, Grading, Limits, Output
from perfectplay.check.tictactoe.asking import PROBE_SECONDS, TicTacToeAsking
from perfectplay.check.tictactoe.flags import TICTACTOE_OPTIONS, TITLE
from perfectplay.check.tictactoe.judging import TicTacToeJudging
from perfectplay.check.tictactoe.state import shared_oracle
from perfectplay.check.transcript import Transcript

if TYPE_CHECKING:  # the protocol's records that the steps' signatures only name
    from perfectplay.check.plug import CheckRecord, Json, LoadedModule, Session



class TicTacToeCheck(TicTacToeAsking, TicTacToeJudging):
    """One tic-tac-toe check: its asking and its judging over one state."""


class TicTacToeLines:
    """A program's lines: the nine cells and the side to move out, a cell (or row and column) back."""

    def request(self, item: Json) -> bytes:
        cells, side = item
        return request_line(TicTacToePosition(cells, side))

    def answer(self, line: str) -> dict[str, Any]:
        return parse_answer(line)


SCORING: Scoring[CheckReport, Weights] = Scoring(
    Weights,
    load_weights,
    score,
    {
        "text": render_text,
        "autolab": lambda report, points: autolab_output(report, points, render_text(report, points)),
        "release-body": release_body,
        "line": lambda report, points: verdict_line(report),
    },
    Documents(report_json, gradescope_json, prairielearn_json, coderunner_json, classroom50_json),
    csv_row,
    tuple(COLUMNS),
)


class TicTacToePlug(ScoredPlug[CheckReport, Weights]):
    """Tic-tac-toe at ``perfectplay check``, for one check of ``settings`` (``check_ai``'s); the registry's plug
    has none, and takes them from the conductor's session and the hint when it recognises."""

    name = "tictactoe"
    title = TITLE
    # Its seed draws only the probe and a sample (``asking.py``): a check that samples takes each student's own
    # from the grader's secret on the command line (``cli/check.py``), as Connect Four's and Nim's checks do.
    defaults = PlugDefaults(
        seed=DEFAULT_SEED,
        entries=("find_best_move", "minimax"),
        file_name="tictactoe.py",
        task="an AI that is never beaten",
    )
    options = TICTACTOE_OPTIONS
    driver = None
    command_lines = TicTacToeLines()
    categories = ("loads", "legal", "never_beaten", "keeps_value", "best_move", "helpers")
    scoring = SCORING

    def __init__(self, settings: CheckSettings | None = None) -> None:
        self.settings = settings
        self.state: TicTacToeCheck | None = None

    def _settings(
        self, target: str, hint: Mapping[str, str] | None = None, session: Session | None = None
    ) -> CheckSettings:
        """This check's settings: ``check_ai``'s, or those the conductor lent (its session, the teacher's hint)."""
        if self.settings is not None:
            return self.settings
        given = Hint(**{key: value for key, value in (hint or {}).items() if key in Hint.__dataclass_fields__})
        given.validate()
        if session is None:
            return CheckSettings(Candidate(target), given, Limits(), Grading(), Output())
        return CheckSettings(Candidate(target), given, session.limits, session.grading, Output(session.progress))

    def clean(self, op: str, record: dict[str, Any]) -> dict[str, Any]:
        return protocol.move(record) if op == "moves" else protocol.cs50(record)

    def recognise(self, session: Session, loaded: LoadedModule, hint: Mapping[str, str]) -> Recognised | str:
        assert isinstance(session, Conversation), "tic-tac-toe's check asks through the conductor's own processes"
        settings = self._settings(session.target, hint, session)
        state = TicTacToeCheck(
            session.target, session.pool, session.clock, settings, session.isolation, session.started
        )
        self.state = state
        interface = state._interface(dict(loaded.raw))
        if interface is None:
            # The error itself goes in the problem: a CSV row or a grader's message has no "below".
            error = loaded.error
            why = f": {error_text(dict(error))}" if error is not None else ""
            why += allow_words(error, session.packages.granted)
            return f"importing it failed before it defined a function to check{why}"
        state._decide_standard(interface)
        return Recognised(
            interface.kind, interface.describe(), interface.runner_message(), state.standard, (), interface
        )

    def draw(self, recognised: Recognised, grading: Grading) -> QuestionDraw:
        # Which positions it is asked depends on its answers (its own games, a randomised AI): ``ask`` decides.
        return QuestionDraw((), grading.seed, 0, "every position it can be to move in, or a seeded sample")

    def simple_questions(self, recognised: Recognised, draw: QuestionDraw) -> Sequence[Question]:
        # The interface probe's few positions (five empty cells at most), drawn as it draws them.
        assert self.state is not None
        positions = probes.draw(self.state._probe_draw())
        return [
            Question(f"simple:{index}", "moves", list(position), seconds=PROBE_SECONDS)
            for index, (position, _, _) in enumerate(positions)
        ]

    def ask(self, session: Session, recognised: Recognised, draw: QuestionDraw) -> Mapping[str, Json]:
        assert self.state is not None
        return {"transcript": self.state._check(shared_oracle(), recognised.detail)}

    def judge(self, record: CheckRecord) -> CheckReport:
        transcript = record.body.get("transcript")
        state = self.state
        if state is None:  # it never got as far as its interface: a state with no processes judges the problem
            state = TicTacToeCheck(record.target, [], None, self._settings(record.target), lambda: record.isolation)
        if not isinstance(transcript, Transcript):
            transcript = state._transcript(problem=record.problem)
            transcript.isolation, transcript.wall = record.isolation, record.wall
        return state._judge(transcript)

    def machine_failed(self, target: str, isolation: str, reason: str, notes: tuple[str, ...]) -> CheckReport:
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
            timing=CheckTiming(0, None, None, None, None, 0.0, 0.0),
            problem=f"not graded: the machine failed, not the submission ({reason}); fix the machine and check it "
            "again",
            isolation=isolation,
            machine=reason,
        )

    def not_gradable(self, target: str, problem: str) -> CheckReport:
        from perfectplay.check.report.model import unchecked

        return unchecked(target, problem, self._settings(target).grading.standard or "best")

    def summary(self, reports: Sequence[CheckReport], scores: Sequence[Score]) -> ClassSummary:
        return class_summary(reports, scores=scores)


__all__ = ["TICTACTOE_OPTIONS", "Hint", "TicTacToeCheck", "TicTacToePlug"]
