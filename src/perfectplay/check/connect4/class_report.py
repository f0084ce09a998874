"""A class of Connect Four agents as rows (``--csv``) and a summary (``--summary``, ``--summary-svg``).

A row is one student: the verdict, the rates, the rating, the points. The
summary is tic-tac-toe's ``ClassSummary`` filled from Connect Four's
scores, so ``render_summary`` prints and draws it; only the checker's own
words are in it (verdicts, category and failure titles, numbers).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from perfectplay.check.connect4.model import NOT_GRADABLE, Connect4Report
from perfectplay.check.connect4.render import FAILURE_TITLES
from perfectplay.check.connect4.score import DEFAULT_TOTAL, TITLES, connect4_score, games_rate
from perfectplay.check.report.render_summary import ClassSummary, summarise
from perfectplay.check.report.score import Score

COLUMNS = (
    "file",
    "verdict",
    "exit_status",
    "problem",
    "interface",
    "asked",
    "legal",
    "good",
    "perfect",
    "blunders",
    "good_rate",
    "perfect_rate",
    "rating",
    "games_rate",
    "points",
    "max_points",
    "gradable",
    "complete",
    "isolation",
)
VERDICTS = ("perfect", "good", "blunders", "incomplete", "broken", "not graded", NOT_GRADABLE)
"""Every verdict a Connect Four row can have, best first."""


def csv_row(report: Connect4Report, result: Score | None = None) -> dict[str, object]:
    """One student's row, with the score computed once (None: the default weights')."""
    result = result or connect4_score(report)
    overall = report.overall
    return {
        "file": report.target,
        "verdict": report.verdict,
        "exit_status": report.exit_status,
        "problem": report.problem or "",
        "interface": report.interface or "",
        "asked": overall.asked,
        "legal": overall.legal,
        "good": overall.good,
        "perfect": overall.perfect,
        "blunders": overall.blunders,
        "good_rate": round(overall.good_rate, 4),
        "perfect_rate": round(overall.perfect_rate, 4),
        "rating": report.rating or "",
        "games_rate": round(games_rate(report), 4) if report.games else "",
        "points": result.points,
        "max_points": result.total,
        "gradable": result.gradable,
        "complete": report.complete,
        "isolation": report.isolation,
    }


def class_summary(reports: Sequence[Connect4Report], scores: Sequence[Score] | None = None) -> ClassSummary:
    """The class at a glance: every student's report (a not-gradable one scores 0, as every grader gives it),
    with each score computed once (None: the default weights')."""
    scores = list(scores) if scores is not None else [connect4_score(report) for report in reports]
    return summarise(
        [report.verdict for report in reports],
        VERDICTS,
        scores,
        scores[0].total if scores else DEFAULT_TOTAL,
        TITLES,
        Counter(failure.kind for report in reports for failure in report.failures),
        FAILURE_TITLES,
    )
