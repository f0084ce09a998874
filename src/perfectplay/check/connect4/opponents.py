"""The opponents of the Connect Four check's games: perfectplay's levels and perfect play, seeded.

The ladder, weakest first (the rating is the strongest an agent holds its
own against): ``random``, ``depth2`` and ``depth4`` (perfectplay's
``depthD:open-lines`` levels: a depth-limited alpha-beta with the open-lines
evaluation) and ``perfect``: the shipped opening book where it answers,
else the solver, each move within ``PERFECT_NODES`` nodes (a node budget,
so a game is the same on any machine; in the middle game and the ending
that is exact, in the opening the book's).
"""

from __future__ import annotations

import random
from typing import Any

from perfectplay import Connect4, Limit
from perfectplay.play import choose_move
from perfectplay.search.solver import solve

LADDER = ("random", "depth2", "depth4", "perfect")
PERFECT_NODES = 400_000
LEVEL_SPECS = {"depth2": "depth2:open-lines", "depth4": "depth4:open-lines"}


def opponent_move(game: Connect4, state: Any, level: str, rng: random.Random) -> int:
    """The move of ``level`` in ``state`` (not over)."""
    if level == "random":
        return rng.choice(list(game.legal_moves(state)))
    if level in LEVEL_SPECS:
        return choose_move(game, state, LEVEL_SPECS[level], rng)
    # The solver answers from the shipped book where it covers the position.
    analysis = solve(game, state, Limit(nodes=PERFECT_NODES))
    return rng.choice(list(analysis.best))


def state_cells(game: Connect4, state: Any, first_mark: int = 1) -> str:
    """A state as the runner's 42 cells (row 0 at the top; ``1`` the stones of the player who moved first)."""
    out = []
    for row in range(game.height):
        for col in range(game.width):
            bit = 1 << (row * game.width + col)
            out.append("1" if state.x & bit else "2" if state.o & bit else "0")
    return "".join(out)
