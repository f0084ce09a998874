"""What every board game on a grid of cells shares: the drawing notation, lines of k, and who moves next.

Cells are numbered row-major from the top left, and a side's stones are a
bitmask over those numbers (bit ``i`` set <=> a stone on cell ``i``)::

     0 | 1 | 2 | 3
    ---+---+---+---
     4 | 5 | 6 | 7        a 2x4 board

A position is drawn as rows from the top, separated by ``/``: ``X`` and
``O`` for stones (any letter case), ``.`` (or ``-``, ``_``, a space) for an
empty cell, e.g. ``XOX/OO./.X.``. m,n,k boards and Connect Four read and
write positions this way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from perfectplay.errors import PositionError
from perfectplay.game import Game, Player


class Stones(Protocol):
    """A position on a grid as its game and its search node both read it (``MNKState``, ``Connect4State``).

    Declared here, where both import it, so that a game's node module needs
    nothing of the game's own module: the game imports its node, never the
    other way round.
    """

    @property
    def x(self) -> int: ...

    @property
    def o(self) -> int: ...

    @property
    def to_move(self) -> Player: ...

    @property
    def winner(self) -> Player | None: ...


StonesT = TypeVar("StonesT", bound=Stones)

StateType = Callable[[int, int, Player, None], StonesT]
"""A grid game's position type called with the fields of an empty board: ``x``, ``o``, ``to_move``, ``winner``."""


class GridGame(Game[StonesT]):
    """The rules both grid games state alike: lines of ``k`` on ``rows`` x ``cols`` cells, stones, the winner.

    A game sets its own attributes and then calls ``__init__``, which adds
    ``cells``, ``full`` (every cell's bit), ``lines`` (every line as a
    bitmask) and ``lines_through`` (the lines through each cell, the hot
    lookup of ``play``). The moves are the first ``moves`` cells
    (``move_count``), each open while its cell is empty: every cell of an
    m,n,k board, the top row of Connect Four (column ``c``'s top cell is
    cell ``c``). ``state`` is the game's position type, built from its
    fields ``(x, o, to_move, winner)``: the empty board is one for both.
    People see and type a move from 1 (a cell's or a column's number).
    """

    def __init__(self, rows: int, cols: int, k: int, moves: int, state: StateType[StonesT]) -> None:
        self.state_type = state
        self.move_count = moves
        self.cells = rows * cols
        self.full = (1 << self.cells) - 1
        self.lines: tuple[int, ...] = line_masks(rows, cols, k)
        self.lines_through: tuple[tuple[int, ...], ...] = tuple(
            tuple(mask for mask in self.lines if mask >> cell & 1) for cell in range(self.cells)
        )

    def initial_state(self, first: Player = Player.X) -> StonesT:
        return self.state_type(0, 0, first, None)

    def move_label(self, move: int) -> str:
        return str(move + 1)

    @property
    def max_plies(self) -> int:
        return self.cells

    def to_move(self, state: StonesT) -> Player:
        return state.to_move

    def winner(self, state: StonesT) -> Player | None:
        return state.winner

    def is_over(self, state: StonesT) -> bool:
        return state.winner is not None or (state.x | state.o) == self.full

    def legal_moves(self, state: StonesT) -> tuple[int, ...]:
        if state.winner is not None:
            return ()
        taken = state.x | state.o
        return tuple([move for move in range(self.move_count) if not taken >> move & 1])  # a list is built faster

    def searches_own_node(self, game_class: type[GridGame[StonesT]]) -> bool:
        """Whether this game searches with ``game_class``'s own node, the one the compiled core mirrors.

        A subclass with a node of its own is searched in Python: its
        ``compiled_entry`` is None.
        """
        return type(self).search_node is game_class.search_node

    def highlight(self, state: StonesT) -> tuple[int, ...]:
        return self.winning_line(state)

    def stones(self, state: StonesT, player: Player) -> int:
        """``player``'s stones as a bitmask over the cells, as ``lines`` are (for evaluation functions)."""
        return state.x if player is Player.X else state.o

    def stone_at(self, state: StonesT, cell: int) -> Player | None:
        if state.x >> cell & 1:
            return Player.X
        if state.o >> cell & 1:
            return Player.O
        return None

    def winning_line(self, state: StonesT) -> tuple[int, ...]:
        """The cells of the winner's line(s), or () if nobody has won."""
        if state.winner is None:
            return ()
        return cells_of_complete_lines(self.stones(state, state.winner), self.lines)


EMPTY_CHARS = frozenset(".-_ ")
"""Characters that mean an empty cell in position text."""


def rows_text(text: str) -> str:
    """Position text with rows separated by ``/`` only (newlines also separate rows)."""
    return text.strip("\r\n\t").replace("\r\n", "/").replace("\n", "/")


def line_masks(rows: int, cols: int, k: int) -> tuple[int, ...]:
    """Every set of ``k`` cells in a row, column or diagonal, as a bitmask."""
    masks: list[int] = []
    for row in range(rows):
        for col in range(cols):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_row, end_col = row + d_row * (k - 1), col + d_col * (k - 1)
                if not (0 <= end_row < rows and 0 <= end_col < cols):
                    continue
                mask = 0
                for step in range(k):
                    mask |= 1 << ((row + d_row * step) * cols + col + d_col * step)
                masks.append(mask)
    # k == 1 finds each single cell four times, once per direction.
    return tuple(dict.fromkeys(masks))


def read_grid(text: str, rows: int, cols: int) -> tuple[int, int]:
    """X's and O's stones in a drawing of a ``rows`` x ``cols`` board (``XOX/OO./.X.``, or flat ``XOXOO..X.``)."""
    if not isinstance(text, str):
        raise PositionError(f"a position must be text, not {type(text).__name__}")
    cells = rows * cols
    body = rows_text(text)
    if "/" in body:
        lines = body.split("/")
    elif len(body) == cells:
        lines = [body[start : start + cols] for start in range(0, cells, cols)]
    else:
        raise PositionError(
            f"expected {rows} rows of {cols} cells separated by '/', "
            f"or {cells} cells in one string; got {len(body)} characters"
        )
    if len(lines) != rows:
        raise PositionError(f"expected {rows} rows separated by '/', got {len(lines)}")
    x = o = 0
    for row, line in enumerate(lines):
        if len(line) != cols:
            raise PositionError(f"row {row + 1} has {len(line)} cells, expected {cols}")
        for col, char in enumerate(line):
            bit = 1 << (row * cols + col)
            if char in "xX":
                x |= bit
            elif char in "oO":
                o |= bit
            elif char not in EMPTY_CHARS:
                raise PositionError(
                    f"unknown character {char!r} in row {row + 1}, column {col + 1}: "
                    "use X, O, and . - _ or space for empty"
                )
    return x, o


def format_grid(x: int, o: int, rows: int, cols: int) -> str:
    """The drawing ``read_grid`` reads back: rows from the top separated by ``/``."""
    lines = []
    for row in range(rows):
        chars = []
        for cell in range(row * cols, (row + 1) * cols):
            chars.append("X" if x >> cell & 1 else "O" if o >> cell & 1 else ".")
        lines.append("".join(chars))
    return "/".join(lines)


def side_to_move(x_count: int, o_count: int, to_move: Player | None) -> Player:
    """Who moves next, from the stone counts and an optional explicit side.

    Either side may have started, so equal counts allow either side to
    move (X when not told); one stone more for a side means the other
    side moves.
    """
    difference = x_count - o_count
    if abs(difference) > 1:
        raise PositionError(f"X has {x_count} stones and O has {o_count}: the counts can differ by at most one")
    if difference == 0:
        return to_move or Player.X
    ahead = Player.X if difference == 1 else Player.O
    if to_move is ahead:
        raise PositionError(
            f"{ahead.value} has one stone more than {ahead.other.value}, "
            f"so {ahead.other.value} is to move, not {ahead.value}"
        )
    return ahead.other


def mover_and_winner(
    x: int, o: int, lines: tuple[int, ...], to_move: Player | None, *, line_name: str, last_cells: int
) -> tuple[Player, Player | None]:
    """The side to move and the winner of a drawn position, or ``PositionError`` if no game ends there.

    A game stops at the first completed line, so at most one side has
    lines, they all pass through the stone played last (one of
    ``last_cells``: any cell on an m,n,k board, the top stone of a column
    in Connect Four), and the winner is not the side to move. With equal
    counts and a winner, the winner moved last, so the loser started.
    ``line_name`` says what a line is, e.g. ``"3 in a row"``.
    """
    x_lines = [mask for mask in lines if x & mask == mask]
    o_lines = [mask for mask in lines if o & mask == mask]
    if x_lines and o_lines:
        raise PositionError(f"both X and O have {line_name}; a game stops at the first line")
    winner = Player.X if x_lines else Player.O if o_lines else None
    if to_move is None and winner is not None and x.bit_count() == o.bit_count():
        to_move = winner.other
    mover = side_to_move(x.bit_count(), o.bit_count(), to_move)
    if winner is None:
        return mover, None
    if mover is winner:
        raise PositionError(
            f"{winner.value} has {line_name} but {winner.value} is to move: "
            f"{winner.other.value} played on after the game was won"
        )
    shared = -1
    for mask in x_lines or o_lines:
        shared &= mask
    if not shared:
        raise PositionError(
            f"{winner.value} has separate lines that no single last move completes: "
            "play continued after the game was won"
        )
    if not shared & last_cells:
        raise PositionError(
            f"{winner.value} has {line_name} that the last move did not make: "
            "none of its stones can have been played last"
        )
    return mover, winner


new_state = tuple.__new__
"""Builds a game's named-tuple state from a tuple of its fields, without the named tuple's own keyword-taking
``__new__``: ``play`` does it once per node of every search (with ``played``: the textbook minimax of the empty
3x3 board, 549,946 nodes, 1.29 -> 0.96 s of CPU)."""


def played(state: tuple[int, int, Player, Player | None], bit: int, lines: tuple[int, ...]) -> tuple[object, ...]:
    """The fields ``(x, o, to_move, winner)`` after the side to move puts a stone on ``bit``, whose lines are ``lines``.

    The hot step of both grid games' ``play``, once per node of the
    textbook searches: a plain loop that stops at the first complete line,
    cheaper than ``any`` over a generator.
    """
    x, o, mover, _ = state
    stones = (x if mover is Player.X else o) | bit
    winner = None
    for mask in lines:
        if stones & mask == mask:
            winner = mover
            break
    if mover is Player.X:
        return (stones, o, Player.O, winner)
    return (x, stones, Player.X, winner)


def cells_of_complete_lines(stones: int, lines: tuple[int, ...]) -> tuple[int, ...]:
    """The cells of every line that ``stones`` fill completely (a winner's line or lines), in order."""
    cells = 0
    for mask in lines:
        if stones & mask == mask:
            cells |= mask
    return tuple(cell for cell in range(cells.bit_length()) if cells >> cell & 1)
