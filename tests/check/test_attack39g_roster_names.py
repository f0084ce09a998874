"""Hostile names in a class roster (attack 39g): no two rows, and no two feedback files, share a student's name."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from cli_helpers import InProcess
from perfectplay.check.roster import from_paths


def _class(root: Path, *students: str) -> Path:
    """A class folder of student folders, each holding only a note (so no check runs: each row says why)."""
    for student in students:
        (root / student).mkdir(parents=True)
        (root / student / "notes.txt").write_text(f"the work of {student}\n")
    return root


def test_a_folder_named_like_a_renamed_classmate_keeps_its_own_row_and_feedback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two class folders both hold an alice; the second alice was named "alice (2)" in the rows, which a student of
    # the second class had already taken as their folder's name: two rows "alice (2)", one feedback file for both.
    first = _class(tmp_path / "first", "alice")
    second = _class(tmp_path / "second", "alice", "alice (2)")
    names = [submission.name for submission in from_paths([str(first), str(second)])]
    assert sorted(names) == ["alice", "alice (2)", "alice (3)"]
    assert len(set(names)) == len(names)
    grades, feedback = tmp_path / "grades.csv", tmp_path / "feedback"
    run = InProcess(capsys, monkeypatch)(
        "check", str(first), str(second), "--csv", str(grades), "--feedback-dir", str(feedback), "--sandbox", "off"
    )
    assert run.returncode == 2
    rows = list(csv.DictReader(io.StringIO(grades.read_text())))
    assert sorted(row["file"] for row in rows) == ["alice", "alice (2)", "alice (3)"]
    # The real "alice (2)" keeps its own name, and its row names its own folder.
    own = next(row for row in rows if row["file"] == "alice (2)")
    assert "alice (2)" in own["problem"]
    assert len(list(feedback.iterdir())) == 3
    assert "replaced" not in run.stderr


def test_names_that_only_look_alike_are_told_apart_in_the_rows(tmp_path: Path) -> None:
    # Each pair reads the same in a grades file: a precomposed and a combining accent, a no-break space after
    # a name, a Cyrillic a, a zero-width space, a fullwidth name.
    pairs = [
        ("Jos\u00e9", "Jose\u0301"),
        ("bob", "bob\u00a0"),
        ("alice", "\u0430lice"),
        ("carol", "car\u200bol"),
        ("dave", "\uff44\uff41\uff56\uff45"),
    ]
    root = _class(tmp_path / "class", *(name for pair in pairs for name in pair))
    names = [submission.name for submission in from_paths([str(root)])]
    assert len(names) == 10
    for first, second in pairs:
        shown = [name for name in names if name in (first, second) or name.startswith((first + " (", second + " ("))]
        assert len(shown) == 2 and sum(name.endswith(" (2)") for name in shown) == 1, (first, shown)
    # Names that differ to the eye are left as they are.
    different = _class(tmp_path / "different", "Ana", "Anna", "ana", "Jose")
    assert sorted(submission.name for submission in from_paths([str(different)])) == ["Ana", "Anna", "Jose", "ana"]
