"""The Nim lab's oracle: exact values from the engine's Nim, held against Bouton's rule in every position."""

from __future__ import annotations

import pytest

from perfectplay.check.nim.positions import (
    LAB_START,
    Oracle,
    Rules,
    actions,
    after,
    bouton_mover_wins,
    reachable,
)


def test_cs50s_start_has_383_positions_335_winnable_and_is_lost_for_the_side_to_move() -> None:
    oracle = Oracle(Rules(True, LAB_START))
    positions = reachable(LAB_START)
    assert len(positions) == 383
    assert len(set(positions)) == 383
    assert sum(oracle.mover_wins(piles) for piles in positions) == 335
    assert oracle.mover_wins(LAB_START) is False


@pytest.mark.parametrize("misere", [True, False])
@pytest.mark.parametrize("start", [LAB_START, (3, 4, 5), (2, 2), (1, 1, 1), (5,), (0, 4, 0, 6)])
def test_every_reachable_position_agrees_with_boutons_rule(start: tuple[int, ...], misere: bool) -> None:
    oracle = Oracle(Rules(misere, start))
    for piles in reachable(start):
        assert oracle.mover_wins(piles) == bouton_mover_wins(piles, misere), piles


def test_the_winning_moves_of_a_won_position_are_exactly_those_that_leave_the_opponent_lost() -> None:
    oracle = Oracle(Rules(True, LAB_START))
    for piles in reachable(LAB_START):
        judged = oracle.judge(piles)
        expected = {move for move in actions(piles) if not bouton_mover_wins(after(piles, move), True)}
        assert judged.winning == (frozenset(expected) if judged.wins else frozenset())
        assert judged.wins == bool(expected)


def test_misere_and_normal_play_differ_only_where_every_pile_is_at_most_one() -> None:
    # Bouton: misère changes the outcome only in the endgame of heaps of 0 and 1.
    misere, normal = Oracle(Rules(True, LAB_START)), Oracle(Rules(False, LAB_START))
    differ = [piles for piles in reachable(LAB_START) if misere.mover_wins(piles) != normal.mover_wins(piles)]
    assert differ
    assert all(max(piles) <= 1 for piles in differ)


def test_one_object_left_loses_in_misere_and_wins_in_normal_play() -> None:
    assert Oracle(Rules(True, (0, 1))).mover_wins((0, 1)) is False
    assert Oracle(Rules(False, (0, 1))).mover_wins((0, 1)) is True
