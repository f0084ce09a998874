"""The shipped 7x6 outcome layer: the file its build names, its rows right by fresh proofs, known answers above it.

``src/perfectplay/books/connect4-7x6-ply8.scores`` holds every position of
7x6 Connect Four after 8 moves with whether it is won, drawn or lost for the
side to move, built with ``perfectplay dataset connect4 --format scores
--plies 8 --values outcome``. A seeded sample of its rows is proven again
here; the positions above it that the editor benchmark lost before the layer
(their outcomes published in ``docs/connect4.md``, proven by bitbully) are
answered from it.
"""

from __future__ import annotations

import random

import pytest

from perfectplay import Connect4, Limit, solve
from perfectplay.games.connect4_layer import DRAW, LOSS, WIN, OutcomeLayer, shipped_layer
from perfectplay.search.solver.exact import solve_outcome
from perfectplay.search.solver.table import TranspositionTable

pytestmark = pytest.mark.usefixtures("exact_layer_to_ply_5")  # positions 5-7 moves in, past the ply-5 exact layer


def _layer() -> OutcomeLayer:
    layer = shipped_layer("connect4")
    assert layer is not None, "the package ships the 7x6 outcome layer"
    return layer


def test_the_layer_is_every_position_after_eight_moves_once_a_mirror_pair() -> None:
    layer = _layer()
    assert layer.plies == 8 and layer.scores.values == "outcome"
    assert len(layer.scores) == 92_244 and layer.scores.positions == 184_275
    assert set(layer.scores.scores) == {WIN, DRAW, LOSS}


def test_a_seeded_sample_of_its_rows_is_what_a_fresh_proof_finds() -> None:
    layer = _layer()
    game = Connect4()
    table = TranspositionTable(1 << 20)
    for row in random.Random(8).sample(range(len(layer.scores)), 6):
        state = layer.scores.state(row)
        assert solve_outcome(game, state, table=table) == layer.scores.scores[row], game.format(state)


def test_the_positions_the_page_lost_before_are_answered_from_it() -> None:
    layer = _layer()
    game = Connect4()

    # The sequences number columns from 1, as the page writes them; the moves from 0, as the engine does.
    def outcomes(moves: str) -> dict[int, int]:
        found = layer.move_outcomes(game.parse_sequence(moves))
        assert found is not None, f"{moves} is within the layer's reach"
        return found

    assert [move for move, outcome in outcomes("4444").items() if outcome == WIN] == [3]
    after_1764 = outcomes("1764")
    assert after_1764[5] == WIN and after_1764[3] == DRAW
    assert [move for move, outcome in outcomes("12271").items() if outcome == WIN] == [1]


def test_the_solver_answers_them_at_once_with_a_move_that_keeps_the_value() -> None:
    game = Connect4()
    # Off the opening book's lines and below the exact layer (every position after 5 moves), which answers above it.
    for moves, keeping in (("125777", {4}), ("3675277", {4}), ("211367", {5})):
        analysis = solve(game, game.parse_sequence(moves), Limit(nodes=10**9))
        assert analysis.algorithm == "layer" and analysis.nodes <= 2, moves
        assert set(analysis.best) <= keeping, moves


def test_the_words_name_the_layer_not_the_opening_book() -> None:
    from perfectplay.words import choice_text, outcome_class_text, unproven_text

    game = Connect4()
    won = solve(game, game.parse_sequence("125777"), Limit(seconds=5))
    assert won.algorithm == "layer" and won.best == (4,)
    assert unproven_text(won) == "from positions solved ahead of time: a proven win; how fast not proven"
    assert outcome_class_text(won) == "a proven win; how fast was not proven by positions solved ahead of time"
    assert "Positions solved ahead of time prove this move keeps the win" in choice_text(
        game, won, 4, "perfect", None, proven_from_start=False
    )
    drawn = solve(game, game.parse_sequence("211367"), Limit(seconds=5))
    assert unproven_text(drawn) == "from positions solved ahead of time: a proven draw"


def test_a_hint_names_the_moves_proven_to_keep_the_win_above_a_proven_draw() -> None:
    from perfectplay.words import advised_moves, hint_text

    game = Connect4()
    won = solve(game, game.parse_sequence("125777"), Limit(seconds=5))  # 5 wins, 2 draws: the layer proves both
    assert {entry.move: str(entry.outcome) for entry in won.moves}[1] == "draw"
    assert [entry.move for entry in advised_moves(won)] == [4]
    assert hint_text(game, won).startswith("Hint for X: play 5")


def test_it_solves_the_opening_above_it_down_to_the_empty_board() -> None:
    layer = _layer()
    game = Connect4()
    # The empty board's known values (Allis, Allen): the centre wins, its neighbours draw, the rest lose.
    assert layer.move_outcomes(game.initial_state()) == {0: LOSS, 1: LOSS, 2: DRAW, 3: WIN, 4: DRAW, 5: LOSS, 6: LOSS}
    # Set up in the editor, off the book's lines (the book's X opens in the centre) and past the exact layer
    # (every position after 5 moves): X to move 6 moves in, where only column 4 wins.
    analysis = solve(game, game.parse_sequence("111165"), Limit(seconds=5))
    assert analysis.algorithm == "layer" and analysis.best == (3,) and analysis.outcome_class == "win"
