"""The stored answers the 3x3 tests compare against are the textbook minimax's own, searched afresh."""

from __future__ import annotations

import pytest

from perfectplay import MNK, Analysis
from textbook_reference import DATA, Answer, dump, key, load, reachable_positions, search_all


@pytest.mark.slow
def test_the_stored_textbook_answers_are_what_the_textbook_minimax_finds_on_every_position_today(
    tictactoe: MNK, empty_board_minimax: Analysis
) -> None:
    # The empty board's search (a fifth of the work) is the run's shared one, which other tests read too.
    empty = tictactoe.initial_state()
    fresh = search_all(tictactoe, [state for state in reachable_positions(tictactoe) if state != empty])
    found = empty_board_minimax
    assert found.score is not None
    fresh[key(tictactoe, empty)] = Answer(found.score, found.outcome, tuple(found.best), found.nodes)
    stored = load()
    differ = sorted(name for name in fresh.keys() | stored.keys() if fresh.get(name) != stored.get(name))
    assert differ == [], f"{DATA} is stale at {differ[:5]}: write it again (python tests/textbook_reference.py)"
    assert DATA.read_text() == dump(fresh)


def test_the_stored_answers_hold_every_reachable_position_once_with_the_empty_board_a_draw_in_549946_nodes(
    tictactoe: MNK,
) -> None:
    stored = load()
    assert len(stored) == len(reachable_positions(tictactoe)) == 5478
    empty = stored[".../.../... X"]
    assert (empty.score, str(empty.outcome), empty.best, empty.nodes) == (0, "draw", tuple(range(9)), 549_946)
