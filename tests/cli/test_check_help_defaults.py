"""``check --help`` names every game's own default time a move, as the game's plug sets it."""

from __future__ import annotations

from perfectplay.check import plug_for
from perfectplay.check.settings import DEFAULT_MOVE_SECONDS
from perfectplay.cli.check_options import OTHER_GAMES_MOVE_SECONDS


def test_the_help_names_each_games_default_time_a_move_as_its_plug_has_it() -> None:
    assert plug_for("tictactoe").defaults.move_seconds == DEFAULT_MOVE_SECONDS
    named = dict(part.rsplit(" ", 1) for part in OTHER_GAMES_MOVE_SECONDS.split(", "))
    assert named == {
        "Connect Four": f"{plug_for('connect4').defaults.move_seconds:g}",
        "Nim": f"{plug_for('nim').defaults.move_seconds:g}",
    }
