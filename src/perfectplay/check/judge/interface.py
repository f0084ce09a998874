"""How a candidate is asked for a move: the interface, the sides it plays, the games it plays in.

An ``TicTacToeInterface`` is decided once per check (by ``detect`` or from the
user's flags) and then drives everything: how the runner builds boards,
how answers are read, and which positions the candidate is asked about.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from perfectplay.check.errors import CheckUsageError
from perfectplay.check.position import other

Kind = Literal["function", "cs50", "command"]
BOARDS = ("flat", "nested", "string", "dict")
SHAPES = {
    "flat": "a flat list of 9 cells",
    "nested": "a list of 3 lists",
    "string": "a string of 9 characters",
    "dict": "a dict of squares 1-9",
}
"""Each board shape in words."""
NUMBERED = "1-9"
"""The empty marker (``--empty 1-9``) of a board whose empty cells each hold their square's number, ``'1'``-``'9'``
(``board = ['1', '2', ..., '9']``): the runner's ``values.NUMBERED``."""
RETURNS = ("index", "rowcol", "number", "board")
"""How a move comes back: a cell 0-8, (row, col), a square 1-9, or played onto the board it was given (``board``: the
one cell it filled with the mover's mark is the move, whatever it returned, as ``board[best] = 'O'`` plays)."""
PLAYS = ("X", "O", "both")


@dataclass(frozen=True, slots=True)
class Hint:
    """What the user said about the interface (``--function`` and friends); None means detect it.

    ``empty`` is the empty marker as typed: ``"None"`` stands for Python's ``None``.
    """

    function: str | None = None
    board: str | None = None
    empty: str | None = None
    returns: str | None = None
    plays: str | None = None

    def validate(self) -> None:
        for flag, value, allowed in (
            ("--board", self.board, BOARDS),
            ("--returns", self.returns, RETURNS),
            ("--plays", self.plays, PLAYS),
        ):
            if value is not None and value not in allowed:
                raise CheckUsageError(f"{flag} must be one of {', '.join(allowed)}, not {value!r}")
        if self.returns == "board" and self.board == "string":
            # A Python string cannot be changed in place: an AI given one cannot play its move onto it.
            raise CheckUsageError(
                "--returns board needs a board the AI can play onto: a list or dict, not --board string"
            )
        if self.empty is not None and self.empty.strip().upper() in ("X", "O"):
            raise CheckUsageError(f"--empty {self.empty!r} is a piece: give what an empty cell holds (' ', -, None, 0)")
        if self.function is not None and not self.function.isidentifier():
            raise CheckUsageError(f"--function must be a Python function name, not {self.function!r}")

    @property
    def given(self) -> bool:
        return any(value is not None for value in (self.function, self.board, self.empty, self.returns))

    @property
    def empty_marker(self) -> str | None:
        return None if self.empty == "None" else self.empty


@dataclass(frozen=True, slots=True)
class Role:
    """One seat the candidate takes: its side, and who moves first in those games."""

    side: str
    first: str

    def __str__(self) -> str:
        return f"as {self.side} moving {'first' if self.side == self.first else 'second'}"


@dataclass(frozen=True, slots=True)
class TicTacToeInterface:
    """Everything needed to ask a candidate for moves, and to say how it was asked."""

    kind: Kind
    name: str
    board: str = "nested"
    empty: str | int | None = None
    returns: str | None = None
    plays: str = "both"
    side_argument: bool = False
    x: str | int = "X"
    o: str | int = "O"
    """The marks as the candidate's board holds them: text, or numbers (1 and -1, or 1 and 2, on 0)."""
    notes: tuple[str, ...] = field(default=())

    @property
    def roles(self) -> tuple[Role, ...]:
        """Both sides in games X starts; or one side, moving first and moving second."""
        if self.plays == "both":
            return (Role("X", "X"), Role("O", "X"))
        return (Role(self.plays, self.plays), Role(self.plays, other(self.plays)))

    def runner_message(self) -> dict[str, Any]:
        if self.kind == "cs50":
            return {"kind": "cs50"}
        return {
            "kind": "function",
            "name": self.name,
            "board": self.board,
            "empty": self.empty,
            "x": self.x,
            "o": self.o,
            "side_argument": self.side_argument,
        }

    def describe(self) -> str:
        """One line for people: how the candidate was called."""
        if self.kind == "command":
            sides = "both sides" if self.plays == "both" else f"{self.plays} only"
            return f"the program `{self.name}` through the line protocol, playing {sides}"
        if self.kind == "cs50":
            return (
                f"the CS50 functions: minimax(board) on a list of 3 lists, EMPTY = {self.empty!r}, "
                "returns (row, col); plays both sides (player(board) says whose turn it is)"
            )
        shape = SHAPES.get(self.board, "a list of 3 lists")
        returns = {
            "index": "a cell index 0-8",
            "rowcol": "(row, col)",
            "number": "a cell number 1-9",
            "board": "nothing: it plays its move onto the board",
            None: "a cell index or (row, col)",
        }
        arguments = "board, player" if self.side_argument else "board"
        if self.side_argument:
            sides = "both sides (the side to move is its second argument)"
        elif self.plays == "both":
            sides = "both sides (it tells whose turn it is from the board)"
        else:
            sides = f"{self.plays} only"
        marks = "" if (self.x, self.o) == ("X", "O") else f", {self.x!r} and {self.o!r} for X and O"
        empty = "its square's number '1'-'9'" if self.empty == NUMBERED else repr(self.empty)
        return (
            f"{self.name}({arguments}) on {shape}, {empty} for empty{marks}, "
            f"returns {returns[self.returns]}; plays {sides}"
        )
