"""The positions the shipped exact layer answers, whatever its depth (``EXACT_LAYERS``): on it and above it.

A front end's test takes these cases and checks that its words give each
position's exact score, never "length not proven" where the layer knows it:
on the layer the position's own row, above it a negamax over the rows
(every move exact). The positions are drawn from random games with a fixed
seed: one at every ply above the layer, ``ON_LAYER`` on it; a deeper layer
in the package changes the cases, not the tests.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from perfectplay import Connect4
from perfectplay.game import outcome_of
from perfectplay.games.connect4 import Connect4State
from perfectplay.games.connect4_layer import ExactLayer, shipped_exact_layer

ON_LAYER = 3
"""How many positions on the layer itself each front end is asked about (a position there costs it its limit)."""

WORDS_OF_UNKNOWN_LENGTH = ("length not proven", "how fast", "how slow")
"""What the words say of a win or loss whose length is not proven: never of a position the layer knows."""


class LayerCase(NamedTuple):
    moves: str
    """The position as a move sequence (columns 1-7)."""
    score: int
    """Its exact score for the side to move, from the layer's rows."""
    on_layer: bool
    """On the layer itself (only the position's own score is known), else above it (every move's)."""

    @property
    def words(self) -> str:
        """The exact value in words: ``win in 39``, ``draw``, ``loss in 40``."""
        return str(outcome_of(self.score, Connect4().max_plies))


def shipped() -> ExactLayer:
    layer = shipped_exact_layer("connect4")
    assert layer is not None, "the package ships a 7x6 exact layer"
    return layer


def _random_game(game: Connect4, plies: int, rng: random.Random) -> tuple[str, Connect4State]:
    while True:
        state, moves = game.initial_state(), ""
        for _ in range(plies):
            move = rng.choice(game.legal_moves(state))
            state, moves = game.play(state, move), moves + game.move_label(move)
            if game.is_over(state):
                break
        if not game.is_over(state) and len(moves) == plies:
            return moves, state


def exact_layer_cases() -> list[LayerCase]:
    """Every ply above the layer once, then ``ON_LAYER`` positions on it, each with its score from the rows."""
    layer = shipped()
    game, rng = Connect4(), random.Random(38)
    cases = []
    for plies in range(layer.plies):
        moves, state = _random_game(game, plies, rng)
        scores = layer.move_scores(state)
        assert scores is not None, moves
        cases.append(LayerCase(moves, max(scores.values()), False))
    on: dict[str, LayerCase] = {}
    for _ in range(100 * ON_LAYER):  # distinct positions (a shallow layer has few)
        moves, state = _random_game(game, layer.plies, rng)
        on.setdefault(moves, LayerCase(moves, layer.scores.score(state), True))
        if len(on) == ON_LAYER:
            break
    return cases + list(on.values())


CASES = exact_layer_cases()
CASE_IDS = [case.moves or "empty" for case in CASES]
