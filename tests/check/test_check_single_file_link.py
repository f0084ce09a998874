"""One file checked on its own is never a link's target (issue 39: a grader bundle checks the student's path).

Classroom 50's autograder checks ``tictactoe.py`` in the student's checkout, and Gradescope's falls back to
``submission/tictactoe.py``: the student chooses what that path is. A link there to a file of the runner's (or
a classmate's, or the teacher's own AI) was copied with its whole folder, run as the student's, and its lines
quoted in the feedback the student reads.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_helpers import run_cli

SECRET = "runner_secret_token_4711"
"""A line only the runner's file holds: no output may quote it."""


def _checkout(tmp_path: Path) -> Path:
    """The runner's file outside, and a checkout whose ``tictactoe.py`` links to it."""
    outside = tmp_path / "runner"
    outside.mkdir()
    (outside / "credentials.py").write_text(f"{SECRET} is the runner's own line\n")
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    (checkout / "tictactoe.py").symlink_to(outside / "credentials.py")
    return checkout


def test_a_file_that_is_a_link_out_of_its_folder_is_not_gradable_and_its_target_is_never_quoted(
    tmp_path: Path,
) -> None:
    checkout = _checkout(tmp_path)
    result = tmp_path / "result.json"
    ran = run_cli("check", str(checkout / "tictactoe.py"), "--format", "classroom50", "--output", str(result))
    assert ran.returncode == 2, ran.stderr
    assert "tictactoe.py is a symbolic link" in ran.stderr and SECRET not in ran.stderr + ran.stdout
    written = json.loads(result.read_text(encoding="utf-8"))
    assert written["score"] == 0 and SECRET not in json.dumps(written)
    assert "is a symbolic link" in written["tests"][0]["message"]


@pytest.mark.parametrize("game", ["tictactoe", "connect4", "nim"])
def test_a_file_that_is_a_link_to_itself_is_refused_in_one_line_in_every_game(tmp_path: Path, game: str) -> None:
    # Path.resolve() raised RuntimeError("Symlink loop") on it before Python 3.13: a traceback, no verdict.
    looped = tmp_path / "tictactoe.py"
    looped.symlink_to(looped.name)
    result = tmp_path / "result.json"
    ran = run_cli("check", "--game", game, str(looped), "--format", "gradescope", "--output", str(result))
    assert ran.returncode == 2 and ran.stderr.count("\n") == 1, ran.stderr
    assert "tictactoe.py is a symbolic link" in ran.stderr and "Traceback" not in ran.stderr
    assert json.loads(result.read_text(encoding="utf-8"))["score"] == 0
