"""Connect Four's plug (``check/plug.py``): a heuristic agent judged position by position, then in games.

Its parts, one file each: the agent's side in the sandbox (``driver.py``), a
program's lines (``lines.py``), the readings (``detect.py``,
``recognise.py``), the suite (``suite.py``) and what is asked
(``asking.py``), one answer judged (``judge.py``), the report
(``judging.py``, ``model.py``), its points (``score.py``) and formats
(``render.py``, ``graders.py``, ``class_report.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from perfectplay.check.connect4 import asking, judging
from perfectplay.check.connect4.class_report import COLUMNS, class_summary, csv_row
from perfectplay.check.connect4.detect import (
    BOARD_NAMES,
    CONNECTX_NAMES,
    MOVES_A_GAME,
    PETTINGZOO_NAMES,
    probe_positions,
)
from perfectplay.check.connect4.flags import (
    CONNECT4_ALLOWED,
    DEFAULT_POSITIONS,
    OPTIONS,
    TITLE,
)
from perfectplay.check.connect4.graders import classroom50_json, coderunner_json, release_body
from perfectplay.check.connect4.lines import Connect4Lines, move
from perfectplay.check.connect4.model import Connect4Report, not_gradable
from perfectplay.check.connect4.opponents import LADDER
from perfectplay.check.connect4.recognise import recognise
from perfectplay.check.connect4.render import (
    autolab_output,
    gradescope_json,
    prairielearn_json,
    render_text,
    report_json,
    verdict_line,
)
from perfectplay.check.connect4.score import Connect4Weights, connect4_score, load_connect4_weights
from perfectplay.check.plug import DriverFile, PlugDefaults, Question
from perfectplay.check.plug_formats import Documents, ScoredPlug, Scoring
from perfectplay.check.report.render_summary import ClassSummary
from perfectplay.check.report.score import Score
from perfectplay.check.roster import LAST_CALLABLE
from perfectplay.check.settings import Grading

if TYPE_CHECKING:  # the protocol's records that the steps' signatures only name
    from perfectplay.check.plug import CheckRecord, Json, LoadedModule, QuestionDraw, Recognised, Session

DEFAULT_SEED: int | None = None
"""A library call's default: a fresh seed per check, shown (``--seed`` asks the same positions again); the command
line's is each student's own from the grader's secret (``grader_secret``), not shown."""
DEFAULTS = PlugDefaults(
    move_seconds=5.0,
    total_seconds=600.0,
    memory_mb=1024,
    questions=DEFAULT_POSITIONS,
    fresh_seeds=True,
    allowed_packages=CONNECT4_ALLOWED,
    entries=(*dict.fromkeys((*CONNECTX_NAMES, *BOARD_NAMES, *PETTINGZOO_NAMES)), LAST_CALLABLE),
    file_name="agent.py",
    task="a Connect Four agent that keeps the game's value",
)


SCORING: Scoring[Connect4Report, Connect4Weights] = Scoring(
    Connect4Weights,
    load_connect4_weights,
    connect4_score,
    {
        "text": render_text,
        "autolab": autolab_output,
        "release-body": release_body,
        "line": lambda report, score: verdict_line(report),
    },
    Documents(report_json, gradescope_json, prairielearn_json, coderunner_json, classroom50_json),
    csv_row,
    COLUMNS,
)


class Connect4Plug(ScoredPlug[Connect4Report, Connect4Weights]):
    """Connect Four at ``perfectplay check``: ``positions`` decisive positions (None: the default), then ``games``."""

    name = "connect4"
    title = TITLE
    defaults = DEFAULTS
    options = OPTIONS
    driver = DriverFile("connect4", Path(__file__).with_name("driver.py"))
    command_lines = Connect4Lines()
    categories = ("loads", "legal", "good_moves", "perfect_moves", "games")
    scoring = SCORING

    def __init__(self, positions: int | None = DEFAULT_POSITIONS, games: bool = True) -> None:
        self.positions = DEFAULT_POSITIONS if positions is None else positions
        self.games = games

    def clean(self, op: str, record: dict[str, Any]) -> dict[str, Any]:
        return move(record)

    def recognise(self, session: Session, loaded: LoadedModule, hint: Mapping[str, str]) -> Recognised | str:
        games = len(LADDER) * 2 * MOVES_A_GAME if self.games else 0
        return recognise(session, loaded, hint, self.positions + games)

    def draw(self, recognised: Recognised, grading: Grading) -> QuestionDraw:
        return asking.draw_suite(self.positions, grading.seed, grading.seed_shown)

    def simple_questions(self, recognised: Recognised, draw: QuestionDraw) -> Sequence[Question]:
        # The reading probe's wins in one, each within the default per-move limit.
        return [
            Question(f"simple:{index}", "drive", [cells, mark], seconds=DEFAULTS.move_seconds)
            for index, (cells, mark) in enumerate(probe_positions())
        ]

    def ask(self, session: Session, recognised: Recognised, draw: QuestionDraw) -> Mapping[str, Json]:
        return asking.ask(session, recognised, draw, self.games)

    def judge(self, record: CheckRecord) -> Connect4Report:
        return judging.judged(record, self.games)

    def machine_failed(self, target: str, isolation: str, reason: str, notes: tuple[str, ...]) -> Connect4Report:
        return judging.machine_failed_report(target, isolation, reason, notes, self.games)

    def not_gradable(self, target: str, problem: str) -> Connect4Report:
        return not_gradable(target, problem, self.positions, self.games)

    def summary(self, reports: Sequence[Connect4Report], scores: Sequence[Score]) -> ClassSummary:
        return class_summary(reports, scores)
