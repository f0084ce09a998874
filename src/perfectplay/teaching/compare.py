"""A depth-limited search side by side with perfect play: where it chooses differently and what that costs.

A depth-``D`` search with an evaluation function sees wins and losses only
within ``D`` plies and guesses beyond. ``compare`` runs it and the exact
solver on the same position and lines them up move by move: the value the
depth-limited search gave each move (a proven outcome, or a heuristic
estimate), the move's true outcome, and, for every move the depth-limited
search would choose, what choosing it costs against perfect play, e.g.
``draw -> loss in 4``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from perfectplay.errors import PerfectplayError
from perfectplay.game import Game, Outcome
from perfectplay.search.alphabeta import alphabeta
from perfectplay.search.base.budget import ProgressCallback
from perfectplay.search.base.limits import Limit
from perfectplay.search.base.result import Analysis, MoveValue
from perfectplay.search.minimax import minimax
from perfectplay.search.solver.exact import score_moves
from perfectplay.teaching.evaluators import Evaluation, get_evaluation


def move_value(analysis: Analysis, move: int) -> MoveValue | None:
    """What ``analysis`` found for ``move``, or None if its search did not value that move."""
    return next((entry for entry in analysis.moves if entry.move == move), None)


def limited_value_text(entry: MoveValue | None) -> str:
    """What a depth-limited search made of a move: its proven outcome, or ``≈ 3`` for a heuristic estimate."""
    if entry is None:
        return "not searched"
    if entry.proven:
        return str(entry.outcome)
    if entry.estimate is None:
        return "not searched"
    return f"≈ {entry.estimate}".replace("-", "\N{MINUS SIGN}")


@dataclass(frozen=True, slots=True)
class Choice:
    """A move the depth-limited search would play, and its true outcome beside the best one."""

    move: int
    outcome: Outcome
    best: Outcome
    perfect: bool

    @property
    def cost(self) -> str:
        """``draw -> loss in 4``; ``none`` when the move is as good as the best."""
        return "none" if self.perfect else f"{self.best} -> {self.outcome}"


@dataclass(frozen=True, slots=True)
class Comparison:
    """The depth-limited analysis (``limited``) and the exact one (``exact``) of the same position."""

    limited: Analysis
    exact: Analysis
    evaluation: str
    depth: int

    @property
    def choices(self) -> tuple[Choice, ...]:
        """Every move the depth-limited search prefers, each with its true outcome and its cost."""
        best = self.exact.outcome
        picks = []
        for move in self.limited.best:
            entry = move_value(self.exact, move)
            assert entry is not None, "the exact analysis values every legal move"
            picks.append(Choice(move, entry.outcome, best, move in self.exact.best))
        return tuple(picks)

    @property
    def agrees(self) -> bool:
        """True when every move the depth-limited search prefers is a perfect move."""
        return all(choice.perfect for choice in self.choices)


def depth_limited(
    game: Game[Any],
    state: Any,
    depth: int,
    evaluation: str | Evaluation = "open-lines",
    algorithm: str = "minimax",
    limit: Limit | None = None,
    progress: ProgressCallback | None = None,
) -> Analysis:
    """Every move's value under a depth-``depth`` ``algorithm`` (minimax or alphabeta) with ``evaluation``.

    The root's moves are ply 1; positions ``depth`` plies below the root
    are evaluated unless the game ended sooner. ``limit`` may add seconds or
    nodes. Alpha-beta values every root move with a full window (as
    ``analyze`` does), so both give every move its depth-limited value.
    """
    item = evaluation if isinstance(evaluation, Evaluation) else get_evaluation(evaluation, game)
    bound = Limit(
        depth=depth, seconds=None if limit is None else limit.seconds, nodes=None if limit is None else limit.nodes
    )
    if algorithm == "minimax":
        return minimax(game, state, bound, evaluate=item.function, progress=progress)
    if algorithm == "alphabeta":
        return alphabeta(game, state, bound, evaluate=item.function, find="all", progress=progress)
    raise PerfectplayError(f"a depth-limited search is minimax or alphabeta, not {algorithm!r}")


def compare_with_perfect_play(
    game: Game[Any],
    state: Any,
    depth: int,
    evaluation: str | Evaluation = "open-lines",
    algorithm: str = "minimax",
    limit: Limit | None = None,
    progress: ProgressCallback | None = None,
) -> Comparison:
    """The depth-limited search beside perfect play on ``state`` (which must not be over).

    ``limit`` bounds both searches (seconds, nodes); the exact side is the
    solver, so on boards it cannot finish in time its outcomes may be
    ``unknown``. ``progress`` hears how both searches are getting on.
    """
    if game.is_over(state):
        raise PerfectplayError("the game is over: there is no move to compare")
    item = evaluation if isinstance(evaluation, Evaluation) else get_evaluation(evaluation, game)
    limited = depth_limited(game, state, depth, item, algorithm, limit, progress)
    bound = None if limit is None else Limit(seconds=limit.seconds, nodes=limit.nodes)
    exact = score_moves(game, state, bound, progress=progress)
    return Comparison(limited, exact, item.name, depth)
