"""The value-only solver: null-window probes on the position itself, cheapest first."""

from __future__ import annotations

import random

import pytest

from perfectplay import MNK, MNKState, PerfectplayError, TicTacToe, make_game, solve
from perfectplay.search.base.scale import SCALE
from perfectplay.search.solver.exact import solve_value
from perfectplay.search.solver.nullwindow import bisect, bisect_outside_in, converge
from perfectplay.search.solver.table import TranspositionTable
from textbook_reference import Answer

LOW, HIGH = -40, 41
"""The levels a 7x6 position's value can take after the node's bounds: loss in 4 to win in 3."""


class FakePosition:
    """A position of known value whose fail-soft searches return random proven bounds, and count themselves."""

    def __init__(self, level: int, seed: int | None = None) -> None:
        self.value = level * SCALE
        self.rng = None if seed is None else random.Random(seed)
        self.windows: list[tuple[int, int]] = []

    def probe(self, alpha: int, beta: int) -> int:
        """Without a seed, the loosest bounds a search may return: ``alpha`` or ``beta`` themselves."""
        self.windows.append((alpha, beta))
        if self.value <= alpha:  # fail low: an upper bound between the value and alpha
            return alpha if self.rng is None else self.rng.randrange(self.value // SCALE, alpha // SCALE + 1) * SCALE
        if self.value >= beta:  # fail high: a lower bound between beta and the value
            return beta if self.rng is None else self.rng.randrange(-(-beta // SCALE), self.value // SCALE + 1) * SCALE
        return self.value


@pytest.mark.parametrize("driver", [bisect, bisect_outside_in])
def test_both_drivers_find_every_value_whatever_bounds_the_probes_return(driver: object) -> None:
    for level in [0, *range(LOW, HIGH + 1, 3), LOW, HIGH]:
        for seed in (None, 1, 2, 3):
            position = FakePosition(level, seed)
            assert driver(position.probe, LOW * SCALE, HIGH * SCALE) == level * SCALE  # type: ignore[operator]


def test_converging_finds_every_value_from_any_guess_whatever_bounds_the_probes_return() -> None:
    for level in [0, *range(LOW, HIGH + 1, 3), LOW, HIGH]:
        for guess in (LOW, -7, 0, 5, HIGH):
            for seed in (None, 1, 2):
                position = FakePosition(level, seed)
                assert converge(position.probe, LOW * SCALE, HIGH * SCALE, guess * SCALE) == level * SCALE


class TightPosition(FakePosition):
    """A position whose failing probes return its true value as their bound."""

    def probe(self, alpha: int, beta: int) -> int:
        self.windows.append((alpha, beta))
        return self.value


def test_converging_asks_at_the_bound_a_probe_returned_so_an_exact_bound_settles_it_in_two_probes() -> None:
    for level, guess in [(-10, -2), (-10, -30), (7, 0), (0, 12)]:
        position = TightPosition(level)
        assert converge(position.probe, LOW * SCALE, HIGH * SCALE, guess * SCALE) == level * SCALE
        assert len(position.windows) == 2
        asked = position.windows[1][1] // SCALE  # "at least this level?"
        assert asked == (level if guess > level else level + 1)  # the upper bound itself, or just above the lower


def test_probing_outside_in_settles_a_fast_loss_without_searching_to_the_end_of_the_game() -> None:
    """``bisect`` first asks "win, draw or loss?" (the window (-1, 1)), a search to the end of the
    game; from the outside in, a loss two levels above the fastest is found by probes that never
    come near the draw: the first asks whether the side to move survives beyond ``LOW + 4``."""
    position = FakePosition(LOW + 2)
    assert bisect_outside_in(position.probe, LOW * SCALE, HIGH * SCALE) == (LOW + 2) * SCALE
    assert position.windows[0] == ((LOW + 5) * SCALE - 1, (LOW + 5) * SCALE)
    assert all(beta <= (LOW + 5) * SCALE for _, beta in position.windows)
    drawn_first = FakePosition(LOW + 2)
    bisect(drawn_first.probe, LOW * SCALE, HIGH * SCALE)
    assert drawn_first.windows[0] == (-1, 1)


def test_probing_outside_in_alternates_losses_and_wins_reaching_twice_as_far_each_time() -> None:
    position = FakePosition(0)
    assert bisect_outside_in(position.probe, LOW * SCALE, HIGH * SCALE) == 0
    asked = [beta // SCALE - 1 for _, beta in position.windows]  # each probe asks "above this level?"
    # 4, 8, 16 levels in from each end of what is known so far (LOW + 4 + 1 after the first
    # answer, HIGH - 4 after the second), the loss side first; then "not lost?" and "won?".
    assert asked == [LOW + 4, HIGH - 4, LOW + 5 + 8, HIGH - 4 - 8, LOW + 14 + 16, HIGH - 12 - 16, -1, 0]


def test_solve_value_is_minimax_value_on_3x3(
    all_positions: list[MNKState], reference: dict[MNKState, Answer]
) -> None:
    game = TicTacToe()
    for state in random.Random("3x3 values").sample(all_positions, 600):
        result = solve_value(game, state)
        assert (result.score, result.outcome) == (reference[state].score, reference[state].outcome), game.format(state)
        assert result.moves == () and result.best == ()


def test_solve_value_agrees_with_solve_on_4x4_and_shares_a_table() -> None:
    game = MNK(4, 4, 4)
    table = TranspositionTable()
    rng = random.Random("4x4 values")
    for _ in range(6):
        state = game.initial_state()
        for _ in range(5):
            state = game.play(state, rng.choice(game.legal_moves(state)))
        assert solve_value(game, state, table=table).score == solve(game, state).score
    assert len(table) > 0


def test_a_known_outcome_leaves_only_the_length_to_prove_with_fewer_nodes_and_the_same_score() -> None:
    game = make_game("connect4:5,4")
    rng = random.Random("outcome hints")
    seen = set()
    nodes = {"plain": 0, "hinted": 0}
    for _ in range(12):
        state = game.initial_state()
        for _ in range(4):
            state = game.play(state, rng.choice(game.legal_moves(state)))
        plain = solve_value(game, state)
        assert plain.score is not None
        outcome = (plain.score > 0) - (plain.score < 0)
        hinted = solve_value(game, state, outcome=outcome)
        assert hinted.score == plain.score, game.format(state)
        seen.add(outcome)
        if outcome == 0:
            assert hinted.nodes == 1  # a draw is its own exact score: nothing is searched
        nodes["plain"] += plain.nodes
        nodes["hinted"] += hinted.nodes  # one position may take more (the probes go in another order), not all
    assert seen == {-1, 0, 1}, "the sample should hold wins, draws and losses"
    assert nodes["hinted"] < nodes["plain"]


def test_an_outcome_that_is_not_win_draw_or_loss_is_refused() -> None:
    with pytest.raises(PerfectplayError, match="not 2"):
        solve_value(TicTacToe(), TicTacToe().initial_state(), outcome=2)
