"""Tic-tac-toe is a plug of the registry like every game: the conductor runs it from its flags alone."""

from __future__ import annotations

import json
from pathlib import Path

from perfectplay.check.api import check_ai
from perfectplay.check.conductor import conduct
from perfectplay.check.judge.interface import Hint
from perfectplay.check.plug import FORMATS
from perfectplay.check.plug_formats import JSON_FORMATS
from perfectplay.check.plugs import plug_for, plug_games
from perfectplay.check.settings import Candidate, GameSettings, Grading

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def test_tictactoe_is_the_registrys_first_game() -> None:
    assert plug_games()[0] == "tictactoe"
    assert plug_for("tictactoe").title == "tic-tac-toe"


def test_the_registrys_plug_grades_a_file_as_check_ai_does() -> None:
    grading = Grading(sample=40, seed=5)
    file = EXAMPLES / "game_on_import.py"  # plays X (the hint is its own), fails on import: quick to ask, imperfect
    plug = plug_for("tictactoe")
    report = conduct(plug, GameSettings(Candidate(file, sandbox="off"), grading=grading, hint={"plays": "X"}))
    expected = check_ai(Candidate(file, sandbox="off"), Hint(plays="X"), grading=grading)
    assert report.verdict == expected.verdict and report.asked == expected.asked
    assert plug.score(report) == plug.score(expected)
    assert plug.render(report, plug.score(report), "line") == plug.render(expected, plug.score(expected), "line")


def test_the_registrys_plug_judges_a_file_that_cannot_load_as_broken(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("def find_best_move(board:\n")
    report = conduct(plug_for("tictactoe"), GameSettings(Candidate(broken, sandbox="off")))
    assert report.verdict == "broken" and report.problem is not None and "importing it failed" in report.problem


def test_every_plug_renders_every_format_of_a_not_gradable_report_from_its_score() -> None:
    for game in plug_games():
        plug = plug_for(game)
        report = plug.not_gradable("alice.py", "no such file")
        points = plug.score(report)
        assert points.points == 0 and not points.gradable
        for format in FORMATS:
            text = plug.render(report, points, format)
            assert text.strip(), (game, format)
            if format in JSON_FORMATS:
                assert json.loads(text), (game, format)
        assert set(plug.csv_row(report, points)) == set(plug.csv_columns())
