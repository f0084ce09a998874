"""A Python file's private copy: its folder whole when it fits the caps, else the file and what it imports."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from cli_helpers import InProcess
from perfectplay.check.errors import NotGradable
from perfectplay.check.run.copying import Caps, copy_for_file, copy_submission

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def _copied(target: Path) -> list[str]:
    return sorted(path.relative_to(target).as_posix() for path in target.rglob("*"))


def test_links_inside_a_students_own_folder_are_left_out_of_its_copy(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.py").write_text("KEY = 1\n")
    source = tmp_path / "dora"
    source.mkdir()
    (source / "tictactoe.py").write_text("import helper\n")
    (source / "helper.py").symlink_to(outside / "secret.py")
    (source / "notes").symlink_to(outside, target_is_directory=True)
    target = tmp_path / "copy"
    target.mkdir()
    assert copy_for_file(source, target, source / "tictactoe.py") == 1
    assert _copied(target) == ["tictactoe.py"]


def test_a_file_in_a_folder_of_2100_others_is_copied_alone_with_the_modules_it_imports(downloads: Path) -> None:
    folder = downloads  # the crowd's 2,100 files (conftest.py)
    (folder / "tictactoe.py").write_text("import helper\nfrom board import size\nBOOK = open('book.json')\n")
    (folder / "helper.py").write_text("from . import util\n")
    (folder / "util.py").write_text("")
    (folder / "unused.py").write_text("")
    (folder / "board").mkdir()
    (folder / "board" / "__init__.py").write_text("size = 3\n")
    (folder / "book.json").write_text("{}")
    (folder.parent / "whole").mkdir()  # beside the crowd, in memory (conftest.py): it receives 2,000 files
    with pytest.raises(NotGradable, match="more than 2,000 files and folders"):
        copy_submission(folder, folder.parent / "whole")  # the folder as a whole: too many, as before
    target = folder.parent / "copy"
    target.mkdir()
    assert copy_for_file(folder, target, folder / "tictactoe.py") == 5
    assert _copied(target) == ["board", "board/__init__.py", "book.json", "helper.py", "tictactoe.py", "util.py"]


def test_a_file_beside_big_downloads_is_copied_with_what_it_imports(tmp_path: Path) -> None:
    folder = tmp_path / "Downloads"
    folder.mkdir()
    (folder / "movie.mp4").write_bytes(b"x" * 64)
    (folder / "tictactoe.py").write_text("import helper\n")
    (folder / "helper.py").write_text("")
    target = tmp_path / "copy"
    target.mkdir()
    assert copy_for_file(folder, target, folder / "tictactoe.py", caps=Caps(bytes=32)) == 2
    assert _copied(target) == ["helper.py", "tictactoe.py"]


def test_a_folder_within_the_caps_is_still_copied_whole(tmp_path: Path) -> None:
    folder = tmp_path / "alice"
    folder.mkdir()
    for name in ("tictactoe.py", "unused.py", "notes.txt"):
        (folder / name).write_text("")
    target = tmp_path / "copy"
    target.mkdir()
    assert copy_for_file(folder, target, folder / "tictactoe.py") == 3
    assert _copied(target) == ["notes.txt", "tictactoe.py", "unused.py"]


def test_what_a_file_imports_is_held_to_the_same_caps(tmp_path: Path) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    (folder / "tictactoe.py").write_text("import a, b, c\n")
    for name in ("a.py", "b.py", "c.py", "d.txt", "e.txt"):
        (folder / name).write_text("")
    target = tmp_path / "copy"
    target.mkdir()
    with pytest.raises(NotGradable, match=r"tictactoe\.py and what it imports pass the caps"):
        copy_for_file(folder, target, folder / "tictactoe.py", caps=Caps(entries=3))
    with pytest.raises(NotGradable, match="more than 3 files and folders"):  # a program's folder: no file to follow
        copy_for_file(folder, tmp_path / "copy", None, caps=Caps(entries=3))


# A perfect file and one that loses, both quick to ask (fatalist.py, slow on every move, costs three times more
# and copies the same way).
@pytest.mark.parametrize("program", ["correct.py", "graders/beatable/tictactoe.py"])
def test_a_file_in_a_busy_folder_is_graded_as_the_file_alone(
    tmp_path: Path, program: str, in_process: InProcess, downloads: Path
) -> None:
    folder = downloads
    alone = tmp_path / "alone"
    alone.mkdir()
    text = (EXAMPLES / program).read_text()
    for where in (folder, alone):
        (where / "tictactoe.py").write_text(text)
    rows = []
    for where in (folder, alone):
        grades = tmp_path / f"{where.name}.csv"
        # In this process: the copy is the check's own either way, without a checker's start-up for each.
        result = in_process(
            "check", str(where / "tictactoe.py"), "--csv", str(grades), "--sandbox", "off", "--sample", "60"
        )
        assert "not gradable" not in result.stdout + result.stderr
        row = next(csv.DictReader(io.StringIO(grades.read_text())))
        rows.append({key: row[key] for key in ("verdict", "score")})
    assert rows[0] == rows[1] and rows[0]["verdict"] != "not checked"
