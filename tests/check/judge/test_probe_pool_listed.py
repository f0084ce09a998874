"""The probe positions listed from bit masks are the ones a walk of the games, move by move, reaches.

``probes._positions`` lists the boards where X has as many stones as O or one more, neither side has a line and a
cell is free; the pool keeps those of them ``tells_sides_apart`` keeps. Both are held here to the slow definitions:
a walk from the empty board that stops at every board over, and the string-based test on each position.
"""

from __future__ import annotations

from perfectplay.check.judge.probes import _positions, pool, tells_sides_apart
from perfectplay.check.position import TicTacToePosition

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def won(cells: str, side: str) -> bool:
    return any(all(cells[cell] == side for cell in line) for line in LINES)


def walked() -> list[TicTacToePosition]:
    """Every position of a game X starts that is not over, found by playing every move from the empty board."""
    seen: set[TicTacToePosition] = set()
    pending = [TicTacToePosition("." * 9, "X")]
    while pending:
        position = pending.pop()
        cells, side = position
        if position in seen or won(cells, "X") or won(cells, "O") or "." not in cells:
            continue
        seen.add(position)
        other = "O" if side == "X" else "X"
        pending += [
            TicTacToePosition(cells[:cell] + side + cells[cell + 1 :], other) for cell in range(9) if cells[cell] == "."
        ]
    return sorted(seen)


def test_the_listed_positions_are_the_walked_ones_in_the_same_order() -> None:
    listed = _positions()
    assert list(listed) == walked()
    assert len(listed) == 4520 and all(type(position) is TicTacToePosition for position in listed)


def test_the_pool_is_every_listed_position_that_tells_the_sides_apart_in_order() -> None:
    expected = [probe for probe in map(tells_sides_apart, walked()) if probe is not None]
    assert list(pool()) == expected
    assert {position.to_move for position, _, _ in pool()} == {"X", "O"}
