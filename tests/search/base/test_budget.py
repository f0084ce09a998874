"""The budget every search spends: limits checked against an injected clock, never the machine's speed."""

from __future__ import annotations

import pytest

from perfectplay import Limit
from perfectplay.search.base.budget import CHECK_EVERY, AttemptOver, Budget, Progress, Stop


class FakeClock:
    """A clock that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_budget_without_limits_never_stops_and_checks_every_so_many_nodes() -> None:
    clock = FakeClock()
    budget = Budget(None, None, clock)
    clock.now += 10**6
    assert budget.checkpoint(5, 0) == 5 + CHECK_EVERY
    assert budget.elapsed() == 10**6


def test_the_node_cap_stops_the_search_at_the_cap_and_not_a_node_before() -> None:
    budget = Budget(Limit(nodes=50), None, FakeClock())
    assert budget.first_check() == min(CHECK_EVERY, 50)
    assert budget.checkpoint(10, 0) == min(10 + CHECK_EVERY, 50)
    with pytest.raises(Stop):
        budget.checkpoint(50, 0)


def test_the_deadline_is_the_start_plus_the_seconds_on_the_injected_clock() -> None:
    clock = FakeClock()
    budget = Budget(Limit(seconds=2.0), None, clock)
    clock.now += 1.999
    budget.checkpoint(1, 0)
    clock.now += 0.001
    with pytest.raises(Stop):
        budget.checkpoint(2, 0)


def test_an_attempts_allowance_ends_only_the_attempt_not_the_search() -> None:
    budget = Budget(Limit(nodes=1000), None, FakeClock())
    budget.allowance = 20
    with pytest.raises(AttemptOver):
        budget.checkpoint(20, 0)
    budget.allowance = None
    assert budget.checkpoint(20, 0) <= 1000


def test_tightening_only_ever_lowers_the_node_cap() -> None:
    budget = Budget(Limit(nodes=100), None, FakeClock())
    budget.tighten(500)
    assert budget.node_cap == 100
    budget.tighten(30)
    assert budget.node_cap == 30
    unlimited = Budget(None, None, FakeClock())
    unlimited.tighten(7)
    assert unlimited.node_cap == 7


def test_progress_is_reported_when_due_with_the_phase_the_nodes_and_the_table_size() -> None:
    clock = FakeClock()
    seen: list[Progress] = []
    budget = Budget(None, seen.append, clock)
    budget.checkpoint(10, 3)
    assert seen == []
    clock.now = budget.next_progress
    budget.checkpoint(20, 4)
    assert seen == [Progress("exact", None, 20, budget.elapsed(), 4)]
