"""Each student's feedback file is named after that student alone: a classmate whose folder name makes the same safe
file name (``_alice`` beside ``alice``, ``Bob`` beside ``bob``) cannot take it, whatever order the class is in."""

from __future__ import annotations

from pathlib import Path

from perfectplay.check.roster import Submission
from perfectplay.cli.check_game import feedback_files

NAMES = ["_alice", "alice", "alice_", "Bob", "bob", "ééé", "ûûû", "carol"]


def _files(tmp_path: Path, names: list[str]) -> dict[str, str]:
    return {name: path.name for name, path in feedback_files(str(tmp_path), [Submission(n) for n in names]).items()}


def test_a_student_whose_name_is_a_safe_file_name_gets_it_whoever_else_is_in_the_class(tmp_path: Path) -> None:
    files = _files(tmp_path, NAMES)
    assert files["alice"] == "alice.md" and files["carol"] == "carol.md"
    assert len(set(files.values())) == len(NAMES)
    assert all(name.startswith("alice-") for name in (files["_alice"], files["alice_"]))


def test_names_that_differ_only_in_case_or_not_at_all_once_made_safe_each_get_a_file_of_their_own(
    tmp_path: Path,
) -> None:
    files = _files(tmp_path, NAMES)
    assert len({files["Bob"].lower(), files["bob"].lower()}) == 2  # a file system that ignores case keeps both
    assert files["ééé"] != files["ûûû"] and files["ééé"].startswith("student-")


def test_the_order_of_the_class_changes_no_students_file(tmp_path: Path) -> None:
    assert _files(tmp_path, NAMES) == _files(tmp_path, sorted(NAMES, reverse=True))
