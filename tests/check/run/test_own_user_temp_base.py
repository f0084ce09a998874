"""Unsandboxed as root, the candidate's own user must reach its private copy: a ``TMPDIR`` below a root-only folder
(pytest's own ``/tmp/pytest-of-root`` is 0700) made every student "broken", PermissionError on importing their own
file. The check's folder is then made in a shared temporary folder every user can pass through."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from perfectplay.check import Candidate, Grading, check_ai
from perfectplay.check.run.own_user import Reach, temp_base
from repo_paths import ROOT

needs_root = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="the candidate drops to a user of its own only as root"
)


@pytest.fixture
def root_only_tmpdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    private = tmp_path / "root-only" / "tmp"
    private.mkdir(parents=True)
    (tmp_path / "root-only").chmod(0o700)
    monkeypatch.setenv("TMPDIR", str(private))
    monkeypatch.setattr("tempfile.tempdir", None)  # tempfile reads TMPDIR again
    return private


def test_a_tmpdir_every_user_can_pass_through_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    shared = Path(tempfile.mkdtemp(dir="/tmp"))  # under the sticky /tmp, every user may pass: as a Gradescope TMPDIR
    try:
        shared.chmod(0o755)
        monkeypatch.setenv("TMPDIR", str(shared))
        monkeypatch.setattr("tempfile.tempdir", None)
        reach = Reach()
        try:
            assert temp_base(reach) == str(shared)
            assert temp_base(None) is None  # no own user: tempfile's choice, as ever
        finally:
            reach.close()
    finally:
        shared.rmdir()


def test_a_tmpdir_below_a_root_only_folder_is_passed_over(root_only_tmpdir: Path) -> None:
    reach = Reach()
    try:
        base = temp_base(reach)
    finally:
        reach.close()
    assert base is not None and not Path(base).resolve().is_relative_to(root_only_tmpdir.parent)


@needs_root
def test_unsandboxed_as_root_with_a_root_only_tmpdir_the_student_is_graded_on_their_play(
    root_only_tmpdir: Path,
) -> None:
    report = check_ai(Candidate(ROOT / "examples" / "correct.py", sandbox="off"), grading=Grading(sample=10, seed=3))
    assert report.verdict == "unbeatable", report.problem
    assert list(root_only_tmpdir.iterdir()) == []  # nothing of the check's was made where its user could not reach
