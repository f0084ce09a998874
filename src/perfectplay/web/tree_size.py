"""How big a whole search tree is, estimated without searching it, and the depth the panel starts with when too big.

Knuth's estimate (1975): follow one random line of play to the end and add
up the products of the branching factors met on the way (1 + b1 + b1*b2 +
...). That sum is, on average over random lines, exactly the number of
nodes of the full minimax tree. A few dozen playouts cost milliseconds even
on Connect Four, where the tree has some 10^20 nodes, so the server can
tell at once whether a search "to the end" could ever finish in its time
limit, for any game, without naming one. The generator is seeded by the
position, so the same position always gets the same estimate (and so the
same answer, when a subtree of it is asked for later).
"""

from __future__ import annotations

import random
from typing import Any

from perfectplay import Game
from perfectplay.teaching import default_evaluation
from perfectplay.web.teaching import NODE_CAP, SearchFields, SearchOptions
from perfectplay.words import tree_too_big_text

PLAYOUTS = 48
"""Random lines per estimate: enough to tell 10^6 from 10^20, in milliseconds."""

TOO_BIG = 10 * NODE_CAP
"""A whole tree estimated above this is not searched to the end unless asked for: ten times what one trace may
visit, so the 3x3 game tree (549,946 nodes, at most 986,410 on any one playout) is always searched whole."""

START_DEPTH = 2
"""The depth limit a too-big tree starts with: the root's moves and the replies to them."""


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


def start_depth(game: Game[Any], state: Any, search: SearchFields, options: SearchOptions) -> str | None:
    """Limit ``options`` to ``START_DEPTH`` when no depth was asked for and the whole tree is too big; say why.

    Only a request that leaves ``search_depth`` out gets the limit: one that
    sends ``search_depth: null`` asks for the whole search and gets it (or
    the server's time limit). Returns the sentence the page shows, or None
    when nothing changed.
    """
    if options["search_depth"] is not None or "search_depth" in search.model_fields_set:
        return None
    estimate = estimated_tree_size(game, state)
    if estimate <= TOO_BIG:
        return None
    options["search_depth"] = START_DEPTH
    # An evaluation without a depth was refused already: the game's default values the horizon.
    options["evaluation"] = default_evaluation(game)
    return tree_too_big_text(estimate, START_DEPTH, options["evaluation"])
