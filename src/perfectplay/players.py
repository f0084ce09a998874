"""Computer players: how a level turns an analysis into one move.

``perfect`` always plays a best move: the fastest win, else a draw, else the
slowest loss, so it blocks an immediate threat even in a lost position. Among
equally good moves it picks at random when given a random generator (seed it
to repeat a game) and the first in move order otherwise.
"""

from __future__ import annotations

import random

from perfectplay.errors import PerfectplayError
from perfectplay.game import Game, State
from perfectplay.search.analysis import best_moves

LEVELS: tuple[str, ...] = ("perfect",)
"""Names of the computer's levels, strongest first."""


def check_level(level: str) -> str:
    """Return ``level`` if it names a level; raise ``PerfectplayError`` otherwise."""
    if level not in LEVELS:
        raise PerfectplayError(f"unknown level {level!r}: use one of {', '.join(LEVELS)}")
    return level


def choose_move(game: Game[State], state: State, level: str = "perfect", rng: random.Random | None = None) -> int:
    """The move the computer plays at ``level`` in ``state`` (which must not be over)."""
    check_level(level)
    if game.is_over(state):
        raise PerfectplayError("the game is over: there is no move to choose")
    candidates = best_moves(game, state)
    return candidates[0] if rng is None else rng.choice(candidates)
