"""A student folder of thousands of Python files is not read whole by the checker to find the AI (attack 39l).

Which of a student's files holds the AI is found by reading each (up to 1 MB) in the checker's own process, before
anyone is graded: a folder of 3,000 empty 1 MB files held a class run 40 s of CPU, and more files held it longer.
Past a few dozen files the row asks for the file to be named, and classmates are graded as before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check import roster
from perfectplay.check.roster import from_paths


def test_a_folder_of_hundreds_of_files_is_a_row_asking_for_its_file_and_few_of_them_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    flood, honest = tmp_path / "class" / "ana", tmp_path / "class" / "ben"
    flood.mkdir(parents=True)
    honest.mkdir()
    for index in range(300):
        (flood / f"part{index}.py").write_text("x = 1\n")
    (honest / "ai.py").write_text("def findBestMove(board):\n    return board.index(' ')\n")
    (honest / "game.py").write_text("from ai import findBestMove\n")
    read: list[Path] = []
    head = roster._head

    def counted(path: Path) -> str:
        read.append(path)
        return head(path)

    monkeypatch.setattr(roster, "_head", counted)
    rows = {row.name: row for row in from_paths([str(tmp_path / "class")])}
    assert rows["ben"].file is not None and rows["ben"].file.name == "ai.py"
    assert rows["ana"].file is None and "it holds 300 Python files" in str(rows["ana"].problem)
    assert all(path.parent.name != "ana" for path in read)
