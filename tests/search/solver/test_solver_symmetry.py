"""Board symmetries map positions, moves and values consistently."""

from __future__ import annotations

import random

import pytest

from perfectplay import MNK, MNKState, Player, TicTacToe, solve
from perfectplay.games.symmetry import inverse, symmetries, transform
from perfectplay.search.solver import TranspositionTable
from perfectplay.search.solver.exact import score_moves


def mapped(game: MNK, perm: tuple[int, ...], state: MNKState) -> MNKState:
    return MNKState(transform(perm, state.x), transform(perm, state.o), state.to_move, state.winner)


@pytest.mark.parametrize(("rows", "cols", "count"), [(3, 3, 8), (4, 4, 8), (3, 4, 4), (5, 2, 4)])
def test_a_board_has_8_symmetries_if_square_and_4_if_not_all_distinct_permutations(
    rows: int, cols: int, count: int
) -> None:
    perms = symmetries(rows, cols)
    assert len(perms) == count
    assert perms[0] == tuple(range(rows * cols))
    for perm in perms:
        assert sorted(perm) == list(range(rows * cols))
        assert transform(inverse(perm), transform(perm, 0b1011)) == 0b1011
    assert len(set(perms)) == count


@pytest.mark.parametrize(("rows", "cols", "k"), [(3, 3, 3), (4, 4, 3), (3, 4, 3), (5, 4, 4)])
def test_every_symmetry_maps_winning_lines_onto_winning_lines(rows: int, cols: int, k: int) -> None:
    game = MNK(rows, cols, k)
    for perm in symmetries(rows, cols):
        assert {transform(perm, line) for line in game.lines} == set(game.lines)


def test_the_half_turn_of_3x3_sends_cell_i_to_8_minus_i() -> None:
    """
     0 | 1 | 2        8 | 7 | 6
    ---+---+---      ---+---+---
     3 | 4 | 5   ->   5 | 4 | 3
    ---+---+---      ---+---+---
     6 | 7 | 8        2 | 1 | 0
    """
    assert tuple(8 - cell for cell in range(9)) in symmetries(3, 3)


@pytest.mark.parametrize(("rows", "cols", "k", "stones"), [(3, 3, 3, 3), (3, 4, 3, 4), (4, 4, 4, 8)])
def test_a_mirrored_position_has_the_same_value_and_the_mirrored_best_moves(
    rows: int, cols: int, k: int, stones: int
) -> None:
    game = MNK(rows, cols, k)
    rng = random.Random(f"sym{rows}{cols}")
    for _ in range(6):
        state = game.initial_state()
        for _ in range(stones):
            if not game.is_over(state):
                state = game.play(state, rng.choice(game.legal_moves(state)))
        if game.is_over(state):
            continue
        original = score_moves(game, state)
        scores = {entry.move: entry.score for entry in original.moves}
        for perm in symmetries(rows, cols):
            image = mapped(game, perm, state)
            assert image.to_move is state.to_move
            result = solve(game, image)
            assert result.score == solve(game, state).score
            assert set(result.best) == {perm[move] for move in original.best}
            for entry in score_moves(game, image).moves:
                assert entry.score == scores[inverse(perm)[entry.move]]


def test_symmetric_first_moves_get_equal_scores_on_an_empty_rectangle() -> None:
    game = MNK(3, 4, 3)
    report = score_moves(game, game.initial_state())
    scores = {entry.move: entry.score for entry in report.moves}
    for perm in symmetries(3, 4):
        for move, score in scores.items():
            assert scores[perm[move]] == score
    assert report.moves[0].score is not None and game.to_move(game.initial_state()) is Player.X


def test_a_table_shared_by_roots_with_x_and_with_o_to_move_keeps_their_values_apart() -> None:
    """The same stones with either side to move (either may have started) are different positions.

     X | X | .
    ---+---+---     X to move: wins at once in the top row.
     O | . | .      O to move: must block at 3, and X still wins in 5
    ---+---+---     (before the key held the side to move, the shared
     . | . | O      table answered "draw" here).
    """
    game = TicTacToe()
    table = TranspositionTable()
    x_to_move = game.parse("XX./O../..O", Player.X)
    o_to_move = game.parse("XX./O../..O", Player.O)
    assert str(score_moves(game, x_to_move, table=table).outcome) == "win in 1"
    assert str(score_moves(game, o_to_move, table=table).outcome) == "win in 5"
    assert game.search_node(x_to_move).key() != game.search_node(o_to_move).key()
