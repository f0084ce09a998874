"""The Nim lab's text report is a terminal's: a student's file name and what its module raised are written out,
never live escapes (attack 39h).

A ``nim.py`` in a folder named with an ANSI colour, raising an error whose message held an OSC 8 hyperlink, a
clear-screen sequence and a right-to-left override, reached the teacher's terminal as those bytes: a link the
teacher did not write, a cleared screen, a name shown backwards. Connect Four's and tic-tac-toe's text reports
already wrote them out (``report/escape.py``); the Nim report's verdict line and categories did not.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cli_helpers import InProcess

LIVE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]")
"""What a terminal acts on: control characters (but the report's own newline and tab) and bidi overrides."""
HOSTILE = 'raise RuntimeError("boom \\x1b]8;;http://evil\\x07click\\x1b]8;;\\x07 \\x1b[2J \\u202e gnp.exe")\n'


@pytest.fixture
def class_folder(tmp_path: Path) -> Path:
    student = tmp_path / "class" / "ann\x1b[31mred\u202e"
    student.mkdir(parents=True)
    (student / "nim.py").write_text(HOSTILE)
    return tmp_path / "class"


def test_a_nim_report_writes_out_the_escapes_of_a_students_name_and_error_never_sends_them(
    class_folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    [path] = class_folder.glob("*/nim.py")
    result = InProcess(capsys, monkeypatch)("check", "--game", "nim", str(path), "--sandbox", "off", "--seed", "1")
    assert result.returncode == 1 and "BROKEN: it does not load: RuntimeError: boom" in result.stdout
    assert LIVE.findall(result.stdout) == []
    # Written out as Python writes them, so the teacher still reads what the student sent.
    assert "ann\\x1b[31mred\\u202e" in result.stdout and "\\x1b]8;;http://evil\\x07click" in result.stdout


def test_a_nim_class_run_writes_out_the_same_in_its_text_rows(
    class_folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    result = InProcess(capsys, monkeypatch)(
        "check", "--game", "nim", str(class_folder), "--sandbox", "off", "--seed", "1", "--summary"
    )
    assert result.returncode == 1 and "RuntimeError: boom" in result.stdout
    assert LIVE.findall(result.stdout) == []
