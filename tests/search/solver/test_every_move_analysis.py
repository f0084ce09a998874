"""An analysis answers the question it was asked: every move scored, whatever shortcut knew the position.

The opening book, the outcome layer and the forced-move attempt answer a
player's question (which move, now) at once. ``score_moves`` asks what each
move is worth: what those sources prove only starts its search, which runs
to exact scores or to the limit. Each test here fails if a shortcut ends the
analysis early (the limits are node counts or far off, never the clock).
"""

from __future__ import annotations

import pytest

from perfectplay import Analysis, Connect4, Limit, MoveValue, Outcome, score_moves
from perfectplay.games.connect4 import Connect4State
from perfectplay.games.connect4_layer import WIN, shipped_layer
from perfectplay.search.base.result import assemble, rank

pytestmark = pytest.mark.usefixtures("exact_layer_to_ply_5")  # positions 5-7 moves in, past the ply-5 exact layer

FAR = Limit(seconds=3600, nodes=10**9)
"""A limit no test reaches: the analysis must end on exact scores, not on a shortcut."""

BOOK_LINE = "......./......./......./....XO./.X.XOX./OO.XXOO"
"""A position of the shipped opening book twelve moves in (X wins), cheap to score move by move."""



def _in_book(game: Connect4, state: Connect4State) -> bool:
    """True if the game's opening book (its ``opening_book`` hook) has a line for ``state``."""
    book = game.opening_book()
    return book is not None and book.answer(state) is not None

def outcomes(analysis: Analysis) -> dict[str, str]:
    game = analysis.game
    return {game.move_label(entry.move): str(entry.outcome) for entry in analysis.moves}


def test_a_book_position_is_scored_move_by_move_not_answered_from_its_line() -> None:
    game = Connect4()
    state = game.parse(BOOK_LINE)
    assert _in_book(game, state), "the book has this line"
    analysis = score_moves(game, state, FAR)
    exact = score_moves(game, state)  # no limit: the exact search, which never asks the book
    assert analysis.complete and analysis.algorithm == "solver"
    assert outcomes(analysis) == outcomes(exact) and analysis.best == exact.best
    assert all(entry.proof == "score" for entry in analysis.moves)


def test_a_players_question_in_the_same_position_is_still_answered_from_the_book_at_once() -> None:
    game = Connect4()
    answer = score_moves(game, game.parse(BOOK_LINE), FAR, at_once=True)
    assert answer.algorithm == "book" and answer.nodes == 1 and not answer.complete


@pytest.mark.slow
def test_4455_is_scored_exactly_in_every_column_as_pons_publishes_it() -> None:
    # Pons: -4 -3 18 2 2 18 -3 in his units, columns 1-7 (46.6 M nodes for his solver). Above the outcome layer.
    game = Connect4()
    state = game.parse_sequence("4455")
    layer = shipped_layer("connect4")
    assert layer is not None and layer.move_outcomes(state) is not None
    analysis = score_moves(game, state, Limit(seconds=3600))
    assert analysis.complete
    assert outcomes(analysis) == {
        "1": "loss in 32",
        "2": "loss in 34",
        "3": "win in 3",
        "4": "win in 35",
        "5": "win in 35",
        "6": "win in 3",
        "7": "loss in 34",
    }
    assert analysis.best == (2, 5)


def test_a_forced_block_is_scored_to_the_end_not_left_at_the_attempts_node_cap() -> None:
    # One of Pons's Middle-Medium positions (his score -1): O must block in column 3.
    game = Connect4()
    analysis = score_moves(game, game.parse_sequence("27477711471442665"), FAR)
    assert analysis.complete and analysis.nodes > 5_000
    assert outcomes(analysis) == {label: "loss in 2" for label in "124567"} | {"3": "loss in 24"}
    assert analysis.best == (2,)


def test_a_position_above_the_outcome_layer_shows_every_moves_outcome_and_searches_to_its_limit() -> None:
    game = Connect4()
    # Off the book's lines, six moves in (past the exact layer, 5 moves in): the outcome layer proves every move.
    state = game.parse_sequence("125777")
    layer = shipped_layer("connect4")
    assert layer is not None
    proven = layer.move_outcomes(state)
    assert proven is not None
    analysis = score_moves(game, state, Limit(nodes=300_000))
    assert analysis.nodes >= 300_000 and analysis.algorithm == "solver"  # the search ran on to its limit
    names = {1: "win", 0: "draw", -1: "loss"}
    assert {entry.move: entry.outcome.name for entry in analysis.moves} == {
        move: names[outcome] for move, outcome in proven.items()
    }
    # Every move that keeps the win is best: here column 5 alone.
    assert analysis.outcome_class == "win" and analysis.best == tuple(m for m, o in proven.items() if o == WIN)
    win = next(entry for entry in analysis.moves if entry.move == 4)
    assert win.proof == "outcome" and win.score is None and win.outcome == Outcome("win")


def test_a_book_position_above_the_layer_gets_every_moves_outcome_from_the_layer_too() -> None:
    game = Connect4()
    state = game.parse_sequence("4444441")  # the book names one move; the layer proves every move's outcome
    assert _in_book(game, state)
    analysis = score_moves(game, state, Limit(nodes=300_000))
    assert all(entry.outcome.proven for entry in analysis.moves), outcomes(analysis)
    assert analysis.best == (1,) and outcomes(analysis)["2"].startswith("win")


def test_plain_search_under_a_far_limit_scores_what_the_exact_search_scores() -> None:
    # Pons's Middle-Easy set, first line (his score 4): past the book and the layer, no forced move.
    game = Connect4()
    state = game.parse_sequence("5554224333234511764415115")
    analysis = score_moves(game, state, FAR)
    assert analysis.complete
    assert outcomes(analysis) == outcomes(score_moves(game, state))


def test_a_move_proven_to_win_without_its_length_ranks_below_proven_lengths_and_keeps_the_win() -> None:
    game = Connect4()
    state = game.initial_state()
    fast, vague, draw, lost, vague_loss = (
        MoveValue.exact(0, game.max_plies + 2 - 3, game.max_plies),
        MoveValue.outcome_only(1, "win"),
        MoveValue.outcome_only(2, "draw"),
        MoveValue.exact(3, 4 - game.max_plies - 2, game.max_plies),
        MoveValue.outcome_only(4, "loss"),
    )
    assert draw.score == 0 and draw.proof == "score" and vague.proof == "outcome"
    assert sorted([vague_loss, lost, draw, vague, fast], key=rank) == [fast, vague, draw, lost, vague_loss]
    values = [vague, draw, vague_loss, MoveValue.outcome_only(5, "win")]
    analysis = assemble(game, state, values, nodes=1, seconds=0.0, complete=False, algorithm="solver", preferred=(1,))
    assert analysis.outcome_class == "win" and analysis.best == (1,)  # a player's choice stays the search's
    kept = assemble(
        game, state, values, nodes=1, seconds=0.0, complete=False, algorithm="solver", preferred=(1,), keepers=True
    )
    assert kept.best == (1, 5)  # an analysis marks every move that keeps the win
