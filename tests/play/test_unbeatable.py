"""The computer never loses, and always plays the move minimax calls best."""

from __future__ import annotations

from perfectplay import MNK, MNKState, Player
from perfectplay.play import choose_move
from textbook_reference import Answer


def worst_result_against_every_opponent(game: MNK, state: MNKState, computer: Player) -> int:
    """Play the computer against every possible sequence of opponent moves.

    Returns the worst game end for the computer: 1 win, 0 draw, -1 loss.
    """
    if game.is_over(state):
        winner = game.winner(state)
        return 0 if winner is None else 1 if winner is computer else -1
    if game.to_move(state) is computer:
        return worst_result_against_every_opponent(game, game.play(state, choose_move(game, state)), computer)
    return min(
        worst_result_against_every_opponent(game, game.play(state, move), computer) for move in game.legal_moves(state)
    )


def test_the_computer_as_x_never_loses_against_any_sequence_of_moves(tictactoe: MNK) -> None:
    assert worst_result_against_every_opponent(tictactoe, tictactoe.initial_state(), Player.X) >= 0


def test_the_computer_as_o_never_loses_against_any_sequence_of_moves(tictactoe: MNK) -> None:
    assert worst_result_against_every_opponent(tictactoe, tictactoe.initial_state(), Player.O) >= 0


def test_the_computer_as_o_moving_first_never_loses(tictactoe: MNK) -> None:
    start = tictactoe.initial_state(first=Player.O)
    assert worst_result_against_every_opponent(tictactoe, start, Player.O) >= 0


def test_from_every_position_the_computer_plays_the_fastest_win_or_the_slowest_loss(
    tictactoe: MNK, all_positions: list[MNKState], reference: dict[MNKState, Answer]
) -> None:
    checked = 0
    for state in all_positions:
        if tictactoe.is_over(state):
            continue
        move = choose_move(tictactoe, state)
        assert move in reference[state].best, tictactoe.format(state)
        checked += 1
    assert checked == 5478 - 958
