"""Monte Carlo tree search held against the exact value: does it converge, and how fast?

For one position, several seeded MCTS runs grow side by side; at each
checkpoint (a number of iterations) the study records how often the move
MCTS would play is an exact best move, how often it at least keeps the
position's value (a win stays a win, a draw a draw), and how far its
estimate of the position is from the exact one. Exact values come from the
solver; a reward is 1 for a win, 0.5 for a draw and 0 for a loss, the scale
MCTS itself uses, so "how far" is in the same units.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from perfectplay.errors import LimitError, PerfectplayError
from perfectplay.game import Game
from perfectplay.search.analysis import analyze
from perfectplay.search.base.limits import Limit
from perfectplay.search.mcts import DEFAULT_EXPLORATION, mcts_checkpoints

DEFAULT_CHECKPOINTS = (10, 30, 100, 300, 1000, 3000)
"""Iterations at which a study looks, roughly three per decade."""

STUDY_POSITIONS = (
    ("tictactoe", "X.O/.../..."),
    ("tictactoe", "XO./.X./..O"),
    ("connect4", "52753311433677442422121"),
    ("connect4", "5554224333234511764415115"),
    ("connect4", "7422341735647741166133573473242566"),
)
"""The positions every view offers the study on (game spec, position): tic-tac-toe, and Connect Four middle
and end games from Pascal Pons's test sets that the solver proves within a second (``benchmarks/mcts.py``)."""

MAX_RUNS = 1000
"""Most seeded runs a study averages over."""

REWARDS = {"win": 1.0, "draw": 0.5, "loss": 0.0}
"""An exact outcome on MCTS's reward scale, for the side to move."""


@dataclass(frozen=True, slots=True)
class ConvergencePoint:
    """At ``iterations``: the share of runs whose move is an exact best one, the share that keeps the value,
    and the mean distance of the estimate of the position from its exact reward."""

    iterations: int
    best_rate: float
    keeps_value_rate: float
    value_error: float


@dataclass(frozen=True, slots=True)
class Convergence:
    """A whole study: the position, its exact answer, and one point per checkpoint."""

    game: Game[Any]
    state: Any
    runs: int
    seed: int
    exact_outcome: str
    exact_best: tuple[int, ...]
    points: tuple[ConvergencePoint, ...]

    def first_always_best(self) -> int | None:
        """The fewest iterations from which every run chose an exact best move at every later checkpoint."""
        found: int | None = None
        for point in self.points:
            if point.best_rate == 1.0:
                found = point.iterations if found is None else found
            else:
                found = None
        return found


def study_convergence(
    game: Game[Any],
    state: Any,
    checkpoints: tuple[int, ...] = DEFAULT_CHECKPOINTS,
    *,
    runs: int = 20,
    seed: int = 0,
    exploration: float = DEFAULT_EXPLORATION,
    exact_limit: Limit | None = None,
) -> Convergence:
    """Run ``runs`` seeded searches (seeds ``seed``, ``seed + 1``, ...) and compare them with the exact values.

    ``exact_limit`` bounds the solver's proof of the exact values; a position
    it does not prove within it is a ``PerfectplayError`` (there is nothing
    exact to hold MCTS against).
    """
    if isinstance(runs, bool) or not isinstance(runs, int) or not 1 <= runs <= MAX_RUNS:
        raise LimitError(f"runs must be a whole number from 1 to {MAX_RUNS}, not {runs!r}")
    exact = analyze(game, state, "solver", exact_limit)
    if not exact.complete or any(entry.score is None for entry in exact.moves):
        raise PerfectplayError(
            "the solver does not prove this position's moves within the limit, so there is no exact value to hold "
            "MCTS against: choose a position nearer the end of the game"
        )
    outcomes = {entry.move: entry.outcome.name for entry in exact.moves}
    root_reward = REWARDS[exact.outcome.name]
    best = set(exact.best)
    chosen: list[list[tuple[bool, bool, float]]] = [[] for _ in checkpoints]
    for run in range(runs):
        results = mcts_checkpoints(game, state, checkpoints, seed=seed + run, exploration=exploration)
        for index, result in enumerate(results):
            move = result.best
            estimate = result.stats(move).mean
            chosen[index].append((move in best, outcomes[move] == exact.outcome.name, abs(estimate - root_reward)))
    points = tuple(
        ConvergencePoint(
            iterations,
            sum(1 for is_best, _, _ in rows if is_best) / runs,
            sum(1 for _, keeps, _ in rows if keeps) / runs,
            sum(error for _, _, error in rows) / runs,
        )
        for iterations, rows in zip(checkpoints, chosen, strict=True)
    )
    return Convergence(game, state, runs, seed, exact.outcome.name, tuple(sorted(best)), points)
