"""The Connect Four check's shipped suite: enough positions of every phase, and scores a fresh solve agrees with.

A seeded handful is solved again here; benchmarks/shipped_data.py solves every position again (2 CPU minutes).
"""

from __future__ import annotations

import random

from perfectplay import Connect4
from perfectplay.check.connect4.suite import PHASES, SuitePosition, grid_cells, load_suite, sample_suite
from perfectplay.search.solver import score_moves


def fresh_scores(position: SuitePosition) -> tuple[int | None, ...]:
    game = Connect4()
    analysis = score_moves(game, game.parse(position.moves))
    assert analysis.complete
    by_move = {entry.move: entry.score for entry in analysis.moves}
    return tuple(by_move.get(col) for col in range(game.width))


def test_the_shipped_suite_holds_at_least_500_positions_with_every_phase_represented() -> None:
    suite = load_suite()
    assert len(suite) >= 500
    counts = {phase: sum(1 for position in suite if position.phase == phase) for phase in PHASES}
    assert all(count >= 100 for count in counts.values()), counts
    assert len({position.moves for position in suite}) == len(suite)


def test_every_suite_position_is_an_unfinished_game_with_a_score_for_exactly_its_open_columns() -> None:
    game = Connect4()
    for position in load_suite():
        state = game.parse(position.moves)
        assert not game.is_over(state), position.moves
        assert position.legal == tuple(game.legal_moves(state)), position.moves


def test_a_suite_position_is_drawn_with_row_0_at_the_top_and_the_first_player_as_1() -> None:
    cells = grid_cells("4455")
    assert cells[35:42] == "0001100"  # bottom row: X's first two moves, in columns 4 and 5 ...
    assert cells[28:35] == "0002200"  # ... and O's on top of them
    assert cells[:28] == "0" * 28


def test_a_seeded_handful_of_suite_positions_scores_exactly_as_a_fresh_solve() -> None:
    suite = [position for position in load_suite() if position.phase != "opening"]
    for position in random.Random(28).sample(suite, 6):
        assert fresh_scores(position) == position.scores, position.moves


def test_a_sample_takes_every_phase_in_its_share_and_the_same_seed_gives_the_same_positions() -> None:
    chosen = sample_suite(60, seed=3)
    assert len(chosen) == 60
    assert {position.phase for position in chosen} == set(PHASES)
    assert chosen == sample_suite(60, seed=3)
    assert chosen != sample_suite(60, seed=4)
