"""A textbook tree written back in s-expression notation (``teaching/sexpr.py``), for visualisers that read it."""

from __future__ import annotations

from perfectplay.errors import PerfectplayError
from perfectplay.teaching.orders import CutChanges
from perfectplay.teaching.sexpr import sexpr_text
from perfectplay.teaching.textbook import TextbookTree
from perfectplay.teaching.trace import Trace


def trace_sexpr(
    trace: Trace,
    counts: dict[str, int] | None = None,
    *,
    note: str | None = None,
    changes: CutChanges | None = None,
) -> str:
    """The searched textbook tree, every leaf with its value, nodes named by their paths.

    The notation holds a tree and its leaf values, not a search: ``counts``,
    ``note`` and ``changes`` are accepted for a renderer's signature and not
    written. A game's tree has no leaf values of its own to write.
    """
    game = trace.game
    if not isinstance(game, TextbookTree):
        raise PerfectplayError(
            "--format sexpr writes textbook trees (--game textbook, or --from FILE); "
            "draw a game's tree as svg, dot, json or tikz"
        )
    return sexpr_text(game.root)
