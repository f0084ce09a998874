"""Connect Four positions a few moves above a layer of solved positions, solved by look-ups in it.

Two kinds of layer: outcomes (``Connect4.outcome_table``, ``OutcomeLayer``)
and exact scores (``Connect4.score_table``, ``ExactLayer``).

A layer (``perfectplay dataset connect4 --format scores --plies P --values
outcome``) holds whether each position after exactly P moves is won, drawn
or lost for the side to move. A position p moves in, short of P, is then
solved by a plain negamax down to the layer, where every leaf is a look-up
and nothing is searched: at most 7^(P-p) leaves, far fewer with the
transpositions merged and a move that wins ending the search of its
position. What it proves is every move's outcome (win, draw or
loss; not how fast), which is what keeps a position's value where the
opening book has no line: positions set up in the editor, whose proofs at
4-8 moves in cost 10-200 M nodes, far past the page's limit. On the layer
itself it knows the position's own outcome, which spares the search the
dearest question (a drawn position: does any move win?).

The solver asks the opening book first, then this table
(``search/solver/exact.py``), through the game's ``outcome_table`` hook.

An exact layer (``--values exact``, a few moves in: exact scores cost more
than outcomes) answers every position at or above it the same way, with
every move's exact score: a negamax over the layer's scores, each one
counted one move longer on the way up. The solver asks it before the book
(``score_table``): there its answer is the whole analysis. On the layer
itself it knows the position's own exact score (``ExactLayer.score``): the
analysis's value, and the score the search proves a move reaches.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import cache
from typing import Any

from perfectplay.errors import PerfectplayError
from perfectplay.game import Player, back_up
from perfectplay.games.connect4_scores import ExactScores

LAYERS: dict[str, str] = {"connect4": "connect4-7x6-ply8.scores"}
"""The outcome layers in the package (``perfectplay/books``), by game name: a name here whose file is not in the
package means no layer."""

EXACT_LAYERS: dict[str, tuple[str, ...]] = {"connect4": ("connect4-7x6-ply5.scores", "connect4-7x6-ply8-exact.scores")}
"""The exact-score layers in the package (``perfectplay/books``), by game name, shallowest first, as ``LAYERS``.
A position is answered from the shallowest layer below it: from the empty board the ply-5 layer's 7^5 leaves at
most, not the ply-8 layer's 184,275 positions; from 5-7 moves in, the ply-8 layer's 343 at most."""

REACH = 8
"""How many moves above its layer a position is solved from it: every one, for the shipped layer 8 moves in.
The negamax stops at a move that wins, so it visits far fewer than 7^8 leaves: measured on the 7x6 layer,
0.48 s of CPU for the empty board, at most 0.17 s for a position 1-3 moves in, a few ms further down."""

WIN, DRAW, LOSS = 1, 0, -1


class _NotInLayer(Exception):
    """A position below has no row: the stones cannot arise in a game (the editor can still set them up)."""


class OutcomeLayer:
    """An outcome layer read back, and the positions above it solved from it (an ``OutcomeTable``)."""

    def __init__(self, scores: ExactScores) -> None:
        if scores.values != "outcome" or scores.plies is None:
            raise PerfectplayError("an outcome layer is built with --plies N --values outcome")
        self.game = scores.game  # a Connect4 (``connect4.py`` imports this module: it is not imported here)
        self.state_type = type(self.game.initial_state())
        self.plies: int = scores.plies
        self.scores = scores

    def reaches(self, state: Any) -> bool:
        """Whether every move's outcome in ``state`` is solved from the layer: at most ``REACH`` moves above it."""
        played = (state.x | state.o).bit_count()
        return self.plies - REACH <= played < self.plies and not self.game.is_over(state)

    def outcome(self, state: object) -> int | None:
        """The outcome of a position on the layer itself for its side to move; None for any other position."""
        if not isinstance(state, self.state_type) or (state.x | state.o).bit_count() != self.plies:
            return None
        if self.game.is_over(state):
            return None
        try:
            return self._look_up(state)
        except _NotInLayer:
            return None

    def move_outcomes(self, state: object) -> dict[int, int] | None:
        """Each legal move's outcome for the side to move (``WIN``, ``DRAW``, ``LOSS``); None out of reach."""
        if not isinstance(state, self.state_type) or not self.reaches(state):
            return None
        known: dict[tuple[int, int], int] = {}
        try:
            return {move: -self._value(self.game.play(state, move), known) for move in self.game.legal_moves(state)}
        except _NotInLayer:
            return None  # a position no game reaches: the search answers it

    def _value(self, state: Any, known: dict[tuple[int, int], int]) -> int:
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

    def _look_up(self, state: Any) -> int:
        """The layer's outcome for ``state``'s side to move, whichever colour moved first."""
        return _look_up(self.scores, state)


def _look_up(scores: ExactScores, state: Any) -> int:
    """The layer's value (outcome or score) for ``state``'s side to move, whichever colour moved first."""
    # The rows have X moving first; here either colour may have. Whoever has as many stones as the other
    # and is to move moved first, so the key is that side's stones and the other's, whatever their colour.
    game = scores.game
    mover, other = (state.x, state.o) if game.to_move(state) is Player.X else (state.o, state.x)
    first, second = (mover, other) if mover.bit_count() == other.bit_count() else (other, mover)
    board = scores.board
    key = board.canonical(first | second << board.cells)
    keys = scores.keys
    index = bisect_left(keys, key)
    if index == len(keys) or keys[index] != key:
        raise _NotInLayer(game.format(state))
    return int(scores.scores[index])  # for the side to move, whichever colour it is


class ExactLayer:
    """An exact-score layer read back, and every move's exact score above it (a ``ScoreTable``)."""

    scores: ExactScores
    plies: int

    def __init__(self, scores: ExactScores, shallower: ExactLayer | None = None) -> None:
        if scores.values != "exact" or scores.plies is None:
            raise PerfectplayError("an exact layer is built with --plies N --values exact")
        if shallower is not None and (shallower.scores.game != scores.game or shallower.plies >= scores.plies):
            raise PerfectplayError("a shallower exact layer is of the same game and fewer plies")
        self.game = scores.game
        self.state_type = type(self.game.initial_state())
        self.plies = scores.plies
        self.scores = scores
        self.shallower = shallower
        """A layer fewer moves in that answers the positions above it (the same scores, far fewer leaves)."""

    def reaches(self, state: Any) -> bool:
        """Whether every move's score in ``state`` comes from the layer: the position is above it, not over."""
        return (state.x | state.o).bit_count() < self.plies and not self.game.is_over(state)

    def move_scores(self, state: object) -> dict[int, int] | None:
        """Each legal move's exact score for the side to move; None below the layer or off it."""
        if not isinstance(state, self.state_type) or not self.reaches(state):
            return None
        if self.shallower is not None and self.shallower.reaches(state):
            return self.shallower.move_scores(state)
        known: dict[tuple[int, int], int] = {}
        game = self.game
        try:
            return {move: back_up(self._value(game.play(state, move), known)) for move in game.legal_moves(state)}
        except _NotInLayer:
            return None  # a position no game reaches: the search answers it

    def score(self, state: object) -> int | None:
        """The exact score of a position on the layer or above it for its side to move; None below it or off it."""
        if not isinstance(state, self.state_type) or self.game.is_over(state):
            return None
        played = (state.x | state.o).bit_count()
        if played > self.plies:
            return None
        if self.shallower is not None and played <= self.shallower.plies:
            return self.shallower.score(state)
        try:
            return self._value(state, {})
        except _NotInLayer:
            return None  # a position no game reaches: the search answers it

    def _value(self, state: Any, known: dict[tuple[int, int], int]) -> int:
        """The exact score of ``state`` for its side to move, by a full negamax down to the layer."""
        game = self.game
        if game.is_over(state):
            return 0 if game.winner(state) is None else -(game.max_plies + 2)  # a four is the last mover's
        stones = (state.x, state.o)
        found = known.get(stones)
        if found is not None:
            return found
        if (state.x | state.o).bit_count() == self.plies:
            value = _look_up(self.scores, state)
        else:
            value = max(back_up(self._value(game.play(state, move), known)) for move in game.legal_moves(state))
        known[stones] = value
        return value


@cache
def shipped_layer(name: str) -> OutcomeLayer | None:
    """The outcome layer the package ships for the game called ``name``, read once; None if there is none."""
    scores = _shipped(LAYERS.get(name))
    return None if scores is None else OutcomeLayer(scores)


@cache
def shipped_exact_layer(name: str) -> ExactLayer | None:
    """The deepest exact layer the package ships for the game called ``name`` (the shallower ones chained to it),
    read once; None if there is none."""
    layer = None
    for filename in EXACT_LAYERS.get(name, ()):
        scores = _shipped(filename)
        if scores is not None:
            layer = ExactLayer(scores, shallower=layer)
    return layer


def _shipped(filename: str | None) -> ExactScores | None:
    if filename is None:
        return None
    from importlib import resources  # paid only when a layer is read

    path = resources.files("perfectplay").joinpath("books").joinpath(filename)
    if not path.is_file():
        return None
    with resources.as_file(path) as local:
        return ExactScores.read(local)
