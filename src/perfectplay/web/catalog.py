"""What the page offers: the registry's games with their start positions, and the computer's levels.

The page names no game: it lists what ``GET /api/games`` answers and draws
each position from its ``view``. A game registered in ``perfectplay.games``
appears here, and so on the page, without a change to the web app.
"""

from __future__ import annotations

from typing import Any

from perfectplay import ALGORITHMS, KINDS, make_game
from perfectplay.play.players import LEVELS, proven_from_start
from perfectplay.teaching import ORDERS
from perfectplay.web.levels import DEPTH_PLAYERS, LEVEL_NOTES, depth_note
from perfectplay.web.service import position_json
from perfectplay.web.settings import Settings
from perfectplay.web.tree_api import EMPTY_MAX
from perfectplay.words import PERFECT_LEVEL, ROOT_WINDOWS, level_title, strongest_text


def games_json(settings: Settings) -> dict[str, Any]:
    """Every preset of every registered game, registry order, each with its start position and view."""
    games = []
    for kind in KINDS.values():
        for spec in kind.presets:
            game = make_game(spec)
            games.append(
                {
                    **position_json(game, game.initial_state()),
                    "kind": kind.name,
                    "summary": kind.summary,
                    "strongest": strongest_json(proven_from_start(game)),
                }
            )
    return {
        "games": games,
        "default": games[0]["game"],
        "seconds": settings.seconds,
        "tree_max_moves": EMPTY_MAX,
        # The search-tree panel's words, made in Python: it shows them as they are.
        "words": {
            "root_windows": dict(ROOT_WINDOWS),
            "orders": dict(ORDERS),
            "algorithms": {name: algorithm.title for name, algorithm in ALGORITHMS.items() if algorithm.traceable},
        },
    }


def strongest_json(proven: bool) -> dict[str, str]:
    """The strongest level's name and note in one game: "Perfect" only where the engine proves every move."""
    title = level_title(PERFECT_LEVEL, proven)
    return {"title": title[:1].upper() + title[1:], "note": strongest_text(proven)}


def levels_json() -> dict[str, Any]:
    """The computer's levels, strongest first, then depth-limited searches, with what each one does."""
    return {
        "levels": list(LEVELS),
        "depth_players": list(DEPTH_PLAYERS),
        "titles": DEPTH_PLAYERS,
        "default": "perfect",
        "notes": {
            **{level: LEVEL_NOTES.get(level, "") for level in LEVELS},
            **{level: depth_note(level) for level in DEPTH_PLAYERS},
        },
    }
