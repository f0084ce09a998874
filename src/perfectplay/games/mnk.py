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

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from perfectplay.errors import IllegalMoveError, PositionError, VariantError
from perfectplay.game import Player
from perfectplay.games.grid import (
    GridGame,
    format_grid,
    mover_and_winner,
    new_state,
    played,
    read_grid,
    rows_text,
)
from perfectplay.games.mnk_node import MNKNode, compiled_entry
from perfectplay.games.symmetry import symmetries, transform

if TYPE_CHECKING:
    from perfectplay.hooks import CompiledEntry

MAX_SIDE = 15
"""Largest number of rows or columns we accept (15x15 is gomoku's board)."""


class MNKState(NamedTuple):
    """An immutable m,n,k position. Build it with ``MNK.parse`` or ``MNK.play``."""

    x: int
    o: int
    to_move: Player
    winner: Player | None


class MNK(GridGame[MNKState]):
    """The m,n,k game on ``rows`` x ``cols`` with ``k`` in a row to win.

    Its spec is ``mnk:ROWS,COLS,K`` (``tictactoe`` for 3,3,3). A move is a
    cell index, row-major from 0; people see and type the cell's number
    from 1, as drawn on the board, or its row and column from 1.
    """

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
        super().__init__(rows, cols, k, moves=rows * cols, state=MNKState)

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
        return f"mnk:{self.rows},{self.cols},{self.k}"

    @property
    def title(self) -> str:
        if self.dimensions == (3, 3, 3):
            return "Tic-tac-toe"
        return f"{self.rows}x{self.cols}, {self.k} in a row"

    # --- the Game protocol -------------------------------------------------

    def play(self, state: MNKState, move: int) -> MNKState:
        if not isinstance(move, int) or not 0 <= move < self.cells:
            raise IllegalMoveError(f"move {move!r} is off the board: cells are 0 to {self.cells - 1}")
        bit = 1 << move
        if (state.x | state.o) & bit:
            raise IllegalMoveError(f"cell {move} is already taken")
        if state.winner is not None:
            raise IllegalMoveError(f"the game is over: {state.winner.value} has won")
        return new_state(MNKState, played(state, bit, self.lines_through[move]))

    # --- how people see it --------------------------------------------------

    def move_fields(self, move: int) -> dict[str, int]:
        row, col = self.row_col(move)
        return {"row": row, "col": col}

    def move_help(self, state: MNKState) -> str:
        return f"a cell number (1-{self.cells}) or 'row col'"

    def parse_move(self, text: str, state: MNKState) -> int:
        """A cell number as drawn on the board (from 1), or ``row col`` (both from 1)."""
        words = text.replace(",", " ").split()
        last = self.cells
        shown = text.strip()[:20]
        if not words:
            raise IllegalMoveError(f"Type the number of a free cell (1-{last}) or 'row col'.")
        # str.isdigit accepts '²' and '①', which int() refuses: only ASCII digits make a number.
        if len(words) > 2 or not all(word.isascii() and word.isdigit() and len(word) <= 4 for word in words):
            raise IllegalMoveError(f"{shown!r} is not a cell: type a number from 1 to {last} or 'row col'.")
        if len(words) == 1:
            number = int(words[0])
            if not 1 <= number <= last:
                raise IllegalMoveError(f"There is no cell {number}: pick a number from 1 to {last}.")
            cell = number - 1
        else:
            row, col = int(words[0]), int(words[1])
            if not (1 <= row <= self.rows and 1 <= col <= self.cols):
                raise IllegalMoveError(
                    f"Row {row}, column {col} is off the board: rows go 1-{self.rows}, columns 1-{self.cols}."
                )
            cell = self.cell(row - 1, col - 1)
        if self.stone_at(state, cell) is not None:
            raise IllegalMoveError(f"Cell {cell + 1} is taken: pick a free cell.")
        if state.winner is not None:
            raise IllegalMoveError(f"The game is over: {state.winner.value} has won.")
        return cell

    def draw(self, state: MNKState, last_move: int | None = None, marks: Mapping[int, str] | None = None) -> str:
        """The board with the number of every free cell (from 1, what a person types).

        The last move is drawn ``[X]`` and a winning line ``*X*``, so both
        read without colour; ``marks`` replace the numbers of free cells.
        """
        highlight = set(self.winning_line(state))
        labels = {cell: str(cell + 1) for cell in range(self.cells)} | dict(marks or {})
        width = max(3, *(len(label) + 2 for label in labels.values()))
        lines = []
        for row in range(self.rows):
            cells = []
            for col in range(self.cols):
                cell = self.cell(row, col)
                stone = self.stone_at(state, cell)
                if stone is None:
                    cells.append(labels[cell].center(width))
                elif cell in highlight:
                    cells.append(f"*{stone.value}*".center(width))
                elif cell == last_move:
                    cells.append(f"[{stone.value}]".center(width))
                else:
                    cells.append(stone.value.center(width))
            lines.append(" " + "|".join(cells))
            if row < self.rows - 1:
                lines.append(" " + "+".join("-" * width for _ in range(self.cols)))
        return "\n".join(lines)

    def view(self, state: MNKState) -> dict[str, Any]:
        """A grid of ``rows`` x ``cols`` cells; a click on a free cell plays that cell.

        Every cell is labelled with its number from 1, as ``draw`` shows it
        and a person types it; the page shows the label on empty cells.
        """
        cells = []
        for cell in range(self.cells):
            stone = self.stone_at(state, cell)
            cells.append("" if stone is None else stone.value)
        over = self.is_over(state)
        return {
            "kind": "grid",
            "rows": self.rows,
            "cols": self.cols,
            "cells": cells,
            "click": [None if over or stone else cell for cell, stone in enumerate(cells)],
            "drop": False,
            "line": list(self.winning_line(state)),
            "labels": [self.move_label(cell) for cell in range(self.cells)],
        }

    def move_cells(self, state: MNKState, last_move: int) -> tuple[int, ...]:
        return (last_move,)

    def symmetry_key(self, state: MNKState) -> str:
        """The smallest drawing among the board's rotations and reflections, and the side to move."""
        images = (
            self.format(state._replace(x=transform(perm, state.x), o=transform(perm, state.o)))
            for perm in symmetries(self.rows, self.cols)
        )
        return f"{min(images)} {state.to_move.value}"

    # --- search hooks --------------------------------------------------------

    def search_node(self, state: MNKState) -> MNKNode:
        return MNKNode.root(self, state)

    def compiled_entry(self) -> CompiledEntry | None:
        return compiled_entry(self) if self.searches_own_node(MNK) else None

    # --- board geometry -----------------------------------------------------

    def row_col(self, move: int) -> tuple[int, int]:
        """Row and column (from 0) of a cell index."""
        return divmod(move, self.cols)

    def cell(self, row: int, col: int) -> int:
        """Cell index of a row and column (from 0)."""
        return row * self.cols + col

    # --- notation -----------------------------------------------------------

    def format(self, state: MNKState) -> str:
        return format_grid(state.x, state.o, self.rows, self.cols)

    def parse(self, text: str, to_move: Player | None = None) -> MNKState:
        """Read ``XOX/OO./.X.`` (or the flat ``XOXOO..X.``) into a state.

        Empty cells may be ``.``, ``-``, ``_`` or a space; letters in any case;
        rows may also be separated by newlines. The position must be one that
        can arise in play; otherwise ``PositionError`` says what is wrong.
        """
        x, o = read_grid(text, self.rows, self.cols)
        line_name = f"{self.k} in a row"
        mover, winner = mover_and_winner(x, o, self.lines, to_move, line_name=line_name, last_cells=self.full)
        return MNKState(x, o, mover, winner)


class TicTacToe(MNK):
    """Tic-tac-toe: the 3,3,3 game."""

    def __init__(self) -> None:
        super().__init__(3, 3, 3)

    def __repr__(self) -> str:
        return "TicTacToe()"


def make_mnk(rows: int = 3, cols: int = 3, k: int | None = None) -> MNK:
    """The m,n,k game for these dimensions; ``k`` defaults to the shorter side."""
    if k is None:
        k = min(rows, cols)
    if (rows, cols, k) == (3, 3, 3):
        return TicTacToe()
    return MNK(rows, cols, k)


def board_shape(text: str) -> tuple[int, int]:
    """Rows and columns that a ``/``-separated position string describes."""
    if not isinstance(text, str):
        raise PositionError(f"a position must be text, not {type(text).__name__}")
    body = rows_text(text)
    rows = body.split("/")
    if "/" not in body:
        if len(rows[0]) == 9:
            return 3, 3
        raise PositionError(
            "a position without '/' must have 9 cells (3x3); separate rows with '/' or name the board (mnk:ROWS,COLS,K)"
        )
    if len(rows) > MAX_SIDE or len(rows[0]) > MAX_SIDE:
        raise PositionError(f"the board is {len(rows)}x{len(rows[0])}; at most {MAX_SIDE}x{MAX_SIDE} is supported")
    if not rows[0]:  # "/" or "/X..": the board's width is its first row's, and that row has no cell
        raise PositionError("row 1 is empty: write each row's cells, X, O or . for an empty one, between the '/'s")
    return len(rows), len(rows[0])


def mnk_from_spec(params: str | None, position: str | None) -> MNK:
    """``mnk:ROWS,COLS[,K]``; without parameters the size is read from ``position`` (3x3 without one)."""
    if params is None:
        if position is None:
            return TicTacToe()
        return make_mnk(*board_shape(position))
    parts = [part.strip() for part in params.split(",")]
    if len(parts) not in (2, 3) or not all(part.isascii() and part.isdigit() and len(part) <= 3 for part in parts):
        raise VariantError(f"mnk takes ROWS,COLS or ROWS,COLS,K, such as mnk:4,4,4; not {params[:20]!r}")
    numbers = [int(part) for part in parts]
    return make_mnk(numbers[0], numbers[1], numbers[2] if len(numbers) == 3 else None)
