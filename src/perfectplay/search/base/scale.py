"""The searches' internal units: proven results far above any heuristic guess.

A depth-limited search mixes two kinds of value: results proven within its
horizon (a win in 3, a draw) and guesses of an evaluation function at the
horizon. To compare them on one integer line, a proven result is a multiple
of ``SCALE`` and a guess is squeezed strictly between ``-SCALE`` and
``SCALE``: any proven win beats any guess, any guess beats any proven loss,
and the textbook's "exact win/loss scores beyond any heuristic value" holds
whatever the evaluation function returns.

Values are counted from the *root* of a search: a win at ply ``P`` below
the root is worth ``SCALE * (base - P)`` to the side that wins, where
``base = max_plies + 2``; a loss at ply ``P`` the negative; a draw 0. At the
root this is ``SCALE`` times the ``perfectplay.game`` score of the move.
"""

from __future__ import annotations

SCALE = 1 << 20
"""One ply of a proven result, in internal units; heuristic guesses stay below it."""

INFINITE = 1 << 60
"""Beyond any value: a window bound that nothing reaches."""


def from_node(value: int, ply: int) -> int:
    """A table value counted from its node at ``ply``, as counted from the root.

    (The other way, root to node, is inlined in ``negamax.py``: it runs at every inner node.)
    """
    if value >= SCALE:
        return value - ply * SCALE
    if value <= -SCALE:
        return value + ply * SCALE
    return value


def clamp_guess(guess: int) -> int:
    """A heuristic value squeezed strictly inside ``(-SCALE, SCALE)``."""
    return max(-SCALE + 1, min(SCALE - 1, guess))


def is_proven(value: int) -> bool:
    """True for a proven win or loss (a draw, 0, is told apart by whether a guess went into it)."""
    return value >= SCALE or value <= -SCALE
