"""A ``--command`` Nim player's answer line is read as two whole numbers only when Python reads them so: a line of
digits that are not ASCII (``² 1``: ``str.isdigit`` says yes, ``int`` says no) is an answer that is not a move,
never "the checker failed on this submission" (exit 2, no grade for a program that merely answered oddly)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_helpers import InProcess
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.nim.plan import make_plan, parse_start
from perfectplay.check.nim.plug import NimLines


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> InProcess:
    return InProcess(capsys, monkeypatch)


def test_only_whole_numbers_python_reads_are_a_pile_and_a_count() -> None:
    assert NimLines().answer("3 2\n")["answer"] == ["pair", 3, 2]
    assert NimLines().answer("(3, -2)\n")["answer"] == ["pair", 3, -2]
    assert NimLines().answer("123456789 -12345678\n")["answer"] == ["pair", 123456789, -12345678]
    for line in ("² 1", "3 ²", "\u0661 \u0662", "3 2½", "--3 2", "- 2", "1234567890 1"):
        assert NimLines().answer(line)["answer"][0] == "other", line


def test_a_player_answering_superscript_digits_is_graded_not_a_checker_failure(run: InProcess, tmp_path: Path) -> None:
    program = tmp_path / "player.py"
    program.write_text("import sys\nfor line in sys.stdin:\n    print('\\u00b2 1', flush=True)\n")
    finished = run("check", "--game", "nim:misere", "--command", f"python3 {program}", "--json")
    assert finished.returncode == 1, finished.stderr
    document = json.loads(finished.stdout)
    assert document["verdict"] != "pass"
    assert "checker failed" not in finished.stdout + finished.stderr


def test_a_teachers_start_or_seeds_in_digits_int_refuses_are_a_usage_error_in_words() -> None:
    assert parse_start("1,3,5") == (1, 3, 5)
    with pytest.raises(CheckUsageError, match="--start must be pile sizes"):
        parse_start("1,\u00b2,5")
    with pytest.raises(CheckUsageError, match="--train-seed must be whole numbers"):
        make_plan("learning", "nim.py", {"train_seeds": "1,\u00b2"}, 0)
