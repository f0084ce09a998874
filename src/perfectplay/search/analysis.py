"""Per-move analysis: every legal move with its outcome, built on a search.

This is what people and front ends want from a position: "5 wins in 1, 8 is
a draw, 6 loses in 2". The default, ``"solver"``, answers 3x3 positions from
a table our solver filled once and scores bigger m,n,k boards with one
solver call that shares its transposition table across all the moves. The
other algorithms run a search on the position after each move and back the
score up one ply, so any exact search can serve.

**When a limit stops the search** (``complete`` false), what is proven stays
proven and what is guessed is marked as such, never as a result:

* a move whose value was proven keeps its exact outcome and score;
* any other move has ``outcome`` ``unknown``, ``plies`` None and ``score``
  None in JSON (``MoveAnalysis.score`` 0 and ``estimate`` set in Python);
  the heuristic guess only orders the list;
* the position's own ``outcome`` is ``unknown`` unless its value is proven;
* ``best`` is what the deepest finished iteration preferred, and always
  contains an immediate win, or else the forced block, when there is one.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from perfectplay.errors import LimitError, PerfectplayError
from perfectplay.game import Game, Outcome, OutcomeName, Player, State, back_up, outcome_of, terminal_score
from perfectplay.games.mnk import MNK, MNKState, TicTacToe
from perfectplay.search import table3x3
from perfectplay.search.alphabeta import alphabeta
from perfectplay.search.limits import Limit
from perfectplay.search.minimax import minimax
from perfectplay.search.result import SearchResult
from perfectplay.search.solver import MoveScores, score_moves, solve

Search = Callable[[Game[Any], Any], SearchResult]


def _solver(game: Game[Any], state: Any) -> SearchResult:
    """``solve`` for m,n,k games; other games fall back to alpha-beta."""
    if isinstance(game, MNK):
        return solve(game, state)
    return alphabeta(game, state)


ALGORITHMS: dict[str, Search] = {"minimax": minimax, "alphabeta": alphabeta, "solver": _solver}
"""Exact searches by name; ``analyze`` accepts any of these names."""

DEFAULT_ALGORITHM = "solver"

UNKNOWN = Outcome(cast(OutcomeName, "unknown"), None)
"""The outcome of a move or position that a limit stopped the search from proving."""


@dataclass(frozen=True, slots=True)
class MoveAnalysis:
    """One legal move and the result of playing it.

    ``score`` and ``outcome`` are exact unless ``estimate`` is set: then the
    move is unproven, ``outcome`` is ``unknown``, ``score`` is 0 and
    ``estimate`` is the heuristic guess (open-line units, not plies) that
    orders it among the others.
    """

    move: int
    score: int
    outcome: Outcome
    estimate: int | None = None

    @property
    def proven(self) -> bool:
        return self.estimate is None


@dataclass(frozen=True, slots=True)
class Analysis:
    """Everything known about a position, from the side to move's point of view.

    ``moves`` lists every legal move, best first (ties in move order).
    ``best`` is every move of the top score. For a finished game ``moves``
    and ``best`` are empty and ``outcome`` is how the game ended for the
    side that would be to move (``loss in 0`` if the other side has won).
    """

    game: Game[Any]
    state: Any
    to_move: Player
    score: int
    outcome: Outcome
    moves: tuple[MoveAnalysis, ...]
    best: tuple[int, ...]
    nodes: int
    seconds: float
    complete: bool

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    @property
    def winner(self) -> Player | None:
        return self.game.winner(self.state)

    def to_json(self) -> dict[str, Any]:
        """The analysis in the shared JSON schema (CLI ``--json`` and HTTP API)."""
        return {
            "game": self.game.name,
            "position": self.game.format(self.state),
            "to_move": self.to_move.value,
            "outcome": self.outcome.name,
            "plies": self.outcome.plies,
            "moves": [
                {
                    "move": entry.move,
                    **self.game.move_fields(entry.move),
                    "outcome": entry.outcome.name,
                    "plies": entry.outcome.plies,
                    "score": entry.score if entry.proven else None,
                }
                for entry in self.moves
            ],
            "best": list(self.best),
            "nodes": self.nodes,
            "seconds": self.seconds,
            "complete": self.complete,
        }


def analyze(
    game: Game[State], state: State, algorithm: str = DEFAULT_ALGORITHM, limit: Limit | None = None
) -> Analysis:
    """Score every legal move of ``state`` with the named search.

    Exact unless a ``limit`` stops the solver (see the module notes for what
    an incomplete analysis reports). Limits need the solver on an m,n,k game;
    3x3 positions answer from the solved table, complete, whatever the limit.
    """
    if algorithm not in ALGORITHMS:
        known = ", ".join(sorted(ALGORITHMS))
        raise PerfectplayError(f"unknown algorithm {algorithm!r}: use one of {known}")
    if limit is not None and not isinstance(limit, Limit):
        raise LimitError(f"limit must be a Limit, not {type(limit).__name__}")
    started = time.perf_counter()
    to_move = game.to_move(state)
    if game.is_over(state):
        score = terminal_score(game, state)
        return Analysis(
            game,
            state,
            to_move,
            score,
            outcome_of(score, game.max_plies),
            (),
            (),
            1,
            time.perf_counter() - started,
            True,
        )
    if algorithm == "solver" and isinstance(game, MNK) and isinstance(state, MNKState):
        return _analyze_mnk(game, state, limit, started)
    if limit is not None:
        raise LimitError(f"limits need the solver on an m,n,k game, not {algorithm!r} on {game.name}")
    search = ALGORITHMS[algorithm]
    nodes = 1  # the root
    complete = True
    entries = []
    for move in game.legal_moves(state):
        child = search(game, game.play(state, move))
        nodes += child.nodes
        complete = complete and child.complete
        score = back_up(child.score)
        entries.append(MoveAnalysis(move, score, outcome_of(score, game.max_plies)))
    return _assemble(game, state, entries, None, nodes, started, complete)


@cache
def _answers_3x3() -> dict[tuple[int, int], tuple[int, Outcome, tuple[MoveAnalysis, ...], tuple[int, ...]]]:
    """Every 3x3 table entry turned into its finished (immutable) analysis parts, once."""
    game = TicTacToe()
    answers = {}
    for key, scores in table3x3.table().items():
        entries = [
            MoveAnalysis(move, score, outcome_of(score, game.max_plies))
            for move, score in enumerate(scores)
            if score is not None
        ]
        entries.sort(key=_rank)
        top = entries[0].score
        best = tuple(entry.move for entry in entries if entry.score == top)
        answers[key] = (top, entries[0].outcome, tuple(entries), tuple(sorted(best)))
    return answers


def _analyze_mnk(game: MNK, state: MNKState, limit: Limit | None, started: float) -> Analysis:
    if game.dimensions == (3, 3, 3):
        answer = _answers_3x3().get(table3x3.key(state))
        if answer is not None:
            score, outcome, known, best = answer
            seconds = time.perf_counter() - started
            return Analysis(game, state, state.to_move, score, outcome, known, best, 1, seconds, True)
    report: MoveScores = score_moves(game, state, limit)
    entries = []
    for entry in report.moves:
        if entry.score is not None:
            entries.append(MoveAnalysis(entry.move, entry.score, outcome_of(entry.score, game.max_plies)))
        else:
            entries.append(MoveAnalysis(entry.move, 0, UNKNOWN, entry.estimate))
    preferred = None if report.complete else report.best
    return _assemble(game, state, entries, preferred, report.nodes, started, report.complete)


def _rank(entry: MoveAnalysis) -> tuple[int, int]:
    """Sort key, best first: proven wins, then guesses and draws by estimate, then losses."""
    if entry.estimate is not None:
        return (1, -entry.estimate)
    if entry.score > 0:
        return (0, -entry.score)
    if entry.score < 0:
        return (2, -entry.score)
    return (1, 0)


def _assemble(
    game: Game[State],
    state: State,
    entries: list[MoveAnalysis],
    best: tuple[int, ...] | None,
    nodes: int,
    started: float,
    complete: bool,
) -> Analysis:
    """The Analysis of ``entries``; ``best`` given only when the search did not prove it."""
    entries.sort(key=_rank)
    top = entries[0]
    if best is None:
        best = tuple(sorted(entry.move for entry in entries if entry.score == top.score))
    proven_top = all(entry.proven for entry in entries) or (top.proven and top.score > 0)
    outcome = top.outcome if proven_top else UNKNOWN
    score = top.score if proven_top else 0
    return Analysis(
        game,
        state,
        game.to_move(state),
        score,
        outcome,
        tuple(entries),
        best,
        nodes,
        time.perf_counter() - started,
        complete,
    )


def best_moves(
    game: Game[State], state: State, algorithm: str = DEFAULT_ALGORITHM, limit: Limit | None = None
) -> tuple[int, ...]:
    """Every move that achieves the best score (fastest win, slowest loss).

    Under a limit that stops the search: the moves the search preferred.
    """
    return analyze(game, state, algorithm, limit).best
