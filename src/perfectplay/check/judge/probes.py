"""The interface probe's positions, drawn afresh for each check from every position that can tell the sides apart.

A probe position is one of the candidate's own games' positions (reachable
when X starts, not over) where the side to move has exactly one winning
move and the other side, were it to move, would win only elsewhere. So even an AI that does not care how
fast it wins, or breaks ties at random, shows by its answer which side it
thinks it is playing. There are hundreds of such positions; a check asks a
few of them, drawn with its own random numbers, so the probe cannot be
told apart from play by its boards: none is written in perfectplay's
source, and the next check draws others.
"""

from __future__ import annotations

import functools
import random

from perfectplay.check.position import TicTacToePosition

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
PER_SIDE = 3
"""Probe positions with X to move, and as many with O to move."""

Probe = tuple[TicTacToePosition, frozenset[int], frozenset[int]]
"""(position, the mover's winning move, what the other side would win with on the same board)."""


def _other(side: str) -> str:
    return "O" if side == "X" else "X"


def _won(cells: str, side: str) -> bool:
    return any(cells[a] == cells[b] == cells[c] == side for a, b, c in LINES)


def _played(cells: str, cell: int, side: str) -> str:
    return cells[:cell] + side + cells[cell + 1 :]


WINS = tuple(sum(1 << cell for cell in line) for line in LINES)
"""Each line as a bit mask of its cells (bit ``i`` for cell ``i``)."""
FULL = (1 << 9) - 1


_LINED = tuple(any(stones & line == line for line in WINS) for stones in range(FULL + 1))
"""Whether the stones of each bit mask hold a line (read for every position the pool's search meets)."""


def _line(stones: int) -> bool:
    return _LINED[stones]


@functools.cache
def _score(mine: int, theirs: int) -> int:
    """+1, 0 or -1: what the side to move, with the stones ``mine`` (a bit mask) against ``theirs``, gets with best
    play. Bit masks, not strings: every probe position's moves for either side are valued in each process that
    probes (fifteen thousand positions), a tenth of a second as strings."""
    if _line(theirs):
        return -1
    free = FULL & ~(mine | theirs)
    if not free:
        return 0
    best = -1
    while free and best < 1:  # nothing beats a win: the rest of the moves cannot change the value
        move = free & -free
        free ^= move
        best = max(best, -_score(theirs, mine | move))
    return best


def _values(cells: str, side: str) -> dict[int, int]:
    """What ``side`` gets with best play after each move it could make on ``cells``, were it to move."""
    mine = theirs = 0
    empty = []
    for cell, mark in enumerate(cells):
        if mark == side:
            mine |= 1 << cell
        elif mark == ".":
            empty.append(cell)
        else:
            theirs |= 1 << cell
    return {cell: -_score(theirs, mine | 1 << cell) for cell in empty}


def tells_sides_apart(position: TicTacToePosition) -> Probe | None:
    """The probe this position makes (its mover's only win, the other side's wins), or None if it makes none."""
    mover = sum(1 << cell for cell, mark in enumerate(position.cells) if mark == position.to_move)
    waiting = sum(1 << cell for cell, mark in enumerate(position.cells) if mark not in (position.to_move, "."))
    return _probe(position, mover, waiting)


def _probe(position: TicTacToePosition, mover: int, waiting: int) -> Probe | None:
    """``tells_sides_apart`` on the position's stones as bit masks: the side to move's, the other side's."""
    mine = _wins(mover, waiting)
    if len(mine) != 1:
        return None
    theirs = _wins(waiting, mover)
    return (position, mine, theirs) if theirs and not mine & theirs else None


def _best(cells: str, side: str) -> frozenset[int]:
    """The moves that keep the best value ``side`` can get were it to move on ``cells``."""
    values = _values(cells, side)
    top = max(values.values())
    return frozenset(cell for cell, value in values.items() if value == top)


def sides_differ(position: TicTacToePosition) -> Probe | None:
    """(position, the mover's best moves, the other side's) where no move is best for both, else None.

    A weaker test than ``tells_sides_apart``, met by many more of the games' positions: any answer that is best
    for one side there is not for the other.
    """
    mine, theirs = _best(position.cells, position.to_move), _best(position.cells, _other(position.to_move))
    return None if mine & theirs else (position, mine, theirs)


@functools.cache
def _positions() -> tuple[TicTacToePosition, ...]:
    """Every position of the games X starts that is not over, in a fixed order (the cells', then the side's).

    They are the boards of X's and O's stones where X has as many stones as O or one more, neither side has a line
    and a cell is free: taking such a board's stones back in turn passes through none that is over. Listed from bit
    masks, not walked move by move as positions: every checking process makes them once.
    """
    return tuple(position for position, _, _ in _boards())


@functools.cache
def _boards() -> tuple[tuple[TicTacToePosition, int, int], ...]:
    """``_positions`` with each one's stones as bit masks: the side to move's, the other side's."""
    lineless: list[list[int]] = [[] for _ in range(10)]
    for stones in range(FULL + 1):
        if not _line(stones):
            lineless[bin(stones).count("1")].append(stones)
    found: list[tuple[TicTacToePosition, int, int]] = []
    for count in range(5):
        for noughts in lineless[count]:
            for crosses in lineless[count]:  # as many stones each: X to move
                if not crosses & noughts:
                    found.append((TicTacToePosition(_cells(crosses, noughts), "X"), crosses, noughts))
            for crosses in lineless[count + 1]:  # one more X: O to move, on a board not full
                if not crosses & noughts and crosses | noughts != FULL:
                    found.append((TicTacToePosition(_cells(crosses, noughts), "O"), noughts, crosses))
    found.sort(key=lambda board: board[0])
    return tuple(found)


def _cells(crosses: int, noughts: int) -> str:
    return "".join("X" if crosses >> cell & 1 else "O" if noughts >> cell & 1 else "." for cell in range(9))


def _wins(mover: int, waiting: int) -> frozenset[int]:
    """The cells where the side with the stones ``mover``, were it to move, wins."""
    free = FULL & ~(mover | waiting)
    found = []
    while free:
        move = free & -free
        free ^= move
        if _score(waiting, mover | move) == -1:
            found.append(move.bit_length() - 1)
    return frozenset(found)


@functools.cache
def pool() -> tuple[Probe, ...]:
    """Every probe position of the games X starts, in a fixed order (the draw's, so a seed draws alike anywhere)."""
    found = (_probe(position, mover, waiting) for position, mover, waiting in _boards())
    return tuple(probe for probe in found if probe is not None)


@functools.cache
def seat_pool() -> tuple[Probe, ...]:
    """Every position of the games X starts where the two sides' best moves differ (``sides_differ``)."""
    found = (sides_differ(position) for position in _positions())
    return tuple(probe for probe in found if probe is not None)


def draw(
    generator: random.Random,
    per_side: int = PER_SIDE,
    leave: frozenset[TicTacToePosition] = frozenset(),
    among: tuple[Probe, ...] | None = None,
) -> list[Probe]:
    """``per_side`` probes with X to move and as many with O to move (of ``among``, by default ``pool()``), none
    of ``leave``, drawn with ``generator``."""
    drawn: list[Probe] = []
    for side in ("X", "O"):
        candidates = [probe for probe in among or pool() if probe[0].to_move == side and probe[0] not in leave]
        drawn += generator.sample(candidates, per_side)
    return drawn
