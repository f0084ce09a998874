"""Named evaluation functions, your own as module:function, and what a depth limit means."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from perfectplay import Limit, TicTacToe, alphabeta, minimax, parse_position
from perfectplay.play.players import choose_move, depth_level
from perfectplay.teaching.evaluators import (
    EvaluationError,
    evaluation_names,
    get_evaluation,
    load_evaluation,
    open_lines,
    threats,
)
from perfectplay.teaching.textbook import TextbookTree


def test_open_lines_counts_the_lines_still_open_for_the_side_to_move_minus_the_other_sides() -> None:
    """
     X | . | .      X to move. Open for X (no O): rows 1 and 3, columns 1 and 3 = 4.
    ---+---+---     Open for O (no X): rows 2 and 3, columns 2 and 3, the diagonal
     . | O | .      3-5-7 = 5. So 4 - 5 = -1. After X alone in the corner, O to move:
    ---+---+---     the 5 lines avoiding X, minus all 8 of X's.
     . | . | .
    """
    game, state = parse_position("X../.O./...")
    assert open_lines(game, state) == 4 - 5
    game, state = parse_position("X../.../...")
    assert open_lines(game, state) == 5 - 8


def test_threats_weighs_each_open_line_by_its_stones_like_russell_and_norvig() -> None:
    """
     X | X | .      O to move. O's open lines with stones: row 2 and the diagonal 3-5-7,
    ---+---+---     one stone each: 1 + 1 = 2. X's: row 1 with two stones (3) and
     . | O | .      column 1 with one (1) = 4; column 2 and the diagonal 1-5-9 hold O.
    ---+---+---     2 - 4 = -2, the side to move's view of 3·X2 + X1 - (3·O2 + O1).
     . | . | .
    """
    game, state = parse_position("XX./.O./...")
    assert threats(game, state) == 2 - 4


def test_none_gives_every_unfinished_position_zero_and_line_evaluations_need_a_game_of_lines() -> None:
    tree = TextbookTree.parse_text("1 2")
    assert evaluation_names(tree) == ("none", "engine")
    assert set(evaluation_names(TicTacToe())) == {"none", "open-lines", "threats", "engine"}
    with pytest.raises(EvaluationError, match="is not a game of lines"):
        get_evaluation("open-lines", tree)
    with pytest.raises(EvaluationError, match="unknown evaluation 'charm'"):
        get_evaluation("charm")


def test_depth_d_evaluates_positions_d_plies_below_the_root_unless_the_game_ended_sooner() -> None:
    """
     X | X | .      X to move, five moves. Depth 1: 3 wins at once (ply 1, no evaluation),
    ---+---+---     the other four positions are evaluated: 4. Depth 2: after X's 6 (the
     O | O | .      block) O's four replies are evaluated; after 7, 8 or 9, O wins at 6
    ---+---+---     at ply 2 and only the three other replies are evaluated: 4 + 3 * 3 = 13.
     . | . | .
    """
    seen: list[int] = []

    def counting(game: object, state: object) -> int:
        seen.append(1)
        return 0

    game, state = parse_position("XX./OO./...")
    minimax(game, state, Limit(depth=1), evaluate=counting)
    assert len(seen) == 4
    seen.clear()
    minimax(game, state, Limit(depth=2), evaluate=counting)
    assert len(seen) == 13
    analysis = alphabeta(game, state, Limit(depth=2), evaluate=counting)
    assert analysis.best == (2,) and analysis.moves[0].outcome.plies == 1


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "mine.py"
    path.write_text(text)
    return str(path)


def test_your_own_evaluation_from_a_file_is_called_with_game_and_state_for_the_side_to_move(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "def centre(game, state):\n"
        "    me = game.to_move(state)\n"
        "    return 5 if game.stones(state, me) >> 4 & 1 else -5 if game.stones(state, me.other) >> 4 & 1 else 0\n",
    )
    evaluation = load_evaluation(f"{path}:centre")
    game = TicTacToe()
    assert minimax(game, game.initial_state(), Limit(depth=1), evaluate=evaluation.function).best == (4,)


@pytest.mark.parametrize(
    ("source", "function", "message"),
    [
        (None, "f", "is not module:function"),
        ("", "evaluate", "no such file"),
        ("def f(game, state:\n", "f", "syntax error in"),
        ("raise RuntimeError('boom')\n", "f", "loading .* failed: RuntimeError: boom"),
        ("x = 1\n", "f", "has no function named 'f'"),
        ("f = 3\n", "f", "is a int, not a function"),
        ("def f(state):\n    return 0\n", "f", "must take two arguments"),
    ],
)
def test_every_way_loading_your_evaluation_can_fail_is_one_clear_error(
    tmp_path: Path, source: str | None, function: str, message: str
) -> None:
    if source is None:
        spec = "no-colon-here"
    elif source == "":
        spec = f"{tmp_path / 'missing.py'}:{function}"
    else:
        spec = f"{write(tmp_path, source)}:{function}"
    with pytest.raises(EvaluationError, match=message):
        load_evaluation(spec)


@pytest.mark.parametrize(
    ("body", "message"),
    [("return 0.5", "must return a whole number"), ("return 1 // 0", "raised ZeroDivisionError")],
)
def test_your_evaluation_failing_inside_a_search_is_one_clear_error(tmp_path: Path, body: str, message: str) -> None:
    source = "def f(game, state):\n    " + body + "\n"
    evaluation = load_evaluation(f"{write(tmp_path, source)}:f")
    game = TicTacToe()
    with pytest.raises(EvaluationError, match=message):
        minimax(game, game.initial_state(), Limit(depth=1), evaluate=evaluation.function)


def test_code_is_only_loaded_where_allowed_so_a_server_never_imports_a_file_a_client_names(tmp_path: Path) -> None:
    path = write(tmp_path, "def f(game, state):\n    return 0\n")
    spec = f"{path}:f"
    with pytest.raises(EvaluationError, match="only loaded where it is allowed"):
        get_evaluation(spec)
    assert get_evaluation(spec, load=True).name == spec
    assert get_evaluation(spec).name == spec  # once loaded, found by name


def test_a_depth_player_plays_what_its_search_prefers_and_takes_an_immediate_win() -> None:
    """
     X | X | .      X to move: depth2:none wins at 3 whatever the seed.
    ---+---+---
     O | O | .
    ---+---+---
     . | . | .
    """
    game, state = parse_position("XX./OO./...")
    assert {choose_move(game, state, "depth2:none", random.Random(seed)) for seed in range(5)} == {2}
    level = depth_level("depth2", game)
    assert level is not None and level.name == "depth2:open-lines"
    assert depth_level("perfect", game) is None


@pytest.mark.parametrize("search", [minimax, alphabeta])
def test_a_loss_found_within_the_horizon_is_proven_even_when_its_subtree_also_holds_guesses(search: object) -> None:
    """
     X | X | .      X to move, depth 2. 3 wins at once; 6 blocks O (a guess); after 7, 8 or 9
    ---+---+---     O wins at 6, a proven loss in 2, although O's other replies were only
     O | O | .      evaluated: the loss is what O can force, whatever the guesses say.
    ---+---+---
     . | . | .
    """
    game, state = parse_position("XX./OO./...")
    every_move = {"find": "all"} if search is alphabeta else {}  # alpha-beta values every move only when asked
    analysis = search(game, state, Limit(depth=2), evaluate=open_lines, **every_move)  # type: ignore[operator]
    outcomes = {game.move_label(entry.move): str(entry.outcome) for entry in analysis.moves}
    assert outcomes == {"3": "win in 1", "6": "unknown", "7": "loss in 2", "8": "loss in 2", "9": "loss in 2"}
