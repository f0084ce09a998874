"""Words a student can act on: a headline never contradicts its own counts, in any format, and a function
whose answers depend on earlier calls is called that (not randomised), with a loss that replays from a fresh start.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from perfectplay.check.api import check_ai
from perfectplay.check.report.model import CheckReport, CheckTiming, Example, Finding, RoleResult
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
        timing=CheckTiming(asked, 0.01, 0.5, None, None, 18.0, 19.5),
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


COUNTER = """
calls = 0


def find_best_move(board):
    global calls
    calls += 1
    free = [cell for cell, mark in enumerate(board) if mark == " "]
    return free[0] if calls % 2 else free[-1]
"""
"""Deterministic, but its answer in a position depends on how many calls came before: it keeps a counter."""


def fresh_answers(path: Path, boards: list[list[str]]) -> list[int]:
    """What the function answers to ``boards``, asked in order, in a freshly imported copy of its module."""
    spec = importlib.util.spec_from_file_location(f"fresh_{id(boards)}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [module.find_best_move(list(board)) for board in boards]


def test_a_function_that_keeps_a_counter_is_said_to_depend_on_what_it_was_asked_before_not_randomised(
    tmp_path: Path,
) -> None:
    path = tmp_path / "counter.py"
    path.write_text(COUNTER)
    # A sample (and every position its own games reach): the fresh processes that tell memory from chance, and the
    # losing games played again, are the same in any check.
    report = check_ai(path, board="flat", empty=" ", sandbox="off", sample=50)
    assert report.history and not report.randomised
    assert any(note.startswith("Its answers change with what it was asked before") for note in report.notes)
    assert not any("randomised" in note for note in report.notes)
    assert "randomised" not in render_text(report)
    assert csv_row(report)["randomised"] == "no: its answers depend on earlier calls"
    assert report_json(report)["history"] is True
    losing = [role for role in report.roles if role.loses]
    assert losing
    for role in losing:
        # The game shown is the one a fresh start reproduces: its positions, asked in order, get its moves.
        board = [" "] * 9
        asked: list[list[str]] = []
        moves: list[int] = []
        for step in role.losing_game:
            if step.by_candidate:
                asked.append(list(board))
                moves.append(step.move)
            board[step.move] = step.side
        assert fresh_answers(path, asked) == moves
        assert role.final is not None and role.final.replace("/", "") == "".join(board).replace(" ", ".")
    assert any(
        f"The shortest loss {losing[0].label} was played again" in note and "it lost" in note for note in report.notes
    )
