"""In a student's folder of several Python files, the lab's own file is the one checked, in every game.

``tictactoe.py`` was the one name preferred, whatever the game: a Nim student's folder holding ``nim.py`` and a
``nim_old.py`` that both define ``NimAI`` was "not graded (several define it)".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check import plug_for
from perfectplay.check.roster import from_paths


@pytest.mark.parametrize(
    ("game", "source"),
    [
        ("nim", "class NimAI:\n    pass\n\n\ndef train(n):\n    return NimAI()\n"),
        ("connect4", "def my_agent(observation, configuration):\n    return 3\n"),
        ("tictactoe", "def find_best_move(board):\n    return board.index(' ')\n"),
    ],
)
def test_the_labs_own_file_is_the_students_ai_beside_an_older_copy(tmp_path: Path, game: str, source: str) -> None:
    defaults = plug_for(game).defaults
    student = tmp_path / "class" / "lee"
    student.mkdir(parents=True)
    older = student / defaults.file_name.replace(".py", "_old.py")
    for file in (student / defaults.file_name, older):
        file.write_text(source, encoding="utf-8")
    (submission,) = from_paths([str(tmp_path / "class")], None, defaults.entries, defaults.file_name)
    assert submission.problem is None and submission.file == student / defaults.file_name
    # Without the lab's name, two files that both define it are the teacher's to choose between.
    (ambiguous,) = from_paths([str(tmp_path / "class")], None, defaults.entries, "another.py")
    assert ambiguous.problem is not None and "several define it" in ambiguous.problem
