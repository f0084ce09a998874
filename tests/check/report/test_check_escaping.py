"""Student text is data in every report: arbitrary text and bytes through every format, each output still valid.

The candidate's text reaches a report through the fields of ``CheckReport``
(its file name, the interface, the problem, the notes, what an example
returned, raised, printed or left on the board). These tests build reports
directly with hostile text in all of them (no candidate is run, so
Hypothesis can try hundreds) and check each medium: the text report and
check50's messages hold no control character and no line of the student's,
the CSV parses into the same rows and columns with no formula, the JSON
round-trips as valid UTF-8 and against the schema, the Markdown keeps every
fence closed and renders the same markup as a harmless report (no heading,
link, image or HTML of the student's), the HTML holds no tag of the
student's. One end-to-end test runs a real hostile candidate through the CLI.
"""

from __future__ import annotations

import csv
import functools
import html.parser
import io
import json
import re
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cli_helpers import InProcess
from perfectplay.check.report import escape
from perfectplay.check.report.model import (
    CheckReport,
    CheckTiming,
    Example,
    Finding,
    GameMove,
    MoveChoice,
    RoleResult,
    unchecked,
)
from perfectplay.check.report.render_csv import COLUMNS, csv_row, render_csv
from perfectplay.check.report.render_graders import (
    classroom50_json,
    gradescope_json,
    prairielearn_json,
    release_body,
)
from perfectplay.check.report.render_json import json_schema, report_json
from perfectplay.check.report.render_text import render_text, verdict_line
from perfectplay.check.report.score import TITLES

markdown_it = pytest.importorskip("markdown_it")

CHARACTERS = st.characters(categories=["L", "M", "N", "P", "S", "Z", "Cc", "Cf", "Cs", "Co", "Cn"])
"""Every Unicode category, lone surrogates (Cs) included: Hypothesis leaves them out unless asked."""

PIECES = [
    "# 100 / 100",
    "## perfectplay check: 100 / 100",
    "```",
    "````",
    "~~~",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "![x](http://evil/x.png)",
    "[click](http://evil)",
    "<http://evil>",
    "http://evil.example/x",
    "www.evil.com",
    "a@evil.com",
    "&lt;b&gt;",
    "&#60;",
    "\ud800",
    "\udcff",
    "=cmd|' /C calc'!A0",
    "+1",
    "-1",
    "@SUM(A1)",
    "\uff1d1+1",
    "\t",
    "\r",
    "\n",
    "\r\n",
    "\x0b",
    "\x0c",
    "\x85",
    "\u2028",
    "\x1b[2J",
    "\x1b]0;pwned\x07",
    "\u202e",
    "\u2066",
    "|",
    "\\",
    "`",
    "    ",
    "1. ",
    "- ",
    "> ",
    "***",
    "_x_",
    "---",
    "$x$",
    ":smile:",
    '"',
    "'",
]
"""Pieces that each break some medium when left raw: Hypothesis strings them together with arbitrary text."""

texts = st.one_of(
    st.text(CHARACTERS),
    st.binary().map(lambda raw: raw.decode("utf-8", "surrogateescape")),
    st.lists(st.one_of(st.sampled_from(PIECES), st.text(CHARACTERS, max_size=4)), max_size=10).map("".join),
)

QUICK = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
"""No deadline: these tests must not depend on the machine's speed."""
REPORTS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

POSITION = "XOX/OXO/..."
"""X to move, 7 8 9 free: the position every example is drawn in."""


def report_with(text: str) -> CheckReport:
    """A checked report (beatable, broken answers, CS50 helpers wrong, notes) with ``text`` in every field
    a candidate controls."""
    win = MoveChoice(6, "win", 1, 9)
    examples = [
        Finding("raises", 3, Example(POSITION, "X", best=(win,), answer=text, output=text)),
        Finding("wrong_type", 2, Example(POSITION, "X", best=(win,), answer=text)),
        Finding("illegal_move", 1, Example(POSITION, "X", best=(win,), answer=text, output=text)),
        Finding("mutates", 1, Example(POSITION, "X", chose=win, best=(win,), answer=text, after=text)),
        Finding("finished_board", 1, Example(POSITION, "X", answer=text)),
        Finding("cs50_player", 1, Example(POSITION, "X", call=text, answer=text, expected=text)),
        Finding("cs50_result_mutates", 1, Example(POSITION, "X", call=text, after=text)),
        Finding(
            "misses_win", 5, Example(POSITION, "X", chose=MoveChoice(7, "draw", None, 0), best=(win,), output=text)
        ),
        Finding("not_checked", 7, Example(answer=text)),
    ]
    plies = (("X", 0), ("O", 4), ("X", 1), ("O", 2), ("X", 3), ("O", 6))
    loss = tuple(GameMove(side, move, side == "X") for side, move in plies)
    roles = (
        RoleResult(
            "X",
            "X",
            100,
            True,
            0,
            losing_game=loss,
            final="XXO/XO./O..",
        ),
        RoleResult("O", "X", 90, False, 2),
    )
    return CheckReport(
        target=text,
        interface=text,
        standard="best",
        positions=190,
        asked=183,
        best=120,
        roles=roles,
        findings=tuple(examples),
        notes=(text, f"On import it printed 3 characters (first line: {text!r}); a module should not print."),
        randomised=False,
        complete=False,
        timing=CheckTiming(40, 0.001, 0.2, POSITION, "X", 0.5, 1.5, 0.4),
        isolation="bubblewrap sandbox (no network)",
        legal=150,
        legal_of=190,
        kept=130,
        helpers=10,
        helpers_of=12,
    )


def unchecked_with(text: str) -> CheckReport:
    """A report of a file that could not be checked, the problem (an import error, say) being ``text``."""
    return replace(
        unchecked(text, text),
        notes=(text,),
        findings=(Finding("import_error", 1, Example(answer=text, output=text)),),
    )


BUILDERS: list[Callable[[str], CheckReport]] = [report_with, unchecked_with]


def benign_twin(text: str) -> str:
    """Harmless text a report shows in as many lines as ``text``: empty if it is, blank if it is, else
    as many lines of ``x`` as it has once stripped (what it printed is shown line by line)."""
    if not text:
        return ""
    return "\n".join("x" for _ in text.strip().splitlines()) or " "


# --- what counts as live or invalid in each medium -------------------------------------------------

FORBIDDEN_IN_TERMINAL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def assert_terminal_safe(text: str) -> None:
    text.encode("utf-8")  # strict: a lone surrogate raises here
    assert not FORBIDDEN_IN_TERMINAL.search(text), FORBIDDEN_IN_TERMINAL.search(text)
    assert not any(unicodedata.category(character) == "Cs" for character in text)


FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")


def fenced_blocks(markdown: str) -> list[tuple[int, int | None]]:
    """(opening line, closing line or None if never closed) of each fenced code block, by CommonMark's rules.

    A fence is 3+ backticks or tildes indented at most 3 spaces (a backtick
    fence's info string holds no backtick); it is closed by a line of at least
    as many of the same character, indented at most 3 spaces, with only
    spaces or tabs after. Every block here is at the top level (no list or
    quote holds one), as the renderers write them.
    """
    blocks: list[tuple[int, int | None]] = []
    opened: tuple[int, str, int] | None = None
    for number, text in enumerate(markdown.split("\n")):
        match = FENCE.match(text)
        if opened is None:
            if match and not (match[1][0] == "`" and "`" in match[2]):
                opened = (number, match[1][0], len(match[1]))
        elif match and match[1][0] == opened[1] and len(match[1]) >= opened[2] and not match[2].strip(" \t"):
            blocks.append((opened[0], number))
            opened = None
    if opened is not None:
        blocks.append((opened[0], None))
    return blocks


def markup(markdown: str) -> Counter[str]:
    """The markup a CommonMark renderer (with GFM tables and strikethrough) makes of ``markdown``: token types
    with their tags, code and plain text left out."""
    parser = markdown_it.MarkdownIt("commonmark").enable(["table", "strikethrough"])
    found: Counter[str] = Counter()
    for token in parser.parse(markdown):
        for each in [token, *(token.children or [])]:
            if each.type not in ("text", "code_inline", "inline", "softbreak"):
                found[f"{each.type}:{each.tag}"] += 1
    return found


def assert_no_live_markup(markdown: str) -> None:
    """No raw HTML, link, image or heading but ours; every fence closed."""
    markdown.encode("utf-8")
    assert all(end is not None for _, end in fenced_blocks(markdown)), fenced_blocks(markdown)
    found = markup(markdown)
    assert found["html_inline:"] == found["html_block:"] == found["image:img"] == found["link_open:a"] == 0, found
    ours = {"Notes", *(title for title in TITLES.values())}
    for heading in _headings(markdown):
        assert heading.content.startswith("perfectplay check: ") or heading.content in ours, heading.content


def assert_markdown_safe(hostile: str, benign: str) -> None:
    """Every fence closed, the same fences, the same markup as the harmless twin: the student's text is inert."""
    hostile.encode("utf-8")
    assert all(end is not None for _, end in fenced_blocks(hostile)), fenced_blocks(hostile)
    assert len(fenced_blocks(hostile)) == len(fenced_blocks(benign))
    assert markup(hostile) == markup(benign)
    assert not FORBIDDEN_IN_TERMINAL.search(hostile)


class Tags(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)


def tags_of(text: str) -> list[str]:
    parser = Tags()
    parser.feed(text)
    parser.close()
    return parser.tags


# --- one medium at a time, on any text --------------------------------------------------------------


@QUICK
@given(texts)
def test_a_line_of_student_text_is_one_line_with_every_control_written_out(text: str) -> None:
    shown = escape.line(text)
    assert_terminal_safe(shown)
    assert "\n" not in shown and "\r" not in shown and "\t" not in shown
    if not re.search(f"[{escape._INVISIBLE}\t\n]", text):
        assert shown == text  # ordinary text is left as it is


@QUICK
@given(texts)
def test_a_csv_cell_parses_back_as_itself_on_one_line_and_is_never_a_formula(text: str) -> None:
    cell = escape.csv_cell(text)
    rows = list(csv.reader(io.StringIO(render_csv([{"file": text, "problem": text}]))))
    assert len(rows) == 2 and all(len(row) == len(COLUMNS) for row in rows)
    assert rows[1][0] == rows[1][COLUMNS.index("problem")] == cell
    assert not cell.lstrip(" ").startswith(("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20"))
    assert cell in (escape.line(text), "'" + escape.line(text))


@QUICK
@given(texts)
@example(" ")  # only spaces: a padded code span would show two more
@example("`` x")
def test_inline_markdown_renders_as_exactly_the_text_and_nothing_else(text: str) -> None:
    markdown = f"Said: {escape.markdown_inline(text)}."
    tokens = markdown_it.MarkdownIt("commonmark").parse(markdown)
    assert [token.type for token in tokens] == ["paragraph_open", "inline", "paragraph_close"]
    children = tokens[1].children or []
    assert {child.type for child in children} <= {"text", "code_inline"}
    assert "".join(child.content for child in children) == f"Said: {escape.line(text)}."


@QUICK
@given(texts)
def test_a_markdown_table_cell_stays_one_cell(text: str) -> None:
    table = f"| a | b |\n|---|---|\n| {escape.markdown_cell(text)} | end |"
    tokens = markdown_it.MarkdownIt("commonmark").enable("table").parse(table)
    assert sum(token.type == "td_open" for token in tokens) == 2
    cells = [token for token in tokens if token.type == "inline"]
    assert cells[-1].content == "end"


@QUICK
@given(texts)
def test_a_markdown_block_is_one_fence_holding_exactly_the_text(text: str) -> None:
    markdown = f"Before\n\n{escape.markdown_block(text)}\n\nAfter"
    tokens = markdown_it.MarkdownIt("commonmark").parse(markdown)
    assert [token.type for token in tokens if token.type != "inline"] == [
        "paragraph_open",
        "paragraph_close",
        "fence",
        "paragraph_open",
        "paragraph_close",
    ]
    assert next(token for token in tokens if token.type == "fence").content == escape.terminal(text) + "\n"
    assert [end is not None for _, end in fenced_blocks(markdown)] == [True]


@QUICK
@given(texts)
def test_html_text_holds_no_tag_and_unescapes_to_the_terminal_text(text: str) -> None:
    shown = escape.html(text)
    assert not set("<>\"'") & set(shown)
    assert tags_of(f"<p title='{shown}'>{shown}</p>") == ["p"]
    assert html.unescape(shown) == escape.terminal(text)


@QUICK
@given(st.recursive(texts, lambda inner: st.lists(inner) | st.dictionaries(texts, inner), max_leaves=8))
def test_any_json_value_dumps_as_valid_utf8_and_loads_back_the_same(value: Any) -> None:
    safe = escape.json_value(value)
    for ascii_only in (True, False):
        data = json.dumps(safe, ensure_ascii=ascii_only).encode("utf-8")
        assert json.loads(data.decode("utf-8")) == safe
    assert not re.search("[\ud800-\udfff]", json.dumps(safe, ensure_ascii=False))


# --- whole reports, every renderer ------------------------------------------------------------------


@REPORTS
@given(texts, st.sampled_from(BUILDERS))
def test_the_text_report_shows_student_text_on_its_own_lines_only_and_never_crashes(
    text: str, build: Callable[[str], CheckReport]
) -> None:
    hostile, benign = render_text(build(text)), render_text(build(benign_twin(text)))
    assert_terminal_safe(hostile)
    assert len(hostile.split("\n")) == len(benign.split("\n"))
    assert_terminal_safe(verdict_line(build(text)))
    assert "\n" not in verdict_line(build(text))


@REPORTS
@given(texts, st.sampled_from(BUILDERS))
def test_the_json_report_round_trips_as_utf8_keeps_its_shape_and_fits_the_schema(
    text: str, build: Callable[[str], CheckReport]
) -> None:
    document = report_json(build(text))
    data = json.dumps(document, ensure_ascii=False).encode("utf-8")
    assert json.loads(data) == json.loads(json.dumps(document))
    report_validator().validate(json.loads(data))
    assert shape(document) == shape(report_json(build("x")))


@functools.cache
def report_validator() -> Any:
    """The schema's validator, made once: ``jsonschema.validate`` checks the schema itself again on every call (most of
    this test's time); the schema's own validity is test_check_schema.py's."""
    jsonschema = pytest.importorskip("jsonschema")
    return jsonschema.Draft202012Validator(json_schema())


def shape(value: Any) -> Any:
    """A JSON document with its text left out: keys, nesting, list lengths, numbers."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [shape(item) for item in value]
    return "" if isinstance(value, str) else value


@REPORTS
@given(texts, st.sampled_from(BUILDERS))
def test_the_csv_row_is_one_line_of_the_same_columns_with_no_formula(
    text: str, build: Callable[[str], CheckReport]
) -> None:
    written = render_csv([csv_row(build(text))])
    assert_terminal_safe(written)
    assert written.count("\n") == 2
    rows = list(csv.reader(io.StringIO(written)))
    assert [len(row) for row in rows] == [len(COLUMNS), len(COLUMNS)]
    assert not any(cell.lstrip(" ").startswith(("=", "+", "-", "@")) for cell in rows[1])


@REPORTS
@given(texts, st.sampled_from(BUILDERS))
@example("\r", report_with)  # blank once stripped: a blank note made an empty list item
@example("    0", report_with)  # four spaces after a list's "- " made an indented code block
@example("-", report_with)  # after a list's "- ", a list inside it
@example("# 100 / 100\n```\n<script>alert(1)</script>\n![x](http://evil/x.png)\n\ud800", report_with)
def test_every_markdown_a_grader_shows_keeps_student_text_inert_and_its_fences_closed(
    text: str, build: Callable[[str], CheckReport]
) -> None:
    hostile, benign = build(text), build(benign_twin(text))
    assert_markdown_safe(release_body(hostile), release_body(benign))
    for render in (gradescope_json, prairielearn_json):
        ours, twin = render(hostile), render(benign)
        assert_markdown_safe(ours["output"], twin["output"])
        for test, twin_test in zip(ours["tests"], twin["tests"], strict=True):
            assert_markdown_safe(test["output"], twin_test["output"])


@REPORTS
@given(texts, st.sampled_from(BUILDERS))
def test_every_grader_json_dumps_as_utf8_with_its_plain_messages_on_one_line(
    text: str, build: Callable[[str], CheckReport]
) -> None:
    report = build(text)
    environ = {"CLASSROOM": text, "COMMIT_URL": text}
    documents = [gradescope_json(report), prairielearn_json(report), classroom50_json(report, environ=environ)]
    for document in documents:
        data = json.dumps(document, ensure_ascii=False).encode("utf-8")
        assert json.loads(data) == json.loads(json.dumps(document))
    prairie, classroom = documents[1], documents[2]
    for message in [prairie["message"], *(test["message"] for test in prairie["tests"] + classroom["tests"])]:
        assert_terminal_safe(message)
        assert "\n" not in message


@REPORTS
@given(texts, st.sampled_from(BUILDERS))
def test_the_notebook_view_holds_no_tag_of_the_students(text: str, build: Callable[[str], CheckReport]) -> None:
    from perfectplay.notebook.views import ReportView

    shown = ReportView(build(text))._repr_html_()
    shown.encode("utf-8")
    assert tags_of(shown) == ["pre"]
    assert shown.count("<") == 2


@REPORTS
@given(texts)
def test_check50_failures_show_student_text_with_its_controls_written_out(text: str) -> None:
    check50 = pytest.importorskip("check50")
    from perfectplay.check import check50 as extension

    report = report_with(text)
    with pytest.raises(check50.Failure) as failure:
        extension._fail_on(report, list(report.counted))
    assert_terminal_safe(str(failure.value.payload["rationale"]))


def test_a_long_flood_of_output_is_cut_between_blocks_never_inside_one() -> None:
    flood = "```\n<img src=x>\n" * 20_000
    report = replace(report_with(flood), notes=tuple(f"note {index}: {flood[:3000]}" for index in range(40)))
    body = release_body(report)
    assert len(body) <= 60_001
    assert "(cut here" in body
    assert_no_live_markup(body)


# --- end to end ---------------------------------------------------------------------------------------

HOSTILE_AI = """
def find_best_move(board):
    if board.count(" ") == 3:
        print("# 100 / 100\\n```\\n<script>alert(1)</script>\\n![x](http://evil/x.png)\\n\\ud800 =1+1")
        raise ValueError("```\\n# 100 / 100\\n<img src=x onerror=alert(1)>\\ud800")
    return board.index(" ")
"""


@pytest.mark.slow
def test_a_real_hostile_candidate_goes_through_every_cli_format_inert(tmp_path: Path, in_process: InProcess) -> None:
    path = tmp_path / "hostile.py"
    path.write_text(HOSTILE_AI)
    # A sample, and the positions its games reach: many where it prints and raises (three free cells).
    common = (str(path), "--sandbox", "off", "--board", "flat", "--empty", " ", "--sample", "50")

    # A class run: the hostile file first, another student's after it, whose report must still come.
    other = tmp_path / "other.py"
    other.write_text("def find_best_move(board):\n    return board.index(' ')\n")
    text = in_process("check", *common[:1], str(other), *common[1:], "--jobs", "1")
    assert text.returncode == 1, text.stderr
    assert "Traceback" not in text.stderr
    assert f"perfectplay check: {other}" in text.stdout
    assert "raised ValueError: ```\\n# 100 / 100\\n<img src=x onerror=alert(1)>\\ud800" in text.stdout
    assert_terminal_safe(text.stdout)

    # Run once more, its answers kept: every other format is that same run's, judged again from its transcript.
    transcript = tmp_path / "transcript.json"
    as_json = in_process("check", *common, "--format", "json", "--transcript", str(transcript))
    document = json.loads(as_json.stdout)
    raised = next(finding for finding in document["findings"] if finding["kind"] == "raises")
    assert "<img src=x onerror=alert(1)>\ufffd" in raised["example"]["answer"]
    replayed = ("--replay", str(transcript))
    assert json.loads(in_process("check", *replayed, "--format", "json").stdout) == document

    grades = tmp_path / "grades.csv"
    in_process("check", *replayed, "--csv", str(grades))
    rows = list(csv.reader(io.StringIO(grades.read_text(encoding="utf-8"))))
    assert [len(row) for row in rows] == [len(COLUMNS), len(COLUMNS)]

    folder = tmp_path / "classroom"
    folder.mkdir()
    classroom = in_process("check", *replayed, "--format", "classroom50", "--output", str(folder))
    assert classroom.returncode == 1, classroom.stderr
    body = (folder / "release-body.md").read_text(encoding="utf-8")
    assert "<img src=x onerror=alert(1)>\\ud800" in body
    assert_no_live_markup(body)

    for grader in ("gradescope", "prairielearn"):
        result = in_process("check", *replayed, "--format", grader)
        assert result.returncode == 1, result.stderr
        document = json.loads(result.stdout)
        for markdown in [document["output"], *(test["output"] for test in document["tests"])]:
            assert_no_live_markup(markdown)


def _headings(markdown: str) -> list[Any]:
    tokens = markdown_it.MarkdownIt("commonmark").enable("table").parse(markdown)
    return [tokens[index + 1] for index, token in enumerate(tokens) if token.type == "heading_open"]
