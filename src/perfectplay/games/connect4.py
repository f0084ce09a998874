"""Connect Four: four in a row on a ``width`` x ``height`` board whose stones fall to the bottom.

A state is two bitmasks (one int per side) over the cells, row-major from
the top left as on every grid board (``grid.py``), plus the side to move and
the winner, which is found once when the winning stone lands::

     0  1  2  3  4  5  6        a 7x6 board: a move drops a stone into
     7  8  9 10 11 12 13        a column and it lands on the lowest
    14 15 16 17 18 19 20        empty cell (35..41 first)
    21 22 23 24 25 26 27
    28 29 30 31 32 33 34
    35 36 37 38 39 40 41

A move is a column index from 0; people see and type the column number
from 1. Positions are read in Pascal Pons's move-sequence notation (the
columns played, from 1: ``4455``; the empty string is the empty board) or
as a drawing (``......./......./......./......./...OO../...XX..``); they
are written as a drawing. The solver's view of a position, with its own
bitboards, is in ``connect4_node.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from perfectplay.errors import IllegalMoveError, PositionError, VariantError
from perfectplay.game import DRAW, Outcome, Player
from perfectplay.games.connect4_node import Connect4Node, compiled_entry
from perfectplay.games.grid import GridGame, format_grid, mover_and_winner, new_state, played, read_grid
from perfectplay.games.symmetry import transform

if TYPE_CHECKING:
    from perfectplay.hooks import CompiledEntry, OpeningBook, OutcomeTable, ScoreTable

BOOKS: dict[str, str] = {"connect4": "connect4-7x6.txt"}
"""The opening books in the package (``perfectplay/books``), by game name (``Connect4.opening_book``)."""

MAX_WIDTH = 9
"""Widest board: a column is one digit in the move-sequence notation."""

MAX_HEIGHT = 10
"""Tallest board (the solver's bitboards then take 9 x 11 bits)."""

IN_A_ROW = 4

DEFAULT_SIZE = (7, 6)


class Connect4State(NamedTuple):
    """An immutable Connect Four position. Build it with ``Connect4.parse`` or ``Connect4.play``."""

    x: int
    o: int
    to_move: Player
    winner: Player | None


class Connect4(GridGame[Connect4State]):
    """Connect Four on ``width`` columns of ``height`` cells; four in a row wins, X moves first by default.

    Its spec is ``connect4`` for the usual 7x6 board, else
    ``connect4:WIDTH,HEIGHT``. ``lines`` holds every four-in-a-row as a
    bitmask over the cells and ``stones`` a side's stones in the same
    numbering, for evaluation functions.
    """

    def __init__(self, width: int = DEFAULT_SIZE[0], height: int = DEFAULT_SIZE[1]) -> None:
        for label, value, most in (("width", width, MAX_WIDTH), ("height", height, MAX_HEIGHT)):
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= most:
                raise VariantError(f"Connect Four's {label} must be a whole number from 1 to {most}, not {value!r}")
        self.width = width
        self.height = height
        super().__init__(height, width, IN_A_ROW, moves=width, state=Connect4State)
        # Row-major masks of each column's cells.
        self.columns: tuple[int, ...] = tuple(
            sum(1 << (row * width + col) for row in range(height)) for col in range(width)
        )

    def __repr__(self) -> str:
        return f"Connect4({self.width}, {self.height})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Connect4) and self.dimensions == other.dimensions

    def __hash__(self) -> int:
        return hash(("connect4", *self.dimensions))

    @property
    def dimensions(self) -> tuple[int, int]:
        return (self.width, self.height)

    @property
    def name(self) -> str:
        if self.dimensions == DEFAULT_SIZE:
            return "connect4"
        return f"connect4:{self.width},{self.height}"

    @property
    def title(self) -> str:
        return f"Connect Four ({self.width}x{self.height})"

    # --- the Game protocol -------------------------------------------------

    def play(self, state: Connect4State, move: int) -> Connect4State:
        if not isinstance(move, int) or not 0 <= move < self.width:
            raise IllegalMoveError(f"move {move!r} is off the board: columns are 0 to {self.width - 1}")
        if state.winner is not None:
            raise IllegalMoveError(f"the game is over: {state.winner.value} has won")
        cell = self.landing_cell(state, move)
        if cell is None:
            raise IllegalMoveError(f"column {move} is full")
        bit = 1 << cell
        return new_state(Connect4State, played(state, bit, self.lines_through[cell]))

    # --- board geometry -----------------------------------------------------

    def column_height(self, state: Connect4State, col: int) -> int:
        """How many stones column ``col`` (from 0) holds."""
        return ((state.x | state.o) & self.columns[col]).bit_count()

    def landing_cell(self, state: Connect4State, col: int) -> int | None:
        """The cell a stone dropped into column ``col`` lands on, or None if the column is full."""
        filled = self.column_height(state, col)
        if filled == self.height:
            return None
        return (self.height - 1 - filled) * self.width + col

    def top_cell(self, state: Connect4State, col: int) -> int | None:
        """The cell of the highest stone in column ``col``, or None if the column is empty."""
        filled = self.column_height(state, col)
        if filled == 0:
            return None
        return (self.height - filled) * self.width + col

    # --- how people see it --------------------------------------------------

    def move_fields(self, move: int) -> dict[str, int]:
        return {"col": move}

    def move_help(self, state: Connect4State) -> str:
        open_columns = [self.move_label(col) for col in self.legal_moves(state)]
        if len(open_columns) == self.width:
            return f"a column number (1-{self.width})"
        return "a column number: " + ", ".join(open_columns)

    def parse_move(self, text: str, state: Connect4State) -> int:
        """A column number from 1, as drawn under the board."""
        word = text.strip()
        shown = word[:20]
        if not word:
            raise IllegalMoveError(f"Type the number of a column (1-{self.width}).")
        # str.isdigit accepts '²' and '①', which int() refuses: only ASCII digits make a number.
        if not (word.isascii() and word.isdigit() and len(word) <= 3):
            raise IllegalMoveError(f"{shown!r} is not a column: type a number from 1 to {self.width}.")
        number = int(word)
        if not 1 <= number <= self.width:
            raise IllegalMoveError(f"There is no column {number}: pick a number from 1 to {self.width}.")
        if state.winner is not None:
            raise IllegalMoveError(f"The game is over: {state.winner.value} has won.")
        if self.landing_cell(state, number - 1) is None:
            raise IllegalMoveError(f"Column {number} is full: pick another column.")
        return number - 1

    def draw(self, state: Connect4State, last_move: int | None = None, marks: Mapping[int, str] | None = None) -> str:
        """The board with the column numbers to type under it.

        The last stone played is drawn ``[X]`` and a winning four ``*X*``,
        so both read without colour; ``marks`` (e.g. every column's outcome,
        ``W3``) are shown in a row under the numbers.
        """
        marks = dict(marks or {})
        line = set(self.winning_line(state))
        # Room for a space between two starred stones of a winning four, and between marks.
        width = max([4 if line else 3, *(len(mark) + 1 for mark in marks.values())])
        last = None if last_move is None else self.top_cell(state, last_move)
        rows = []
        for row in range(self.height):
            cells = []
            for cell in range(row * self.width, (row + 1) * self.width):
                stone = self.stone_at(state, cell)
                if stone is None:
                    text = "."
                elif cell in line:
                    text = f"*{stone.value}*"
                elif cell == last:
                    text = f"[{stone.value}]"
                else:
                    text = stone.value
                cells.append(text.center(width))
            rows.append(" " + "".join(cells).rstrip())
        rows.append(" " + "".join(self.move_label(col).center(width) for col in range(self.width)).rstrip())
        if marks:
            rows.append(" " + "".join(marks.get(col, "").center(width) for col in range(self.width)).rstrip())
        return "\n".join(rows)

    def view(self, state: Connect4State) -> dict[str, Any]:
        """A grid whose every cell of a column that is not full plays that column; stones drop."""
        cells: list[str] = []
        for cell in range(self.cells):
            stone = self.stone_at(state, cell)
            cells.append("" if stone is None else stone.value)
        over = state.winner is not None
        click: list[int | None] = []
        for cell in range(self.cells):
            col = cell % self.width
            click.append(None if over or self.landing_cell(state, col) is None else col)
        labels: list[str | None] = [None] * self.cells
        if not over:
            # The column number on the cell where a stone would land: what to type, where it goes.
            for col in range(self.width):
                landing = self.landing_cell(state, col)
                if landing is not None:
                    labels[landing] = self.move_label(col)
        return {
            "kind": "grid",
            "rows": self.height,
            "cols": self.width,
            "cells": cells,
            "click": click,
            "drop": True,
            "line": list(self.winning_line(state)),
            "labels": labels,
        }

    def move_cells(self, state: Connect4State, last_move: int) -> tuple[int, ...]:
        """The top stone of the column played."""
        cell = self.top_cell(state, last_move)
        return () if cell is None else (cell,)

    def symmetry_key(self, state: Connect4State) -> str:
        """The smaller drawing of the position and its mirror image, and the side to move."""
        mirror = tuple(
            row * self.width + (self.width - 1 - col) for row in range(self.height) for col in range(self.width)
        )
        flipped = state._replace(x=transform(mirror, state.x), o=transform(mirror, state.o))
        return f"{min(self.format(state), self.format(flipped))} {state.to_move.value}"

    # --- search hooks --------------------------------------------------------

    def search_node(self, state: Connect4State) -> Connect4Node:
        return Connect4Node.root(self, state)

    def compiled_entry(self) -> CompiledEntry | None:
        return compiled_entry(self.width, self.height) if self.searches_own_node(Connect4) else None

    def opening_book(self) -> OpeningBook | None:
        """The package's opening book of this board, if it ships one, read on first use."""
        filename = BOOKS.get(self.name)
        if filename is None:  # no book, and its reader never imported: a 6x5 search does not pay for it
            return None
        from perfectplay.search.solver.book import shipped_book  # the reader of every book

        return shipped_book(self, filename)

    def outcome_table(self) -> OutcomeTable | None:
        """The package's outcome layer of this board, if it ships one (``connect4_layer.py``), read on first use."""
        from perfectplay.games.connect4_layer import shipped_layer  # its reader and file: only for a limited search

        return shipped_layer(self.name)

    def score_table(self) -> ScoreTable | None:
        """The package's exact layer of this board, if it ships one (``connect4_layer.py``), read on first use."""
        from perfectplay.games.connect4_layer import shipped_exact_layer  # as ``outcome_table``

        return shipped_exact_layer(self.name)

    # --- notation -----------------------------------------------------------

    def format(self, state: Connect4State) -> str:
        return format_grid(state.x, state.o, self.height, self.width)

    def parse(self, text: str, to_move: Player | None = None) -> Connect4State:
        """Read the columns played (``4455``, from 1; empty for the empty board) or a drawing.

        A drawing has rows from the top separated by ``/`` (``X``, ``O``,
        and ``.`` ``-`` ``_`` or space for empty). The position must be one
        that can arise in play: stones rest on stones, the counts differ by
        at most one, and a four in a row was made by the last move. With
        ``to_move``, the empty board starts with that side; a move sequence
        is X's first move and O's reply ..., so ``to_move`` must be the side
        its length makes to move (a position where O started is drawn).
        """
        if not isinstance(text, str):
            raise PositionError(f"a position must be text, not {type(text).__name__}")
        body = text.strip()
        if body == "" or (body.isascii() and body.isdigit()):
            return self.parse_sequence(body, to_move)
        if any(char.isdigit() for char in body):
            raise PositionError(
                f"{body[:20]!r} is neither the columns played (digits 1-{self.width}, e.g. 4455) "
                "nor a drawing (rows of X, O and . separated by '/')"
            )
        return self.parse_drawing(text, to_move)

    def parse_sequence(self, moves: str, to_move: Player | None = None) -> Connect4State:
        """The position after the columns in ``moves`` (digits from 1) are played from the empty board."""
        first = Player.X
        if to_move is not None and moves == "":
            first = to_move  # no stone says who started: either side may
        elif to_move is not None and to_move is not (Player.X if len(moves) % 2 == 0 else Player.O):
            # The columns played are X's first move, O's reply ...: their number decides the side to move,
            # as the stones of a drawing do (issue 43: "4" with X to move gave O's answer to X).
            shown = moves if len(moves) <= 20 else moves[:20] + "…"
            said = to_move.other.value
            raise PositionError(
                f"after {len(moves)} moves ({shown!r}, X first) {said} is to move, not {to_move.value}; "
                "draw the position to have O start"
            )
        state = self.initial_state(first)
        shown = moves if len(moves) <= 20 else moves[:20] + "…"
        for number, char in enumerate(moves, 1):
            col = int(char) - 1 if char.isascii() and char.isdigit() else -1
            where = f"move {number} of {shown!r}"
            if not 0 <= col < self.width:
                raise PositionError(f"{where}: there is no column {char!r}; columns are 1 to {self.width}")
            if state.winner is not None:
                raise PositionError(
                    f"{where}: {state.winner.value} already won with move {number - 1}; the game ends at the first four"
                )
            if self.landing_cell(state, col) is None:
                raise PositionError(f"{where}: column {char} is already full ({self.height} stones)")
            state = self.play(state, col)
        return state

    def parse_drawing(self, text: str, to_move: Player | None = None) -> Connect4State:
        """A drawn position, checked to be one that can arise in play."""
        x, o = read_grid(text, self.height, self.width)
        taken = x | o
        tops = 0
        for col in range(self.width):
            stone_above = False
            for row in range(self.height):
                cell = row * self.width + col
                if taken >> cell & 1:
                    if not stone_above:
                        tops |= 1 << cell
                    stone_above = True
                elif stone_above:
                    raise PositionError(
                        f"a stone floats in column {col + 1}: row {row + 1} from the top is empty under it; "
                        "stones fall to the lowest empty cell"
                    )
        mover, winner = mover_and_winner(x, o, self.lines, to_move, line_name="four in a row", last_cells=tops)
        return Connect4State(x, o, mover, winner)


def outcome_of_pons_score(score: int, moves_played: int, cells: int = 42) -> Outcome:
    """What a score in Pascal Pons's units means in plies, for the side to move after ``moves_played`` moves.

    Pons counts stones rather than plies: winning with the stone that
    leaves ``k`` of one's own unplayed scores ``k + 1`` (``22 - stones``
    on 7x6), losing the opposite. The side to move has played
    ``moves_played // 2`` stones, so winning at once scores
    ``(cells + 1 - moves_played) // 2`` and each of its further stones
    (two plies) one less; losing on the opponent's next stone scores
    ``-((cells - moves_played) // 2)``, each later opponent stone one more.
    """
    if score > 0:
        return Outcome("win", 2 * ((cells + 1 - moves_played) // 2 - score) + 1)
    if score < 0:
        return Outcome("loss", 2 * ((cells - moves_played) // 2 + score) + 2)
    return DRAW


def pons_score(outcome: Outcome, moves_played: int, cells: int = 42) -> int:
    """The score in Pons's units of a proven outcome (the inverse of ``outcome_of_pons_score``)."""
    if outcome.name == "draw":
        return 0
    if outcome.plies is None:
        raise ValueError(f"only a proven outcome has a score, not {outcome}")
    if outcome.name == "win":
        return (cells + 1 - moves_played) // 2 - (outcome.plies - 1) // 2
    return -((cells - moves_played) // 2 - (outcome.plies - 2) // 2)


def connect4_from_spec(params: str | None, position: str | None) -> Connect4:
    """``connect4`` (7x6) or ``connect4:WIDTH,HEIGHT``; the position does not size the board."""
    if params is None:
        return Connect4()
    parts = [part.strip() for part in params.split(",")]
    if len(parts) != 2 or not all(part.isascii() and part.isdigit() and len(part) <= 3 for part in parts):
        raise VariantError(
            f"connect4 takes WIDTH,HEIGHT such as connect4:7,6 (width 1-{MAX_WIDTH}, height 1-{MAX_HEIGHT}); "
            f"not {params[:20]!r}"
        )
    return Connect4(int(parts[0]), int(parts[1]))
