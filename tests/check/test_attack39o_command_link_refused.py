"""A ``--command`` program or file that is a student's link is not gradable: its target is never copied or run (39o).

``--command carol=./carol/ai`` (the page's ``./bob/ai``, now that a program given as a path runs) with
``carol/ai`` a link to the teacher's program made the teacher's folder the private copy and ran the teacher's
program as carol's, graded as hers; so did ``python3 carol/ai.py`` with ``carol/ai.py`` a link (a manifest's
command row already said so; the command line's did not). A file checked on its own was already refused so.
An installed program reached through a link (``/usr/bin/python3``) is still the machine's.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from perfectplay.check.errors import NotGradable
from perfectplay.check.submission import command_folder


def _class(tmp_path: Path) -> Path:
    """The teacher's program outside the class; carol's ``ai`` and ``ai.py`` are links to it."""
    teacher, carol = tmp_path / "teacher", tmp_path / "class" / "carol"
    teacher.mkdir()
    carol.mkdir(parents=True)
    (teacher / "perfect").write_text("#!/bin/sh\n")
    (teacher / "perfect").chmod(0o755)
    (carol / "ai").symlink_to(teacher / "perfect")
    (carol / "ai.py").symlink_to(teacher / "perfect")
    (carol / "book.txt").write_text("her own\n")
    return carol


@pytest.mark.parametrize(
    "argv",
    [["{carol}/ai"], ["{carol}/ai", "{carol}/book.txt"], ["python3", "{carol}/ai.py"]],
    ids=["program", "program-beside-her-file", "file"],
)
def test_a_students_link_named_by_the_command_is_not_gradable(tmp_path: Path, argv: list[str]) -> None:
    carol = _class(tmp_path)
    with pytest.raises(NotGradable, match="is a symbolic link"):
        command_folder([word.format(carol=carol) for word in argv])


def test_an_installed_program_reached_through_a_link_is_the_machines(tmp_path: Path) -> None:
    carol = _class(tmp_path)
    (carol / "ai.py").unlink()
    (carol / "ai.py").write_text("print(4)\n")
    bin_folder = tmp_path / "venv" / "bin"
    bin_folder.mkdir(parents=True)
    (bin_folder / "python").symlink_to(sys.executable)
    assert command_folder([str(bin_folder / "python"), str(carol / "ai.py")]) == carol.resolve()


@pytest.mark.parametrize(
    "argv", [["python3", "carol/src/ai.py"], ["./carol/src/ai"], ["carol/src/ai"]], ids=["file", "program", "bare"]
)
def test_a_students_folder_linked_to_a_classmates_is_not_gradable_on_the_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    # dave's program is his; carol's src folder is a link to his: her row would grade his folder as hers.
    dave = tmp_path / "class" / "dave" / "src"
    dave.mkdir(parents=True)
    for name in ("ai", "ai.py"):
        (dave / name).write_text("#!/bin/sh\n")
        (dave / name).chmod(0o755)
    (tmp_path / "class" / "carol").mkdir()
    (tmp_path / "class" / "carol" / "src").symlink_to(dave)
    monkeypatch.chdir(tmp_path / "class")
    with pytest.raises(NotGradable, match="carol/src is a symbolic link"):
        command_folder(argv)
    # Her own folder, not a link, is hers.
    (tmp_path / "class" / "carol" / "src").unlink()
    (tmp_path / "class" / "carol" / "src").mkdir()
    (tmp_path / "class" / "carol" / "src" / "ai.py").write_text("print(4)\n")
    assert command_folder(["python3", "carol/src/ai.py"]) == (tmp_path / "class" / "carol" / "src").resolve()
