"""A ``SyntaxError`` the candidate raises is described within what the checker reads, as any other error is: a
message of 100,000 characters or a line number that is no line (negative, text) makes the answer "raised
SyntaxError", never a line the checker refuses ("broke the protocol", a process started again)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from perfectplay.check.run import protocol
from perfectplay.check.run.inside.values import error_info


@pytest.mark.parametrize(
    "details",
    [("x" * 100_000, ("f.py", 3, 1, "text")), ("bad", ("f.py", -5, 1, "text")), ("bad", ("f.py", "three", 1, "t"))],
)
def test_an_odd_syntax_error_is_described_as_the_checker_reads_it(tmp_path: Path, details: tuple[Any, Any]) -> None:
    message, where = details
    try:
        raise SyntaxError(message, where)
    except SyntaxError as error:
        info = error_info(error, tmp_path / "tictactoe.py")
    assert len(json.dumps(info)) < 1000  # one answer's line, far below protocol.MAX_LINE
    cleaned = protocol.error(info)
    assert cleaned["type"] == "SyntaxError"
    assert len(cleaned["message"]) <= 300


def test_a_plain_syntax_error_keeps_its_line_and_code(tmp_path: Path) -> None:
    try:
        compile("x = (", str(tmp_path / "tictactoe.py"), "exec")
    except SyntaxError as error:
        info = error_info(error, tmp_path / "tictactoe.py")
    assert info["line"] == 1 and info["code"] == "x = ("
