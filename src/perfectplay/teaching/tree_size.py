"""How big a whole search tree is, estimated without searching it (Knuth, 1975).

Follow one random line of play to the end and add up the products of the
branching factors met on the way (1 + b1 + b1*b2 + ...). That sum is, on
average over random lines, exactly the number of nodes of the full minimax
tree. A few dozen playouts cost milliseconds even on Connect Four, where the
tree has some 10^20 nodes, so a front end can tell at once whether a search
"to the end" could ever finish, for any game, without naming one. The
generator is seeded by the position, so the same position always gets the
same estimate (and so the same answer, when a subtree of it is asked for
later).
"""

from __future__ import annotations

import random
from typing import Any

from perfectplay.game import Game

PLAYOUTS = 48
"""Random lines per estimate: enough to tell 10^6 from 10^20, in milliseconds."""


def estimated_tree_size(game: Game[Any], state: Any, playouts: int = PLAYOUTS) -> float:
    """Knuth's estimate of the nodes of the full minimax tree below ``state`` (1 for a finished game)."""
    rng = random.Random(f"{game.name}|{game.format(state)}|{game.to_move(state).value}")
    total = 0.0
    for _ in range(playouts):
        size, width, here = 1.0, 1.0, state
        while not game.is_over(here):
            moves = game.legal_moves(here)
            width *= len(moves)
            size += width
            here = game.play(here, rng.choice(moves))
        total += size
    return total / playouts
