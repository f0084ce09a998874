"""A usage error is one line on standard error with the student's characters written out: a class folder's name
reaches it, and a terminal must not act on it (attack 39h).

A class folder holding one student's folder named with an ANSI colour and a right-to-left override, with two
Python files and no AI among them, ended the run with a usage error quoting that name: its escapes reached the
teacher's terminal live (every game: tic-tac-toe, Connect Four, the Nim lab), though the class rows and reports
write them out.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cli_helpers import InProcess

LIVE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]")
"""What a terminal acts on: control characters and bidi overrides (the line's own ending aside)."""


@pytest.mark.parametrize("game", ["tictactoe", "connect4", "nim"])
def test_a_usage_error_quoting_a_students_folder_writes_its_escapes_out_on_one_line(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    student = tmp_path / "class" / "ann\x1b]8;;mailto:a@b\x07\x1b[31mred\u202e\nline"
    student.mkdir(parents=True)
    (student / "a.py").write_text("x = 1\n")
    (student / "b.py").write_text("y = 2\n")
    result = InProcess(capsys, monkeypatch)("check", str(tmp_path / "class"), "--game", game, "--sandbox", "off")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.endswith("\n") and result.stderr.count("\n") == 1
    assert LIVE.findall(result.stderr.removesuffix("\n")) == []
    assert "ann\\x1b]8;;mailto:a@b\\x07\\x1b[31mred\\u202e\\nline is a folder" in result.stderr
