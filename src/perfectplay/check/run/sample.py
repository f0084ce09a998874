"""A partial check that is the same for every student: a stratified, seeded sample asked in doubling rounds.

Under a grader's time budget a check may not ask everything. What it asks
must not depend on the student or on the machine's load, so every question
gets a key in [0, 1) once, from a fixed seed: within each stratum (the
positions with the same number of stones; the CS50 helper boards) the
questions are shuffled and spread evenly over [0, 1), so the questions with
a key under ``f`` are a fraction ``f`` of every stratum, every category of
the rubric sampled alike. The check asks them in rounds (``ROUNDS``: the
keys under 1/64, then under 1/32, ...), each round doubling the sample, and
starts a round only when the CPU time it is expected to take (as much as
all rounds before it, twice over) fits in what is left of the budget's CPU time. Only
whole rounds are graded: a round that runs out of time is dropped, so the
sample is decided by CPU time alone, never by the wall clock.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

SEED = 24
"""One seed for everyone: every student is asked the same sample."""

ROUNDS = (1 / 64, 1 / 32, 1 / 16, 1 / 8, 1 / 4, 1 / 2, 1.0)

CPU_SHARE = 0.25
"""CPU seconds (all of a check's processes together) a budget of one wall-clock second buys.

Small enough that the same sample still fits in the grader's wall-clock budget with three busy
processes per core beside the check (its two workers then get about half a core between them)."""

RESERVE = 0.1
"""Share of the CPU time kept for asking a part of the sample again (a randomised AI shows itself)."""

Item = TypeVar("Item", bound=Hashable)


def keys(items: Sequence[Item], stratum: Callable[[Item], Hashable], order: Callable[[Item], str]) -> dict[Item, float]:
    """A key in [0, 1) for each item; every stratum spread evenly (systematic sampling, seeded).

    ``order`` names each item stably (its shuffle must not depend on how the items came).
    """
    groups: dict[Hashable, list[Item]] = defaultdict(list)
    for item in items:
        groups[stratum(item)].append(item)
    generator = random.Random(SEED)
    found: dict[Item, float] = {}
    for name in sorted(groups, key=repr):
        group = sorted(groups[name], key=order)
        generator.shuffle(group)
        offset = generator.random()
        for rank, item in enumerate(group):
            found[item] = (rank + offset) / len(group)
    return found


def in_round(key: float, index: int) -> bool:
    """Whether a question with ``key`` is first asked in round ``index``."""
    low = ROUNDS[index - 1] if index else 0.0
    return low <= key < ROUNDS[index]


MARGIN = 2.0
"""A round is expected to cost up to twice as much again as the rounds before it: a naive minimax spends
most of its time in a few positions (the emptiest), and a round that may not fit is better not started.
The margin also keeps a candidate's sample away from the edge where a few percent of CPU time (a busy
machine's caches) would decide between two sample sizes."""


def next_round_fits(used: float, sampled: float, index: int, budget: float) -> bool:
    """Whether round ``index`` is expected to fit: it asks as much again as rounds ``0..index-1`` did.

    ``used``: CPU seconds the check has spent in all; ``sampled``: those spent in the rounds so far.
    """
    if index == 0:
        return True
    growth = (ROUNDS[index] - ROUNDS[index - 1]) / ROUNDS[index - 1]
    return used + sampled * growth * MARGIN <= budget * (1 - RESERVE)
