"""Monte Carlo tree search (UCT): the lecture after minimax, in the engine's protocol, for every game.

Each iteration walks down the tree choosing the child with the best UCB1
value (mean reward plus ``exploration * sqrt(ln N / n)``), adds one new
child, plays the game out with random moves from it, and backs the result
up the path. Rewards are from the view of the side that moved into a node:
1 for its win, 0.5 for a draw, 0 for its loss, so every node's mean says
how good the move that led there was for the one who made it.

Random playouts know nothing of how fast a game is won, so MCTS estimates
win/draw/loss chances, never the depth-aware exact scores of ``minimax``;
``teaching/mcts_study.py`` holds its choices against those exact values.
Seeded: the same game, position, iterations and seed give the same tree.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Generic

from perfectplay.errors import LimitError, PerfectplayError
from perfectplay.game import Game, Player, State

DEFAULT_EXPLORATION = math.sqrt(2)
"""UCB1's constant: the textbook value for rewards between 0 and 1."""

MAX_ITERATIONS = 10_000_000
"""Most iterations one call may ask for (a bound a caller states, not a clock)."""


@dataclass(eq=False)
class MctsNode(Generic[State]):
    """One position in the search tree: how often it was visited and the rewards its incoming move earned."""

    state: State
    move: int | None
    mover: Player | None
    """Who made ``move`` (None at the root): the side whose view ``total`` is in."""
    untried: list[int]
    children: list[MctsNode[State]] = field(default_factory=list)
    visits: int = 0
    total: float = 0.0

    @property
    def mean(self) -> float:
        """The incoming move's mean reward for the side that made it (0 loss, 0.5 draw, 1 win)."""
        return self.total / self.visits if self.visits else 0.0

    def walk(self) -> Iterator[MctsNode[State]]:
        """This node and every node below it, depth first."""
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass(frozen=True, slots=True)
class MoveStats:
    """A root move after the search: its visits and its mean reward for the side to move."""

    move: int
    visits: int
    mean: float


@dataclass(frozen=True)
class MctsResult(Generic[State]):
    """What a search found: the move with the most visits, every root move's statistics, the tree itself.

    ``moves`` are a snapshot; ``root`` is the search's live tree, which a
    continued search (``mcts_checkpoints``) goes on growing.
    """

    game: Game[State]
    state: State
    iterations: int
    seed: int
    best: int
    moves: tuple[MoveStats, ...]
    root: MctsNode[State]

    def stats(self, move: int) -> MoveStats:
        return next(entry for entry in self.moves if entry.move == move)


def _reward(winner: Player | None, mover: Player | None) -> float:
    if winner is None:
        return 0.5
    return 1.0 if winner == mover else 0.0


class _Search(Generic[State]):
    """One seeded search; kept as a class so that more iterations can continue the same tree."""

    def __init__(self, game: Game[State], state: State, seed: int, exploration: float) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.root: MctsNode[State] = self._node(state, None, None)

    def _node(self, state: State, move: int | None, mover: Player | None) -> MctsNode[State]:
        untried = [] if self.game.is_over(state) else list(self.game.legal_moves(state))
        self.rng.shuffle(untried)  # new children are tried in a seeded random order
        return MctsNode(state, move, mover, untried)

    def _select(self, node: MctsNode[State]) -> MctsNode[State]:
        log_visits = math.log(node.visits)
        return max(
            node.children,
            key=lambda child: child.mean + self.exploration * math.sqrt(log_visits / child.visits),
        )

    def iterate(self, count: int) -> None:
        game = self.game
        for _ in range(count):
            node = self.root
            path = [node]
            while not node.untried and node.children:  # selection
                node = self._select(node)
                path.append(node)
            if node.untried:  # expansion
                move = node.untried.pop()
                mover = game.to_move(node.state)
                child = self._node(game.play(node.state, move), move, mover)
                node.children.append(child)
                node = child
                path.append(node)
            state = node.state  # simulation: random moves to the end
            while not game.is_over(state):
                state = game.play(state, self.rng.choice(game.legal_moves(state)))
            winner = game.winner(state)
            for visited in path:  # backpropagation, each node in its mover's view
                visited.visits += 1
                visited.total += _reward(winner, visited.mover)

    def result(self, iterations: int, seed: int) -> MctsResult[State]:
        stats = [
            MoveStats(child.move, child.visits, child.mean) for child in self.root.children if child.move is not None
        ]
        moves = tuple(sorted(stats, key=lambda entry: entry.move))
        # most visits is the robust choice; ties go to the better mean, then the lower move
        best = max(moves, key=lambda entry: (entry.visits, entry.mean, -entry.move)).move
        return MctsResult(self.game, self.root.state, iterations, seed, best, moves, self.root)


def _check(game: Game[Any], state: Any, iterations: int, exploration: float) -> None:
    if isinstance(iterations, bool) or not isinstance(iterations, int) or not 1 <= iterations <= MAX_ITERATIONS:
        raise LimitError(f"iterations must be a whole number from 1 to {MAX_ITERATIONS:,}, not {iterations!r}")
    if not math.isfinite(exploration) or exploration < 0:
        raise LimitError(f"exploration must be a finite number of at least 0, not {exploration!r}")
    if game.is_over(state):
        raise PerfectplayError("the game is over: there is no move to search")


def mcts(
    game: Game[State],
    state: State,
    iterations: int,
    *,
    seed: int = 0,
    exploration: float = DEFAULT_EXPLORATION,
) -> MctsResult[State]:
    """Search ``state`` with ``iterations`` UCT iterations (seeded) and return its statistics and tree."""
    _check(game, state, iterations, exploration)
    search = _Search(game, state, seed, exploration)
    search.iterate(iterations)
    return search.result(iterations, seed)


def mcts_checkpoints(
    game: Game[State],
    state: State,
    checkpoints: tuple[int, ...],
    *,
    seed: int = 0,
    exploration: float = DEFAULT_EXPLORATION,
) -> Iterator[MctsResult[State]]:
    """One growing search, its result at each of the increasing ``checkpoints`` (iterations so far).

    The result at 100 is exactly what ``mcts(..., 100, seed=seed)`` returns:
    the same tree, continued; so a convergence curve costs one search.
    """
    if not checkpoints or list(checkpoints) != sorted(set(checkpoints)):
        raise LimitError("checkpoints must be increasing whole numbers")
    _check(game, state, checkpoints[-1], exploration)
    search = _Search(game, state, seed, exploration)
    done = 0
    for checkpoint in checkpoints:
        search.iterate(checkpoint - done)
        done = checkpoint
        yield search.result(checkpoint, seed)
