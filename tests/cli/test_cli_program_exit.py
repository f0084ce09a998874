"""``perfectplay`` as a program: a one-shot answer ends without the interpreter's teardown, every other command
ends as usual (its clean-ups and ``atexit`` handlers run), and either way all the output is written."""

from __future__ import annotations

import subprocess
import sys

import pytest

from perfectplay.cli import QUICK_EXIT, run

PROGRAM = """
import atexit, sys
atexit.register(lambda: print("teardown ran"))
sys.argv = ["perfectplay", *sys.argv[1:]]
from perfectplay.cli import run
run()
"""


def program(*words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", PROGRAM, *words], capture_output=True, text=True, timeout=120, check=False
    )


def test_best_as_a_program_prints_its_answer_and_skips_the_teardown() -> None:
    result = program("best", "X../.O./...")
    assert (result.returncode, result.stdout, result.stderr) == (0, "2\n", "")


def test_a_command_that_is_not_one_shot_ends_with_its_clean_ups() -> None:
    result = program("analyze", "XOX/OO./.X.")
    assert result.returncode == 0
    assert result.stdout.rstrip().endswith("teardown ran")


def test_a_quick_exit_keeps_the_status_and_the_one_line_of_a_usage_error() -> None:
    result = program("best", "XXX/XXX/XXX")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("perfectplay best: error: ")
    assert "teardown ran" not in result.stdout


def test_only_best_is_quick(monkeypatch: pytest.MonkeyPatch) -> None:
    assert frozenset({"best"}) == QUICK_EXIT
    monkeypatch.setattr(sys, "argv", ["perfectplay", "analyze", "XOX/OO./.X."])
    with pytest.raises(SystemExit) as ended:  # the ordinary way out: sys.exit, clean-ups and all
        run()
    assert ended.value.code == 0
