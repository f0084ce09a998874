"""A machine whose temporary folder is full is the machine's failure, never the student's zero (attack 39i).

The private copy of a submission is written in the machine's temporary folder. When that folder had no room
left (a small ``TMPDIR``, a full disk), the copy's "No space left on device" was read as the submission's own
fault: ``--format gradescope`` gave 0 points and "This submission could not be graded; fix the problem above and
submit again", exit 2, for a correct AI of a few kilobytes. A failure to write the copy (no space, a quota, a
read-only folder, no descriptor or memory left) is now the machine's: "not graded", exit 3. A file the
submission holds that cannot be read stays the submission's own problem.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess


def failing_copy(code: int) -> Any:
    def copyfile(source: Any, destination: Any, *, follow_symlinks: bool = True) -> Any:
        raise OSError(code, os.strerror(code), str(destination))

    return copyfile


def check(
    tmp_path: Path, examples: Path, in_process: InProcess, monkeypatch: pytest.MonkeyPatch, code: int
) -> tuple[int, dict[str, Any], str]:
    """A correct AI checked while every copy of a file into its private folder fails with ``code``."""
    folder = tmp_path / "alice"
    folder.mkdir()
    shutil.copy(examples / "correct.py", folder / "tictactoe.py")
    # The check's copy (check/run/copying.py) calls shutil's: replaced once the test's own copy is made.
    monkeypatch.setattr(shutil, "copyfile", failing_copy(code))
    argv = ["check", str(folder / "tictactoe.py"), "--sample", "3", "--seed", "1", "--sandbox", "off"]
    done = in_process(*argv, "--format", "gradescope")
    return done.returncode, json.loads(done.stdout), done.stderr


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EDQUOT, errno.EROFS], ids=["no-space", "quota", "read-only"])
def test_a_copy_the_machine_has_no_room_for_is_not_graded_never_the_students_zero(
    tmp_path: Path, examples: Path, in_process: InProcess, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    status, result, _ = check(tmp_path, examples, in_process, monkeypatch, code)
    assert status == 3, result
    assert "not graded" in result["output"] and "submit again" not in result["output"], result["output"]


def test_a_file_of_the_submission_that_cannot_be_read_is_still_the_submissions_problem(
    tmp_path: Path, examples: Path, in_process: InProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    status, result, _ = check(tmp_path, examples, in_process, monkeypatch, errno.EACCES)
    assert status == 2 and result["score"] == 0, result
    assert "could not be copied" in result["output"], result["output"]
