"""A file of player classes is told to wrap its computer's player, not its human's (honest code, third round).

The much-followed tutorial's ``HumanPlayer.get_move(game)`` asks ``input()`` and ``SmartComputerPlayer.get_move``
runs ``self.minimax``; the refusal named the first class that had a ``get_move``, the human's, and told the
teacher to wrap it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.api import check_ai
from perfectplay.check.errors import CheckUsageError

PLAYERS = """\
import math


class Player:
    def __init__(self, letter):
        self.letter = letter


class {human}(Player):
    def get_move(self, game):
        return int(input(self.letter + "'s turn (0-8): "))


class RandomComputerPlayer(Player):
    def get_move(self, game):
        return game.available_moves()[0]


class SmartComputerPlayer(Player):
    def get_move(self, game):
        return self.minimax(game, self.letter)["position"]

    def minimax(self, state, player):
        return {{"position": state.available_moves()[0], "score": -math.inf}}
"""


@pytest.mark.parametrize("human", ["HumanPlayer", "Human"])
def test_the_refusal_names_the_player_that_searches(tmp_path: Path, human: str) -> None:
    path = tmp_path / "game.py"
    path.write_text(PLAYERS.format(human=human))
    with pytest.raises(CheckUsageError) as refused:
        check_ai(path, sandbox="off", sample=8, seed=5)
    message = str(refused.value)
    assert "its AI is a method, SmartComputerPlayer.get_move" in message and "\n" not in message
    assert human not in message.split("its AI is a method")[1]
