"""A player looking for the move that reaches a known score tries the cheapest proof first, not the book's move alone.

At ``14444`` (five moves in, on the shipped exact layer: O wins, score 9)
the book's move 4 wins more slowly (bitbully: 1 against column 6's 2).
Proving that 4 falls short took 88 M nodes, proving that 6 reaches the
score 4.3 M; probed one after the other, the player's share of a 3 s limit
ran out on 4 and played the book's slower win. The probes now take turns on
a doubling node allowance (``reaching.first_reaching``).
"""

from __future__ import annotations

import pytest

from perfectplay import Connect4, Limit, solve
from perfectplay.search.base.budget import AttemptOver, Budget
from perfectplay.search.base.scale import SCALE
from perfectplay.search.solver.compiled import compiled_available
from perfectplay.search.solver.reaching import FIRST_ALLOWANCE, first_reaching


@pytest.mark.skipif(not compiled_available(), reason="tens of millions of nodes: the compiled core's work")
def test_the_fastest_win_at_14444_is_found_within_the_players_share_of_the_limit() -> None:
    game = Connect4()
    answer = solve(game, game.parse_sequence("14444"), Limit(nodes=30_000_000))
    assert [game.move_label(move) for move in answer.best] == ["6"]
    assert answer.score == 9


class _Search:
    """A stand-in for the recursion: each move's probe costs a fixed number of nodes, then answers."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.nodes = 0
        self.next_check = 0


class _Root:
    """A root whose children cost what ``cost`` says and score what ``value`` says (internal units)."""

    def __init__(self, cost: dict[int, int], value: dict[int, int], budget: Budget) -> None:
        self.cost, self.value = cost, value
        self.negamax = _Search(budget)
        self.asked: list[int] = []

    def search_child(self, move: int, depth: int, alpha: int, beta: int) -> int:
        self.asked.append(move)
        budget, needed = self.negamax.budget, self.cost[move]
        if budget.allowance is not None and self.negamax.nodes + needed > budget.allowance:
            self.negamax.nodes = budget.allowance
            raise AttemptOver
        self.negamax.nodes += needed
        return self.value[move]


def test_a_cheap_proof_that_a_later_move_reaches_the_score_comes_before_a_dear_one_that_the_first_falls_short() -> None:
    budget = Budget(None, None)
    root = _Root({0: 100 * FIRST_ALLOWANCE, 1: 3 * FIRST_ALLOWANCE}, {0: 7 * SCALE, 1: 9 * SCALE}, budget)
    found: dict[int, int] = {}
    first_reaching(root, 9, [0, 1], found)  # type: ignore[arg-type]
    assert found[1] == 9 * SCALE and 0 not in found
    assert root.negamax.nodes < 20 * FIRST_ALLOWANCE, "far from the 103 allowances of probing 0 to its end first"
    assert budget.allowance is None, "the caller's allowance is given back"


def test_the_callers_own_allowance_still_ends_the_probes() -> None:
    budget = Budget(None, None)
    budget.allowance = 5 * FIRST_ALLOWANCE
    root = _Root({0: 100 * FIRST_ALLOWANCE, 1: 100 * FIRST_ALLOWANCE}, {0: 7 * SCALE, 1: 9 * SCALE}, budget)
    with pytest.raises(AttemptOver):
        first_reaching(root, 9, [0, 1], {})  # type: ignore[arg-type]
    assert budget.allowance == 5 * FIRST_ALLOWANCE
