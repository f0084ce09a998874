"""A minimax Nim player: ``best_move(piles)`` returns the ``(pile, count)`` to take, for misère Nim.

Whoever takes the last object loses. The search is plain minimax with a
memo: a position is won for the side to move if some move leaves a position
lost for the other side. Check it with ``perfectplay check --game nim:misere
examples/nim/minimax/nim_player.py``.
"""

from functools import cache


@cache
def _wins(piles):
    """Whether the side to move wins ``piles`` (a sorted tuple) with perfect play."""
    if sum(piles) == 0:
        return True  # the other side took the last object
    for index, size in enumerate(piles):
        for count in range(1, size + 1):
            after = list(piles)
            after[index] -= count
            if not _wins(tuple(sorted(after))):
                return True
    return False


def best_move(piles):
    """A move that wins if one does; otherwise take one object from the largest pile (and hope)."""
    for index, size in enumerate(piles):
        for count in range(1, size + 1):
            after = list(piles)
            after[index] -= count
            if not _wins(tuple(sorted(after))):
                return (index, count)
    largest = max(range(len(piles)), key=lambda index: piles[index])
    return (largest, 1)
