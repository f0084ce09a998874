"""A stratified, seeded sample of positions: the check's profile for a grader with seconds, not minutes.

Moodle CodeRunner's Jobe sandbox gives a Python run 5 s of CPU time: not
enough to ask a slow minimax all 4,520 positions. A sample keeps every
stage of the game in proportion (grouped by how many stones are on the
board, so the openings, where a minimax works hardest, are never all left
out), and the same seed draws the same positions, so a student who
submits again is asked the same questions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from perfectplay.check.position import Position

DEFAULT_SEED = 2026


def stratified(positions: Sequence[Position], size: int, seed: int = DEFAULT_SEED) -> list[Position]:
    """``size`` of ``positions`` (all of them if there are fewer), in their order, each stone count represented.

    Each group of positions with the same number of stones gets its share in
    proportion to its size (largest remainders first) and at least one, as
    long as ``size`` allows; within a group the positions are drawn with
    ``random.Random(seed)``, so the sample depends on the seed alone.
    """
    if size >= len(positions):
        return list(positions)
    groups: dict[int, list[Position]] = {}
    for position in positions:
        groups.setdefault(position.stones, []).append(position)
    counts = sorted(groups)
    shares = {stones: 0 for stones in counts}
    left = size
    # One a group first, openings before endings, then the rest in proportion.
    for stones in counts:
        if left:
            shares[stones] += 1
            left -= 1
    if left:
        spare = len(positions) - len(counts)
        exact = {stones: (len(groups[stones]) - 1) * left / spare for stones in counts}
        for stones in counts:
            shares[stones] += int(exact[stones])
        remaining = size - sum(shares.values())
        by_remainder = sorted(counts, key=lambda stones: (int(exact[stones]) - exact[stones], stones))
        for stones in by_remainder[:remaining]:
            shares[stones] += 1
    generator = random.Random(seed)
    chosen: set[Position] = set()
    for stones in counts:
        chosen.update(generator.sample(groups[stones], min(shares[stones], len(groups[stones]))))
    return [position for position in positions if position in chosen]
