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

from perfectplay.search.base.budget import AttemptOver
from perfectplay.search.base.scale import SCALE
from perfectplay.search.solver.root import Root
from perfectplay.search.solver.table import PROVEN

FIRST_ALLOWANCE = 50_000
"""A player's probes toward a known score run in rounds: each open move on this many nodes in the first, twice
as many every round after (``first_reaching``)."""


def probe_reaching(root: Root, score: int, order: Iterable[int], found: dict[int, int], *, every: bool) -> None:
    """Probe the moves in ``order`` (likeliest first, twins once): does each reach the root's exact ``score``?

    ``score`` is on ``perfectplay.game``'s scale. Each result goes into
    ``found`` as it comes, in internal units: ``score`` itself for a move
    that reaches it, else the proven upper bound below it; a limit that
    runs out raises ``Stop`` from the search, and ``found`` keeps what was
    proven before. Without ``every`` (a player's question: which move?) the
    first move that reaches it ends the probes (``first_reaching``).
    """
    candidates = [move for move in dict.fromkeys(root.twin_of[move] for move in order) if move not in found]
    if not every:
        first_reaching(root, score, candidates, found)
        return
    for move in candidates:
        _probe(root, move, score * SCALE, found)


def first_reaching(root: Root, score: int, candidates: list[int], found: dict[int, int]) -> None:
    """The first of ``candidates`` (unique moves) proven to reach ``score``, the cheapest proof first.

    A probe that fails costs far more than one that succeeds: the proof
    that a move falls one level short of a win is as dear as the exact
    search, the proof that another reaches it a fraction (``14444``: the
    book's move, 7 where the position is 9, 88 M nodes; the move that
    reaches 9, 4.3 M). So the candidates take turns, each on a node
    allowance (``FIRST_ALLOWANCE``) that doubles every round, and the
    cheapest proof ends the rounds; a probe cut short starts again from the
    table it filled. The caller's own limit and attempt (``AttemptOver``,
    ``Stop``) end it as before.
    """
    negamax, budget = root.negamax, root.negamax.budget
    outer = budget.allowance
    level = score * SCALE
    allowance = FIRST_ALLOWANCE
    while candidates:
        for move in list(candidates):
            cap = negamax.nodes + allowance
            budget.allowance = cap if outer is None else min(cap, outer)
            negamax.next_check = min(negamax.next_check, budget.allowance)
            try:
                reaches = _probe(root, move, level, found)
            except AttemptOver:
                if negamax.nodes < cap or (outer is not None and outer <= cap):
                    raise  # the caller's attempt ran out (its nodes or its seconds), not this round's allowance
                continue
            finally:
                budget.allowance = outer
            if reaches:
                return
            candidates.remove(move)
        allowance *= 2


def _probe(root: Root, move: int, level: int, found: dict[int, int]) -> bool:
    """One null-window probe: does ``move`` reach ``level`` (internal units)? Its result goes into ``found``."""
    result = root.search_child(move, PROVEN, level - 1, level)
    found[move] = min(result, level)  # fail-soft: at or above ``level`` is exactly it (nothing scores more)
    return result >= level


def reached(root: Root, score: int, found: dict[int, int]) -> frozenset[int]:
    """The root's moves (twins included) that ``found`` proves reach ``score``."""
    level = score * SCALE
    return frozenset(move for move in root.moves if found.get(root.twin_of[move]) == level)
