"""An attempt inside a search: a part of its limit, past which the search raises ``AttemptOver``, not ``Stop``.

The solver tries cheap things first (a forced move's proof, a player's
probe toward a layer's score, an analysis's exact scores before its
deepening) and falls back on the next way when the attempt's share runs
out; the whole limit still stops everything (``search/base/budget.py``).
Both ``exact.py`` and ``every_move.py`` make attempts, so they live here,
apart from either.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from perfectplay.search.solver.root import Root


@contextlib.contextmanager
def attempt(root: Root, nodes: int | None, deadline: float | None = None) -> Iterator[None]:
    """An attempt within the call: past ``nodes`` (a node count) or ``deadline`` it raises ``AttemptOver``."""
    negamax, budget = root.negamax, root.negamax.budget
    if nodes is not None:
        budget.allowance = nodes
        negamax.next_check = min(negamax.next_check, nodes)
    budget.soft_deadline = deadline
    try:
        yield
    finally:
        budget.allowance = None
        budget.soft_deadline = None


def share_of_limit(root: Root, share: float) -> contextlib.AbstractContextManager[None]:
    """An attempt on ``1 / share`` of what is left of the limit (its nodes, its seconds): then ``AttemptOver``."""
    negamax, budget = root.negamax, root.negamax.budget
    nodes = deadline = None
    if budget.node_cap is not None:
        nodes = negamax.nodes + max(1, int((budget.node_cap - negamax.nodes) / share))
    if budget.deadline is not None:
        now = budget.clock()
        deadline = now + (budget.deadline - now) / share
    return attempt(root, nodes, deadline)
