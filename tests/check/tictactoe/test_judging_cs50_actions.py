"""CS50's ``actions`` answered in a list, not the set the specification asks for: right cells, and a note.

The game plays alike, so it costs no point; but a test that compares the answer with a set (as students'
and graders' tests of the lab do) fails it, and a report of 15 of 15 helpers right said nothing of that.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from perfectplay.check.api import check_ai
from repo_paths import ROOT

SET = "return {(i, j) for i in range(3) for j in range(3) if board[i][j] is EMPTY}"


@pytest.mark.parametrize(
    ("answer", "noted"),
    [
        ("return [[i, j] for i in range(3) for j in range(3) if board[i][j] is EMPTY]", "returned a list, not the set"),
        ("return tuple((i, j) for i in range(3) for j in range(3) if board[i][j] is EMPTY)", "returned a tuple, not"),
        (SET, None),
    ],
    ids=["list", "tuple", "set"],
)
def test_actions_in_another_container_are_right_cells_and_noted(tmp_path: Path, answer: str, noted: str | None) -> None:
    source = (ROOT / "examples" / "cs50" / "tictactoe.py").read_text()
    assert SET in source
    path = tmp_path / "tictactoe.py"
    path.write_text(source.replace(SET, answer))
    report = check_ai(path, sandbox="off", sample=20, seed=3)
    assert report.exit_status == 0 and report.helpers == report.helpers_of, report.findings
    notes = [note for note in report.notes if note.startswith("actions(board) returned")]
    if noted is None:
        assert notes == []
    else:
        assert len(notes) == 1 and noted in notes[0], notes


def test_a_container_of_a_new_class_each_time_is_named_three_times_at_most(tmp_path: Path) -> None:
    # The type's name is the student's: a class made afresh, and named afresh, for every board.
    source = (ROOT / "examples" / "cs50" / "tictactoe.py").read_text()
    made = "return type('Cells' + str(len(board[0]) + sum(row.count(EMPTY) for row in board)), (list,), {})(["
    answer = made + "(i, j) for i in range(3) for j in range(3) if board[i][j] is EMPTY])"
    path = tmp_path / "tictactoe.py"
    path.write_text(source.replace(SET, answer))
    report = check_ai(path, sandbox="off", sample=20, seed=3)
    notes = [note for note in report.notes if note.startswith("actions(board) returned")]
    assert len(notes) == 1 and notes[0].count(" or a ") == 2, notes


def test_cells_listed_many_times_are_named_as_such_never_a_broken_protocol(tmp_path: Path) -> None:
    # 12 of each: 108 actions on the empty board, more pairs than the checker takes, once sent as they came.
    source = (ROOT / "examples" / "cs50" / "tictactoe.py").read_text()
    path = tmp_path / "tictactoe.py"
    twelve = "return [(i, j) for i in range(3) for j in range(3) if board[i][j] is EMPTY] * 12"
    path.write_text(source.replace(SET, twelve))
    report = check_ai(path, sandbox="off", sample=20, seed=3)
    assert not any(finding.kind in ("crash", "protocol") for finding in report.findings), report.findings
    wrong = next(finding for finding in report.findings if finding.kind == "cs50_actions")
    assert wrong.example is not None and wrong.example.answer is not None
    assert re.search(r", listing ([0-9,]+) for its ([0-9]) cells$", wrong.example.answer), wrong.example.answer
    assert not any(note.startswith("actions(board) returned") for note in report.notes)  # its cells are not right
