"""Per-move analysis: every legal move with its outcome, by the search of your choice.

This is what people and front ends want from a position: "5 wins in 1, 8 is
a draw, 6 loses in 2". The default, ``"solver"``, is the production search
for every game; ``"minimax"`` and ``"alphabeta"`` are the textbook
references (alpha-beta then searches every root move with a full window, so
that each move gets its exact value).

**When a limit stops the search** (``complete`` false), what is proven stays
proven and what is not is ``unknown``, never a made-up score:

* a move whose value was proven keeps its exact outcome and score;
* any other move has ``outcome`` ``unknown`` and ``score`` None; its
  ``estimate`` (the depth-limited value) only orders the list;
* ``best`` is what the search preferred, and always contains an immediate
  win, or else the forced block, when there is one.

A depth limit (``Limit(depth=D)``) makes the references the course labs' next
chapter: positions ``D`` plies below the root are valued by ``evaluate``.
"""

from __future__ import annotations

from dataclasses import dataclass

from perfectplay.errors import LimitError, PerfectplayError
from perfectplay.game import Game, State
from perfectplay.search.alphabeta import alphabeta
from perfectplay.search.base.budget import ProgressCallback
from perfectplay.search.base.evaluation import Evaluator, no_evaluation
from perfectplay.search.base.limits import Limit
from perfectplay.search.base.result import Analysis
from perfectplay.search.minimax import minimax
from perfectplay.search.solver.exact import score_moves
from perfectplay.search.solver.table import TranspositionTable


@dataclass(frozen=True, slots=True)
class Algorithm:
    """A search by name: what people call it, what it is, and whether the teaching tools can trace it."""

    name: str
    title: str
    summary: str
    traceable: bool


ALGORITHMS: dict[str, Algorithm] = {
    algorithm.name: algorithm
    for algorithm in (
        Algorithm("solver", "solver", "the production search: negamax with a table, symmetry and move order", False),
        Algorithm("minimax", "minimax", "the textbook minimax: every node of the tree", True),
        Algorithm("alphabeta", "alpha-beta", "the textbook alpha-beta: minimax's answers, fewer nodes", True),
    )
}
"""Every search by name: the one table the front ends, the drawings and the teaching tools read."""

TRACEABLE: tuple[str, ...] = tuple(name for name, algorithm in ALGORITHMS.items() if algorithm.traceable)
"""The searches a trace can record (the textbook references), by name."""

DEFAULT_ALGORITHM = "solver"


def analyze(
    game: Game[State],
    state: State,
    algorithm: str = DEFAULT_ALGORITHM,
    limit: Limit | None = None,
    *,
    evaluate: Evaluator | None = None,
    table: TranspositionTable | None = None,
    progress: ProgressCallback | None = None,
    at_once: bool = False,
) -> Analysis:
    """Value every legal move of ``state`` with the named search.

    Exact unless a ``limit`` stops it (see the module notes). ``evaluate``
    is the evaluation function of a depth-limited reference search; the
    solver uses the game's own heuristic. ``table`` lets several solver
    calls on one game share what they proved; ``progress`` hears how far the
    search has got. ``at_once`` asks the solver a player's question (which
    move, now): an opening book's, an outcome table's or a forced move's
    answer then ends the search (``score_moves``); an analysis runs on.
    """
    if algorithm not in ALGORITHMS:
        raise PerfectplayError(f"unknown algorithm {algorithm!r}: use one of {', '.join(ALGORITHMS)}")
    if limit is not None and not isinstance(limit, Limit):
        raise LimitError(f"limit must be a Limit, not {type(limit).__name__}")
    if algorithm == "solver":
        if evaluate is not None:
            raise PerfectplayError(
                "the solver uses the game's own heuristic; an evaluation function works with minimax and alphabeta"
            )
        return score_moves(game, state, limit, table=table, progress=progress, at_once=at_once)
    if algorithm == "minimax":
        return minimax(game, state, limit, evaluate=evaluate or no_evaluation, progress=progress)
    return alphabeta(game, state, limit, evaluate=evaluate or no_evaluation, find="all", progress=progress)


def best_moves(
    game: Game[State], state: State, algorithm: str = DEFAULT_ALGORITHM, limit: Limit | None = None
) -> tuple[int, ...]:
    """Every move that achieves the best score (fastest win, slowest loss).

    Under a limit that stops the search: the moves the search preferred.
    """
    return analyze(game, state, algorithm, limit).best
