"""The stored answers the 3x3 tests compare against are the textbook minimax's own, searched afresh."""

from __future__ import annotations

from perfectplay import MNK, Analysis, MNKState
from textbook_reference import DATA, Answer, dump, key, load, reachable_positions, search_all


def assert_the_stored_answers_are_searched_afresh(
    tictactoe: MNK, positions: list[MNKState], empty_board_minimax: Analysis
) -> int:
    """Each position searched again by the textbook minimax is its stored answer, written as the file writes it
    (the empty board's search given: the run's shared one); how many were compared."""
    empty = tictactoe.initial_state()
    fresh = search_all(tictactoe, [state for state in positions if state != empty])
    found = empty_board_minimax
    assert found.score is not None
    fresh[key(tictactoe, empty)] = Answer(found.score, found.outcome, tuple(found.best), found.nodes)
    stored = load()
    differ = sorted(name for name in fresh if fresh[name] != stored.get(name))
    assert differ == [], f"{DATA} is stale at {differ[:5]}: write it again (python tests/textbook_reference.py)"
    assert set(dump(fresh).splitlines()) <= set(DATA.read_text().splitlines())
    return len(fresh)


def test_the_stored_textbook_answers_are_what_the_textbook_minimax_finds_on_every_tenth_position_today(
    tictactoe: MNK, empty_board_minimax: Analysis
) -> None:
    # Every position (4 s of CPU) is benchmarks/oracle_sweeps.py's ``reference``: the file changes only when the
    # engine's textbook minimax does. The empty board (every node of the game) is the first.
    positions = reachable_positions(tictactoe)
    assert assert_the_stored_answers_are_searched_afresh(tictactoe, positions[::10], empty_board_minimax) == 548


def test_the_stored_answers_hold_every_reachable_position_once_with_the_empty_board_a_draw_in_549946_nodes(
    tictactoe: MNK,
) -> None:
    stored = load()
    assert len(stored) == len(reachable_positions(tictactoe)) == 5478
    empty = stored[".../.../... X"]
    assert (empty.score, str(empty.outcome), empty.best, empty.nodes) == (0, "draw", tuple(range(9)), 549_946)
