"""A class roster reads only what a student wrote: a link, to a classmate's file or a folder outside, is a row."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from cli_helpers import run_cli
from perfectplay.check.roster import from_manifest, from_paths

SYNTAX_ERROR = "def find_best_move(board):\n    return (\n"
SECRET = "outside_secret_notes"
"""A name only the folder outside the class holds: no row may name it."""


def _class(tmp_path: Path) -> Path:
    """alice wrote her AI; bob's is a link to alice's; carl's folder links outside; dora's links out from inside."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "tictactoe.py").write_text("def find_best_move(board): pass\n")
    (outside / f"{SECRET}.py").write_text("")
    classroom = tmp_path / "class"
    for name in ("alice", "bob", "dora", "erin"):
        (classroom / name).mkdir(parents=True)
    (classroom / "alice" / "tictactoe.py").write_text(SYNTAX_ERROR)
    (classroom / "bob" / "tictactoe.py").symlink_to(classroom / "alice" / "tictactoe.py")
    (classroom / "carl").symlink_to(outside, target_is_directory=True)
    (classroom / "dora" / "tictactoe.py").write_text(SYNTAX_ERROR)
    (classroom / "dora" / "helper.py").symlink_to(outside / f"{SECRET}.py")
    (classroom / "dora" / "notes").symlink_to(outside, target_is_directory=True)
    (classroom / "erin" / "project0").symlink_to(outside, target_is_directory=True)  # her only folder links out
    return classroom


def test_a_link_to_a_classmates_file_or_an_outside_folder_is_that_students_row_never_followed(tmp_path: Path) -> None:
    classroom = _class(tmp_path)
    found = {submission.name: submission for submission in from_paths([str(classroom)])}
    assert list(found) == ["alice", "bob", "carl", "dora", "erin"]
    assert found["alice"].file == classroom / "alice" / "tictactoe.py"
    assert found["bob"].file is None
    assert found["bob"].problem == (
        f"not gradable: {classroom / 'bob' / 'tictactoe.py'} is a symbolic link "
        "(only a student's own files are checked, never a link's target)"
    )
    assert found["carl"].file is None and f"{classroom / 'carl'} is a symbolic link" in str(found["carl"].problem)
    assert found["erin"].file is None and "erin/project0 is a symbolic link" in str(found["erin"].problem)
    # A link inside a student's own folder is left out (run/copying.py): her own file is what is checked.
    assert found["dora"].file == classroom / "dora" / "tictactoe.py" and found["dora"].problem is None
    assert all(SECRET not in str(row) and "outside" not in str(row.problem) for row in found.values())


def test_a_class_named_file_by_file_grades_no_linked_file_or_file_in_a_linked_folder(tmp_path: Path) -> None:
    classroom = _class(tmp_path)
    named = [str(classroom / name / "tictactoe.py") for name in ("alice", "bob", "carl", "dora")]
    found = {Path(submission.name).parent.name: submission for submission in from_paths(named)}
    assert sorted(found) == ["alice", "bob", "carl", "dora"]
    assert found["alice"].file is not None and found["dora"].file is not None
    assert "bob/tictactoe.py is a symbolic link" in str(found["bob"].problem) and found["bob"].file is None
    assert "carl/tictactoe.py is a symbolic link" in str(found["carl"].problem) and found["carl"].file is None


def test_a_manifest_row_naming_a_link_or_a_path_through_one_is_not_gradable(tmp_path: Path) -> None:
    classroom = _class(tmp_path)
    manifest = classroom / "class.csv"
    manifest.write_text(
        "student,file\nalice,alice/tictactoe.py\nbob,bob/tictactoe.py\ncarl,carl\ncarl2,carl/tictactoe.py\ndora,dora\n"
    )
    found = {submission.name: submission for submission in from_manifest(str(manifest))}
    assert found["alice"].file == classroom / "alice" / "tictactoe.py"
    assert found["dora"].file == classroom / "dora" / "tictactoe.py"
    assert found["bob"].problem is not None and found["bob"].problem.startswith(
        "not gradable: bob/tictactoe.py is a symbolic link"
    )
    assert found["carl"].problem is not None and "carl is a symbolic link" in found["carl"].problem
    assert found["carl2"].problem is not None and "carl/tictactoe.py is a symbolic link" in found["carl2"].problem
    assert all(submission.file is None for name, submission in found.items() if name.startswith(("bob", "carl")))


def test_a_class_run_with_links_reports_them_in_one_line_and_grades_the_others(tmp_path: Path) -> None:
    classroom = _class(tmp_path)
    grades = tmp_path / "grades.csv"
    result = run_cli("check", str(classroom), "--csv", str(grades), "--jobs", "1", "--sandbox", "off")
    rows = {row["file"]: row for row in csv.DictReader(io.StringIO(grades.read_text()))}
    # Before: bob was graded on alice's file ("broken" here, a classmate's 100/100 in the issue) and carl on
    # the outside folder's file. Now both are rows saying what was found; alice and dora are checked as always.
    assert {name: row["verdict"] for name, row in rows.items()} == {
        "alice": "broken",
        "bob": "not checked",
        "carl": "not checked",
        "dora": "broken",
        "erin": "not checked",
    }
    assert "is a symbolic link" in rows["bob"]["problem"] and "\n" not in rows["bob"]["problem"]
    assert SECRET not in result.stdout + result.stderr + grades.read_text()
    assert "Traceback" not in result.stderr


def test_files_of_a_class_folder_the_teacher_reached_through_a_link_are_graded(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    for name in ("alice.py", "bob.py"):
        (real / name).write_text("")
    (tmp_path / "class").symlink_to(real, target_is_directory=True)
    found = from_paths([str(tmp_path / "class" / "alice.py"), str(tmp_path / "class" / "bob.py")])
    assert [(submission.file, submission.problem) for submission in found] == [
        (tmp_path / "class" / "alice.py", None),
        (tmp_path / "class" / "bob.py", None),
    ]


def test_a_students_linked_helper_is_left_out_and_a_linked_ai_makes_the_students_one_row(tmp_path: Path) -> None:
    classroom = _class(tmp_path)
    (classroom / "bob" / "helper.py").write_text("def find_best_move(board): pass\n")  # his own, beside the link
    named = [str(path) for path in sorted(classroom.glob("[abd]*/*.py"))]
    found = {submission.name: submission for submission in from_paths(named)}
    bob, dora = str(classroom / "bob" / "tictactoe.py"), str(classroom / "dora" / "tictactoe.py")
    assert sorted(found) == sorted([str(classroom / "alice" / "tictactoe.py"), bob, dora])
    assert found[bob].file is None and "is a symbolic link" in str(found[bob].problem)
    assert found[dora].file == Path(dora) and found[dora].problem is None
