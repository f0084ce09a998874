"""A hard link between two students' folders grades neither: the same file is never graded as two students' work.

A hard link is no link to ``is_symlink``: ``bob/tictactoe.py`` made with
``ln alice/tictactoe.py bob/`` is a regular file, byte for byte alice's,
and which of them wrote it cannot be told from the file.
"""

from __future__ import annotations

from pathlib import Path

from perfectplay.check.roster import from_manifest, from_paths

AI = "def find_best_move(board):\n    return 0\n"


def _class(tmp_path: Path) -> Path:
    classroom = tmp_path / "class"
    for name in ("alice", "bob", "carl"):
        (classroom / name).mkdir(parents=True)
    (classroom / "alice" / "tictactoe.py").write_text(AI)
    (classroom / "bob" / "tictactoe.py").hardlink_to(classroom / "alice" / "tictactoe.py")
    (classroom / "carl" / "tictactoe.py").write_text(AI)  # the same text, her own file: graded
    return classroom


def test_two_students_sharing_one_file_by_a_hard_link_are_each_a_row_naming_the_other(tmp_path: Path) -> None:
    classroom = _class(tmp_path)
    found = {submission.name: submission for submission in from_paths([str(classroom)])}
    assert found["alice"].file is None and found["bob"].file is None
    assert found["bob"].problem == (
        f"not gradable: {classroom / 'bob' / 'tictactoe.py'} is the same file as "
        f"{classroom / 'alice' / 'tictactoe.py'} (a hard link): which student wrote it is the teacher's to decide"
    )
    assert found["carl"].file == classroom / "carl" / "tictactoe.py" and found["carl"].problem is None


def test_a_manifest_naming_hard_linked_files_grades_neither(tmp_path: Path) -> None:
    classroom = _class(tmp_path)
    manifest = classroom / "class.csv"
    manifest.write_text("student,file\nalice,alice/tictactoe.py\nbob,bob/tictactoe.py\ncarl,carl/tictactoe.py\n")
    found = {submission.name: submission for submission in from_manifest(str(manifest))}
    assert [found[name].file is None for name in ("alice", "bob", "carl")] == [True, True, False]
    assert "is the same file as" in str(found["alice"].problem)


def test_one_file_named_twice_by_the_teacher_is_checked_twice_as_before(tmp_path: Path) -> None:
    file = _class(tmp_path) / "carl" / "tictactoe.py"
    assert [submission.problem for submission in from_paths([str(file), str(file)])] == [None, None]
