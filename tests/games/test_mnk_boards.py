"""Generic m,n,k boards: the fast searches agree with the textbook one beyond 3x3."""

from __future__ import annotations

import random

import pytest

from perfectplay import MNK, MNKState, alphabeta, analyze, minimax
from perfectplay.documents import analysis_json


def random_position(game: MNK, stones: int, rng: random.Random) -> MNKState:
    """A random position reached by legal play, stopping early if the game ends."""
    state = game.initial_state()
    for _ in range(stones):
        if game.is_over(state):
            break
        state = game.play(state, rng.choice(game.legal_moves(state)))
    return state


@pytest.mark.parametrize(
    ("rows", "cols", "k", "stones"),
    # 4x4 is tests/search/solver/test_solver.py's, beside the solver, on the same textbook minimax runs.
    [(3, 4, 3, 4), (4, 3, 3, 4), (2, 5, 2, 2)],
)
def test_alphabeta_equals_minimax_on_random_positions_of_small_boards(
    rows: int, cols: int, k: int, stones: int
) -> None:
    game = MNK(rows, cols, k)
    rng = random.Random(f"{rows}{cols}{k}")
    for _ in range(10):  # agreement is the point, not volume: 10 seeded positions of each board
        state = random_position(game, stones, rng)
        expected = minimax(game, state)
        result = alphabeta(game, state)
        assert (result.score, result.best) == (expected.score, expected.best), game.format(state)


def test_on_3x4_with_k3_the_first_player_wins_from_the_centre_start() -> None:
    """3x4 k=3 is a first-player win; after X's strong start in a middle cell X still wins.

     . | . | . | .
    ---+---+---+---
     . | X | . | .
    ---+---+---+---
     . | . | . | .
    """
    game = MNK(3, 4, 3)
    state = game.play(game.initial_state(), 5)
    assert (alphabeta(game, state).score or 0) < 0  # O to move, and O loses


def test_a_line_of_k_wins_horizontally_vertically_and_on_both_diagonals() -> None:
    game = MNK(4, 5, 3)
    for cells in ((0, 1, 2), (2, 7, 12), (1, 7, 13), (4, 8, 12)):
        state = game.initial_state()
        fillers = [cell for cell in range(game.cells) if cell not in cells and cell not in (3, 9, 19)]
        for index, cell in enumerate(cells):
            state = game.play(state, cell)
            if index < 2:
                state = game.play(state, fillers[index * 7 % len(fillers)])
        assert game.winner(state) is not None, cells
        assert set(cells) <= set(game.winning_line(state))


def test_analysis_on_a_4x4_board_reports_row_and_column_in_json() -> None:
    game = MNK(4, 4, 4)
    state = game.parse("XXX./OOO./..../....")
    document = analysis_json(analyze(game, state))
    assert document["best"] == [3]
    first = document["moves"][0]
    assert (first["move"], first["row"], first["col"], first["outcome"], first["plies"]) == (3, 0, 3, "win", 1)
    assert document["game"] == "mnk:4,4,4"
