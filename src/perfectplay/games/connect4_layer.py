"""Connect Four positions a few moves above an outcome layer, solved by look-ups in it.

A layer (``perfectplay dataset connect4 --format scores --plies P --values
outcome``) holds whether each position after exactly P moves is won, drawn
or lost for the side to move. A position p moves in, a few moves short of
P, is then solved by a plain negamax down to the layer, where every leaf is
a look-up and nothing is searched: at most 7^(P-p) leaves, fewer with the
transpositions merged. What it proves is every move's outcome (win, draw or
loss; not how fast), which is what keeps a position's value where the
opening book has no line: positions set up in the editor, whose proofs at
4-8 moves in cost 10-200 M nodes, far past the page's limit.

The opening book answers first (``book.book_answer``); the layer answers
what the book does not cover, in the same form (``BookAnswer``).
"""

from __future__ import annotations

from bisect import bisect_left
from functools import cache
from typing import Any

from perfectplay.errors import PerfectplayError
from perfectplay.game import Player
from perfectplay.games.connect4 import Connect4, Connect4State
from perfectplay.games.connect4_scores import ExactScores
from perfectplay.search.solver.book import BookAnswer
from perfectplay.search.solver.outcomes import DRAW, LOSS, WIN, Outcomes
from perfectplay.search.solver.shipped import LAYERS

REACH = 5
"""How many moves above its layer a position is solved from it: 7^5 = 16,807 leaves at most (a few tenths of
a second in Python); further up, the opening book or the search answers."""


class OutcomeLayer:
    """An outcome layer read back, and the positions above it solved from it."""

    def __init__(self, scores: ExactScores) -> None:
        if scores.values != "outcome" or scores.plies is None:
            raise PerfectplayError("an outcome layer is built with --plies N --values outcome")
        self.game: Connect4 = scores.game
        self.plies: int = scores.plies
        self.scores = scores

    def reaches(self, state: Connect4State) -> bool:
        """Whether ``state`` is solved from the layer: not over, at most ``REACH`` moves above it."""
        played = (state.x | state.o).bit_count()
        return self.plies - REACH <= played < self.plies and not self.game.is_over(state)

    def outcome(self, state: Connect4State) -> int | None:
        """The outcome of a position on the layer itself for its side to move; None for any other position."""
        if (state.x | state.o).bit_count() != self.plies or self.game.is_over(state):
            return None
        return self._look_up(state)

    def move_outcomes(self, state: Connect4State) -> dict[int, int]:
        """Each legal move's outcome for the side to move in ``state`` (``WIN``, ``DRAW`` or ``LOSS``)."""
        if not self.reaches(state):
            raise ValueError(f"{self.game.format(state)} is not within {REACH} moves above the layer")
        known: dict[tuple[int, int], int] = {}
        return {move: -self._value(self.game.play(state, move), known) for move in self.game.legal_moves(state)}

    def answer(self, state: Connect4State) -> BookAnswer | None:
        """What the layer proves of ``state`` as the book says it (``BookAnswer``), or None out of its reach.

        The move to play is the one nearest the centre among those that keep
        the value (the layer knows no distances); in a lost position there is
        none (None): the search then looks for the slowest loss, as it does
        for a book's lost line.
        """
        if not self.reaches(state):
            return None
        outcomes = self.move_outcomes(state)
        best = max(outcomes.values())
        keeping = frozenset(move for move, outcome in outcomes.items() if outcome == best)
        draws = frozenset(move for move, outcome in outcomes.items() if outcome == DRAW)
        losses = frozenset(move for move, outcome in outcomes.items() if outcome == LOSS)
        centre = (self.game.width - 1) / 2
        move = None if best == LOSS else min(keeping, key=lambda column: (abs(column - centre), column))
        return BookAnswer(Outcomes(best, keeping, draws, losses), move, None)

    def _value(self, state: Connect4State, known: dict[tuple[int, int], int]) -> int:
        """The outcome of ``state`` for its side to move, by negamax down to the layer (``known``: transpositions)."""
        game = self.game
        if game.is_over(state):
            return DRAW if game.winner(state) is None else LOSS  # a four is the last mover's
        stones = (state.x, state.o)
        found = known.get(stones)
        if found is not None:
            return found
        if (state.x | state.o).bit_count() == self.plies:
            value = self._look_up(state)
        else:
            value = LOSS
            for move in game.legal_moves(state):
                value = max(value, -self._value(game.play(state, move), known))
                if value == WIN:
                    break
        known[stones] = value
        return value

    def _look_up(self, state: Connect4State) -> int:
        """The layer's outcome for ``state``'s side to move, whichever colour moved first."""
        # The rows have X moving first; here either colour may have. Whoever has as many stones as the other
        # and is to move moved first, so the key is that side's stones and the other's, whatever their colour.
        mover, other = (state.x, state.o) if self.game.to_move(state) is Player.X else (state.o, state.x)
        first, second = (mover, other) if mover.bit_count() == other.bit_count() else (other, mover)
        board = self.scores.board
        key = board.canonical(first | second << board.cells)
        keys = self.scores.keys
        index = bisect_left(keys, key)
        if index == len(keys) or keys[index] != key:
            raise PerfectplayError(f"the outcome layer has no row for {self.game.format(state)}")
        return int(self.scores.scores[index])  # for the side to move, whichever colour it is


@cache
def shipped_layer(name: str) -> OutcomeLayer | None:
    """The layer the package ships for the game called ``name``, read once; None if there is none."""
    filename = LAYERS.get(name)
    if filename is None:
        return None
    from importlib import resources  # paid only when a layer is read

    path = resources.files("perfectplay").joinpath("books").joinpath(filename)
    if not path.is_file():
        return None
    with resources.as_file(path) as local:
        return OutcomeLayer(ExactScores.read(local))


def layer_answer(game: Any, state: Any) -> BookAnswer | None:
    """What the shipped layer proves of ``state`` of ``game`` (a ``BookAnswer``), or None."""
    layer = shipped_layer(game.name) if game.name in LAYERS else None
    if layer is None or not isinstance(state, Connect4State):
        return None
    return layer.answer(state)


def layer_outcome(game: Any, state: Any) -> int | None:
    """The shipped layer's outcome of ``state`` of ``game`` when it is a position on the layer itself, else None."""
    layer = shipped_layer(game.name) if game.name in LAYERS else None
    if layer is None or not isinstance(state, Connect4State):
        return None
    return layer.outcome(state)
