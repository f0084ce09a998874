"""A Nim report in every grader's shape: Gradescope, PrairieLearn, Classroom 50, CodeRunner and Autolab.

The shapes are the checker's own (``report/render_graders.py`` says what
each grader reads), built from the Nim score: one test or row a category,
the same whole points as the text and JSON reports.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping
from typing import Any

from perfectplay.check.nim.model import NimReport
from perfectplay.check.nim.render import render_text, summary_markdown, verdict_line
from perfectplay.check.report import escape
from perfectplay.check.report.render_graders import (
    classroom50_document,
    coderunner_document,
    gradescope_document,
    prairielearn_document,
)
from perfectplay.check.report.score import Score

PRE_CHARACTERS = 20_000
"""At most this much of the text report in CodeRunner's epilogue."""


def gradescope_json(report: NimReport, result: Score, visibility: str = "visible") -> dict[str, Any]:
    return gradescope_document(
        result, summary_markdown(report, result), lambda c: escape.markdown_inline(c.message), visibility
    )


def prairielearn_json(report: NimReport, result: Score) -> dict[str, Any]:
    return prairielearn_document(result, verdict_line(report), summary_markdown(report, result))


def classroom50_json(
    result: Score,
    environ: Mapping[str, str] | None = None,
    now: datetime.datetime | None = None,
) -> dict[str, Any]:
    return classroom50_document(result, environ, now)


def release_body(report: NimReport, result: Score) -> str:
    return summary_markdown(report, result) + "\n"


def coderunner_json(report: NimReport, result: Score) -> dict[str, Any]:
    """CodeRunner's template grader result: the fraction, one row a category, the report as escaped HTML."""
    prologue = [f"<p><strong>perfectplay check (Nim): {result.points} / {result.total}</strong></p>"]
    prologue.append(f"<p>{escape.html(verdict_line(report))}</p>")
    if not result.gradable:
        prologue.append("<p>This answer could not be graded; fix the problem above and check again.</p>")
    text = render_text(report, result).rstrip("\n")[:PRE_CHARACTERS]
    return coderunner_document(result, prologue, f"<pre>{escape.html(text)}</pre>")


def autolab_output(report: NimReport, result: Score) -> str:
    """The text report, then Autolab's scores line last (one line of ASCII JSON, keyed by category)."""
    line = {
        "scores": {category.name: category.points for category in result.categories},
        "scoreboard": [result.points, 1 if report.passed else 0],
    }
    return render_text(report, result) + json.dumps(line) + "\n"
