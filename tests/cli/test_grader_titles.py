"""What a bundle tells the teacher and the students names the bundle's own game and what its scripts really do."""

from __future__ import annotations

import json

from perfectplay.cli.grader_files import Choices, autolab, prairielearn


def test_a_prairielearn_question_is_titled_for_its_game() -> None:
    titles = {}
    for game in ("tictactoe", "connect4", "nim", "nim:misere"):
        files = {file.path: file.text for file in prairielearn(Choices(game=game))}
        titles[game] = json.loads(files["info.json"])["title"]
    assert titles == {
        "tictactoe": "An unbeatable tic-tac-toe AI",
        "connect4": "A Connect Four AI",
        "nim": "A Nim AI",
        "nim:misere": "A Nim AI",
    }


def test_autolabs_readme_says_where_grade_sh_unpacks_perfectplay() -> None:
    outside, inside = autolab(Choices())
    readme = {file.path: file.text for file in outside}["README.md"]
    grade = {file.path: file.text for file in inside}["grade.sh"]
    assert "lib=$(mktemp -d" in grade and '-m zipfile -e "$wheel" .' in grade
    assert "unpacks perfectplay into a temporary folder of its own" in readme
    assert "unpacked in the job's folder" not in readme
