"""The report in the shapes graders read: Gradescope, PrairieLearn, CodeRunner, Autolab and Classroom 50.

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
- Moodle CodeRunner's template grader (run by Jobe): one JSON object with
  ``fraction`` from 0 to 1, ``testresults`` (rows, the first the column
  headers; a column headed ``iscorrect`` shows a tick or a cross) and
  ``prologuehtml``/``epiloguehtml`` above and below the table.
- Autolab: whatever the autograder prints is the student's feedback, and its
  last line is ``{"scores": {problem: points}, "scoreboard": [...]}``.
- Classroom 50's ``result.json`` (``"schema": "classroom50/result/v1"``):
  the runner's identity fields from its environment, integer ``score`` and
  ``max-score``, ``tests[]`` with ``test-name``, ``passed``, ``score`` and
  ``max-score`` (and ``message``: extra fields are kept); beside it an optional ``release-body.md`` for the student.
"""

from __future__ import annotations

import datetime
import json
import os
from collections.abc import Callable, Mapping
from typing import Any

from perfectplay.check.report import escape
from perfectplay.check.report.model import KINDS, CheckReport, Finding
from perfectplay.check.report.render_text import (
    finding_section,
    losing_game,
    standard_line,
    verdict_line,
    verdict_words,
)
from perfectplay.check.report.score import Category, Score, Weights, scored


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


CUT = "(cut here: the rest is in the full report, `perfectplay check --format text`)"


def category_markdown(report: CheckReport, category: Category) -> str:
    """One category for the student: its points, what they are for, and its findings drawn as boards.

    The candidate's text is never live Markdown: inline it goes through
    ``escape.markdown_inline``, and each drawn finding is a fenced block no
    line of it can close (``escape.markdown_block``).
    """
    blocks = [f"**{category.points} / {category.max_points}**: {escape.markdown_inline(category.message)}."]
    blocks += [_fenced(block) for block in category_blocks(report, category)]
    return _fit(blocks, TEST_CHARACTERS)


def category_blocks(report: CheckReport, category: Category) -> list[list[str]]:
    """The drawings that explain a category's lost points: its shortest losses, one simplest case a finding."""
    blocks = []
    if category.name == "never_beaten":
        blocks += [list(losing_game(role)) for role in report.roles if role.losing_game]
    blocks += [list(finding_section(finding)) for finding in _findings(report, category.name)]
    return blocks


def summary_markdown(report: CheckReport, result: Score) -> str:
    """The whole result for the student: the verdict, the standard, the points by category, the notes."""
    blocks = [f"## perfectplay check: {result.points} / {result.total}", verdict_words(report, escape.markdown_inline)]
    if report.interface is not None:
        blocks.append(f"Checked: {escape.markdown_inline(report.interface)}.")
        blocks.append(f"Standard: {escape.markdown_inline(standard_line(report.standard))}.")
    blocks += points_markdown(report.machine, result, report.isolation)
    for category in result.categories if result.gradable else ():
        if not category.passed:
            blocks.append(f"### {category.title}\n\n{category_markdown(report, category)}")
    if report.notes:
        blocks.append("### Notes\n\n" + "\n".join(f"- {escape.markdown_inline(note)}" for note in report.notes))
    return _fit(blocks, SUMMARY_CHARACTERS)


def points_markdown(machine: str | None, result: Score, isolation: str = "") -> list[str]:
    """Any game's points for the student in Markdown: why nothing was graded, if so, then the table of categories
    (``machine``: the report's machine failure, or None), then how the code ran where it ran unsandboxed."""
    blocks = []
    if machine is not None:
        blocks.append("Nothing was graded: the machine that ran the check failed, not this submission.")
    elif not result.gradable:
        blocks.append("This submission could not be graded; fix the problem above and submit again.")
    rows = [
        f"| {c.title} | {c.points} / {c.max_points} | {escape.markdown_cell(c.message)} |" for c in result.categories
    ]
    blocks.append("\n".join(["| Category | Points | |", "|---|---:|---|", *rows]))
    unsandboxed = unsandboxed_words(isolation)
    return blocks if unsandboxed is None else [*blocks, f"Ran in: {escape.markdown_inline(unsandboxed)}"]


def unsandboxed_words(isolation: str) -> str | None:
    """A report's isolation line where the student's code ran without the sandbox (every grader's page says so,
    for the teacher to see what the grade rests on), else None."""
    return isolation if isolation and not isolation.startswith("bubblewrap") else None


def gradescope_json(
    report: CheckReport, points: Score | Weights | None = None, visibility: str = "visible"
) -> dict[str, Any]:
    """Gradescope's ``results.json``."""
    result = scored(report, points)
    return gradescope_document(result, summary_markdown(report, result), _markdown_of(report), visibility)


def prairielearn_json(report: CheckReport, points: Score | Weights | None = None) -> dict[str, Any]:
    """PrairieLearn's external grader ``results.json``; a file that cannot be checked is not gradable."""
    result = scored(report, points)
    return prairielearn_document(result, verdict_line(report), summary_markdown(report, result), _markdown_of(report))


def _markdown_of(report: CheckReport) -> Callable[[Category], str]:
    """Each category's own Markdown (its examples drawn), for a test's output."""
    return lambda category: category_markdown(report, category)


def gradescope_document(
    result: Score, output: str, test_output: Callable[[Category], str], visibility: str = "visible"
) -> dict[str, Any]:
    """Gradescope's ``results.json`` for any game's score (Connect Four's too): one test a category.

    ``output`` is the Markdown above the tests, ``test_output`` a category's own.
    """
    document = {
        "score": result.points,
        "output": output,
        "output_format": "md",
        "visibility": visibility,
        "stdout_visibility": "hidden",
        "tests": [
            {
                "name": category.title,
                "score": category.points,
                "max_score": category.max_points,
                "status": "passed" if category.passed else "failed",
                "output": test_output(category),
                "output_format": "md",
                "visibility": visibility,
            }
            for category in result.categories
        ],
    }
    return dict(escape.json_value(document))


def prairielearn_document(
    result: Score, message: str, output: str, test_output: Callable[[Category], str] | None = None
) -> dict[str, Any]:
    """PrairieLearn's ``results.json`` for any game's score (Connect Four's too): one test a category.

    ``message`` is the one-line verdict, ``output`` the Markdown report; with
    ``test_output`` each test has an output of its own.
    """
    tests: list[dict[str, Any]] = []
    for category in result.categories:
        test: dict[str, Any] = {
            "name": category.title,
            "description": escape.line(category.message),
            "points": category.points,
            "max_points": category.max_points,
            "message": escape.line(category.message),
        }
        if test_output is not None:
            test["output"] = test_output(category)
        tests.append(test)
    document = {"gradable": result.gradable, "score": result.fraction, "message": message, "output": output}
    return dict(escape.json_value({**document, "tests": tests}))


def coderunner_json(report: CheckReport, points: Score | Weights | None = None) -> dict[str, Any]:
    """CodeRunner's template grader result: the fraction, one row a category, the verdict and findings as HTML.

    CodeRunner shows ``testresults`` cells as text and the two HTML parts as
    HTML, so the student's board drawings go in ``<pre>`` blocks, escaped.
    """
    result = scored(report, points)
    prologue = [f"<p><strong>perfectplay check: {result.points} / {result.total}</strong></p>"]
    prologue.append(f"<p>{_html(verdict_line(report))}</p>")
    if report.interface is not None:
        prologue.append(f"<p>Standard: {_html(standard_line(report.standard))}.</p>")
    if not result.gradable:
        prologue.append("<p>This answer could not be graded; fix the problem above and check again.</p>")
    prologue += [f"<p>{_html(note)}</p>" for note in report.notes]
    unsandboxed = unsandboxed_words(report.isolation)
    prologue += [] if unsandboxed is None else [f"<p>Ran in: {_html(unsandboxed)}</p>"]
    epilogue = []
    for category in result.categories if result.gradable else ():
        if not category.passed:
            epilogue.append(f"<h4>{_html(category.title)}</h4>")
            epilogue.append(f"<p>{category.points} / {category.max_points}: {_html(category.message)}.</p>")
            blocks = ["\n".join(block) for block in category_blocks(report, category)]
            epilogue += [f"<pre>{_html(block[:TEST_CHARACTERS])}</pre>" for block in blocks]
    return coderunner_document(result, prologue, "\n".join(epilogue))


def coderunner_document(result: Score, prologue: list[str], epilogue: str) -> dict[str, Any]:
    """CodeRunner's result for any game: the fraction, one row a category, and the game's own HTML parts
    (``prologue`` paragraphs and the ``epilogue``, escaped by the caller), as JSON CodeRunner can read."""
    rows: list[list[Any]] = [["iscorrect", "Category", "Points", "Out of", "Details"]]
    rows += [
        [category.passed, category.title, category.points, category.max_points, escape.line(category.message)]
        for category in result.categories
    ]
    document = {
        "fraction": result.fraction,
        "testresults": rows,
        "prologuehtml": "\n".join(prologue),
        "epiloguehtml": epilogue,
    }
    return dict(escape.json_value(document))


def autolab_output(report: CheckReport, points: Score | Weights | None = None, text: str = "") -> str:
    """What an Autolab autograder prints: ``text`` (the report for the student), then the scores line last.

    The scores are keyed by category name (``never_beaten``...), the names
    the assessment's problems must have; the scoreboard shows the total and
    whether it was never beaten.
    """
    result = scored(report, points)
    never_beaten = any(category.name == "never_beaten" and category.passed for category in result.categories)
    line = {
        "scores": {category.name: category.points for category in result.categories},
        "scoreboard": [result.points, 1 if never_beaten else 0],
    }
    # The scores line must be the last line whatever the report holds: it is one line of JSON, ASCII only.
    return (text.rstrip("\n") + "\n" if text else "") + json.dumps(line) + "\n"


CLASSROOM50_IDENTITY = {
    "classroom": "CLASSROOM",
    "assignment": "ASSIGNMENT",
    "submission": "SUBMISSION_TAG",
    "commit": "COMMIT_URL",
    "release": "RELEASE_URL",
}


def classroom50_json(
    report: CheckReport,
    points: Score | Weights | None = None,
    environ: Mapping[str, str] | None = None,
    now: datetime.datetime | None = None,
) -> dict[str, Any]:
    """Classroom 50's ``result.json``: identity from the runner's environment, integer points per category."""
    return classroom50_document(scored(report, points), environ, now)


def classroom50_document(
    result: Score, environ: Mapping[str, str] | None = None, now: datetime.datetime | None = None
) -> dict[str, Any]:
    """Classroom 50's ``result.json`` for any game's score (Connect Four's too)."""
    environ = os.environ if environ is None else environ
    moment = now or datetime.datetime.now(datetime.timezone.utc)
    document: dict[str, Any] = {"schema": "classroom50/result/v1"}
    for field, variable in CLASSROOM50_IDENTITY.items():
        document[field] = environ.get(variable, "")
    document["review"] = environ.get("REVIEW_URL") or document["commit"]
    document["datetime"] = moment.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    document["score"] = result.points
    document["max-score"] = result.total
    document["tests"] = [
        {
            "test-name": category.title,
            "passed": category.passed,
            "score": category.points,
            "max-score": category.max_points,
            # "Extra diagnostic fields on a test are preserved verbatim" (the result.json contract).
            "message": escape.line(category.message),
        }
        for category in result.categories
    ]
    return dict(escape.json_value(document))


def release_body(report: CheckReport, points: Score | Weights | None = None) -> str:
    """Classroom 50's ``release-body.md``: what the student reads on the submission's Release."""
    return summary_markdown(report, scored(report, points)) + "\n"


def _findings(report: CheckReport, category: str) -> list[Finding]:
    return [finding for finding in report.counted if category_of(finding.kind) == category]


def _html(text: str) -> str:
    """Text (a candidate's output in it, perhaps) as HTML: escaped, control characters written out."""
    return escape.html(text)


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def _fenced(lines: list[str]) -> str:
    """Lines of the text report as one fenced block, cut first if longer than a test may be."""
    text = "\n".join(lines)
    if len(text) > TEST_CHARACTERS // 2:
        text = text[: TEST_CHARACTERS // 2] + "\n(cut here)"
    return escape.markdown_block(text)


def _fit(blocks: list[str], limit: int) -> str:
    """The Markdown blocks that fit in ``limit`` characters, in order, then a note if any was left out.

    A block is kept whole or left out, never cut: half a code span or half a fence
    could turn the candidate's text after it into live Markdown.
    """
    kept: list[str] = []
    size = len(CUT)
    for block in blocks:
        if size + len(block) + 2 <= limit:
            kept.append(block)
            size += len(block) + 2
    if len(kept) < len(blocks):
        kept.append(CUT)
    return "\n\n".join(kept)
