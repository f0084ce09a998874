"""The depth the search-tree panel starts with when the whole tree is far too big to search.

The size comes from ``estimated_tree_size`` (Knuth's random-playout estimate, in the teaching tools).
"""

from __future__ import annotations

from typing import Any

from perfectplay import Game
from perfectplay.teaching import default_evaluation, estimated_tree_size
from perfectplay.web.teaching import NODE_CAP, SearchFields, SearchOptions
from perfectplay.words import tree_too_big_text

TOO_BIG = 10 * NODE_CAP
"""A whole tree estimated above this is not searched to the end unless asked for: ten times what one trace may
visit, so the 3x3 game tree (549,946 nodes, at most 986,410 on any one playout) is always searched whole."""

START_DEPTH = 2
"""The depth limit a too-big tree starts with: the root's moves and the replies to them."""


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
