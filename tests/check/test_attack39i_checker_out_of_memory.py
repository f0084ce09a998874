"""The checker's own process out of memory or threads is the machine's failure, never the student's problem.

Under a tight address-space limit (``ulimit -v 80000``) the checker's solver ran out of memory while it drew a
Connect Four student's positions (a ``MemoryError`` in lzma, reading the shipped exact layer), and the Nim
check could not start a thread: both were "the checker failed on this submission", exit 2, and Gradescope's
student read "This submission could not be graded; fix the problem below and submit again" (attack 39i). They
are now "not graded" (exit 3). Any other failure of the checker's stays as it was.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess
from perfectplay.check.connect4 import asking


def failing(error: BaseException) -> Any:
    def draw_suite(*args: Any, **kwargs: Any) -> Any:
        raise error

    return draw_suite


def check(examples: Path, in_process: InProcess) -> tuple[int, dict[str, Any]]:
    agent = examples / "connect4" / "one_ply_connectx.py"
    argv = ["check", str(agent), "--game", "connect4", "--positions", "2", "--no-games", "--seed", "1"]
    done = in_process(*argv, "--sandbox", "off", "--format", "gradescope")
    return done.returncode, json.loads(done.stdout)


@pytest.mark.parametrize(
    "error", [MemoryError(), RuntimeError("can't start new thread")], ids=["no-memory", "no-thread"]
)
def test_the_checker_out_of_memory_or_threads_is_not_graded(
    examples: Path, in_process: InProcess, monkeypatch: pytest.MonkeyPatch, error: BaseException
) -> None:
    monkeypatch.setattr(asking, "draw_suite", failing(error))
    status, result = check(examples, in_process)
    assert status == 3, result
    assert "Nothing was graded" in result["output"] and "submit again" not in result["output"], result["output"]


def test_any_other_failure_of_the_checker_is_still_said_as_it_was(
    examples: Path, in_process: InProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(asking, "draw_suite", failing(RuntimeError("a bug of the checker's")))
    status, result = check(examples, in_process)
    assert status == 2 and "the checker failed on this submission" in result["output"], result["output"]
