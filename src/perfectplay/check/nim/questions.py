"""The hand-made Q-table checks of a learning Nim AI, as CS50 AI's specification states each method.

Each case is a fresh ``NimAI`` given a small table and asked one method,
once or many times. The tables' values are drawn per check from the
check's seed (multiples of 1/8, exact in binary, so the expected answers
are exact), so no fixed list of answers passes; what each case expects is
worked out here from the specification:

* ``get_q_value(state, action)``: the table's value, 0 for an unknown pair;
* ``update_q_value(state, action, old_q, reward, future_rewards)``: the
  table then holds ``old_q + alpha * (reward + future_rewards - old_q)``
  under ``(tuple(state), action)``;
* ``best_future_reward(state)``: the largest value of the state's actions,
  unknown ones counting 0, and 0 when there is no action (game over);
* ``choose_action(state, epsilon=False)``: an action of the largest value,
  every time; with ``epsilon=True``, a random action with probability
  ``self.epsilon``, tested as a proportion (``share_bounds``).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from perfectplay.check.nim.positions import Action, Piles, actions

GREEDY_ASKS = 200
SHARE_ASKS = 1000
SHARE_EPSILON = 0.5
"""The greedy choice is asked this many times; the ε-greedy share this many, with ``self.epsilon`` set to this."""

SHARE_Z = 3.29
"""Two-sided 99.9 % normal quantile: a right ε-greedy share fails the check about once in a thousand checks."""

TOLERANCE = 1e-9

Entry = tuple[Piles, Action, float]
Table = tuple[Entry, ...]
"""A hand-made Q-table: the value of each ``(piles, action)`` it holds (any other pair is unknown, worth 0)."""


@dataclass(frozen=True, slots=True)
class Case:
    """One method asked on one hand-made table, and what the specification says it must answer."""

    name: str
    method: str
    state: Piles
    table: Table
    title: str
    action: Action | None = None
    more: tuple[float, ...] = ()
    alpha: float | None = None
    epsilon: float | None = None
    greedy_flag: bool | None = None
    repeat: int = 1
    seed: int = 0
    expect_value: float | None = None
    """The number a value method must return, or the value an update must leave in the table."""
    expect_actions: frozenset[Action] = field(default_factory=frozenset)
    """The actions a greedy choice may return (every legal one for a share)."""
    best: frozenset[Action] = field(default_factory=frozenset)
    """For the ε-greedy share: the best actions, whose share is counted."""

    def request(self) -> dict[str, Any]:
        """The driver's ``unit`` item (``driver.Driver.unit``)."""
        item: dict[str, Any] = {
            "method": self.method,
            "state": list(self.state),
            "q": [[list(piles), list(action), value] for piles, action, value in self.table],
            "repeat": self.repeat,
            "seed": self.seed,
        }
        if self.action is not None:
            item["action"] = list(self.action)
        if self.more:
            item["more"] = list(self.more)
        if self.alpha is not None:
            item["alpha"] = self.alpha
        if self.epsilon is not None:
            item["epsilon"] = self.epsilon
        if self.greedy_flag is not None:
            item["greedy_flag"] = self.greedy_flag
        return item


def share_bounds(epsilon: float, choices: int, asks: int) -> tuple[float, float]:
    """The accepted share of answers that are not the best action, for ``epsilon`` over ``choices`` actions.

    Read literally the specification gives ``epsilon * (choices - 1) / choices``
    (the random action may be the best one); many students draw among the
    other actions, giving ``epsilon``. Both are accepted, each widened by
    ``SHARE_Z`` standard errors of a proportion over ``asks`` answers.
    """
    low = epsilon * (choices - 1) / choices
    high = epsilon
    return (
        low - SHARE_Z * math.sqrt(low * (1 - low) / asks),
        high + SHARE_Z * math.sqrt(high * (1 - high) / asks),
    )


def _eighths(rng: random.Random, low: int, high: int) -> float:
    """A random multiple of 1/8 from ``low/8`` to ``high/8`` (exact in binary)."""
    return rng.randint(low, high) / 8


def _future_case(name: str, state: Piles, table: Table, where: str, expect: float) -> Case:
    """``best_future_reward(state)`` on one table, ``where`` saying what is in it: the four such cases differ in the
    table alone, so the method, the title's wording and the expected value's place are written once."""
    return Case(name, "best_future_reward", state, table, f"best_future_reward {where}", expect_value=expect)


def _greedy_case(
    name: str, state: Piles, table: Table, where: str, expect: frozenset[Action], rng: random.Random
) -> Case:
    """``choose_action(state, epsilon=False)`` asked ``GREEDY_ASKS // 2`` times on one table (``where`` says what
    is in it): the cases differ in the table and the actions that may come
    back alone. Each draws its ``seed`` from ``rng`` in turn, as the cases are listed."""
    title = f"choose_action(state, epsilon=False) {where}, asked {GREEDY_ASKS // 2} times"
    return Case(
        name,
        "choose_action",
        state,
        table,
        title,
        greedy_flag=False,
        repeat=GREEDY_ASKS // 2,
        seed=rng.randrange(2**31),
        expect_actions=expect,
    )


def unit_cases(seed: int) -> tuple[Case, ...]:
    """The checks, with values drawn from ``seed``."""
    rng = random.Random(seed)
    cases: list[Case] = []
    known = _eighths(rng, 1, 7)
    state = (1, 1, 2, 0)
    # (2, 1) asked of a table that holds it, then of one that holds only (2, 2): an unknown pair is worth 0.
    for name, title, held, expect in (
        ("q_known", "get_q_value of a pair in the table", (2, 1), known),
        ("q_unknown", "get_q_value of a pair not in the table", (2, 2), 0.0),
    ):
        held_table: Table = ((state, held, known),)
        cases.append(Case(name, "get_q_value", state, held_table, title, action=(2, 1), expect_value=expect))
    for name, title, old, reward, future, alpha in (
        ("update_up", "update_q_value towards a reward of 1", _eighths(rng, 1, 4), 1.0, 0.0, None),
        ("update_down", "update_q_value towards a reward of -1", _eighths(rng, 1, 6), -1.0, 0.0, None),
        ("update_new", "update_q_value of a pair not yet in the table", 0.0, 0.0, _eighths(rng, 2, 6), None),
        ("update_alpha", "update_q_value with alpha 0.25", _eighths(rng, 1, 4), 0.0, _eighths(rng, 5, 8), 0.25),
    ):
        piles = (0, 0, 2, 1)
        table = () if name == "update_new" else ((piles, (2, 1), old),)
        rate = 0.5 if alpha is None else alpha
        cases.append(
            Case(
                name,
                "update_q_value",
                piles,
                table,
                title,
                action=(2, 1),
                more=(old, reward, future),
                alpha=alpha,
                expect_value=old + rate * (reward + future - old),
            )
        )
    worse, bad = _eighths(rng, -8, -5), _eighths(rng, -4, -1)
    losing = (0, 0, 0, 2)
    losing_table = ((losing, (3, 1), bad), (losing, (3, 2), worse))
    cases.append(_future_case("future_all_bad", losing, losing_table, "where every action is known to be bad", bad))
    mixed = (0, 1, 2, 0)
    unseen = ((mixed, (1, 1), worse), (mixed, (2, 2), bad))
    unseen_best = "where an action not in the table (worth 0) is the best"
    cases.append(_future_case("future_unseen", mixed, unseen, unseen_best, 0.0))
    good = _eighths(rng, 1, 8)
    known_good = ((mixed, (1, 1), worse), (mixed, (2, 1), good))
    cases.append(_future_case("future_good", mixed, known_good, "where one action is known to be good", good))
    cases.append(_future_case("future_over", (0, 0, 0, 0), (), "once the game is over", 0.0))
    three = (1, 2, 0, 0)
    three_table = ((three, (1, 1), good), (three, (0, 1), good / 2), (three, (1, 2), bad))
    cases.append(
        Case(
            "greedy_best",
            "choose_action",
            three,
            three_table,
            f"choose_action(state, epsilon=False), asked {GREEDY_ASKS} times with self.epsilon {SHARE_EPSILON}",
            epsilon=SHARE_EPSILON,
            greedy_flag=False,
            repeat=GREEDY_ASKS,
            seed=rng.randrange(2**31),
            expect_actions=frozenset({(1, 1)}),
        )
    )
    bad_only = "where every action is known to be bad"
    cases.append(_greedy_case("greedy_all_bad", losing, losing_table, bad_only, frozenset({(3, 1)}), rng))
    two = (0, 2, 0, 0)
    unknown_best = "where the only action not in the table (worth 0) is the best"
    two_table = ((two, (1, 1), worse),)
    cases.append(_greedy_case("greedy_unknown_best", two, two_table, unknown_best, frozenset({(1, 2)}), rng))
    tie = (0, 0, 1, 1)
    empty = "on an empty table (every value ties at 0)"
    cases.append(_greedy_case("greedy_tie_zero", tie, (), empty, actions(tie), rng))
    four = (1, 1, 1, 1)
    cases.append(
        Case(
            "epsilon_share",
            "choose_action",
            four,
            ((four, (2, 1), good),),
            f"choose_action(state, epsilon=True) with self.epsilon {SHARE_EPSILON}, asked {SHARE_ASKS} times:"
            " the share of random actions",
            epsilon=SHARE_EPSILON,
            greedy_flag=True,
            repeat=SHARE_ASKS,
            seed=rng.randrange(2**31),
            expect_actions=actions(four),
            best=frozenset({(2, 1)}),
        )
    )
    return tuple(cases)
