"""Exact values from narrow searches: the null-window driver (MTD-bi, as in Pons's solver).

A search with a window of width one, ``(g - 1, g)``, only answers "is the
value at least ``g``?", but it answers fast: almost everything is cut off.
Proven values are whole multiples of ``SCALE`` (a win or loss at some ply,
or a draw), so bisecting the range of possible levels with such probes finds
the exact value in a few searches, each sharing the transposition table the
earlier ones filled.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from perfectplay.hooks import SearchNode
from perfectplay.search.base.scale import SCALE
from perfectplay.search.solver.negamax import Negamax
from perfectplay.search.solver.root import Root
from perfectplay.search.solver.table import PROVEN

Probe = Callable[[int, int], int]
"""A fail-soft search of one position with the window ``(alpha, beta)``, in internal units."""


def _level_above(value: int) -> int:
    """The lowest proven level at or above ``value``."""
    return -(-value // SCALE)


def bisect(probe: Probe, low: int, high: int) -> int:
    """The exact value of a position known to lie in ``[low, high]``, found with null-window probes.

    ``probe(alpha, beta)`` is a fail-soft search of the position (see
    ``Negamax.search``). One search with the window ``(-1, 1)`` settles
    win, draw or loss first (most positions are decided there); then
    null-window probes ``v >= g?`` bisect what is left. Each probe's
    fail-soft answer is a proven bound, so the range shrinks by at least
    one level per probe.
    """
    draw_tested = False
    while low < high:
        low_level, high_level = _level_above(low), high // SCALE
        if low_level >= high_level:
            return low_level * SCALE
        if low_level <= 0 <= high_level and not draw_tested:
            draw_tested = True
            result = probe(-1, 1)
            if -1 < result < 1:
                return result
            if result >= 1:
                low = result
            else:
                high = result
            continue
        level = (low_level + high_level + 1) // 2 * SCALE
        result = probe(level - 1, level)
        if result >= level:
            low = result
        else:
            high = result
    return low


def exact_value(root: Root, move: int, low: int, high: int, guess: int | None = None) -> int:
    """The exact value of ``move`` for the root's side, known to lie in ``[low, high]``.

    Without a ``guess``, probed from the outside in (``bisect_outside_in``):
    the cheap probes near the fastest results fill the table for the
    expensive ones near the true value (``benchmarks/empty_board.py``: 6%
    fewer nodes on ``4455`` than settling win, draw or loss first with
    ``bisect``). With a ``guess`` (a sibling's value), each probe asks at
    the bound the last one returned, the first at the guess (``converge``).
    """
    probe = partial(root.search_child, move, PROVEN)
    return bisect_outside_in(probe, low, high) if guess is None else converge(probe, low, high, guess)


def converge(probe: Probe, low: int, high: int, guess: int) -> int:
    """Like ``bisect``, but each probe asks at the bound the one before returned (MTD(f)), the first at ``guess``.

    A fail-soft search that fails returns a proven bound, mostly the true
    value itself, so the next probe asks right there: "is the value at
    least the upper bound just returned?" after a fail low, "above the
    lower bound just returned?" after a fail high. A move whose value
    equals its bound is then settled by that one probe, where a bisection
    asks between the bound and the other end first; near the true value,
    where every probe is dear, that saves one probe in two or three
    (``64476`` every move exact: 136.2 M nodes against 144.1 M galloping
    away from a sibling's value and bisecting, benchmarks/analyze_plies.py).
    Each probe moves a bound by at least one level, so it ends.
    """
    level = guess // SCALE
    while low < high:
        low_level, high_level = _level_above(low), high // SCALE
        if low_level >= high_level:
            return low_level * SCALE
        level = min(max(level, low_level + 1), high_level)
        # Is the value at least ``level``? (the window (level - 1, level), in levels)
        result = probe(level * SCALE - 1, level * SCALE)
        if result >= level * SCALE:
            low = result
            level = _level_above(result) + 1
        else:
            high = result
            level = result // SCALE
    return low


def exact_position(negamax: Negamax, node: SearchNode, outcome: int | None = None) -> int:
    """The exact value of ``node`` itself for its side to move, searched as the root (ply 0).

    What Pons's solver computes: the value only, by probes on the position
    rather than on each of its moves, so no move is searched with a window
    wider than the position needs. Every probe counts the root as a node.
    ``outcome`` (1, 0 or -1 for the side to move), where a table proved it
    ahead of time, leaves only the length to find: a draw is 0 at once, a
    win or a loss is bisected on its own side of 0 (about a third fewer nodes
    on positions after 8 moves).
    """
    low, high = node.low * SCALE, node.high * SCALE  # scores counted from the root itself
    if outcome is not None:
        if outcome == 0:
            return 0
        low, high = (max(low, SCALE), high) if outcome > 0 else (low, min(high, -SCALE))
    if low == high:
        return low
    return bisect_outside_in(partial(negamax.search, node, 0, PROVEN), low, high)


def bisect_outside_in(probe: Probe, low: int, high: int, reach: int = 4) -> int:
    """Like ``bisect``, but probing from the fastest results inwards, as Pons's solver does.

    A probe near the fastest win or loss is cheap: every line longer than
    the level it asks about is cut off by the nodes' bounds, as if by a
    depth limit, while ``bisect``'s first probe (win, draw or loss?) is a
    search to the end of the game. So the first probes alternate "does the
    side to move survive more than ``reach`` levels above its fastest
    loss?" and "does it win within ``reach`` levels of its fastest win?",
    ``reach`` doubling after each pair, until one of them finds a win or a
    loss, or they meet at the draw; what is left is bisected.
    """
    widening = True
    loss_side = True
    while low < high:
        low_level, high_level = _level_above(low), high // SCALE
        if low_level >= high_level:
            return low_level * SCALE
        middle = (low_level + high_level) // 2
        if widening:
            if loss_side and low_level < 0:
                middle = min(low_level + reach, -1)
            elif not loss_side and high_level > 0:
                middle = max(high_level - reach, 0)
            if not loss_side:
                reach *= 2
            loss_side = not loss_side
        # Is the value above ``middle``? (the window (middle, middle + 1), in levels)
        level = (middle + 1) * SCALE
        result = probe(level - 1, level)
        if result >= level:
            low = result
            found = result > 0  # a win
        else:
            high = result
            found = result < 0  # a loss
        widening = widening and not found
    return low


def exact_all(
    root: Root, known: dict[int, int] | None = None, found: dict[int, int] | None = None, ceiling: int | None = None
) -> dict[int, int]:
    """The exact value of every root move (symmetric twins searched once).

    Each move after the first is probed from the value of the one before
    (``converge``): with the node's move order ``4455`` every move exact took
    65 M nodes galloping from it, against 77 M probed from the outside in each time.
    ``known`` (a proven outcome per move: 1 a win, 0 a draw, -1 a loss, from
    a book, an outcome table or the win/draw/loss probes) narrows a move's
    range to that outcome's before the first probe, and a move of known
    outcome is probed from the value farthest from a draw of the moves of
    the same outcome (``_farthest``), else from the outside in
    (``1174362``: 87.9 M nodes instead of 102.8 M from a won sibling's value,
    ``benchmarks/analyze_command.py``). ``found`` receives each
    unique move's value as soon as it is proven, so a caller stopped by a
    limit keeps the moves finished before it; a move it holds already is
    taken as proven. ``ceiling`` (internal units), the root's own exact
    value where it is known ahead of time, bounds every move from above
    and is the first move's guess: its first probe asks whether it
    reaches it.
    """
    low, high = root.value_range()
    if ceiling is not None:
        high = ceiling
    unique = root.unique_moves
    values: dict[int, int] = {} if found is None else found
    guess = ceiling
    # The last value proven of a move of each known outcome: a won move's guess is a won sibling's value.
    by_outcome: dict[int | None, int] = {}
    if ceiling is not None:
        by_outcome[(ceiling > 0) - (ceiling < 0)] = ceiling
    for number, move in enumerate(unique, 1):
        root.negamax.budget.phase = f"move {root.game.move_label(move)} ({number}/{len(unique)})"
        outcome = None if known is None else known.get(move)
        if move in values:  # proven before the call (``found``)
            guess = by_outcome[outcome] = values[move]
            continue
        if outcome == 0:
            values[move] = 0
            continue
        bottom = SCALE if outcome is not None and outcome > 0 else low
        top = min(-SCALE, high) if outcome is not None and outcome < 0 else high
        # A sibling of another outcome says little: a lost move's first probe at a won sibling's value asks
        # "does it hold out to the last ply?", as dear as proving the loss (1174362's last move: 44 M nodes).
        start = guess if outcome is None else by_outcome.get(outcome)
        values[move] = guess = exact_value(root, move, bottom, top, start)
        # A won move's guess is the fastest win proven so far, a lost one's the fastest loss (``_farthest``).
        by_outcome[outcome] = guess if outcome not in by_outcome else _farthest(outcome, by_outcome[outcome], guess)
    return root.spread(values)


def _farthest(outcome: int | None, kept: int, value: int) -> int:
    """Of two values of moves of one known outcome, the one farther from a draw; the latest for an unknown outcome.

    A null-window probe near the fastest win or loss is cheap (``bisect_outside_in``), one that fails on the far
    side of the value dear: ``2367327``'s move 1, a loss in 28 probed from a sibling's loss in 34, spent
    17 M nodes failing on the way down, 7.9 M rising from a loss in 30 (210.3 M nodes every move exact, 193.1 M;
    seven positions at plies 6-8, 725.4 M, 710.6 M; ``benchmarks/analyze_command.py``).
    """
    if outcome is None or outcome == 0:
        return value
    return min(kept, value) if outcome < 0 else max(kept, value)


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
