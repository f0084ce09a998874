"""Exact values from narrow searches: the null-window driver (MTD-bi, as in Pons's solver).

A search with a window of width one, ``(g - 1, g)``, only answers "is the
value at least ``g``?", but it answers fast: almost everything is cut off.
Proven values are whole multiples of ``SCALE`` (a win or loss at some ply,
or a draw), so bisecting the range of possible levels with such probes finds
the exact value in a few searches, each sharing the transposition table the
earlier ones filled.
"""

from __future__ import annotations

from perfectplay.search.root import Root
from perfectplay.search.scale import SCALE
from perfectplay.search.table import PROVEN


def _level_above(value: int) -> int:
    """The lowest proven level at or above ``value``."""
    return -(-value // SCALE)


def exact_value(root: Root, move: int, low: int, high: int) -> int:
    """The exact value of ``move`` for the root's side, known to lie in ``[low, high]``.

    One search with the window ``(-1, 1)`` settles win, draw or loss first
    (most positions are decided there); then null-window probes ``v >= g?``
    bisect what is left. Each probe's fail-soft answer is a proven bound,
    so the range shrinks by at least one level per probe.
    """
    draw_tested = False
    while low < high:
        low_level, high_level = _level_above(low), high // SCALE
        if low_level >= high_level:
            return low_level * SCALE
        if low_level <= 0 <= high_level and not draw_tested:
            draw_tested = True
            result = root.search_child(move, PROVEN, -1, 1)
            if -1 < result < 1:
                return result
            if result >= 1:
                low = result
            else:
                high = result
            continue
        probe = (low_level + high_level + 1) // 2 * SCALE
        result = root.search_child(move, PROVEN, probe - 1, probe)
        if result >= probe:
            low = result
        else:
            high = result
    return low


def exact_all(root: Root) -> dict[int, int]:
    """The exact value of every root move (symmetric twins searched once)."""
    low, high = root.value_range()
    unique = root.unique_moves
    values: dict[int, int] = {}
    for number, move in enumerate(unique, 1):
        root.negamax.budget.phase = f"move {root.game.move_label(move)} ({number}/{len(unique)})"
        values[move] = exact_value(root, move, low, high)
    return root.spread(values)


def exact_best(root: Root) -> tuple[int, tuple[int, ...]]:
    """The top value and every move reaching it: one exact search, then a width-2 test per other move.

    A move that fails low against ``(best - 1, best + 1)`` is worse; one that
    fails high is better and gets its own exact search; anything in between
    ties with the best.
    """
    low, high = root.value_range()
    unique = root.unique_moves
    forced = root.forced_moves()
    if forced:
        representatives = {root.twin_of[move] for move in forced}
        unique = [move for move in unique if move in representatives]
    best_value = 0
    best: list[int] = []
    for number, move in enumerate(unique, 1):
        root.negamax.budget.phase = f"move {root.game.move_label(move)} ({number}/{len(unique)})"
        if not best:
            best_value, best = exact_value(root, move, low, high), [move]
            continue
        result = root.search_child(move, PROVEN, best_value - 1, best_value + 1)
        if result >= best_value + 1:
            best_value, best = exact_value(root, move, result, high), [move]
        elif result > best_value - 1:
            best.append(move)
    chosen = set(best)
    return best_value, tuple(sorted(move for move in root.moves if root.twin_of[move] in chosen))
