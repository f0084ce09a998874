"""Reading and writing positions, and the error for each kind of impossible one."""

from __future__ import annotations

import pytest

from perfectplay import (
    MNK,
    IllegalMoveError,
    PerfectplayError,
    Player,
    PositionError,
    VariantError,
    analyze,
    parse_position,
)


@pytest.mark.parametrize("text", ["XOX/OO./.X.", "xox/oo./.x.", "XOX/OO-/_X ", "XOXOO..X.", "XOX\nOO.\n.X.\n"])
def test_every_empty_marker_and_letter_case_reads_the_same_board(text: str) -> None:
    game, state = parse_position(text)
    assert game.format(state) == "XOX/OO./.X."
    assert state.to_move is Player.X


def test_a_position_round_trips_through_its_text() -> None:
    game, state = parse_position("X.../.O../..X./....")
    assert isinstance(game, MNK)
    assert (game.rows, game.cols, game.k) == (4, 4, 4)
    assert game.parse(game.format(state)) == state


def test_the_side_with_fewer_stones_moves_and_x_moves_on_equal_counts() -> None:
    assert parse_position("X../.../...")[1].to_move is Player.O
    assert parse_position("O../.../...")[1].to_move is Player.X
    assert parse_position("XO./.../...")[1].to_move is Player.X
    assert parse_position("XO./.../...", to_move="o")[1].to_move is Player.O


def test_a_won_game_with_equal_counts_means_the_loser_started() -> None:
    """
     X | X | X      O started; X completed the line last, so O is to move
    ---+---+---
     O | O | .
    ---+---+---
     O | . | .
    """
    game, state = parse_position("XXX/OO./O..")
    assert state.winner is Player.X
    assert state.to_move is Player.O
    analysis = analyze(game, state)
    assert analysis.is_over and analysis.winner is Player.X
    assert str(analysis.outcome) == "loss in 0"
    assert analysis.moves == () and analysis.best == ()


def test_a_full_board_without_a_line_is_a_finished_draw() -> None:
    game, state = parse_position("XOX/XOO/OXX")
    analysis = analyze(game, state)
    assert analysis.is_over and analysis.winner is None
    assert str(analysis.outcome) == "draw"


@pytest.mark.parametrize(
    ("text", "to_move", "message"),
    [
        ("XOX", None, "a position without '/' must have 9 cells"),
        ("/", None, "row 1 is empty: write each row's cells"),  # was "cols must be ... from 1 to 15, not 0"
        ("/X..", None, "row 1 is empty: write each row's cells"),
        ("XOX/OO/.X.", None, "row 2 has 2 cells, expected 3"),
        ("XOX/OZ./.X.", None, "unknown character 'Z' in row 2, column 2"),
        ("XXX/X../...", None, "X has 4 stones and O has 0"),
        ("XXX/OOO/...", None, "both X and O have 3 in a row"),
        ("XXX/OO./...", "X", "X has one stone more than O, so O is to move"),
        ("XXX/OO./O..", "X", "played on after the game was won"),
        ("XXX/OO./OO.", None, "X is to move: O played on after the game was won"),
        ("XXX/XX./O..", None, "X has 5 stones and O has 1"),
    ],
)
def test_an_impossible_position_is_rejected_with_a_message_naming_the_problem(
    text: str, to_move: str | None, message: str
) -> None:
    with pytest.raises(PositionError, match=message):
        parse_position(text, to_move=to_move)


def test_the_row_count_and_row_length_must_match_the_board_asked_for() -> None:
    with pytest.raises(PositionError, match="expected 3 rows separated by '/', got 4"):
        parse_position("XOX/OO./.X./...", "mnk:3,3")
    with pytest.raises(PositionError, match="row 1 has 3 cells, expected 4"):
        parse_position("XOX/OO./.X.", "mnk:3,4")


def test_two_separate_lines_mean_play_went_on_after_the_win() -> None:
    """On 5x3 with k=3 no single last move completes both of X's rows.

     X | X | X      the top row won first; the bottom row came later
    ---+---+---
     O | O | .
    ---+---+---
     O | . | O
    ---+---+---
     . | O | .
    ---+---+---
     X | X | X
    """
    with pytest.raises(PositionError, match="separate lines that no single last move completes"):
        parse_position("XXX/OO./O.O/.O./XXX")


def test_the_side_to_move_must_be_x_or_o() -> None:
    with pytest.raises(PositionError, match="side to move must be X or O"):
        parse_position("...../...../.....", to_move="Z")


@pytest.mark.parametrize(
    ("rows", "cols", "k", "message"),
    [(0, 3, 3, "rows must be"), (3, 16, 3, "cols must be"), (3, 3, 4, "k must be"), (3, 3, 0, "k must be")],
)
def test_an_unsupported_board_is_a_variant_error(rows: int, cols: int, k: int, message: str) -> None:
    with pytest.raises(VariantError, match=message):
        MNK(rows, cols, k)


def test_playing_on_a_taken_cell_off_the_board_or_after_the_end_is_an_illegal_move() -> None:
    game, state = parse_position("XX./OO./...")
    with pytest.raises(IllegalMoveError, match="cell 0 is already taken"):
        game.play(state, 0)
    with pytest.raises(IllegalMoveError, match="off the board"):
        game.play(state, 9)
    won = game.play(state, 2)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play(won, 8)


def test_every_error_shares_one_root_and_position_and_move_errors_differ() -> None:
    assert issubclass(PositionError, PerfectplayError)
    assert issubclass(IllegalMoveError, PerfectplayError)
    assert not issubclass(PositionError, IllegalMoveError)
    assert not issubclass(IllegalMoveError, PositionError)
