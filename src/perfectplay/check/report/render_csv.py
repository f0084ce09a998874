"""One CSV row per checked file, for a teacher's spreadsheet: verdict, counts by kind, time.

A kind's column counts the positions held against the file; findings that
are only notes (the speed findings under ``--standard value``) are in the
``notes`` column instead, so a column never shows a count that cost nothing.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from perfectplay.check.report import escape
from perfectplay.check.report.model import KINDS, CheckReport
from perfectplay.check.report.score import Score, Weights, scored

COLUMNS = (
    "file",
    "verdict",
    "exit_status",
    "standard",
    "score",
    "max_score",
    "positions",
    "best",
    "best_percent",
    "loses_as",
    "randomised",
    "complete",
    *KINDS,
    "median_ms",
    "slowest_ms",
    "seconds",
    "interface",
    "problem",
    "isolation",
    "notes",
)


def csv_row(report: CheckReport, given: Score | Weights | None = None) -> dict[str, object]:
    points = scored(report, given)
    counts = {finding.kind: finding.count for finding in report.counted}
    noted = [f"{finding.title}: {finding.count}" for finding in report.findings if finding.note]
    timing = report.timing
    return {
        "file": report.target,
        "verdict": report.verdict,
        "exit_status": report.exit_status,
        "standard": report.standard,
        "score": points.points,
        "max_score": points.total,
        "positions": report.positions,
        "best": report.best,
        "best_percent": f"{100 * report.best / report.positions:.1f}" if report.positions else "",
        "loses_as": "; ".join(role.label.removeprefix("as ") for role in report.roles if role.loses),
        "randomised": _randomised(report),
        "complete": "yes" if report.complete else "no",
        **{kind: counts.get(kind, 0) for kind in KINDS},
        "median_ms": "" if timing.median is None else f"{timing.median * 1000:.3f}",
        "slowest_ms": "" if timing.slowest is None else f"{timing.slowest * 1000:.1f}",
        "seconds": f"{timing.wall:.1f}",
        "interface": report.interface or "",
        "problem": report.problem or "",
        "isolation": report.isolation,
        "notes": "; ".join(noted),
    }


def _randomised(report: CheckReport) -> str:
    if report.randomised:
        return "yes"
    return "no: its answers depend on earlier calls" if report.history else "no"


def usage_row(target: str, message: str) -> dict[str, object]:
    """A file the check could not start on (not found, no interface recognised)."""
    return {"file": target, "verdict": "not checked", "exit_status": 2, "problem": message}


def interrupted_row(target: str, why: str) -> dict[str, object]:
    """A file the run never finished: it was stopped (Ctrl-C, SIGTERM) before or while checking it."""
    return {"file": target, "verdict": "interrupted", "exit_status": "", "complete": "no", "problem": why}


def render_csv(rows: Sequence[dict[str, object]], header: bool = True, columns: Sequence[str] = COLUMNS) -> str:
    """The rows as CSV text, one line a row, every text cell through ``escape.csv_cell``.

    A cell may hold what a candidate printed or raised, or its file name: written
    out on one line, it cannot split a row, and it is never read as a formula.
    ``columns``: tic-tac-toe's, or a game plug's (``GamePlug.csv_columns``).
    """
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=columns, restval="", lineterminator="\n")
    if header:
        writer.writeheader()
    writer.writerows(
        [
            {key: escape.csv_cell(value) if isinstance(value, str) else value for key, value in row.items()}
            for row in rows
        ]
    )
    return buffer.getvalue()
