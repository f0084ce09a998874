"""m,n,k games: ``k`` in a row on a ``rows`` x ``cols`` board. 3,3,3 is tic-tac-toe.

A state is two bitboards (one int per side) plus the side to move and the
winner, which is computed once when the winning stone lands. Cell ``i`` is
bit ``i``, row-major from the top left::

     0 | 1 | 2
    ---+---+---
     3 | 4 | 5        bit i set in ``x``  <=>  X stands on cell i
    ---+---+---
     6 | 7 | 8

Two ints copy faster in Python than any make/unmake bookkeeping, and they
make states immutable and hashable for free.
"""

from __future__ import annotations

from typing import NamedTuple

from perfectplay.errors import IllegalMoveError, PositionError, VariantError
from perfectplay.game import Player

MAX_SIDE = 15
"""Largest number of rows or columns we accept (15x15 is gomoku's board)."""

EMPTY_CHARS = frozenset(".-_ ")
"""Characters that mean an empty cell in position text."""


def rows_text(text: str) -> str:
    """Position text with rows separated by ``/`` only (newlines also separate rows)."""
    return text.strip("\r\n\t").replace("\r\n", "/").replace("\n", "/")


class MNKState(NamedTuple):
    """An immutable m,n,k position. Build it with ``MNK.parse`` or ``MNK.play``."""

    x: int
    o: int
    to_move: Player
    winner: Player | None


def _line_masks(rows: int, cols: int, k: int) -> tuple[int, ...]:
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


class MNK:
    """The m,n,k game on ``rows`` x ``cols`` with ``k`` in a row to win."""

    def __init__(self, rows: int, cols: int, k: int) -> None:
        for label, value in (("rows", rows), ("cols", cols)):
            if not isinstance(value, int) or not 1 <= value <= MAX_SIDE:
                raise VariantError(f"{label} must be a whole number from 1 to {MAX_SIDE}, not {value!r}")
        if not isinstance(k, int) or not 1 <= k <= max(rows, cols):
            raise VariantError(
                f"k must be a whole number from 1 to {max(rows, cols)} on a {rows}x{cols} board, not {k!r}"
            )
        self.rows = rows
        self.cols = cols
        self.k = k
        self.cells = rows * cols
        self.full = (1 << self.cells) - 1
        self.lines = _line_masks(rows, cols, k)
        self.lines_through: tuple[tuple[int, ...], ...] = tuple(
            tuple(mask for mask in self.lines if mask >> cell & 1) for cell in range(self.cells)
        )

    def __repr__(self) -> str:
        return f"MNK({self.rows}, {self.cols}, {self.k})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MNK) and self.dimensions == other.dimensions

    def __hash__(self) -> int:
        return hash(self.dimensions)

    @property
    def dimensions(self) -> tuple[int, int, int]:
        return (self.rows, self.cols, self.k)

    @property
    def name(self) -> str:
        if self.dimensions == (3, 3, 3):
            return "tictactoe"
        return f"mnk-{self.rows}-{self.cols}-{self.k}"

    @property
    def max_plies(self) -> int:
        return self.cells

    # --- the Game protocol -------------------------------------------------

    def initial_state(self, first: Player = Player.X) -> MNKState:
        return MNKState(0, 0, first, None)

    def to_move(self, state: MNKState) -> Player:
        return state.to_move

    def winner(self, state: MNKState) -> Player | None:
        return state.winner

    def is_over(self, state: MNKState) -> bool:
        return state.winner is not None or (state.x | state.o) == self.full

    def legal_moves(self, state: MNKState) -> tuple[int, ...]:
        if state.winner is not None:
            return ()
        taken = state.x | state.o
        return tuple(cell for cell in range(self.cells) if not taken >> cell & 1)

    def play(self, state: MNKState, move: int) -> MNKState:
        if not isinstance(move, int) or not 0 <= move < self.cells:
            raise IllegalMoveError(f"move {move!r} is off the board: cells are 0 to {self.cells - 1}")
        bit = 1 << move
        if (state.x | state.o) & bit:
            raise IllegalMoveError(f"cell {move} is already taken")
        if state.winner is not None:
            raise IllegalMoveError(f"the game is over: {state.winner.value} has won")
        if state.to_move is Player.X:
            stones = state.x | bit
            won = any(stones & mask == mask for mask in self.lines_through[move])
            return MNKState(stones, state.o, Player.O, Player.X if won else None)
        stones = state.o | bit
        won = any(stones & mask == mask for mask in self.lines_through[move])
        return MNKState(state.x, stones, Player.X, Player.O if won else None)

    def move_fields(self, move: int) -> dict[str, int]:
        row, col = self.row_col(move)
        return {"row": row, "col": col}

    # --- board geometry -----------------------------------------------------

    def row_col(self, move: int) -> tuple[int, int]:
        """Row and column (from 0) of a cell index."""
        return divmod(move, self.cols)

    def cell(self, row: int, col: int) -> int:
        """Cell index of a row and column (from 0)."""
        return row * self.cols + col

    def stone_at(self, state: MNKState, cell: int) -> Player | None:
        if state.x >> cell & 1:
            return Player.X
        if state.o >> cell & 1:
            return Player.O
        return None

    def winning_line(self, state: MNKState) -> tuple[int, ...]:
        """The cells of the winner's line(s), or () if nobody has won."""
        if state.winner is None:
            return ()
        stones = state.x if state.winner is Player.X else state.o
        cells = 0
        for mask in self.lines:
            if stones & mask == mask:
                cells |= mask
        return tuple(cell for cell in range(self.cells) if cells >> cell & 1)

    # --- notation -----------------------------------------------------------

    def format(self, state: MNKState) -> str:
        rows = []
        for row in range(self.rows):
            chars = []
            for col in range(self.cols):
                stone = self.stone_at(state, self.cell(row, col))
                chars.append("." if stone is None else stone.value)
            rows.append("".join(chars))
        return "/".join(rows)

    def parse(self, text: str, to_move: Player | None = None) -> MNKState:
        """Read ``XOX/OO./.X.`` (or the flat ``XOXOO..X.``) into a state.

        Empty cells may be ``.``, ``-``, ``_`` or a space; letters in any case;
        rows may also be separated by newlines. The position must be one that
        can arise in play; otherwise ``PositionError`` says what is wrong.
        """
        x, o = self._read_stones(text)
        x_lines = [mask for mask in self.lines if x & mask == mask]
        o_lines = [mask for mask in self.lines if o & mask == mask]
        if x_lines and o_lines:
            raise PositionError(f"both X and O have {self.k} in a row; a game stops at the first line")
        winner = Player.X if x_lines else Player.O if o_lines else None
        if to_move is None and winner is not None and x.bit_count() == o.bit_count():
            # Equal counts with a winner: the winner moved last, so the loser started.
            to_move = winner.other
        mover = self._side_to_move(x.bit_count(), o.bit_count(), to_move)
        if winner is not None:
            self._check_win_was_last_move(winner, x_lines or o_lines, mover)
        return MNKState(x, o, mover, winner)

    def _read_stones(self, text: str) -> tuple[int, int]:
        if not isinstance(text, str):
            raise PositionError(f"a position must be text, not {type(text).__name__}")
        body = rows_text(text)
        if "/" in body:
            rows = body.split("/")
        elif len(body) == self.cells:
            rows = [body[start : start + self.cols] for start in range(0, self.cells, self.cols)]
        else:
            raise PositionError(
                f"expected {self.rows} rows of {self.cols} cells separated by '/', "
                f"or {self.cells} cells in one string; got {len(body)} characters"
            )
        if len(rows) != self.rows:
            raise PositionError(f"expected {self.rows} rows separated by '/', got {len(rows)}")
        x = o = 0
        for row, line in enumerate(rows):
            if len(line) != self.cols:
                raise PositionError(f"row {row + 1} has {len(line)} cells, expected {self.cols}")
            for col, char in enumerate(line):
                bit = 1 << self.cell(row, col)
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

    @staticmethod
    def _side_to_move(x_count: int, o_count: int, to_move: Player | None) -> Player:
        """Who moves next, from the stone counts and an optional explicit side.

        Either side may have started, so equal counts allow either side to
        move; one stone more for a side means the other side moves.
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

    def _check_win_was_last_move(self, winner: Player, lines: list[int], mover: Player) -> None:
        if mover is winner:
            raise PositionError(
                f"{winner.value} has {self.k} in a row but {winner.value} is to move: "
                f"{winner.other.value} played on after the game was won"
            )
        shared = self.full
        for mask in lines:
            shared &= mask
        if not shared:
            raise PositionError(
                f"{winner.value} has separate lines that no single last move completes: "
                "play continued after the game was won"
            )


class TicTacToe(MNK):
    """Tic-tac-toe: the 3,3,3 game."""

    def __init__(self) -> None:
        super().__init__(3, 3, 3)

    def __repr__(self) -> str:
        return "TicTacToe()"
