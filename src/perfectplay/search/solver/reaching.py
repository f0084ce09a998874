"""Which moves reach a position's exact score known ahead of time: one null-window probe a move.

On an exact layer (``hooks.ScoreTable.score``: Connect Four's positions a
few moves in) the position's own exact score ``v`` is a look-up, but not
which move reaches it. No move scores above ``v``, so one probe with the
window ``(v - 1, v)`` per move settles it: a move that fails high scores
exactly ``v`` (a best move: the fastest win, the slowest loss), one that
fails low scores less. That is one probe where an exact search of the move
bisects with several, and the cheapest of them: every line slower than the
win (or faster than the loss) it asks about is cut off by the nodes' bounds.
Measured at ply 5 of 7x6 Connect Four (six positions of random games, seed
38): 0.1-2.1 s of CPU a probe with the compiled core, where the position's
exact value alone took 0.8-9.8 s.
"""

from __future__ import annotations

from collections.abc import Iterable

from perfectplay.search.base.scale import SCALE
from perfectplay.search.solver.root import Root
from perfectplay.search.solver.table import PROVEN


def probe_reaching(root: Root, score: int, order: Iterable[int], found: dict[int, int], *, every: bool) -> None:
    """Probe the moves in ``order`` (likeliest first, twins once): does each reach the root's exact ``score``?

    ``score`` is on ``perfectplay.game``'s scale. Each result goes into
    ``found`` as it comes, in internal units: ``score`` itself for a move
    that reaches it, else the proven upper bound below it; a limit that
    runs out raises ``Stop`` from the search, and ``found`` keeps what was
    proven before. Without ``every`` (a player's question: which move?) the
    first move that reaches it ends the probes.
    """
    level = score * SCALE
    for move in dict.fromkeys(root.twin_of[move] for move in order):
        if move in found:
            continue
        result = root.search_child(move, PROVEN, level - 1, level)
        found[move] = min(result, level)  # fail-soft: at or above ``level`` is exactly it (nothing scores more)
        if result >= level and not every:
            return


def reached(root: Root, score: int, found: dict[int, int]) -> frozenset[int]:
    """The root's moves (twins included) that ``found`` proves reach ``score``."""
    level = score * SCALE
    return frozenset(move for move in root.moves if found.get(root.twin_of[move]) == level)
