"""A static guess at who stands better, from the lines each side can still fill.

Seed 004's "evaluation function" for positions the search cannot see to the
end: a line with no enemy stone is still open to a side, and the more of its
stones it already holds the closer that side is to ``k`` in a row. Each open
line is worth ``4 ** stones`` to its owner (an empty line counts for both and
cancels out); the guess is what the side to move has minus what the other
side has.

The result is always strictly inside ``(-bound, bound)``: a guess must never
look like a proven win or loss to the search that uses it.
"""

from __future__ import annotations


def evaluate(lines: tuple[int, ...], mine: int, theirs: int, bound: int) -> int:
    """Heuristic value of a position for the side to move, in ``(-bound, bound)``."""
    total = 0
    for mask in lines:
        if not theirs & mask:
            total += 4 ** (mine & mask).bit_count()
        elif not mine & mask:
            total -= 4 ** (theirs & mask).bit_count()
    return max(-bound + 1, min(bound - 1, total))
