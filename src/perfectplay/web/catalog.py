"""What the page offers: the registry's games with their start positions, and the computer's levels.

The page names no game: it lists what ``GET /api/games`` answers and draws
each position from its ``view``. A game registered in ``perfectplay.games``
appears here, and so on the page, without a change to the web app.
"""

from __future__ import annotations

from typing import Any

from perfectplay.games import KINDS, make_game
from perfectplay.players import LEVELS
from perfectplay.web.service import position_json
from perfectplay.web.settings import Settings
from perfectplay.web.tree_api import EMPTY_MAX

LEVEL_NOTES: dict[str, str] = {
    "perfect": "always plays a best move: the fastest win, else a draw, else the slowest loss",
    "friendly": "never loses, but would rather draw than win",
    "hard": "plays a best move three times in four; otherwise what looks best 4 plies ahead",
    "medium": "plays a best move half the time; otherwise what looks best 2 plies ahead",
    "easy": "plays a best move half the time; otherwise what looks best 1 ply ahead",
    "random": "plays any legal move at random",
}
"""One line per level of ``perfectplay.players`` (its docstring states the rules), for "Why that move?"."""


def games_json(settings: Settings) -> dict[str, Any]:
    """Every preset of every registered game, registry order, each with its start position and view."""
    games = []
    for kind in KINDS.values():
        for spec in kind.presets:
            game = make_game(spec)
            games.append({**position_json(game, game.initial_state()), "kind": kind.name, "summary": kind.summary})
    return {
        "games": games,
        "default": games[0]["game"],
        "seconds": settings.seconds,
        "tree_max_moves": EMPTY_MAX,
    }


def levels_json() -> dict[str, Any]:
    """The computer's levels, strongest first, with what each one does."""
    return {
        "levels": list(LEVELS),
        "default": "perfect",
        "notes": {level: LEVEL_NOTES.get(level, "") for level in LEVELS},
    }
