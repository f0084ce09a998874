"""The view contract between the games and the page, checked on random games of every registered preset.

The page draws a position only from ``Game.view`` (see docs/web.md): a
``grid`` of cells or ``heaps`` of objects, each with the move a click plays.
So every legal move must be clickable, and nothing else.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from perfectplay.game import Game
from perfectplay.games import make_game, presets

SPECS = [game.name for game in presets()]


def check_grid(game: Game[Any], state: Any, view: dict[str, Any]) -> set[int]:
    cells = view["rows"] * view["cols"]
    assert len(view["cells"]) == len(view["click"]) == len(view["labels"]) == cells
    assert set(view["cells"]) <= {"X", "O", ""}
    assert isinstance(view["drop"], bool)
    assert all(label is None or isinstance(label, str) for label in view["labels"])
    assert view["line"] == list(game.highlight(state))
    assert all(0 <= cell < cells for cell in view["line"])
    return {move for move in view["click"] if move is not None}


def check_heaps(view: dict[str, Any]) -> set[int]:
    assert isinstance(view["misere"], bool)
    assert len(view["click"]) == len(view["heaps"])
    for size, moves in zip(view["heaps"], view["click"], strict=True):
        assert len(moves) == size
    return {move for moves in view["click"] for move in moves if move is not None}


def check_view(game: Game[Any], state: Any) -> None:
    view = game.view(state)
    assert json.loads(json.dumps(view)) == view, "a view is plain JSON"
    if view["kind"] == "grid":
        clickable = check_grid(game, state, view)
    elif view["kind"] == "heaps":
        clickable = check_heaps(view)
    else:
        pytest.fail(f"{game.name}: the page draws grid and heaps views, not {view['kind']!r}")
    assert clickable == set(game.legal_moves(state)), "a click plays exactly the legal moves"


@pytest.mark.parametrize("spec", SPECS)
def test_every_position_of_random_games_has_a_view_whose_clicks_are_the_legal_moves(spec: str) -> None:
    game = make_game(spec)
    rng = random.Random(spec)
    for _ in range(4):
        state = game.initial_state()
        check_view(game, state)
        while not game.is_over(state):
            state = game.play(state, rng.choice(game.legal_moves(state)))
            check_view(game, state)


def test_an_m_n_k_view_labels_every_cell_with_the_number_a_person_types() -> None:
    #  X . .
    #  . O .      labels 1-9 in reading order, as the terminal draws them
    #  . . .
    game = make_game("tictactoe")
    state = game.parse("X../.O./...")
    view = game.view(state)
    assert view["labels"] == [str(number) for number in range(1, 10)]
    assert view["click"] == [None, 1, 2, 3, None, 5, 6, 7, 8]
    assert all(game.parse_move(view["labels"][cell], state) == cell for cell in game.legal_moves(state))
