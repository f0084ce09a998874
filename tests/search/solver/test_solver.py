"""The solver gives the textbook minimax's answers, on every 3x3 position and beyond."""

from __future__ import annotations

import random

import pytest

from perfectplay import MNK, Limit, MNKState, Player, TicTacToe, alphabeta, analyze, minimax, solve
from perfectplay.game import back_up
from perfectplay.play import choose_move
from perfectplay.search.solver.exact import score_moves
from perfectplay.search.solver.table import TranspositionTable
from textbook_reference import Answer


def random_position(game: MNK, empties: int, rng: random.Random) -> MNKState:
    """A random unfinished position with exactly ``empties`` empty cells, reached by legal play."""
    while True:
        state = game.initial_state()
        while game.cells - (state.x | state.o).bit_count() > empties and not game.is_over(state):
            state = game.play(state, rng.choice(game.legal_moves(state)))
        if not game.is_over(state):
            return state


def test_solve_equals_minimax_on_every_reachable_3x3_position(
    tictactoe: MNK, all_positions: list[MNKState], reference: dict[MNKState, Answer]
) -> None:
    for state in all_positions:
        result = solve(tictactoe, state)
        expected = reference[state]
        assert (result.score, result.best, result.complete) == (expected.score, expected.best, True), tictactoe.format(
            state
        )


def test_every_move_the_solver_scores_on_3x3_is_what_minimax_says_one_ply_later(
    tictactoe: MNK, all_positions: list[MNKState], reference: dict[MNKState, Answer]
) -> None:
    for state in all_positions:
        report = score_moves(tictactoe, state)
        assert sorted(entry.move for entry in report.moves) == list(tictactoe.legal_moves(state))
        for entry in report.moves:
            child = reference[tictactoe.play(state, entry.move)].score
            assert child is not None
            assert entry.score == back_up(child)


def test_one_table_shared_by_every_3x3_question_keeps_every_answer_exact(
    tictactoe: MNK, all_positions: list[MNKState], reference: dict[MNKState, Answer]
) -> None:
    """Entries are counted from their own position, so a table filled from one root serves any other."""
    shared = TranspositionTable()
    for state in all_positions:
        analysis = analyze(tictactoe, state, table=shared)
        assert (analysis.score, analysis.best) == (reference[state].score, reference[state].best)
    assert len(shared) < 5478  # canonical keys: symmetric positions share one entry


def test_a_game_where_o_moved_first_is_answered_like_its_colour_swapped_twin(tictactoe: MNK) -> None:
    """
     O | . | .            X | . | .
    ---+---+---          ---+---+---
     . | X | .    ==      . | O | .
    ---+---+---          ---+---+---
     . | . | O            . | . | X
    X to move             O to move
    """
    o_first = tictactoe.parse("O../.X./..O")
    x_first = tictactoe.parse("X../.O./..X")
    assert o_first.to_move is Player.X and x_first.to_move is Player.O
    assert analyze(tictactoe, o_first).moves == analyze(tictactoe, x_first).moves
    assert analyze(tictactoe, o_first).best == minimax(tictactoe, o_first).best


def test_whenever_the_side_to_move_can_force_a_win_the_chosen_move_wins_fastest(
    tictactoe: MNK, all_positions: list[MNKState], reference: dict[MNKState, Answer]
) -> None:
    winning = [state for state in all_positions if not tictactoe.is_over(state) and (reference[state].score or 0) > 0]
    fastest = [state for state in winning if choose_move(tictactoe, state) in reference[state].best]
    assert (len(fastest), len(winning)) == (2836, 2836)


@pytest.mark.parametrize(
    ("empties", "count"),
    # The textbook minimax on 4x4 positions with 8 or 9 empty cells takes seconds each: the full suite's part,
    # a few seeded positions of each depth (agreement is the point; the many shallow ones vary the shapes).
    [
        pytest.param(9, 1, marks=pytest.mark.slow),
        pytest.param(8, 5, marks=pytest.mark.slow),
        (7, 30),
        (6, 120),
        (5, 60),
    ],
)
def test_solve_and_alphabeta_equal_minimax_on_random_4x4_k4_positions(empties: int, count: int) -> None:
    # Alpha-beta is held here too, beside the solver: one textbook minimax per position serves both
    # (tests/games/test_mnk_boards.py holds it on the smaller boards).
    game = MNK(4, 4, 4)
    rng = random.Random(f"4x4-{empties}")
    for _ in range(count):
        state = random_position(game, empties, rng)
        expected = minimax(game, state)
        for result in (solve(game, state), alphabeta(game, state)):
            assert (result.score, result.best) == (expected.score, expected.best), game.format(state)


@pytest.mark.parametrize(
    ("rows", "cols", "k", "outcome"),
    [(3, 3, 3, "draw"), (4, 4, 3, "win"), (4, 4, 4, "draw"), (3, 4, 3, "win"), (4, 3, 3, "win"), (2, 2, 2, "win")],
)
def test_known_mnk_values_from_the_empty_board(rows: int, cols: int, k: int, outcome: str) -> None:
    game = MNK(rows, cols, k)
    result = solve(game, game.initial_state())
    assert result.complete and result.score is not None
    assert (result.score > 0, result.score == 0) == (outcome == "win", outcome == "draw")


def test_every_first_move_on_4x4_k4_draws() -> None:
    game = MNK(4, 4, 4)
    report = score_moves(game, game.initial_state())
    assert report.complete
    assert [entry.score for entry in report.moves] == [0] * 16
    assert sorted(entry.move for entry in report.moves) == list(range(16))
    assert report.best == tuple(range(16))


def test_a_shared_table_gives_the_same_answers_as_a_fresh_one() -> None:
    """Entries hold scores counted from their own position, so a table filled from one root serves any other."""
    game = MNK(4, 4, 4)
    rng = random.Random("shared")
    shared = TranspositionTable()
    for _ in range(30):
        state = random_position(game, rng.randint(6, 10), rng)
        assert score_moves(game, state, table=shared).moves == score_moves(game, state).moves


def test_solve_does_not_change_its_input_and_answers_a_finished_game() -> None:
    game = TicTacToe()
    state = game.parse("XXX/OO./...")
    result = solve(game, state)
    assert (result.score, result.best, result.complete) == (-11, (), True)
    assert game.parse("XXX/OO./...") == state


def test_a_limit_that_is_never_reached_gives_the_exact_answer_on_every_3x3_position(
    tictactoe: MNK, all_positions: list[MNKState], reference: dict[MNKState, Answer]
) -> None:
    """Under a limit the solver deepens one ply at a time; when it finishes, it must agree exactly."""
    generous = Limit(nodes=10**9)
    for state in all_positions:
        result = solve(tictactoe, state, generous)
        expected = reference[state]
        assert (result.score, result.best, result.complete) == (expected.score, expected.best, True), tictactoe.format(
            state
        )


@pytest.mark.parametrize(("rows", "cols", "k"), [(4, 4, 4), (3, 4, 3), (4, 4, 3), (3, 5, 3)])
def test_deepening_under_a_generous_limit_scores_every_move_like_the_exact_search(rows: int, cols: int, k: int) -> None:
    game = MNK(rows, cols, k)
    rng = random.Random(f"deepen{rows}{cols}{k}")
    for _ in range(25):
        state = random_position(game, rng.randint(5, game.cells - 2), rng)
        exact = score_moves(game, state)
        deepened = score_moves(game, state, Limit(seconds=600))
        assert deepened.complete and deepened.moves == exact.moves, game.format(state)
        assert solve(game, state, Limit(seconds=600)).best == solve(game, state).best


@pytest.mark.parametrize(("rows", "cols", "k"), [(3, 4, 3), (4, 3, 3), (4, 4, 3), (3, 5, 3), (4, 4, 4)])
def test_deepening_from_the_empty_board_finds_every_fastest_win_not_just_the_first_proven(
    rows: int, cols: int, k: int
) -> None:
    """On 3x4 k=3 the centre moves 5 and 6 are proven wins in 7 at depth 3 (forced replies
    cost no depth), but 1, 2, 9 and 10 win in 7 too: stopping there would lose them."""
    game = MNK(rows, cols, k)
    exact = solve(game, game.initial_state())
    deepened = solve(game, game.initial_state(), Limit(seconds=600))
    assert (deepened.score, deepened.best, deepened.complete) == (exact.score, exact.best, True)
