"""A Connect Four report for Classroom 50 (``result.json``, ``release-body.md``) and Moodle's CodeRunner.

The same shapes as tic-tac-toe's (``render_graders.py`` says what each grader
reads), from the Connect Four score: one test or row a category, the same
whole points as every other format. The student's text reaches them only
through ``escape`` (HTML for CodeRunner, Markdown for the release body).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from perfectplay.check.connect4.model import Connect4Report
from perfectplay.check.connect4.render import render_text, summary_markdown, verdict_line
from perfectplay.check.connect4.score import connect4_score
from perfectplay.check.report import escape
from perfectplay.check.report.render_graders import classroom50_document, coderunner_document
from perfectplay.check.report.score import Score

PRE_CHARACTERS = 20_000
"""At most this much of the text report in CodeRunner's epilogue: a student reads the first screens."""


def classroom50_json(
    report: Connect4Report,
    result: Score | None = None,
    environ: Mapping[str, str] | None = None,
    now: datetime.datetime | None = None,
) -> dict[str, Any]:
    """Classroom 50's ``result.json``: identity from the runner's environment, integer points per category."""
    return classroom50_document(result or connect4_score(report), environ, now)


def release_body(report: Connect4Report, result: Score | None = None) -> str:
    """Classroom 50's ``release-body.md``: the points, then the report in a fence no student text can close."""
    result = result or connect4_score(report)
    head = f"## perfectplay check: {result.points} / {result.total} (Connect Four)"
    return f"{head}\n\n{summary_markdown(report, result)}\n"


def coderunner_json(report: Connect4Report, result: Score | None = None) -> dict[str, Any]:
    """CodeRunner's template grader result: the fraction, one row a category, the report as escaped HTML."""
    result = result or connect4_score(report)
    prologue = [f"<p><strong>perfectplay check: {result.points} / {result.total}</strong></p>"]
    prologue.append(f"<p>{escape.html(verdict_line(report))}</p>")
    if report.machine is not None:
        prologue.append("<p>Nothing was graded: the machine that ran the check failed, not this answer.</p>")
    elif not result.gradable:
        prologue.append("<p>This answer could not be graded; fix the problem above and check again.</p>")
    text = render_text(report, result).rstrip("\n")
    if len(text) > PRE_CHARACTERS:
        text = text[:PRE_CHARACTERS] + "\n(cut here: the rest is in the full report)"
    return coderunner_document(result, prologue, f"<pre>{escape.html(text)}</pre>")
