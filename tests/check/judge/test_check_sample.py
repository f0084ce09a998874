"""The stratified sample (the CodeRunner profile): every stone count represented, in proportion, the same each time."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from perfectplay.check.api import check_ai
from perfectplay.check.judge import sample
from perfectplay.check.judge.oracle import TicTacToeOracle
from perfectplay.check.judge.sample import stratified


def test_a_sample_keeps_every_stone_count_in_proportion_and_the_positions_order(oracle: TicTacToeOracle) -> None:
    positions = [position for position in oracle.positions("X") if not oracle.judge(position).over]
    sample = stratified(positions, 200, seed=7)
    assert len(sample) == 200
    assert sample == [position for position in positions if position in set(sample)]
    everywhere, drawn = Counter(p.stones for p in positions), Counter(p.stones for p in sample)
    assert set(drawn) == set(everywhere)
    for stones, count in everywhere.items():
        assert abs(drawn[stones] - 200 * count / len(positions)) <= 2


def test_the_same_seed_draws_the_same_sample_and_another_seed_another(oracle: TicTacToeOracle) -> None:
    positions = list(oracle.positions("O"))
    assert stratified(positions, 100, seed=1) == stratified(positions, 100, seed=1)
    assert stratified(positions, 100, seed=1) != stratified(positions, 100, seed=2)
    assert stratified(positions, 10_000) == positions


def test_a_sampled_check_still_finds_the_loss_by_following_its_own_games(examples: Path) -> None:
    report = check_ai(examples / "graders" / "beatable" / "tictactoe.py", sample=50, seed=3)
    assert any(role.loses for role in report.roles)
    assert 50 < report.positions < 4520
    assert any(note.startswith("A sample: 50 of the 4,520 positions") for note in report.notes)
    assert any("its own games reach were asked" in note for note in report.notes)


def test_a_fixed_sample_and_a_budgets_rounds_draw_from_one_seeded_shuffle(oracle: TicTacToeOracle) -> None:
    positions = [position for position in oracle.positions("X") if not oracle.judge(position).over]
    chosen = set(stratified(positions, 300, seed=11))
    key = sample.keys(positions, lambda p: p.stones, lambda p: f"{p.cells}:{p.to_move}", seed=11)
    for stones in {position.stones for position in positions}:
        stratum = sorted((p for p in positions if p.stones == stones), key=lambda p: key[p])
        taken = [p in chosen for p in stratum]
        # In every stratum the fixed sample is the front of the order the budget's rounds ask in.
        assert taken == sorted(taken, reverse=True)
