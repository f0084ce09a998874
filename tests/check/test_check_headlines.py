"""Headlines a student can act on: a report never contradicts its own counts, in any format."""

from __future__ import annotations

import re

from perfectplay.check.report.model import CheckReport, Example, Finding, RoleResult, Timing
from perfectplay.check.report.render_csv import csv_row
from perfectplay.check.report.render_graders import prairielearn_json, release_body
from perfectplay.check.report.render_json import report_json
from perfectplay.check.report.render_text import render_text, verdict_line


def stopped_report(asked: int, missing: str) -> CheckReport:
    """A correct AI whose check stopped on a grader's budget after ``asked`` of 4,520 positions."""
    return CheckReport(
        target="tictactoe.py",
        interface="the CS50 functions",
        standard="value",
        positions=4520,
        asked=asked,
        best=asked,
        roles=(RoleResult("X", "X", 2260, False, 0), RoleResult("O", "X", 2260, False, 0)),
        findings=(
            Finding(
                "not_checked",
                4520 - asked,
                Example(answer=f"{missing}: the grader's time budget of 19.5 s ran out"),
            ),
        ),
        notes=(),
        randomised=False,
        complete=False,
        timing=Timing(asked, 0.01, 0.5, None, None, 18.0, 19.5),
        legal=asked,
        legal_of=4520,
        kept=asked,
    )


def every_text(report: CheckReport) -> str:
    prairie = prairielearn_json(report)
    return "\n".join(
        [render_text(report), verdict_line(report), prairie["message"], prairie["output"], release_body(report)]
    )


def test_a_check_that_asked_every_position_but_stopped_later_never_says_asked_all_of_all_not_everywhere() -> None:
    report = stopped_report(4520, "its last questions were not asked")
    text = every_text(report)
    assert not [line for line in text.splitlines() if "not checked" in line.lower() and "of 4,520" in line]
    assert "not checked everywhere" not in text.lower()
    assert verdict_line(report).startswith(
        "Not checked to the end: it answered all 4,520 positions, with no loss found"
    )
    assert report_json(report)["findings"][0]["title"] == "not checked to the end"
    assert csv_row(report)["verdict"] == "incomplete"


def test_a_check_that_stopped_before_asking_everything_says_how_many_it_asked() -> None:
    report = stopped_report(4000, "520 positions were not asked")
    assert verdict_line(report).startswith("Not checked everywhere: it was asked 4,000 of 4,520 positions")
    assert re.search(r"not checked everywhere\s+520", render_text(report))
