"""Win, draw or loss before how fast: the cheapest proof that a move keeps the position's value.

An exact score (win in 13 or in 15?) can cost many times the search that
only shows a move wins. Under a time limit that difference decides whether
the computer's move is proven to keep the game's value at all, so the
limited search asks the cheap question first (``deepening.py``): does some
move win? If none does, does one draw? Each answer is a null-window probe
of one child with no depth limit, so whatever it says is proven.
"""

from __future__ import annotations

from typing import NamedTuple

from perfectplay.search.solver.root import Root
from perfectplay.search.solver.table import PROVEN

WIN, DRAW, LOSS = 1, 0, -1


class Outcomes(NamedTuple):
    """The position's outcome for the side to move (``WIN``, ``DRAW`` or ``LOSS``) and the moves that keep it.

    ``keeping`` holds the root moves the search may play (for a win: the
    first winning move found and its symmetric twins; for a loss: every
    move, since nothing better exists; an opening book names its one move).
    ``draws`` holds the moves proven to draw, ``losses`` those proven to lose.
    """

    outcome: int
    keeping: frozenset[int]
    draws: frozenset[int]
    losses: frozenset[int]


def prove_outcomes(root: Root, preferred: dict[int, int] | None = None) -> Outcomes:
    """Which move keeps the root's value: a winning move if one exists, else a drawing one, else any.

    ``preferred`` (a value per move, e.g. from a depth-limited search) puts
    the likeliest winners first; without it the root's own order is used.
    First each move in that order is probed with the window (0, 1),
    "does it win?"; the first that does settles it. A probe that fails
    returns a proven upper bound: below 0, that move loses. The moves left
    (not a win, maybe a draw) are then probed with (-1, 0), "does it at
    least draw?"; every one that does is a draw.
    """
    unique = root.unique_moves
    if preferred is not None:
        unique.sort(key=lambda move: -preferred[move])  # stable: ties keep the root's order
    undecided: list[int] = []
    losses: set[int] = set()
    for move in unique:
        result = root.search_child(move, PROVEN, 0, 1)
        if result >= 1:
            return Outcomes(WIN, _with_twins(root, {move}), frozenset(), frozenset())
        if result < 0:
            losses.add(move)
        else:
            undecided.append(move)
    draws: set[int] = set()
    for move in undecided:
        if root.search_child(move, PROVEN, -1, 0) >= 0:
            draws.add(move)
        else:
            losses.add(move)
    if draws:
        return Outcomes(DRAW, _with_twins(root, draws), _with_twins(root, draws), _with_twins(root, losses))
    return Outcomes(LOSS, frozenset(root.moves), frozenset(), frozenset(root.moves))


def _with_twins(root: Root, moves: set[int]) -> frozenset[int]:
    return frozenset(move for move in root.moves if root.twin_of[move] in moves)
