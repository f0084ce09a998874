"""A FIFO, a socket or a device named like the student's file is a verdict at once, never a checker held forever.

The tic-tac-toe check drew its probe from the file's bytes, read on the checker's side with ``read_bytes``: a
FIFO named ``tictactoe.py`` (where ``find -type f`` found no file, Gradescope's bundle checks that very path)
held the checker until the grader's own timeout, which then had no result at all. check50's cache read it too.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli_helpers import run_cli

PATIENCE = 120
"""Seconds a check that refuses at once could never need (it held the checker for ever before)."""


@pytest.mark.parametrize(("game", "name"), [("tictactoe", "tictactoe.py"), ("nim", "nim.py"), ("connect4", "agent.py")])
def test_a_fifo_named_like_the_ai_is_not_gradable_and_said_to_be_a_fifo(tmp_path: Path, game: str, name: str) -> None:
    fifo = tmp_path / name
    os.mkfifo(fifo)
    ran = run_cli("check", "--game", game, str(fifo), timeout=PATIENCE)
    assert ran.returncode == 2, ran.stderr
    assert f"{name} is a FIFO, not a file of Python: not gradable" in ran.stderr


def test_check50s_shared_report_of_a_fifo_is_its_verdict_never_a_held_read(tmp_path: Path) -> None:
    pytest.importorskip("check50")
    fifo = tmp_path / "tictactoe.py"
    os.mkfifo(fifo)
    program = (
        "import sys\nfrom perfectplay.check.check50 import _once\nfrom perfectplay.check.errors import NotGradable\n"
        "try:\n    _once(sys.argv[1], {})\nexcept NotGradable as error:\n    print(error)\n"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    ran = subprocess.run(
        [sys.executable, "-c", program, str(fifo)], capture_output=True, text=True, timeout=PATIENCE, env=env
    )
    assert ran.returncode == 0, ran.stderr
    assert "is a FIFO, not a file of Python" in ran.stdout
