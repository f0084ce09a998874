"""Connect Four's rules and notation: gravity, four in a row, Pons's move sequences and board drawings."""

from __future__ import annotations

import random

import pytest

from perfectplay import IllegalMoveError, Player, PositionError, VariantError, make_game, parse_position
from perfectplay.games import KINDS, presets
from perfectplay.games.connect4 import Connect4, Connect4State
from perfectplay.games.mnk import MNK

EMPTY_ROWS = "......./......./......./......./"


def random_states(game: Connect4, count: int, seed: str) -> list[Connect4State]:
    """States met in random games from the empty board, finished ones included."""
    rng = random.Random(seed)
    states: list[Connect4State] = []
    while len(states) < count:
        state = game.initial_state()
        while True:
            states.append(state)
            if game.is_over(state):
                break
            state = game.play(state, rng.choice(game.legal_moves(state)))
    return states[:count]


def test_stones_fall_to_the_lowest_empty_cell_of_the_column() -> None:
    """4455: X and O stack in column 4, then in column 5.

    .......
    ...OO..
    ...XX..
    """
    game = Connect4()
    state = game.parse("4455")
    assert game.format(state) == EMPTY_ROWS + "...OO../...XX.."
    assert game.to_move(state) is Player.X
    assert game.column_height(state, 3) == 2
    assert game.landing_cell(state, 3) == 24


def test_the_empty_sequence_is_the_empty_board_with_x_to_move() -> None:
    game = Connect4()
    assert game.parse("") == game.initial_state()
    assert game.parse("   ") == game.initial_state()
    assert game.legal_moves(game.parse("")) == tuple(range(7))


@pytest.mark.parametrize(
    ("moves", "line"),
    [
        ("1212121", (14, 21, 28, 35)),  # up column 1
        ("1122334", (35, 36, 37, 38)),  # along the bottom row
        ("12234334544", (17, 23, 29, 35)),  # up to the right
        ("76654554344", (17, 25, 33, 41)),  # up to the left
    ],
)
def test_four_in_a_row_wins_in_every_direction_and_ends_the_game(moves: str, line: tuple[int, ...]) -> None:
    game = Connect4()
    state = game.parse(moves)
    assert game.winner(state) is Player.X
    assert game.is_over(state)
    assert game.legal_moves(state) == ()
    assert game.highlight(state) == line
    assert game.view(state)["line"] == list(line)


def test_a_full_board_without_four_in_a_row_is_a_draw() -> None:
    """On 4x1 nobody can make four in a row: four moves fill the board."""
    game = Connect4(4, 1)
    state = game.parse("1234")
    assert game.is_over(state)
    assert game.winner(state) is None
    assert game.legal_moves(state) == ()


def test_a_full_column_is_no_longer_a_legal_move() -> None:
    game = Connect4()
    state = game.parse("444444")
    assert 3 not in game.legal_moves(state)
    with pytest.raises(IllegalMoveError, match="column 3 is full"):
        game.play(state, 3)


def test_play_rejects_moves_off_the_board_and_after_the_game() -> None:
    game = Connect4()
    with pytest.raises(IllegalMoveError, match="off the board"):
        game.play(game.initial_state(), 7)
    with pytest.raises(IllegalMoveError, match="the game is over: X has won"):
        game.play(game.parse("1212121"), 3)


def test_play_never_changes_the_state_it_is_given() -> None:
    game = Connect4()
    state = game.parse("4455")
    copy = Connect4State(*state)
    game.play(state, 2)
    assert state == copy


def test_format_then_parse_gives_back_every_state_met_in_random_games() -> None:
    for game in (Connect4(), Connect4(5, 4), Connect4(4, 4)):
        for state in random_states(game, 300, game.name):
            assert game.parse(game.format(state)) == state, game.format(state)
            assert hash(game.parse(game.format(state))) == hash(state)


def test_a_drawing_and_the_move_sequence_of_one_position_are_the_same_state() -> None:
    game = Connect4()
    drawing = "......./......./......./......./...OO../...XX.."
    assert game.parse(drawing) == game.parse("4455")
    assert game.parse(drawing.replace("/", "\n").lower()) == game.parse("4455")


def test_the_side_to_move_given_must_be_the_one_the_moves_played_make_and_decides_who_starts_an_empty_board() -> None:
    game = Connect4()
    for moves, wrong in (("4", Player.X), ("44", Player.O), ("4455", Player.O)):  # issue 43: refused, not recoloured
        with pytest.raises(PositionError, match=f"is to move, not {wrong.value}"):
            game.parse(moves, to_move=wrong)
    assert game.to_move(game.parse("", to_move=Player.O)) is Player.O
    assert game.parse("4", to_move=Player.O) == game.parse("4")
    with pytest.raises(PositionError, match="so O is to move, not X"):
        game.parse(EMPTY_ROWS + "......./...X...", to_move=Player.X)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4444444", "move 7 of '4444444': column 4 is already full"),
        ("48", "move 2 of '48': there is no column '8'; columns are 1 to 7"),
        ("40", "there is no column '0'"),
        ("12121212", "move 8 of '12121212': X already won with move 7"),
        ("4a", "neither the columns played"),
        (EMPTY_ROWS + ".X...../.......", "a stone floats in column 2: row 6 from the top is empty under it"),
        ("......./......./......./...X.../......./...O...", "a stone floats in column 4"),
        (EMPTY_ROWS + "......./XXX....", "X has 3 stones and O has 0"),
        ("......./......./......./......./OOOO.../XXXX...", "both X and O have four in a row"),
        ("......./......./......./......./OOO...O/XXXX..O", "X has four in a row but X is to move"),
        ("......./......./......./......./OOXO.../XXXX.OO", "four in a row that the last move did not make"),
        ("......./......./......./......./...../XXXX...", "row 5 has 5 cells, expected 7"),
        (EMPTY_ROWS + "......./...Z...", "unknown character 'Z' in row 6, column 4"),
    ],
)
def test_a_position_that_cannot_arise_in_play_is_rejected_with_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        Connect4().parse(text)


def test_a_win_whose_four_is_buried_under_later_stones_was_not_made_by_the_last_move() -> None:
    """X's bottom row cannot be the last move: every one of its stones has a stone on top.

    .......
    OOXO...
    XXXX.OO
    """
    with pytest.raises(PositionError, match="none of its stones can have been played last"):
        parse_position("......./......./......./......./OOXO.../XXXX.OO", "connect4")


def test_a_position_is_text() -> None:
    with pytest.raises(PositionError, match="must be text"):
        Connect4().parse(4455)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("spec", "size", "name"),
    [
        ("connect4", (7, 6), "connect4"),
        ("connect4:7,6", (7, 6), "connect4"),
        ("Connect4: 5, 4", (5, 4), "connect4:5,4"),
    ],
)
def test_a_spec_names_the_board_size_and_the_game_names_itself_back(
    spec: str, size: tuple[int, int], name: str
) -> None:
    game = make_game(spec)
    assert isinstance(game, Connect4)
    assert game.dimensions == size
    assert game.name == name
    assert make_game(game.name) == game
    assert game.title == f"Connect Four ({size[0]}x{size[1]})"
    assert game.max_plies == size[0] * size[1]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("connect4:10,6", "width must be a whole number from 1 to 9, not 10"),
        ("connect4:7,11", "height must be a whole number from 1 to 10, not 11"),
        ("connect4:0,6", "from 1 to 9, not 0"),
        ("connect4:7", r"WIDTH,HEIGHT such as connect4:7,6 \(width 1-9, height 1-10\)"),
        ("connect4:x,y", "not 'x,y'"),
        ("connect4:" + "9" * 30, "connect4 takes WIDTH,HEIGHT"),
    ],
)
def test_a_bad_board_size_is_a_variant_error_naming_the_bounds(spec: str, message: str) -> None:
    with pytest.raises(VariantError, match=message):
        make_game(spec)


def test_connect4_is_registered_with_a_full_size_and_a_small_preset() -> None:
    assert KINDS["connect4"].presets == ("connect4", "connect4:5,4")
    assert Connect4() in presets()
    assert Connect4(5, 4) in presets()


def test_a_move_is_a_column_from_0_shown_and_typed_from_1() -> None:
    game = Connect4()
    state = game.parse("444444")
    assert game.move_fields(2) == {"col": 2}
    assert game.move_label(2) == "3"
    assert game.parse_move(" 3 ", state) == 2
    assert game.move_help(game.initial_state()) == "a column number (1-7)"
    assert game.move_help(state) == "a column number: 1, 2, 3, 5, 6, 7"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Type the number of a column"),
        ("   ", "Type the number of a column"),
        ("²", "'²' is not a column"),
        ("①", "'①' is not a column"),
        ("9" * 4301, "is not a column"),
        ("3.0", "'3.0' is not a column"),
        ("-1", "'-1' is not a column"),
        ("four", "'four' is not a column"),
        ("0", "There is no column 0"),
        ("8", "There is no column 8: pick a number from 1 to 7"),
        ("4", "Column 4 is full"),
    ],
)
def test_typed_moves_that_are_not_a_free_column_get_a_friendly_message(text: str, message: str) -> None:
    game = Connect4()
    with pytest.raises(IllegalMoveError, match=message):
        game.parse_move(text, game.parse("444444"))


def test_no_move_can_be_typed_once_the_game_is_won() -> None:
    game = Connect4()
    with pytest.raises(IllegalMoveError, match="The game is over: X has won"):
        game.parse_move("3", game.parse("1212121"))


def test_the_drawing_has_the_column_numbers_under_it_and_marks_the_last_stone() -> None:
    game = Connect4()
    state = game.parse("4455")
    lines = game.draw(state, last_move=4).splitlines()
    assert len(lines) == 7
    assert lines[-1].split() == ["1", "2", "3", "4", "5", "6", "7"]
    assert lines[-3].split() == [".", ".", ".", "O", "[O]", ".", "."]
    assert lines[-2].split() == [".", ".", ".", "X", "X", ".", "."]


def test_marks_are_shown_under_the_column_numbers() -> None:
    game = Connect4()
    lines = game.draw(game.parse("4455"), marks={2: "W3", 5: "W3", 0: "L40"}).splitlines()
    assert lines[-2].split() == ["1", "2", "3", "4", "5", "6", "7"]
    marks_row = lines[-1]
    numbers_row = lines[-2]
    assert marks_row.split() == ["L40", "W3", "W3"]
    # Each mark stands under its column's number.
    for col, mark in ((0, "L40"), (2, "W3"), (5, "W3")):
        centre = numbers_row.index(str(col + 1))
        assert marks_row[centre - 1 : centre + 2].strip() in (mark, mark[:2])


def test_a_won_board_draws_the_winning_four_between_stars() -> None:
    game = Connect4()
    drawing = game.draw(game.parse("1212121"))
    assert drawing.count("*X*") == 4


def test_the_view_is_a_dropping_grid_where_every_cell_of_an_open_column_plays_it() -> None:
    game = Connect4(4, 3)
    state = game.parse("111")
    view = game.view(state)
    assert (view["kind"], view["rows"], view["cols"], view["drop"]) == ("grid", 3, 4, True)
    assert view["cells"] == ["X", "", "", "", "O", "", "", "", "X", "", "", ""]
    assert view["click"] == [None, 1, 2, 3] * 3
    # The column number stands where the next stone of that column would land.
    assert view["labels"] == [None] * 9 + ["2", "3", "4"]
    assert view["line"] == []


def test_a_finished_game_has_nothing_to_click() -> None:
    game = Connect4()
    view = game.view(game.parse("1212121"))
    assert view["click"] == [None] * 42
    assert view["labels"] == [None] * 42


def test_lines_are_every_four_in_a_row_in_the_views_numbering() -> None:
    """7x6 has 69 fours: 24 across, 21 up, 12 on each diagonal."""
    game = Connect4()
    assert len(game.lines) == 69
    assert all(line.bit_count() == 4 for line in game.lines)
    assert (1 << 35 | 1 << 36 | 1 << 37 | 1 << 38) in game.lines
    assert (1 << 17 | 1 << 23 | 1 << 29 | 1 << 35) in game.lines


def test_stones_are_a_sides_stones_as_a_bitmask_in_the_same_numbering() -> None:
    game = Connect4()
    state = game.parse("4455")
    assert game.stones(state, Player.X) == 1 << 38 | 1 << 39
    assert game.stones(state, Player.O) == 1 << 31 | 1 << 32


def test_mnk_boards_also_give_a_sides_stones_as_a_bitmask() -> None:
    game = MNK(3, 3, 3)
    state = game.parse("XO./.X./...")
    assert game.stones(state, Player.X) == 1 << 0 | 1 << 4
    assert game.stones(state, Player.O) == 1 << 1
