"""Play: the computer players by strength, matches between players, and solved data sets.

The play layer's door: a player of a given level (``choose_move``, ``LEVELS``),
matches and duels between players (``play_match``, ``play_duel``), and every
reachable position of a small game with its exact score (``solved_positions``).
It builds on the engine (``perfectplay``) and the teaching tools' words; the
front ends (terminal, page, notebook, RL) build on it.
"""

from __future__ import annotations

import typing as _typing

from perfectplay._lazy import lazy_door as _lazy_door

_HOMES: dict[str, str] = {
    "DatasetTooLarge": "perfectplay.play.datasets",
    "DuelResult": "perfectplay.play.matches",
    "LADDER": "perfectplay.play.players",
    "LEVELS": "perfectplay.play.players",
    "LEVEL_HELP": "perfectplay.play.players",
    "MatchResult": "perfectplay.play.matches",
    "SolvedPosition": "perfectplay.play.datasets",
    "check_level": "perfectplay.play.players",
    "choose_move": "perfectplay.play.players",
    "play_duel": "perfectplay.play.matches",
    "play_game": "perfectplay.play.matches",
    "play_match": "perfectplay.play.matches",
    "solved_positions": "perfectplay.play.datasets",
    "write_dataset": "perfectplay.play.datasets",
}
"""Where each public name lives: the module imported when the name is first used."""

__all__ = sorted(_HOMES)

__getattr__, __dir__ = _lazy_door(__name__, _HOMES, globals())

if _typing.TYPE_CHECKING:
    from perfectplay.play.datasets import DatasetTooLarge as DatasetTooLarge
    from perfectplay.play.datasets import SolvedPosition as SolvedPosition
    from perfectplay.play.datasets import solved_positions as solved_positions
    from perfectplay.play.datasets import write_dataset as write_dataset
    from perfectplay.play.matches import DuelResult as DuelResult
    from perfectplay.play.matches import MatchResult as MatchResult
    from perfectplay.play.matches import play_duel as play_duel
    from perfectplay.play.matches import play_game as play_game
    from perfectplay.play.matches import play_match as play_match
    from perfectplay.play.players import LADDER as LADDER
    from perfectplay.play.players import LEVEL_HELP as LEVEL_HELP
    from perfectplay.play.players import LEVELS as LEVELS
    from perfectplay.play.players import check_level as check_level
    from perfectplay.play.players import choose_move as choose_move
