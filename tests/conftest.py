"""Shared fixtures: every reachable 3x3 position, and the textbook minimax's answer for each, read once."""

from __future__ import annotations

import pytest

from perfectplay import MNK, MNKState, TicTacToe
from textbook_reference import Answer, reachable_positions, reference_answers


@pytest.fixture(scope="session")
def tictactoe() -> MNK:
    return TicTacToe()


@pytest.fixture(scope="session")
def all_positions(tictactoe: MNK) -> list[MNKState]:
    return reachable_positions(tictactoe)


@pytest.fixture(scope="session")
def reference(tictactoe: MNK, all_positions: list[MNKState]) -> dict[MNKState, Answer]:
    """The textbook minimax's answer for every reachable 3x3 position (from tests/data/, checked by a slow test)."""
    return reference_answers(tictactoe, all_positions)
