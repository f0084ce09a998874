"""The m,n,k game's search hooks: how the solver sees a position on a ``rows`` x ``cols`` board.

What the node knows that the plain protocol does not, each measured in
``benchmarks/``:

* **Threats.** Each side's *threat cells* (empty cells that complete one of
  its lines) travel down the tree as bitmasks, updated from the few lines
  through the move just played. A side with a threat wins at once; a side
  facing two threats has lost; a side facing one must block it, so that is
  the only move searched (``forced``, and it costs no depth).
* **Open lines.** Each side's still-open lines (no enemy stone) are a
  bitmask over line numbers; one AND per move closes the lines through it.
  A side without open lines cannot win, so two closed sides are a proven
  draw long before the board is full.
* **Bounds.** With no immediate win the best the side to move can hope for
  is a win three plies later, and the worst a loss four plies later (Pons's
  trick for Connect Four).
* **Symmetry.** The table key is the smallest of the position's images
  under the board's symmetries (8 on a square, 4 on a rectangle), and the
  side to move.
* **Move order:** cells on more open lines first, the centre first among
  equals.
* **Heuristic** at the horizon: each open line is worth ``4 ** stones`` to
  its owner; the value is what the side to move has minus what the other
  side has (the fifth course lab's evaluation function, weighted).
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache
from operator import or_
from typing import TYPE_CHECKING, Any, Protocol

from perfectplay.game import Player
from perfectplay.games.grid import Stones
from perfectplay.games.symmetry import inverse, symmetries, transform

if TYPE_CHECKING:
    from perfectplay._core import Search
    from perfectplay.hooks import CompiledEntry

MAX_COMPILED_CELLS = 64
MAX_COMPILED_K = 24  # the heuristic's 4 ** k must fit 64-bit integers
MAX_COMPILED_LINES = 512
"""The boards the compiled core (``_core/mnk_node.c``) holds: cells in one word, line numbers in eight."""


class MNKBoard(Hashable, Protocol):
    """What the search reads of an m,n,k game (``MNK`` is one): its size, its lines, and the score base.

    A protocol rather than the class, so that this module needs nothing of
    ``mnk.py``: the game imports its node, never the other way round.
    """

    rows: int
    cols: int
    k: int
    cells: int
    lines: tuple[int, ...]
    lines_through: tuple[tuple[int, ...], ...]

    @property
    def max_plies(self) -> int: ...


class MNKGeometry:
    """Everything about a board the search precomputes once: lines, symmetries, orders."""

    def __init__(self, game: MNKBoard) -> None:
        self.cells = game.cells
        self.base = game.max_plies + 2
        self.lines = game.lines
        self.lines_through = game.lines_through
        number = {mask: index for index, mask in enumerate(self.lines)}
        # Bit j of line_ids[cell] <=> line j passes through cell.
        self.line_ids: tuple[int, ...] = tuple(sum(1 << number[mask] for mask in masks) for masks in self.lines_through)
        self.perms = symmetries(game.rows, game.cols)
        self.inverses = tuple(inverse(perm) for perm in self.perms)
        # Table keys pack X's stones in the low ``cells`` bits and O's above,
        # once per symmetry T; the table uses the smallest of them:
        #
        #   bit  2*cells-1 ........ cells | cells-1 .......... 0
        #        [   T(o): O's stones    ] [  T(x): X's stones  ]
        #
        # Playing a stone ORs one precomputed bit into each of the keys.
        self.x_bits: tuple[tuple[int, ...], ...] = tuple(
            tuple(1 << perm[cell] for perm in self.perms) for cell in range(self.cells)
        )
        self.o_bits: tuple[tuple[int, ...], ...] = tuple(
            tuple(1 << (perm[cell] + self.cells) for perm in self.perms) for cell in range(self.cells)
        )
        centre_row, centre_col = (game.rows - 1) / 2, (game.cols - 1) / 2

        def rank(cell: int) -> tuple[int, float]:
            row, col = divmod(cell, game.cols)
            return (-len(self.lines_through[cell]), abs(row - centre_row) + abs(col - centre_col))

        self.order: tuple[int, ...] = tuple(sorted(range(self.cells), key=rank))

    def keys(self, x: int, o: int) -> tuple[int, ...]:
        return tuple(transform(perm, x) | transform(perm, o) << self.cells for perm in self.perms)

    def open_lines(self, enemy: int) -> int:
        """Line-number mask of the lines without a stone of ``enemy``."""
        mask = 0
        for index, line in enumerate(self.lines):
            if not enemy & line:
                mask |= 1 << index
        return mask

    def threats(self, mine: int, theirs: int) -> int:
        """Empty cells that would complete a line of ``mine``."""
        cells = 0
        for line in self.lines:
            if not theirs & line:
                rest = line & ~mine
                if rest and not rest & (rest - 1):
                    cells |= rest
        return cells

    def evaluate(self, mine: int, theirs: int) -> int:
        """Open lines weighted ``4 ** stones``: the side to move's minus the other side's."""
        total = 0
        for mask in self.lines:
            if not theirs & mask:
                total += 4 ** (mine & mask).bit_count()
            elif not mine & mask:
                total -= 4 ** (theirs & mask).bit_count()
        return total


@cache
def geometry(game: MNKBoard) -> MNKGeometry:
    """The precomputed tables for ``game`` (built once per board size)."""
    return MNKGeometry(game)


class MNKNode:
    """An m,n,k position from the side to move's point of view (``me``), with its threats and keys.

    ``lost`` marks a position whose mover has lost: the other side's last
    stone completed a line. The table key is the smallest of ``keys``, the
    position's images under the board's symmetries; ``frame`` (set by
    ``key``) is the symmetry that gives it.
    """

    __slots__ = (
        "forced",
        "frame",
        "geo",
        "high",
        "keys",
        "lost",
        "low",
        "me",
        "my_bits",
        "my_open",
        "my_threats",
        "opp",
        "opp_bits",
        "opp_open",
        "opp_threats",
        "stones",
    )

    # A key is the smallest of eight images and a board has up to 64 children: looking each child up before
    # searching any costs more than the nodes it saves (5x5 k=4 from empty: 16.6 M nodes in 14.5 s with the
    # lookups, 21.4 M in about 4 s without; every lookup a cache miss). See negamax.py's cutoff.
    cutoff_lookups = False

    geo: MNKGeometry
    me: int
    opp: int
    my_open: int
    opp_open: int
    my_threats: int
    opp_threats: int
    keys: tuple[int, ...]
    my_bits: tuple[tuple[int, ...], ...]
    opp_bits: tuple[tuple[int, ...], ...]
    stones: int
    lost: bool
    forced: bool
    low: int
    high: int
    frame: int

    @classmethod
    def root(cls, game: MNKBoard, state: Stones) -> MNKNode:
        """The node of any legal position, its threats and open lines computed from scratch."""
        geo = geometry(game)
        node = cls()
        node.geo = geo
        if state.to_move is Player.X:
            node.me, node.opp, node.my_bits, node.opp_bits = state.x, state.o, geo.x_bits, geo.o_bits
        else:
            node.me, node.opp, node.my_bits, node.opp_bits = state.o, state.x, geo.o_bits, geo.x_bits
        node.my_open = geo.open_lines(node.opp)
        node.opp_open = geo.open_lines(node.me)
        node.my_threats = geo.threats(node.me, node.opp)
        node.opp_threats = geo.threats(node.opp, node.me)
        node.keys = geo.keys(state.x, state.o)
        node.stones = (state.x | state.o).bit_count()
        node.lost = state.winner is not None
        node.settle()
        return node

    def settle(self) -> None:
        """Set ``low`` and ``high``, the bounds on the value, and ``forced``, from the threats."""
        base = self.geo.base
        opp_threats = self.opp_threats
        self.forced = bool(opp_threats)
        if self.lost:
            self.low = self.high = -base
        elif self.my_threats:
            self.low = self.high = base - 1
        elif opp_threats & (opp_threats - 1):
            self.low = self.high = 2 - base
        else:
            # Without a threat of its own, the mover wins three plies later at the
            # earliest; one block leaves the opponent no threat, so it wins four
            # plies later at the earliest. No open line means no win at all.
            cells, stones = self.geo.cells, self.stones
            self.high = base - 3 if self.my_open and stones + 3 <= cells else 0
            self.low = 4 - base if self.opp_open and stones + 4 <= cells else 0

    def key(self) -> int:
        keys = self.keys
        smallest = min(keys)
        self.frame = keys.index(smallest)
        # The stones do not say whose turn it is when either side may have
        # started (equal counts), so the lowest bit does: one table may serve
        # roots with X and with O to move.
        return smallest << 1 | (self.my_bits is self.geo.o_bits)

    def to_key_frame(self, move: int) -> int:
        return self.geo.perms[self.frame][move]

    def from_key_frame(self, move: int) -> int:
        return self.geo.inverses[self.frame][move]

    def moves(self) -> list[int]:
        if self.opp_threats:
            return [self.opp_threats.bit_length() - 1]
        # The empty cells, those on more open lines first (the static order breaks ties).
        geo = self.geo
        taken = self.me | self.opp
        open_lines = self.my_open | self.opp_open
        line_ids = geo.line_ids
        moves = [cell for cell in geo.order if not taken >> cell & 1]
        moves.sort(key=lambda cell: -(open_lines & line_ids[cell]).bit_count())
        return moves

    def play(self, move: int) -> MNKNode:
        geo = self.geo
        bit = 1 << move
        mine = self.me | bit
        opp = self.opp
        new_threats = 0
        for line in geo.lines_through[move]:
            if not opp & line:
                rest = line & ~mine
                if rest and not rest & (rest - 1):
                    new_threats |= rest
        child = MNKNode()
        child.geo = geo
        child.me = opp
        child.opp = mine
        child.my_open = my_open = self.opp_open & ~geo.line_ids[move]
        child.opp_open = opp_open = self.my_open
        child.my_threats = my_threats = self.opp_threats & ~bit
        child.opp_threats = opp_threats = (self.my_threats & ~bit) | new_threats
        child.keys = tuple(map(or_, self.keys, self.my_bits[move]))
        child.my_bits = self.opp_bits
        child.opp_bits = self.my_bits
        child.stones = stones = self.stones + 1
        child.forced = bool(opp_threats)
        # The bounds, as ``settle`` sets them, inlined: this runs at every node.
        base = geo.base
        if self.my_threats >> move & 1:
            child.lost = True
            child.low = child.high = -base
            return child
        child.lost = False
        if my_threats:
            child.low = child.high = base - 1
        elif opp_threats & (opp_threats - 1):
            child.low = child.high = 2 - base
        else:
            cells = geo.cells
            child.high = base - 3 if my_open and stones + 3 <= cells else 0
            child.low = 4 - base if opp_open and stones + 4 <= cells else 0
        return child

    def evaluate(self) -> int:
        return self.geo.evaluate(self.me, self.opp)


def compiled_entry(game: MNKBoard) -> CompiledEntry | None:
    """How the compiled core (``_core/mnk_node.c``) searches ``game``'s nodes; None if the board is too big."""
    if game.cells > MAX_COMPILED_CELLS or game.k > MAX_COMPILED_K or len(game.lines) > MAX_COMPILED_LINES:
        return None
    from perfectplay.hooks import CompiledEntry  # here: a game that is only played never needs it

    geo = geometry(game)

    def configure(core: Search) -> None:
        core.configure_mnk(
            geo.cells,
            geo.base,
            game.k,
            tuple(geo.lines),
            tuple(tuple(masks) for masks in geo.lines_through),
            geo.perms,
            geo.order,
        )

    return CompiledEntry(configure, _enter)


def _enter(core: Search, node: Any, ply: int, depth: int, alpha: int, beta: int) -> int:
    """``Negamax.search`` in C from an ``MNKNode``: its fields, as ``Search.mnk`` takes them."""
    return core.mnk(
        node.me,
        node.opp,
        node.my_open,
        node.opp_open,
        node.my_threats,
        node.opp_threats,
        node.keys,
        node.my_bits is node.geo.o_bits,
        node.stones,
        node.lost,
        node.forced,
        node.low,
        node.high,
        ply,
        depth,
        alpha,
        beta,
    )
