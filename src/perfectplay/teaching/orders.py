"""Move orders for alpha-beta: the order a node's children are searched in decides what gets pruned.

Alpha-beta returns the same value whatever the order; what changes is how
many nodes it needs. Searched best move first, every other move fails at
once and is cut (Knuth and Moore's best case, about ``b ** (d / 2)`` leaves
instead of minimax's ``b ** d``); searched worst first, almost nothing is
cut. Each order here is a ``MoveOrder`` for ``alphabeta(order=...)`` and
``trace_search(order=...)``:

``natural``
    The game's own order of legal moves (cells from the top left).
``best-first``
    The best move for the side to move first, by the exact values (the
    solver's, or a textbook tree's own minimax values): the best case.
``worst-first``
    The reverse: the worst case.
``engine``
    The production solver's order for this game (``SearchNode.moves()``:
    cells on more open lines first, the centre first among equals), then any
    moves it leaves out, in the game's order.

Ties keep the game's order, so every order is deterministic.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from perfectplay.errors import PerfectplayError
from perfectplay.game import Game
from perfectplay.search.alphabeta import MoveOrder, RootSearch, alphabeta
from perfectplay.search.base.budget import ProgressCallback
from perfectplay.search.base.evaluation import Evaluator
from perfectplay.search.base.limits import Limit
from perfectplay.search.solver.table import TranspositionTable
from perfectplay.teaching.trace import Trace, TraceNode

ORDERS: dict[str, str] = {
    "natural": "the game's own order of legal moves",
    "best-first": "the best move first, by exact values: alpha-beta's best case",
    "worst-first": "the worst move first, by exact values: alpha-beta's worst case",
    "engine": "the production solver's heuristic order (open lines, centre first)",
}
"""The named move orders, with what each one does."""

MoveValues = Callable[[Game[Any], Any], dict[int, int]]
"""Exact values of every legal move of a position, for the side to move (higher is better)."""


def engine(game: Game[Any], state: Any, moves: tuple[int, ...]) -> Sequence[int]:
    """The solver's order for this position, then the moves it leaves out."""
    preferred = [move for move in game.search_node(state).moves() if move in moves]
    return tuple(dict.fromkeys([*preferred, *moves]))


def solver_values() -> MoveValues:
    """Exact move values from the production solver, sharing one table between calls."""
    from perfectplay.search.solver.exact import score_moves

    table = TranspositionTable()

    def values(game: Game[Any], state: Any) -> dict[int, int]:
        analysis = score_moves(game, state, table=table)
        return {entry.move: entry.score for entry in analysis.moves if entry.score is not None}

    return values


class ValueOrder:
    """Moves sorted by their exact values, best first (or worst first), remembered per position."""

    def __init__(self, values: MoveValues, *, worst_first: bool = False) -> None:
        self.values = values
        self.worst_first = worst_first
        self.memory: dict[Any, tuple[int, ...]] = {}

    def __call__(self, game: Game[Any], state: Any, moves: tuple[int, ...]) -> Sequence[int]:
        ordered = self.memory.get(state)
        if ordered is None:
            scores = self.values(game, state)
            sign = 1 if self.worst_first else -1
            ordered = tuple(sorted(moves, key=lambda move: sign * scores.get(move, 0)))
            self.memory[state] = ordered
        return ordered


def move_order(name: str, values: MoveValues | None = None) -> MoveOrder | None:
    """The order called ``name``; None for ``natural`` (the searches' default, which costs nothing).

    ``values`` gives the exact move values ``best-first`` and ``worst-first``
    sort by: the solver's by default; a textbook tree passes its own
    (``TextbookTree.move_values``).
    """
    if name == "natural":
        return None
    if name == "engine":
        return engine
    if name in ("best-first", "worst-first"):
        return ValueOrder(values or solver_values(), worst_first=name == "worst-first")
    raise PerfectplayError(f"unknown move order {name[:40]!r}: use one of {', '.join(ORDERS)}")


def best_case_leaves(branching: Sequence[float]) -> int:
    """Leaves alpha-beta visits with perfect ordering on a uniform tree (Knuth and Moore, 1975).

    ``branching[i]`` is the number of moves at depth ``i`` (the root is
    depth 0). With every level alike, ``b`` moves and depth ``d``, that is
    ``b ** ceil(d / 2) + b ** floor(d / 2) - 1``; with levels that differ,
    the products of every other level: the even levels' for one half of the
    minimal tree, the odd levels' for the other.
    """
    if not branching:
        return 1
    even = math.prod(branching[0::2])
    odd = math.prod(branching[1::2])
    return max(1, round(even + odd - 1))


@dataclass(frozen=True, slots=True)
class CutChanges:
    """How the cuts of one alpha-beta trace differ from another's on the same position.

    Nodes are named by their path of moves from the root. ``appeared``:
    children this trace cut that the other order searched; ``vanished``:
    children this trace searched that the other order cut. ``other`` names
    the other order. Only nodes drawn in this trace (or searched below a
    drawn node but not drawn) and recorded in the other are compared.
    """

    other: str
    appeared: frozenset[tuple[int, ...]]
    vanished: frozenset[tuple[int, ...]]


def tree_paths(trace: Trace) -> tuple[dict[tuple[int, ...], TraceNode], set[tuple[int, ...]]]:
    """The drawn nodes by path, and the paths of every child they cut."""
    nodes: dict[tuple[int, ...], TraceNode] = {}
    pruned: set[tuple[int, ...]] = set()

    def visit(node: TraceNode, path: tuple[int, ...]) -> None:
        nodes[path] = node
        pruned.update((*path, move) for move in node.pruned)
        for child in node.children:
            assert child.move is not None
            visit(child, (*path, child.move))

    visit(trace.root, ())
    return nodes, pruned


def compare_cuts(trace: Trace, other: Trace, other_name: str) -> CutChanges:
    """The cuts that appear in ``trace`` and vanish from it, compared with ``other`` (see ``CutChanges``)."""
    nodes, pruned = tree_paths(trace)
    other_nodes, other_pruned = tree_paths(other)
    searched_there = set(other_nodes)
    for path, node in other_nodes.items():
        searched_there.update((*path, child.move) for child in node.hidden)
    searched_here = set(nodes)
    for path, node in nodes.items():
        searched_here.update((*path, child.move) for child in node.hidden)
    appeared = frozenset(path for path in pruned if path in searched_there)
    vanished = frozenset(path for path in other_pruned if path in searched_here)
    return CutChanges(other_name, appeared, vanished)


class _Counter:
    """A watcher that counts nodes and leaves (finished or at the horizon) per depth."""

    def __init__(self) -> None:
        self.nodes: list[int] = []
        self.leaves: list[int] = []
        self.depths: list[int] = []

    def enter(self, state: Any, move: int | None, ply: int, alpha: int | None, beta: int | None) -> None:
        while len(self.nodes) <= ply:
            self.nodes.append(0)
            self.leaves.append(0)
        self.nodes[ply] += 1
        self.depths.append(ply)

    def leave(self, value: int, *, terminal: bool, horizon: bool) -> None:
        ply = self.depths.pop()
        if terminal or horizon:
            self.leaves[ply] += 1

    def prune(self, moves: tuple[int, ...], alpha: int, beta: int) -> None:
        pass

    def branching(self) -> list[float]:
        """Mean number of children of the inner nodes at each depth."""
        levels = []
        for ply in range(len(self.nodes) - 1):
            inner = self.nodes[ply] - self.leaves[ply]
            if inner:
                levels.append(self.nodes[ply + 1] / inner)
        return levels


@dataclass(frozen=True, slots=True)
class OrderCount:
    """One search's effort on a position: nodes visited, leaves valued, subtrees cut."""

    nodes: int
    leaves: int
    pruned: int


@dataclass(frozen=True, slots=True)
class OrderCounts:
    """Minimax and alpha-beta under every named order, on one position, with the best case for reference.

    ``branching`` is minimax's mean number of moves per inner node, level by
    level from the root; ``best_case`` is Knuth and Moore's leaf count for
    a uniform tree with those levels (about ``b ** (d / 2)``): what perfect
    ordering approaches.
    """

    minimax: OrderCount
    orders: dict[str, OrderCount]
    branching: tuple[float, ...]
    best_case: int
    root: str


class _PruneCounter(_Counter):
    def __init__(self) -> None:
        super().__init__()
        self.pruned = 0

    def prune(self, moves: tuple[int, ...], alpha: int, beta: int) -> None:
        self.pruned += len(moves)


def order_counts(
    game: Game[Any],
    state: Any,
    limit: Limit | None = None,
    *,
    evaluate: Evaluator | None = None,
    values: MoveValues | None = None,
    find: RootSearch = "best",
    progress: ProgressCallback | None = None,
) -> OrderCounts:
    """Count minimax's nodes and alpha-beta's under every order in ``ORDERS`` on ``state``.

    ``limit`` and ``evaluate`` make it depth-limited (a node cap stops a
    search with ``LimitError``-free partial counts: check ``limit.nodes``);
    ``values`` are the exact move values for ``best-first``/``worst-first``
    (a textbook tree's ``move_values``); ``find`` is alpha-beta's root;
    ``progress`` hears how each search is getting on.
    """
    from perfectplay.search.minimax import minimax

    extra: dict[str, Any] = {} if evaluate is None else {"evaluate": evaluate}
    counter = _Counter()
    plain = minimax(game, state, limit, watcher=counter, progress=progress, **extra)
    if not plain.complete and (limit is None or limit.depth is None):
        raise PerfectplayError(f"minimax needs more than {plain.nodes:,} nodes here: give it a depth limit")
    leaves = sum(counter.leaves)
    counts: dict[str, OrderCount] = {}
    for name in ORDERS:
        watcher = _PruneCounter()
        order = move_order(name, values)
        alphabeta(game, state, limit, order=order, find=find, watcher=watcher, progress=progress, **extra)
        counts[name] = OrderCount(sum(watcher.nodes), sum(watcher.leaves), watcher.pruned)
    branching = tuple(counter.branching())
    return OrderCounts(OrderCount(plain.nodes, leaves, 0), counts, branching, best_case_leaves(branching), find)
