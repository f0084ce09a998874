"""Positions as the checker sees them: nine cells and the side to move, nothing else.

The checker talks to candidates in many shapes (flat lists, nested lists,
text lines), so it keeps its own tiny, engine-free position type: the cells
as a 9-character string of ``X``, ``O`` and ``.``, row-major from the top
left, and the side to move. Cells are numbered 0-8 in the library and the
JSON, 1-9 wherever a person reads them::

     1 | 2 | 3          0 | 1 | 2
    ---+---+---        ---+---+---
     4 | 5 | 6          3 | 4 | 5     (library, JSON)
    ---+---+---        ---+---+---
     7 | 8 | 9          6 | 7 | 8
"""

from __future__ import annotations

import functools
from typing import NamedTuple

EMPTY = "."
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
"""The eight lines of three: rows, columns, diagonals."""


def other(side: str) -> str:
    return "O" if side == "X" else "X"


@functools.lru_cache(maxsize=1 << 15)
def _empty_cells(cells: str) -> tuple[int, ...]:
    # Asked tens of thousands of times a check about the same 11,000 boards (every reachable one, both colours').
    return tuple(cell for cell, mark in enumerate(cells) if mark == EMPTY)


def row_col(move: int) -> tuple[int, int]:
    return divmod(move, 3)


class TicTacToePosition(NamedTuple):
    """Nine cells (``X``, ``O``, ``.``) and the side to move (``X`` or ``O``)."""

    cells: str
    to_move: str

    @property
    def text(self) -> str:
        """The shared position notation, rows separated by ``/``: ``XOX/OO./.X.``."""
        return "/".join(self.cells[start : start + 3] for start in (0, 3, 6))

    @property
    def empty_cells(self) -> tuple[int, ...]:
        return _empty_cells(self.cells)

    @property
    def stones(self) -> int:
        return 9 - self.cells.count(EMPTY)

    def threats(self, side: str) -> tuple[int, ...]:
        """The free cells where ``side`` would complete a line at once."""
        found = {
            cell
            for line in LINES
            for cell in line
            if self.cells[cell] == EMPTY and sum(self.cells[other_cell] == side for other_cell in line) == 2
        }
        return tuple(sorted(found))

    def winning_line(self) -> tuple[int, ...]:
        """The cells of every completed line (empty if nobody has three in a row)."""
        won: set[int] = set()
        for line in LINES:
            marks = {self.cells[cell] for cell in line}
            if len(marks) == 1 and EMPTY not in marks:
                won.update(line)
        return tuple(sorted(won))

    @classmethod
    def from_text(cls, text: str, to_move: str) -> TicTacToePosition:
        """Read ``XOX/OO./.X.`` (only ``X``, ``O`` and ``.``; as this module writes it)."""
        return cls(text.replace("/", ""), to_move)

    @classmethod
    def empty(cls, first: str) -> TicTacToePosition:
        return cls(EMPTY * 9, first)
