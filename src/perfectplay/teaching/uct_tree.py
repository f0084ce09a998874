"""The tree Monte Carlo tree search grew, made ready to show: visits, mean rewards and the exact value beside them.

``mcts_tree`` runs one seeded UCT search (``search/mcts.py``) and keeps, for
drawing, the nodes nearest the root: level by level, each node's children
by visits (most first), up to ``depth`` plies and ``max_nodes`` nodes. The
children left out are summed up as ``hidden``, as a trace's are.

Every node is numbered in one fixed order over the *whole* grown tree
(depth first, children by visits, ties by move), so the same game,
position, iterations and seed always give every node the same ``id``, and
a front end can ask for the subtree below any node later (``path``) by
growing the same tree again.

Beside each move's mean reward MCTS learned, the move's exact reward (1 a
win, 0.5 a draw, 0 a loss, for the side that made it) where the solver
proves it within a node budget: what the statistics should converge to.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from perfectplay.errors import PerfectplayError
from perfectplay.game import Game, Player
from perfectplay.search.analysis import analyze
from perfectplay.search.base.limits import Limit
from perfectplay.search.mcts import DEFAULT_EXPLORATION, MctsNode, mcts
from perfectplay.teaching.mcts_study import REWARDS

EXACT_NODES = 200_000
"""Most nodes the solver may spend proving one shown position's moves; past it the exact values stay unknown."""

EXACT_TOTAL = 2_000_000
"""Most solver nodes one tree spends on exact values in all (a bound on the work, not a clock)."""

DEFAULT_SHOWN = 25
"""Nodes shown when the caller does not say: a drawing a person can read."""


@dataclass(frozen=True, slots=True)
class MctsHiddenChild:
    """A child MCTS grew that is not shown: its move, statistics and exact reward."""

    id: int
    move: int
    visits: int
    mean: float
    exact: str | None
    size: int


@dataclass(frozen=True, slots=True)
class MctsShownNode:
    """One shown node: the move into it, who made it, its visits and mean reward, and the exact outcome.

    ``mean`` and ``exact`` are from the view of ``mover`` (the side that made
    ``move``): ``exact`` is ``win``, ``draw`` or ``loss`` for that side, or
    None where it is not proven. ``size`` counts this node and every node MCTS
    grew below it; ``untried`` the moves here it never expanded.
    """

    id: int
    move: int | None
    state: Any
    depth: int
    mover: Player | None
    to_move: Player
    visits: int
    mean: float
    exact: str | None
    terminal: bool
    chosen: bool
    children: tuple[MctsShownNode, ...]
    hidden: tuple[MctsHiddenChild, ...]
    size: int
    untried: int

    @property
    def exact_reward(self) -> float | None:
        return None if self.exact is None else REWARDS[self.exact]

    def walk(self) -> Iterator[MctsShownNode]:
        """This node and every shown node below it, in id order."""
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass(frozen=True, slots=True)
class MctsTree:
    """A grown MCTS tree ready to draw: the search's settings, its choice, the shown part and its size."""

    game: Game[Any]
    state: Any
    iterations: int
    seed: int
    exploration: float
    best: int
    root: MctsShownNode
    nodes: int
    shown: int
    depth_limit: int
    node_limit: int

    @property
    def maximizer(self) -> Player:
        return self.root.to_move


def _ordered(node: MctsNode[Any]) -> list[MctsNode[Any]]:
    """Children by visits, most first; ties by the lower move (the order every id and drawing uses)."""
    return sorted(node.children, key=lambda child: (-child.visits, child.move))


def _number(root: MctsNode[Any]) -> tuple[dict[int, int], dict[int, int]]:
    """Every grown node's id (depth first, children by visits) and subtree size, keyed by ``id(node)``."""
    ids: dict[int, int] = {}
    sizes: dict[int, int] = {}
    stack: list[tuple[MctsNode[Any], bool]] = [(root, False)]
    counter = 0
    while stack:  # no recursion: a long playout line can be deeper than Python's stack
        node, done = stack.pop()
        if done:
            sizes[id(node)] = 1 + sum(sizes[id(child)] for child in node.children)
            continue
        ids[id(node)] = counter
        counter += 1
        stack.append((node, True))
        stack.extend((child, False) for child in reversed(_ordered(node)))
    return ids, sizes


def _chosen_line(root: MctsNode[Any], best: int) -> set[int]:
    """``id(node)`` of the line MCTS would play: its choice at the root, then the most visited child on down."""
    line: set[int] = set()
    node = next(child for child in root.children if child.move == best)
    while True:
        line.add(id(node))
        if not node.children:
            return line
        node = _ordered(node)[0]


class _Exact:
    """The exact outcome of each move of a shown position, from the solver, within the node budgets."""

    def __init__(self, game: Game[Any], enabled: bool) -> None:
        self.game = game
        self.enabled = enabled
        self.spent = 0

    def outcomes(self, state: Any) -> dict[int, str]:
        if not self.enabled or self.game.is_over(state) or self.spent >= EXACT_TOTAL:
            return {}
        analysis = analyze(self.game, state, "solver", Limit(nodes=min(EXACT_NODES, EXACT_TOTAL - self.spent)))
        self.spent += analysis.nodes
        return {entry.move: entry.outcome.name for entry in analysis.moves if entry.score is not None}


def mcts_tree(
    game: Game[Any],
    state: Any,
    iterations: int,
    *,
    seed: int = 0,
    exploration: float = DEFAULT_EXPLORATION,
    depth: int = 2,
    max_nodes: int = DEFAULT_SHOWN,
    path: Sequence[int] = (),
    exact: bool = True,
) -> MctsTree:
    """Grow MCTS's tree for ``state`` and keep the part to show (below the node at ``path``, if given).

    ``depth`` counts plies below the shown top; ``max_nodes`` caps the
    shown nodes (level by level, most visited first). ``exact`` False leaves
    the solver out (every ``exact`` None). A ``path`` that leaves the grown
    tree is a ``PerfectplayError`` naming the move.
    """
    if depth < 0 or max_nodes < 1:
        raise PerfectplayError("depth must be at least 0 and max_nodes at least 1")
    result = mcts(game, state, iterations, seed=seed, exploration=exploration)
    ids, sizes = _number(result.root)
    chosen = _chosen_line(result.root, result.best)
    top = result.root
    for number, move in enumerate(path, start=1):
        child = next((child for child in top.children if child.move == move), None)
        if child is None:
            raise PerfectplayError(f"move {number} of the path ({move}) is not a move MCTS expanded there")
        top = child
    shown = _shown_ids(top, depth, max_nodes)
    solver = _Exact(game, exact)
    top_outcome: str | None = None
    if path:  # the top's own exact outcome, from its parent's position
        parent = result.root
        for move in path[:-1]:
            parent = next(child for child in parent.children if child.move == move)
        top_outcome = solver.outcomes(parent.state).get(path[-1])

    def build(node: MctsNode[Any], level: int, outcome: str | None) -> MctsShownNode:
        kept = [child for child in _ordered(node) if id(child) in shown]
        rest = [child for child in _ordered(node) if id(child) not in shown]
        outcomes = solver.outcomes(node.state) if node.children else {}
        return MctsShownNode(
            id=ids[id(node)],
            move=node.move,
            state=node.state,
            depth=level,
            mover=node.mover,
            to_move=game.to_move(node.state),
            visits=node.visits,
            mean=node.mean,
            exact=outcome,
            terminal=game.is_over(node.state),
            chosen=id(node) in chosen,
            children=tuple(
                build(child, level + 1, outcomes.get(child.move)) for child in kept if child.move is not None
            ),
            hidden=tuple(
                MctsHiddenChild(
                    ids[id(child)], child.move, child.visits, child.mean, outcomes.get(child.move), sizes[id(child)]
                )
                for child in rest
                if child.move is not None
            ),
            size=sizes[id(node)],
            untried=len(node.untried),
        )

    root = build(top, len(path), top_outcome)
    return MctsTree(
        game=game,
        state=state,
        iterations=iterations,
        seed=seed,
        exploration=exploration,
        best=result.best,
        root=root,
        nodes=sizes[id(result.root)],
        shown=len(shown),
        depth_limit=depth,
        node_limit=max_nodes,
    )


def _shown_ids(top: MctsNode[Any], depth: int, max_nodes: int) -> set[int]:
    """The nodes to show: breadth first from ``top``, most visited first at each node, within the limits."""
    shown = {id(top)}
    level = [top]
    for _ in range(depth):
        following: list[MctsNode[Any]] = []
        for node in level:
            for child in _ordered(node):
                if len(shown) >= max_nodes:
                    return shown
                shown.add(id(child))
                following.append(child)
        level = following
    return shown
