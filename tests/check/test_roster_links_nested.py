"""A class named file by file (``class/*/*/tictactoe.py``) grades no file reached through a linked student folder.

The shell's glob goes through links: ``class/bob`` linking to a folder
outside the class makes ``class/bob/project/tictactoe.py`` someone else's
file, though neither it nor its own folder is a link.
"""

from __future__ import annotations

from pathlib import Path

from perfectplay.check.roster import from_paths

AI = "def find_best_move(board):\n    return 0\n"


def test_a_file_below_a_linked_student_folder_is_that_students_row_never_graded(tmp_path: Path) -> None:
    outside = tmp_path / "outside" / "project"
    outside.mkdir(parents=True)
    (outside / "tictactoe.py").write_text(AI)
    classroom = tmp_path / "class"
    (classroom / "alice" / "project").mkdir(parents=True)
    (classroom / "alice" / "project" / "tictactoe.py").write_text(AI)
    (classroom / "bob").symlink_to(tmp_path / "outside", target_is_directory=True)
    named = [str(classroom / name / "project" / "tictactoe.py") for name in ("alice", "bob")]
    found = {Path(submission.name).parents[1].name: submission for submission in from_paths(named)}
    assert found["alice"].file == classroom / "alice" / "project" / "tictactoe.py" and found["alice"].problem is None
    assert found["bob"].file is None
    assert "is a symbolic link" in str(found["bob"].problem)


def test_a_class_reached_through_a_link_of_the_teachers_is_still_graded(tmp_path: Path) -> None:
    # Above the class's folder the path is the teacher's: a linked home or course folder is not a student's link.
    real = tmp_path / "real"
    for name in ("alice", "bob"):
        (real / name / "project").mkdir(parents=True)
        (real / name / "project" / "tictactoe.py").write_text(AI)
    (tmp_path / "course").symlink_to(real, target_is_directory=True)
    named = [str(tmp_path / "course" / name / "project" / "tictactoe.py") for name in ("alice", "bob")]
    assert [submission.problem for submission in from_paths(named)] == [None, None]


def test_a_student_folder_that_is_a_link_loop_or_leads_nowhere_is_a_row_not_left_out(tmp_path: Path) -> None:
    classroom = tmp_path / "class"
    (classroom / "alice").mkdir(parents=True)
    (classroom / "alice" / "tictactoe.py").write_text(AI)
    (classroom / "bob").symlink_to(classroom / "bob")  # a loop: is_dir() says no, and bob vanished from the class
    (classroom / "carl").symlink_to(tmp_path / "nowhere")
    found = {submission.name: submission for submission in from_paths([str(classroom)])}
    assert sorted(found) == ["alice", "bob", "carl"]
    assert found["bob"].file is None and "bob is a symbolic link" in str(found["bob"].problem)
    assert found["carl"].file is None and "carl is a symbolic link" in str(found["carl"].problem)
