"""The one sampler of a partial check: stratified, seeded, the same questions for every student.

A check that may not ask everything asks a sample, and what it asks must
depend neither on the student nor on the machine's load. Every question
belongs to a stratum (the positions with the same number of stones, so the
openings, where a minimax works hardest, are never all left out; the CS50
helper boards), and within each stratum the questions are shuffled once
with the seed. Both kinds of partial check read that one shuffle:

* a fixed size (``stratified``: ``--sample N``, the CodeRunner profile):
  each stratum gets its share in proportion (at least one while the size
  allows, largest remainders first) and gives the first questions of its
  shuffle;
* a grader's budget (``keys``, asked in ``ROUNDS``): each question's key
  is its place in its stratum's shuffle spread evenly over [0, 1), so the
  questions with a key under ``f`` are a fraction ``f`` of every stratum,
  and each round (keys under 1/64, then 1/32, ...) doubles the sample. A
  round is started only when it is expected to fit in the CPU time left
  (``next_round_fits``), and only whole rounds are graded, so the sample
  is decided by CPU time alone, never by the wall clock.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from perfectplay.check.position import TicTacToePosition

DEFAULT_SEED = 2026
"""One seed for everyone unless the teacher gives another (``--seed``): every student is asked the same sample."""

ROUNDS = (1 / 64, 1 / 32, 1 / 16, 1 / 8, 1 / 4, 1 / 2, 1.0)

CPU_SHARE = 0.25
"""CPU seconds (all of a check's processes together) a budget of one second buys.

Small enough that the same sample still fits in about the grader's budget on the clock with three busy
processes per core beside the check (its two workers then get about half a core between them)."""

RESERVE = 0.1
"""Share of the CPU time kept for asking a part of the sample again (a randomised AI shows itself)."""

MARGIN = 2.0
"""A round is expected to cost up to twice as much again as the rounds before it: a naive minimax spends
most of its time in a few positions (the emptiest), and a round that may not fit is better not started.
The margin also keeps a candidate's sample away from the edge where a few percent of CPU time (a busy
machine's caches) would decide between two sample sizes."""

Item = TypeVar("Item", bound=Hashable)


def shuffled(
    items: Sequence[Item], stratum: Callable[[Item], Hashable], order: Callable[[Item], str], seed: int
) -> dict[Hashable, list[Item]]:
    """Each stratum's items in the seeded order both samplers read, strata in a stable order.

    ``order`` names each item stably, so the shuffle depends on the seed alone, never on how the items came.
    """
    groups: dict[Hashable, list[Item]] = defaultdict(list)
    for item in items:
        groups[stratum(item)].append(item)
    generator = random.Random(seed)
    strata: dict[Hashable, list[Item]] = {}
    for name in sorted(groups, key=repr):
        group = sorted(groups[name], key=order)
        generator.shuffle(group)
        strata[name] = group
    return strata


def keys(
    items: Sequence[Item],
    stratum: Callable[[Item], Hashable],
    order: Callable[[Item], str],
    seed: int = DEFAULT_SEED,
) -> dict[Item, float]:
    """A key in [0, 1) for each item: its place in its stratum's shuffle, spread evenly (systematic sampling)."""
    generator = random.Random(seed)
    found: dict[Item, float] = {}
    for group in shuffled(items, stratum, order, seed).values():
        offset = generator.random()
        for rank, item in enumerate(group):
            found[item] = (rank + offset) / len(group)
    return found


def stratified(positions: Sequence[TicTacToePosition], size: int, seed: int = DEFAULT_SEED) -> list[TicTacToePosition]:
    """``size`` of ``positions`` (all if there are fewer), in their order, every number of stones in proportion."""
    return fixed_size(positions, size, seed, lambda position: position.stones, _named)


def fixed_size(
    items: Sequence[Item], size: int, seed: int, stratum: Callable[[Item], Hashable], order: Callable[[Item], str]
) -> list[Item]:
    """``size`` of ``items`` (all if there are fewer), in their order, every stratum represented in proportion.

    Each stratum gets one first (fewest stones first) while ``size`` allows, then its share of the rest
    in proportion to its size (largest remainders first), taken from the front of its seeded shuffle.
    """
    if size >= len(items):
        return list(items)
    strata = shuffled(items, stratum, order, seed)
    names = sorted(strata, key=_natural)
    shares = {name: 0 for name in names}
    left = size
    for name in names:
        if left:
            shares[name] += 1
            left -= 1
    if left:
        spare = len(items) - len(names)
        exact = {name: (len(strata[name]) - 1) * left / spare for name in names}
        for name in names:
            shares[name] += int(exact[name])
        remaining = size - sum(shares.values())
        by_remainder = sorted(names, key=lambda name: int(exact[name]) - exact[name])
        for name in by_remainder[:remaining]:
            shares[name] += 1
    chosen = {item for name in names for item in strata[name][: shares[name]]}
    return [item for item in items if item in chosen]


def _named(position: TicTacToePosition) -> str:
    return f"{position.cells}:{position.to_move}"


def _natural(name: Hashable) -> tuple[int, int, str]:
    """Numbers in their order (fewest stones first), anything else by its text after them."""
    return (0, name, "") if isinstance(name, int) else (1, 0, repr(name))


def in_round(key: float, index: int) -> bool:
    """Whether a question with ``key`` is first asked in round ``index``."""
    low = ROUNDS[index - 1] if index else 0.0
    return low <= key < ROUNDS[index]


def next_round_fits(used: float, sampled: float, index: int, budget: float) -> bool:
    """Whether round ``index`` is expected to fit: it asks as much again as rounds ``0..index-1`` did.

    ``used``: CPU seconds the check has spent in all; ``sampled``: those spent in the rounds so far.
    """
    if index == 0:
        return True
    growth = (ROUNDS[index] - ROUNDS[index - 1]) / ROUNDS[index - 1]
    return used + sampled * growth * MARGIN <= budget * (1 - RESERVE)
