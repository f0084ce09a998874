"""A feedback folder holding a link or a folder where a student's file goes is refused before anyone is checked.

``--feedback-dir`` never writes through a link or over a folder (files.py), but it found out only when it came to
write that student's file: the class run ended there (exit 2), after the first student, and every student after
that one was never checked, their rows lost from ``--csv`` (attack 39i: a link ``alice.md`` left in the folder
stopped a class of three after alice). Each student's file is now looked at before the first check: one line,
nothing run, nothing half-written.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cli_helpers import InProcess
from repo_paths import ROOT

STUDENTS = ("alice", "bob", "carol")


@pytest.fixture
def school(tmp_path: Path) -> Path:
    for name in STUDENTS:
        (tmp_path / "class" / name).mkdir(parents=True)
        shutil.copy(ROOT / "examples" / "correct.py", tmp_path / "class" / name / "tictactoe.py")
    (tmp_path / "feedback").mkdir()
    (tmp_path / "outside.txt").write_text("the teacher's own file\n")
    return tmp_path


@pytest.mark.parametrize("planted", ["link", "folder"])
def test_a_feedback_file_that_cannot_be_written_is_refused_before_anyone_is_checked(
    school: Path, in_process: InProcess, planted: str
) -> None:
    blocked = school / "feedback" / "bob.md"
    if planted == "link":
        blocked.symlink_to(school / "outside.txt")
    else:
        blocked.mkdir()
    grades = school / "grades.csv"
    argv = ["check", str(school / "class"), "--sample", "2", "--seed", "1", "--sandbox", "off"]
    done = in_process(*argv, "--feedback-dir", str(school / "feedback"), "--csv", str(grades))
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "bob.md" in done.stderr, done.stderr
    assert not grades.exists(), grades.read_text()
    assert not (school / "feedback" / "alice.md").exists()
    assert (school / "outside.txt").read_text() == "the teacher's own file\n"


def test_a_feedback_file_of_an_earlier_run_is_replaced_and_the_whole_class_is_checked(
    school: Path, in_process: InProcess
) -> None:
    (school / "feedback" / "bob.md").write_text("last week's\n")
    grades = school / "grades.csv"
    argv = ["check", str(school / "class"), "--sample", "2", "--seed", "1", "--sandbox", "off"]
    done = in_process(*argv, "--feedback-dir", str(school / "feedback"), "--csv", str(grades))
    assert done.returncode == 0, done.stderr
    assert [line.split(",")[0] for line in grades.read_text().splitlines()[1:]] == list(STUDENTS)
    assert "last week's" not in (school / "feedback" / "bob.md").read_text()
