"""Per-move analysis: every legal move with its exact outcome, built on a search.

This is what people and front ends want from a position: "5 wins in 1, 8 is
a draw, 6 loses in 2". It runs a search on the position after each move and
backs the score up one ply, so any exact search can serve.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from perfectplay.game import Game, Outcome, Player, State, back_up, outcome_of, terminal_score
from perfectplay.search.alphabeta import alphabeta
from perfectplay.search.minimax import minimax
from perfectplay.search.result import SearchResult

Search = Callable[[Game[Any], Any], SearchResult]

ALGORITHMS: dict[str, Search] = {"minimax": minimax, "alphabeta": alphabeta}
"""Exact searches by name; ``analyze`` accepts any of these names."""

DEFAULT_ALGORITHM = "alphabeta"


@dataclass(frozen=True, slots=True)
class MoveAnalysis:
    """One legal move and the exact result of playing it."""

    move: int
    score: int
    outcome: Outcome


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
                    "score": entry.score,
                }
                for entry in self.moves
            ],
            "best": list(self.best),
            "nodes": self.nodes,
            "seconds": self.seconds,
            "complete": self.complete,
        }


def analyze(game: Game[State], state: State, algorithm: str = DEFAULT_ALGORITHM) -> Analysis:
    """Score every legal move of ``state`` exactly with the named search."""
    try:
        search = ALGORITHMS[algorithm]
    except KeyError:
        from perfectplay.errors import PerfectplayError

        known = ", ".join(sorted(ALGORITHMS))
        raise PerfectplayError(f"unknown algorithm {algorithm!r}: use one of {known}") from None
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
    nodes = 1  # the root
    complete = True
    entries = []
    for move in game.legal_moves(state):
        child = search(game, game.play(state, move))
        nodes += child.nodes
        complete = complete and child.complete
        score = back_up(child.score)
        entries.append(MoveAnalysis(move, score, outcome_of(score, game.max_plies)))
    entries.sort(key=lambda entry: -entry.score)
    top = entries[0].score
    best = tuple(sorted(entry.move for entry in entries if entry.score == top))
    return Analysis(
        game,
        state,
        to_move,
        top,
        outcome_of(top, game.max_plies),
        tuple(entries),
        best,
        nodes,
        time.perf_counter() - started,
        complete,
    )


def best_moves(game: Game[State], state: State, algorithm: str = DEFAULT_ALGORITHM) -> tuple[int, ...]:
    """Every move that achieves the best exact score (fastest win, slowest loss)."""
    return analyze(game, state, algorithm).best
