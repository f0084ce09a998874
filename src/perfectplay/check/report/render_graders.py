"""The report in the shapes graders read: Gradescope, PrairieLearn and Classroom 50.

Each is one test per score category (``score.py``), with the category's
points, and for the student Markdown that says what was right and draws
the simplest position of each thing that went wrong (the same boards as
the text report, in code blocks). The numbers are the score's integers in
every format, so the same submission gets the same points everywhere.

The shapes, as each grader documents them:

- Gradescope's ``results.json``: ``score``, ``output``, ``output_format``,
  ``visibility``, ``tests[]`` each with ``name``, ``score``, ``max_score``,
  ``status`` (``passed``/``failed``), ``output``, ``output_format``.
- PrairieLearn's external grader ``results.json``: ``gradable``, ``score``
  from 0 to 1, ``message``, ``output``, ``tests[]`` each with ``name``,
  ``description``, ``points``, ``max_points``, ``message``, ``output``; at
  most 1 MB.
- Classroom 50's ``result.json`` (``"schema": "classroom50/result/v1"``):
  the runner's identity fields from its environment, integer ``score`` and
  ``max-score``, ``tests[]`` with ``test-name``, ``passed``, ``score`` and
  ``max-score`` (and ``message``: extra fields are kept); beside it an optional ``release-body.md`` for the student.
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Mapping
from typing import Any

from perfectplay.check.report.model import KINDS, CheckReport, Finding
from perfectplay.check.report.render_text import (
    escape_controls,
    finding_section,
    losing_game,
    standard_line,
    verdict_line,
)
from perfectplay.check.report.score import Category, Score, Weights, score


def category_of(kind: str) -> str | None:
    """The score category a finding kind belongs to (None for ``not_checked``, which every category feels)."""
    if kind in ("import_error", "import_input"):
        return "loads"
    if kind.startswith("cs50_"):
        return "helpers"
    return {"contract": "legal", "value": "keeps_value", "tempo": "best_move"}.get(KINDS[kind][1])


TEST_CHARACTERS = 20_000
"""At most this much Markdown a test: a student reads the first example, not the thousandth."""
SUMMARY_CHARACTERS = 60_000
"""At most this much in the overall message: far under PrairieLearn's 1 MB and GitHub's release body limit."""


def category_markdown(report: CheckReport, category: Category) -> str:
    """One category for the student: its points, what they are for, and its findings drawn as boards."""
    lines = [f"**{category.points} / {category.max_points}**: {category.message}."]
    if category.name == "never_beaten":
        for role in report.roles:
            if role.losing_game:
                lines += ["", "```", *losing_game(role), "```"]
    for finding in _findings(report, category.name):
        lines += ["", "```", *finding_section(finding), "```"]
    # What the candidate printed or raised is in there: no control character reaches a grader's page.
    return escape_controls(_cap("\n".join(lines), TEST_CHARACTERS))


def summary_markdown(report: CheckReport, result: Score) -> str:
    """The whole result for the student: the verdict, the standard, the points by category, the notes."""
    lines = [f"## perfectplay check: {result.points} / {result.total}", "", verdict_line(report)]
    if report.interface is not None:
        lines += ["", f"Checked: {report.interface}.", "", f"Standard: {standard_line(report.standard)}."]
    if report.machine is not None:
        lines += ["", "Nothing was graded: the machine that ran the check failed, not this submission."]
    elif not result.gradable:
        lines += ["", "This submission could not be graded; fix the problem above and submit again."]
    lines += ["", "| Category | Points | |", "|---|---:|---|"]
    lines += [f"| {c.title} | {c.points} / {c.max_points} | {_cell(c.message)} |" for c in result.categories]
    for category in result.categories if result.gradable else ():
        if not category.passed:
            lines += ["", f"### {category.title}", "", category_markdown(report, category)]
    if report.notes:
        lines += ["", "### Notes", "", *[f"- {note}" for note in report.notes]]
    return escape_controls(_cap("\n".join(lines), SUMMARY_CHARACTERS))


def gradescope_json(report: CheckReport, weights: Weights | None = None, visibility: str = "visible") -> dict[str, Any]:
    """Gradescope's ``results.json``."""
    result = score(report, weights)
    return {
        "score": result.points,
        "output": summary_markdown(report, result),
        "output_format": "md",
        "visibility": visibility,
        "stdout_visibility": "hidden",
        "tests": [
            {
                "name": category.title,
                "score": category.points,
                "max_score": category.max_points,
                "status": "passed" if category.passed else "failed",
                "output": category_markdown(report, category),
                "output_format": "md",
                "visibility": visibility,
            }
            for category in result.categories
        ],
    }


def prairielearn_json(report: CheckReport, weights: Weights | None = None) -> dict[str, Any]:
    """PrairieLearn's external grader ``results.json``; a file that cannot be checked is not gradable."""
    result = score(report, weights)
    return {
        "gradable": result.gradable,
        "score": result.fraction,
        "message": verdict_line(report),
        "output": summary_markdown(report, result),
        "tests": [
            {
                "name": category.title,
                "description": escape_controls(category.message),
                "points": category.points,
                "max_points": category.max_points,
                "message": escape_controls(category.message),
                "output": category_markdown(report, category),
            }
            for category in result.categories
        ],
    }


CLASSROOM50_IDENTITY = {
    "classroom": "CLASSROOM",
    "assignment": "ASSIGNMENT",
    "submission": "SUBMISSION_TAG",
    "commit": "COMMIT_URL",
    "release": "RELEASE_URL",
}


def classroom50_json(
    report: CheckReport,
    weights: Weights | None = None,
    environ: Mapping[str, str] | None = None,
    now: datetime.datetime | None = None,
) -> dict[str, Any]:
    """Classroom 50's ``result.json``: identity from the runner's environment, integer points per category."""
    environ = os.environ if environ is None else environ
    result = score(report, weights)
    moment = now or datetime.datetime.now(datetime.UTC)
    document: dict[str, Any] = {"schema": "classroom50/result/v1"}
    for field, variable in CLASSROOM50_IDENTITY.items():
        document[field] = environ.get(variable, "")
    document["review"] = environ.get("REVIEW_URL") or document["commit"]
    document["datetime"] = moment.astimezone(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    document["score"] = result.points
    document["max-score"] = result.total
    document["tests"] = [
        {
            "test-name": category.title,
            "passed": category.passed,
            "score": category.points,
            "max-score": category.max_points,
            # "Extra diagnostic fields on a test are preserved verbatim" (the result.json contract).
            "message": escape_controls(category.message),
        }
        for category in result.categories
    ]
    return document


def release_body(report: CheckReport, weights: Weights | None = None) -> str:
    """Classroom 50's ``release-body.md``: what the student reads on the submission's Release."""
    return summary_markdown(report, score(report, weights)) + "\n"


def _findings(report: CheckReport, category: str) -> list[Finding]:
    return [finding for finding in report.counted if category_of(finding.kind) == category]


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def _cap(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 200]
    if cut.count("```") % 2:
        cut += "\n```"
    return cut + "\n\n(cut here: the rest is in the full report, `perfectplay check --format text`)"
