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
    "Analyst": "perfectplay.play.players",
    "DEFAULT_MAX_POSITIONS": "perfectplay.play.datasets",
    "DEFAULT_TEST_PERCENT": "perfectplay.play.datasets",
    "DatasetTooLarge": "perfectplay.play.datasets",
    "DuelResult": "perfectplay.play.matches",
    "ENGINES": "perfectplay.play.engines",
    "Engine": "perfectplay.play.engines",
    "FORMATS": "perfectplay.play.datasets",
    "LADDER": "perfectplay.play.players",
    "LEVELS": "perfectplay.play.players",
    "LEVEL_HELP": "perfectplay.play.players",
    "MatchResult": "perfectplay.play.matches",
    "Record": "perfectplay.play.matches",
    "SHARD_COUNT": "perfectplay.play.shards",
    "SolvedPosition": "perfectplay.play.datasets",
    "all_cores": "perfectplay.play.engines",
    "budgeted_analyst": "perfectplay.play.matches",
    "build_book_sharded": "perfectplay.play.book_builds",
    "build_exact_scores": "perfectplay.play.exact_scores",
    "cached_analyst": "perfectplay.play.matches",
    "check_level": "perfectplay.play.players",
    "choose_move": "perfectplay.play.players",
    "depth_level": "perfectplay.play.players",
    "is_search_level": "perfectplay.play.players",
    "open_engine": "perfectplay.play.engines",
    "play_duel": "perfectplay.play.matches",
    "play_game": "perfectplay.play.matches",
    "play_match": "perfectplay.play.matches",
    "proven_from_start": "perfectplay.play.players",
    "solved_positions": "perfectplay.play.datasets",
    "write_dataset": "perfectplay.play.datasets",
    "write_parquet": "perfectplay.play.datasets",
}
"""Where each public name lives: the module imported when the name is first used."""

__all__ = sorted(_HOMES)

__getattr__, __dir__ = _lazy_door(__name__, _HOMES, globals())

if _typing.TYPE_CHECKING:
    from perfectplay.play.book_builds import build_book_sharded as build_book_sharded
    from perfectplay.play.datasets import DEFAULT_MAX_POSITIONS as DEFAULT_MAX_POSITIONS
    from perfectplay.play.datasets import DEFAULT_TEST_PERCENT as DEFAULT_TEST_PERCENT
    from perfectplay.play.datasets import FORMATS as FORMATS
    from perfectplay.play.datasets import DatasetTooLarge as DatasetTooLarge
    from perfectplay.play.datasets import SolvedPosition as SolvedPosition
    from perfectplay.play.datasets import solved_positions as solved_positions
    from perfectplay.play.datasets import write_dataset as write_dataset
    from perfectplay.play.datasets import write_parquet as write_parquet
    from perfectplay.play.engines import ENGINES as ENGINES
    from perfectplay.play.engines import Engine as Engine
    from perfectplay.play.engines import all_cores as all_cores
    from perfectplay.play.engines import open_engine as open_engine
    from perfectplay.play.exact_scores import build_exact_scores as build_exact_scores
    from perfectplay.play.matches import DuelResult as DuelResult
    from perfectplay.play.matches import MatchResult as MatchResult
    from perfectplay.play.matches import Record as Record
    from perfectplay.play.matches import budgeted_analyst as budgeted_analyst
    from perfectplay.play.matches import cached_analyst as cached_analyst
    from perfectplay.play.matches import play_duel as play_duel
    from perfectplay.play.matches import play_game as play_game
    from perfectplay.play.matches import play_match as play_match
    from perfectplay.play.players import LADDER as LADDER
    from perfectplay.play.players import LEVEL_HELP as LEVEL_HELP
    from perfectplay.play.players import LEVELS as LEVELS
    from perfectplay.play.players import Analyst as Analyst
    from perfectplay.play.players import check_level as check_level
    from perfectplay.play.players import choose_move as choose_move
    from perfectplay.play.players import depth_level as depth_level
    from perfectplay.play.players import is_search_level as is_search_level
    from perfectplay.play.players import proven_from_start as proven_from_start
    from perfectplay.play.shards import SHARD_COUNT as SHARD_COUNT
