"""What the page offers: the registry's games with their start positions, and the computer's levels.

The page names no game: it lists what ``GET /api/games`` answers and draws
each position from its ``view``. A game registered in ``perfectplay.games``
appears here, and so on the page, without a change to the web app.
"""

from __future__ import annotations

from typing import Any

from perfectplay import KINDS, make_game
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


DEPTH_PLAYERS: dict[str, str] = {
    "depth1": "Depth-1 search",
    "depth2": "Depth-2 search",
    "depth4": "Depth-4 search",
}
"""The seeds' next chapter as opponents: depth-limited searches with the game's
default evaluation (open lines on boards). Any ``depthD:EVAL`` works in the
API; these are the ones the page offers."""


def _depth_note(level: str) -> str:
    plies = level.removeprefix("depth")
    return (
        f"plays what a depth-{plies} minimax chooses: it looks {plies} {'ply' if plies == '1' else 'plies'} ahead "
        "and scores the positions there with an evaluation function (open lines on boards), so it misses "
        "what lies deeper"
    )


def levels_json() -> dict[str, Any]:
    """The computer's levels, strongest first, then depth-limited searches, with what each one does."""
    return {
        "levels": list(LEVELS),
        "depth_players": list(DEPTH_PLAYERS),
        "titles": DEPTH_PLAYERS,
        "default": "perfect",
        "notes": {
            **{level: LEVEL_NOTES.get(level, "") for level in LEVELS},
            **{level: _depth_note(level) for level in DEPTH_PLAYERS},
        },
    }
