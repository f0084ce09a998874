"""Shared fixtures: every reachable 3x3 position, solved once by the textbook minimax."""

from __future__ import annotations

import pytest

from perfectplay import MNK, Analysis, MNKState, TicTacToe, minimax


def reachable_positions(game: MNK) -> list[MNKState]:
    """Every position reachable from the empty board with X moving first."""
    seen: dict[MNKState, None] = {}
    frontier = [game.initial_state()]
    while frontier:
        state = frontier.pop()
        if state in seen:
            continue
        seen[state] = None
        frontier.extend(game.play(state, move) for move in game.legal_moves(state))
    return list(seen)


@pytest.fixture(scope="session")
def tictactoe() -> MNK:
    return TicTacToe()


@pytest.fixture(scope="session")
def all_positions(tictactoe: MNK) -> list[MNKState]:
    return reachable_positions(tictactoe)


@pytest.fixture(scope="session")
def reference(tictactoe: MNK, all_positions: list[MNKState]) -> dict[MNKState, Analysis]:
    """The textbook minimax's answer for every reachable 3x3 position."""
    return {state: minimax(tictactoe, state) for state in all_positions}
