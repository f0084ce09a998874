"""One conformance test, run over every game the registry offers: a new game is covered by registering it.

The checks themselves, and why each holds for any game, are in
``conformance.py`` beside this file.
"""

from __future__ import annotations

import pytest

from conformance import check_game
from perfectplay import make_game
from perfectplay.games import presets

SLOW = {"mnk:5,5,4", "mnk:4,4,4", "mnk:4,4,3"}
"""Presets whose textbook searches near the end of a playout take seconds: marked slow (the full suite runs them)."""

SPECS = [pytest.param(game.name, marks=pytest.mark.slow) if game.name in SLOW else game.name for game in presets()]


@pytest.mark.parametrize("spec", SPECS)
def test_every_registered_game_keeps_the_protocol_promises_on_random_playouts(spec: str) -> None:
    report = check_game(make_game(spec), seed=f"conformance {spec}")
    assert report.positions > 0
    # A long game's last position is one where every move ends the game: minimax finishes it at once.
    assert report.solved >= report.long_playouts > 0
