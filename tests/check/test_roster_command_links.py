"""A manifest's command row reads only what the student wrote: a file its command names through a link is a row.

A ``file`` row whose path passes a link was already that row's verdict; a ``command`` row was not:
``ben,python3 ben/ai.py`` with ``ben/ai.py`` a link to ann's program ran ann's program as ben's (the same grade,
with no program of his own).
"""

from __future__ import annotations

from pathlib import Path

from perfectplay.check.roster import from_manifest


def _class(tmp_path: Path) -> Path:
    """ann wrote her program; ben's is a link to it; cy's folder is a link to ann's; dee's names no link."""
    for name in ("ann", "ben", "dee"):
        (tmp_path / name).mkdir()
    (tmp_path / "ann" / "ai.py").write_text("print(4)\n")
    (tmp_path / "ben" / "ai.py").symlink_to(tmp_path / "ann" / "ai.py")
    (tmp_path / "cy").symlink_to(tmp_path / "ann", target_is_directory=True)
    (tmp_path / "dee" / "ai.py").write_text("print(0)\n")
    manifest = tmp_path / "class.csv"
    rows = ["student,command", *(f"{name},python3 {name}/ai.py" for name in ("ann", "ben", "cy", "dee"))]
    manifest.write_text("\n".join(rows) + "\n")
    return manifest


def test_a_command_row_whose_file_is_a_link_to_a_classmates_program_is_that_students_row(tmp_path: Path) -> None:
    found = {submission.name: submission for submission in from_manifest(str(_class(tmp_path)))}
    assert found["ann"].command == ["python3", str(tmp_path / "ann" / "ai.py")] and found["ann"].problem is None
    assert found["dee"].command == ["python3", str(tmp_path / "dee" / "ai.py")] and found["dee"].problem is None
    for name in ("ben", "cy"):
        assert found[name].command is None, name
        assert found[name].problem == (
            f"not gradable: {name}/ai.py is a symbolic link (only a student's own files are checked, never a link's "
            "target)"
        )
