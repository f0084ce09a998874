"""The Nim lab's learning file and the misère formula that hostile Nim submissions play instead of their table."""

from __future__ import annotations

from repo_paths import ROOT

LEARNING = ROOT / "examples" / "nim" / "learning" / "nim.py"
"""CS50's nim.py, completed: the file each hostile submission is made from."""
CHOOSE = "    def choose_action(self, state, epsilon=True):\n"
"""Where a submission's own code goes, at the start of ``choose_action``."""
FORMULA = """
import functools, operator
def _formula(piles):
    # Misère Nim's rule: leave an odd count of ones once no pile is above 1, else a nim-sum of 0.
    def left(pile, taken):
        return [size - taken * (index == pile) for index, size in enumerate(piles)]
    def wins(after):
        return sum(after) % 2 == 1 if max(after) <= 1 else functools.reduce(operator.xor, after) == 0
    moves = [(pile, taken) for pile, size in enumerate(piles) for taken in range(1, size + 1)]
    return next((move for move in moves if wins(left(*move))), moves[0])
"""
"""``_formula(piles)``: a winning move wherever there is one, with nothing learned."""
MISERE_SEARCH = """
from functools import lru_cache


def after(piles, pile, take):
    return tuple(sorted(count - take if index == pile else count for index, count in enumerate(piles)))


@lru_cache(maxsize=None)
def mover_wins(piles):  # misere: with nothing left, the other side took the last object
    if sum(piles) == 0:
        return True
    return any(not mover_wins(after(piles, i, t)) for i in range(len(piles)) for t in range(1, piles[i] + 1))
"""
"""A player's own memoised misère search, for a player file to build on: ``after(piles, pile, take)`` (the piles
left, sorted) and ``mover_wins(piles)``."""
