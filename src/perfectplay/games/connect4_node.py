"""Connect Four's search hooks: Pascal Pons's bitboards and the shortcuts of his solver.

The solver sees a position as two bitboards laid out column by column, with
one spare bit on top of each column (7x6 shown; bit numbers)::

     6 13 20 27 34 41 48    <- the sentinel row: never set, so a shift
     5 12 19 26 33 40 47       never carries a line from one column into
     4 11 18 25 32 39 46       the next
     3 10 17 24 31 38 45
     2  9 16 23 30 37 44
     1  8 15 22 29 36 43
     0  7 14 21 28 35 42    <- the bottom row

``pos`` holds the stones of the side to move and ``mask`` every stone.
Playing column ``c`` adds ``(mask + bottom of c) & column c`` to the mask
(the carry finds the lowest empty cell) and hands the move to the other
side, whose stones are ``pos ^ mask``. ``pos + mask`` is a unique key: per
column it is the stones of the side to move plus a run of ones, whose top
bit marks the column's height.

What the node knows, after Pons's blog "Solving Connect 4" (parts 6-12):

* **Winning cells.** Each side's empty cells that would complete a four,
  found for all lines at once by shifting the bitboard in the four
  directions. They travel down the tree: the mover's after a move are the
  opponent's before it, minus the cell just filled.
* **Immediate win**: a winning cell that is playable. The value is then
  known (win in 1).
* **Losing moves anticipated.** A move is *non-losing* unless it leaves the
  opponent an immediate win: it must block the opponent's playable winning
  cell if there is one, and must not play under an opponent's winning
  cell. Two playable opponent wins, or no non-losing move, is a loss in 2;
  exactly one non-losing move is ``forced``; only non-losing moves are
  searched.
* **Bounds.** Without an immediate win the side to move wins three plies
  later at best; after a non-losing move it loses four plies later at
  worst; with two or fewer cells left and a non-losing move it is a draw.
* **Move order**: non-losing moves that leave the mover the most winning
  cells first, centre columns first among equals; a move right under one of
  the mover's own winning cells counts one cell less (the opponent blocks
  it at once: 27% fewer nodes on ``4455``, as bitbully orders). A cell
  right above an opponent's winning cell is not counted, and a cell on the
  mover's own rows (odd from the bottom for the first player) counts half
  again: 11% fewer nodes on plies 6-8 and Middle-Medium, 11% on ``2367327``
  (docs/connect4.md); a move that threatens to win at once, half a cell
  more: 2% fewer again. The winning cells each candidate leaves are kept,
  as they are the child's, for ``play``.
* **Transient positions**: near the end of a big board (``TRANSIENT_EMPTY``)
  a position skips the transposition table, cheaper to search again than
  to look up.
* **Heuristic** at the horizon: winning cells and centre stones, the side
  to move's minus the other side's.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from perfectplay.game import Player
from perfectplay.games.grid import Stones

if TYPE_CHECKING:
    from perfectplay._core import Search
    from perfectplay.hooks import CompiledEntry

Threats = Callable[[int, int], int]

TRANSIENT_BOARD = 42
TRANSIENT_EMPTY = 12
"""On boards of ``TRANSIENT_BOARD`` cells or more, positions with ``TRANSIENT_EMPTY`` empty cells or fewer
skip the transposition table (``transient``). Below them the search is cheap, and there are so many
such positions that a table lookup, a cache miss, costs more than searching them again: ``4455`` every
move exact searched 2.5 times the nodes in half the CPU time (benchmarks/empty_board.py). On smaller
boards the whole table is small enough to stay cheap, so every position keeps its entry."""

STORE_MIN = 8
"""A position met for the first time gets a table entry only if its search took at least this many nodes
(``store_min``): a smaller search is cheaper to repeat than to keep. ``64476`` every move exact then
stored 10.1 M entries instead of 15.5 M for 5% more nodes, and its table fit an array of 256 MB
instead of 512 MB, whose fresh pages the kernel zeroes: 0.7 s of system CPU instead of 3.1, 9.8 s
of CPU in all instead of 12.8 on a busy machine (benchmarks/analyze_plies.py; with the final
drivers 10.6 M entries, 136.2 M nodes)."""

MAX_COMPILED_BITS = 128
"""The compiled core's bitboards: a board of ``width * (height + 1)`` bits up to this is compiled."""


class Connect4Board(Protocol):
    """What the node reads of the game (``Connect4`` is one).

    A protocol rather than the class, so that this module needs nothing of
    ``connect4.py``: the game imports its node, never the other way round.
    """

    width: int
    height: int


def threat_finder(height: int, board: int) -> Threats:
    """``threats(stones, mask)``: the empty cells (not in ``mask``) where one more stone makes a four.

    A cell is such a cell when, along some direction, the three cells
    before it, the three after it, or two on one side and one on the other
    hold ``stones``. Shifting by ``step`` moves every stone one cell along a
    direction: 1 up a column, ``height + 1`` across a row, ``height`` and
    ``height + 2`` along the two diagonals. (Unrolled: it runs for every
    move the search orders.)
    """
    r1, r2, r3 = height + 1, 2 * (height + 1), 3 * (height + 1)
    d1, d2, d3 = height, 2 * height, 3 * height
    u1, u2, u3 = height + 2, 2 * (height + 2), 3 * (height + 2)

    def threats(stones: int, mask: int) -> int:
        before, after = stones << r1, stones >> r1
        cells = (stones << 1) & (stones << 2) & (stones << 3)
        cells |= before & (stones << r2) & ((stones << r3) | after) | after & (stones >> r2) & ((stones >> r3) | before)
        before, after = stones << d1, stones >> d1
        cells |= before & (stones << d2) & ((stones << d3) | after) | after & (stones >> d2) & ((stones >> d3) | before)
        before, after = stones << u1, stones >> u1
        cells |= before & (stones << u2) & ((stones << u3) | after) | after & (stones >> u2) & ((stones >> u3) | before)
        return cells & (board ^ mask)

    return threats


class Connect4Geometry:
    """A board size's constant bitboards and tables, built once per size."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.stride = stride = height + 1
        self.cells = width * height
        self.base = self.cells + 2
        self.transient_stones = self.cells - TRANSIENT_EMPTY if self.cells >= TRANSIENT_BOARD else self.cells + 1
        self.mirror_stones = self.cells // 2
        self.column = (1 << stride) - 1
        self.bottom = sum(1 << (col * stride) for col in range(width))
        self.board = self.bottom * ((1 << height) - 1)
        self.bottom_bits: tuple[int, ...] = tuple(1 << (col * stride) for col in range(width))
        self.column_bits: tuple[int, ...] = tuple(((1 << height) - 1) << (col * stride) for col in range(width))
        self.centre = self.column_bits[width // 2] | (self.column_bits[(width - 1) // 2])
        # Rows 1, 3, 5, ... from the bottom: every other bit of each column, from its first.
        self.odd_rows = self.bottom * (((1 << (2 * ((height + 1) // 2))) - 1) // 3)
        # Centre columns first, then outwards (left of centre before right on a tie).
        self.order: tuple[int, ...] = tuple(sorted(range(width), key=lambda col: (abs(2 * col - (width - 1)), col)))
        self.threats = threat_finder(height, self.board)
        # Bitboard bit of each cell of the game's row-major numbering (row 0 is the top).
        self.bit_of_cell: tuple[int, ...] = tuple(
            1 << ((cell % width) * stride + height - 1 - cell // width) for cell in range(self.cells)
        )

    def mirror(self, key: int) -> int:
        """A key (``pos + mask``) of the mirror image: the columns in the opposite order.

        Each column's part of a key stays within its ``stride`` bits (its
        stones plus a run of ones below the column's top marker).
        """
        stride, column, last = self.stride, self.column, self.width - 1
        image = 0
        for col in range(self.width):
            image |= (key >> (col * stride) & column) << ((last - col) * stride)
        return image

    def bitboard(self, cells: int) -> int:
        """A row-major cell mask (the game's numbering) as a bitboard."""
        bits = 0
        for cell, bit in enumerate(self.bit_of_cell):
            if cells >> cell & 1:
                bits |= bit
        return bits


@cache
def geometry(width: int, height: int) -> Connect4Geometry:
    return Connect4Geometry(width, height)


class Connect4Node:
    """A Connect Four position from the side to move's point of view, with both sides' winning cells.

    ``my_win`` and ``opp_win`` are the empty cells where the side to move,
    and the other side, would complete a four; ``safe`` the columns' cells
    worth searching (the non-losing moves, or the immediate wins);
    ``found`` the winning cells each move ordered by ``moves`` leaves its
    mover (reused by ``play``).
    """

    __slots__ = (
        "forced",
        "found",
        "geo",
        "high",
        "low",
        "mask",
        "mirrored",
        "my_win",
        "opp_win",
        "pos",
        "safe",
        "stones",
        "transient",
    )

    store_min = STORE_MIN  # see ``STORE_MIN`` (``negamax.py`` reads it)

    geo: Connect4Geometry
    pos: int
    mask: int
    stones: int
    my_win: int
    opp_win: int
    safe: int
    forced: bool
    low: int
    high: int
    found: dict[int, int] | None
    transient: bool
    mirrored: bool

    @classmethod
    def root(cls, game: Connect4Board, state: Stones) -> Connect4Node:
        """The node of any legal position, its winning cells computed from scratch."""
        geo = geometry(game.width, game.height)
        x, o = geo.bitboard(state.x), geo.bitboard(state.o)
        node = cls()
        node.geo = geo
        node.pos = pos = x if state.to_move is Player.X else o
        node.mask = mask = x | o
        node.stones = stones = mask.bit_count()
        node.transient = stones >= geo.transient_stones
        node.found = None
        node.mirrored = False
        node.my_win = geo.threats(pos, mask)
        node.opp_win = geo.threats(mask ^ pos, mask)
        if state.winner is not None:
            node.lose()
        else:
            node.settle()
        return node

    def lose(self) -> None:
        """The other side's last stone made a four: the game is over and lost for the side to move."""
        self.low = self.high = -self.geo.base
        self.forced = False
        self.safe = 0

    def settle(self) -> None:
        """Set ``low``, ``high``, ``forced`` and ``safe`` from the winning cells."""
        geo = self.geo
        base = geo.base
        mask = self.mask
        possible = (mask + geo.bottom) & geo.board
        self.forced = False
        wins = self.my_win & possible
        if wins:
            self.low = self.high = base - 1
            self.safe = wins
            return
        opp_win = self.opp_win
        must_block = possible & opp_win
        if must_block:
            if must_block & (must_block - 1):
                self.low = self.high = 2 - base  # two threats: block one, lose to the other
                self.safe = 0
                return
            possible = must_block
        self.safe = safe = possible & ~(opp_win >> 1)
        stones = self.stones
        if not safe:
            # Every move lets the opponent win at once, unless the board is full.
            self.low = self.high = 2 - base if possible else 0
        elif stones >= geo.cells - 2:
            self.low = self.high = 0  # one or two cells left and no win for anyone
        else:
            self.forced = not safe & (safe - 1)
            self.high = base - 3
            self.low = 4 - base if stones + 4 <= geo.cells else 0

    def key(self) -> int:
        """``pos + mask``, or its mirror image's if smaller, on a board at most half full (``mirrored`` says which).

        A position and its mirror image have one value, so they share an
        entry; the table's move is then the mirror image's (``to_key_frame``).
        Past half full, where mirror images are rarely met, the plain key
        saves the work.
        """
        key = self.pos + self.mask
        geo = self.geo
        if self.stones > geo.mirror_stones:
            return key
        image = geo.mirror(key)
        self.mirrored = image < key
        return image if self.mirrored else key

    def to_key_frame(self, move: int) -> int:
        return self.geo.width - 1 - move if self.mirrored else move

    def from_key_frame(self, move: int) -> int:
        return self.geo.width - 1 - move if self.mirrored else move

    def moves(self) -> list[int]:
        geo = self.geo
        safe = self.safe
        if self.forced:
            return [(safe.bit_length() - 1) // geo.stride]
        if not safe:
            safe = (self.mask + geo.bottom) & geo.board  # lost anyway: every legal move, in order
        pos, mask, my_win, threats, column_bits = self.pos, self.mask, self.my_win, geo.threats, geo.column_bits
        # A cell right above one of the opponent's winning cells is not counted: the mover cannot take it
        # before that cell is filled, and filling it gives it away. A cell on the mover's own rows (odd
        # from the bottom for the first player, even for the second: the cells zugzwang hands each side
        # at the end) counts half again.
        blocked = self.opp_win << 1
        own_rows = geo.board & ~geo.odd_rows if self.stones & 1 else geo.odd_rows
        bottom, board = geo.bottom, geo.board
        found: dict[int, int] = {}
        counts: dict[int, int] = {}
        for col in geo.order:
            bit = safe & column_bits[col]
            if bit:
                found[col] = cells = threats(pos | bit, mask) & ~bit
                useful = cells & ~blocked
                # A move right under one of the mover's own winning cells lets the opponent block
                # that cell at once: it counts one cell less.
                count = useful.bit_count() - 1 if my_win & (bit << 1) else useful.bit_count()
                count = 2 * count + (useful & own_rows).bit_count()
                # A move that threatens to win at once (a cell the opponent must block now) half a cell more.
                counts[col] = count + 1 if useful & (((mask | bit) + bottom) & board) else count
        self.found = found
        moves = list(found)
        if len(moves) > 1:
            # A stable sort: the centre-first order stays among equal counts.
            moves.sort(key=counts.__getitem__, reverse=True)
        return moves

    def play(self, move: int) -> Connect4Node:
        geo = self.geo
        mask = self.mask
        bit = (mask + geo.bottom_bits[move]) & geo.column_bits[move]
        pos = self.pos
        child = Connect4Node()
        child.geo = geo
        child.pos = pos ^ mask
        child.mask = new_mask = mask | bit
        child.stones = stones = self.stones + 1
        child.transient = stones >= geo.transient_stones
        child.found = None
        child.mirrored = False
        child.my_win = self.opp_win & ~bit
        found = self.found
        opp_win = found.get(move) if found is not None else None
        child.opp_win = geo.threats(pos | bit, new_mask) if opp_win is None else opp_win
        if self.my_win & bit:
            child.lose()
        else:
            child.settle()
        return child

    def evaluate(self) -> int:
        centre = self.geo.centre
        mine, theirs = self.pos, self.pos ^ self.mask
        return 4 * (self.my_win.bit_count() - self.opp_win.bit_count()) + (
            (mine & centre).bit_count() - (theirs & centre).bit_count()
        )


def compiled_entry(width: int, height: int) -> CompiledEntry | None:
    """How the compiled core (``_core/connect4_node.c``) searches these nodes; None if its bitboards are too small."""
    if width * (height + 1) > MAX_COMPILED_BITS:
        return None
    from perfectplay.hooks import CompiledEntry  # here: a game that is only played never needs it

    def configure(core: Search) -> None:
        core.configure_connect4(width, height)

    return CompiledEntry(configure, _enter)


def _enter(core: Search, node: Any, ply: int, depth: int, alpha: int, beta: int) -> int:
    """``Negamax.search`` in C from a ``Connect4Node``: its fields, as ``Search.connect4`` takes them."""
    return core.connect4(
        node.pos,
        node.mask,
        node.stones,
        node.my_win,
        node.opp_win,
        node.safe,
        node.forced,
        node.low,
        node.high,
        ply,
        depth,
        alpha,
        beta,
    )
