"""A game of your own in one file: the subtraction game, played with perfectplay's solver and front ends.

One pile of counters. A move takes 1, 2 or 3 of them (or the amounts the
spec names: ``subtraction:1,3,4``); a player who cannot move loses, so with 1
among the amounts whoever takes the last counter wins. From 21 counters it
is the old "21 game": the first player wins by always leaving a multiple of 4.

Play it, or ask for every move's outcome::

    perfectplay play --game examples/games/subtraction.py
    perfectplay analyze --game examples/games/subtraction.py 21
    perfectplay analyze --game examples/games/subtraction.py:1,3,4 30

All a game needs is the rules (the methods below). Drawing, move labels and
typed moves, the web view and the solver's search node have defaults that
work for any game; a game overrides them to look nicer or to search faster.
This one draws its pile for a terminal (``draw``) and describes it as one
heap (``view``), which the browser page and the pictures
(``perfectplay.teaching.position_svg``) draw with no code of their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from perfectplay import Game, IllegalMoveError, Player, PositionError, VariantError, register_game

MAX_PILE = 100


class Pile(NamedTuple):
    """A position: immutable and hashable, as the searches need."""

    counters: int
    to_move: Player


class Subtraction(Game[Pile]):
    """Take one of the allowed amounts from the pile; whoever cannot move loses."""

    def __init__(self, amounts: tuple[int, ...] = (1, 2, 3)) -> None:
        self.amounts = amounts

    @property
    def name(self) -> str:  # the spec that builds this game again
        if self.amounts == (1, 2, 3):
            return "subtraction"
        return "subtraction:" + ",".join(str(amount) for amount in self.amounts)

    @property
    def title(self) -> str:
        return "Subtraction game: take " + ", ".join(str(amount) for amount in self.amounts)

    @property
    def max_plies(self) -> int:  # every move takes at least the smallest amount
        return MAX_PILE // self.amounts[0]

    def initial_state(self, first: Player = Player.X) -> Pile:
        return Pile(21, first)

    def to_move(self, state: Pile) -> Player:
        return state.to_move

    def legal_moves(self, state: Pile) -> tuple[int, ...]:
        return tuple(amount for amount in self.amounts if amount <= state.counters)  # a move is the amount taken

    def play(self, state: Pile, move: int) -> Pile:
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"cannot take {move!r} from {state.counters}: take one of {self.amounts}")
        return Pile(state.counters - move, state.to_move.other)

    def is_over(self, state: Pile) -> bool:
        return not self.legal_moves(state)

    def winner(self, state: Pile) -> Player | None:
        return state.to_move.other if self.is_over(state) else None  # the side that cannot move has lost

    def parse(self, text: str, to_move: Player | None = None) -> Pile:
        words = text.split()
        if len(words) != 1 or not (words[0].isascii() and words[0].isdigit()) or int(words[0][:4]) > MAX_PILE:
            raise PositionError(f"a position is the number of counters in the pile, 0 to {MAX_PILE}, such as 21")
        return Pile(int(words[0]), to_move or Player.X)

    def format(self, state: Pile) -> str:
        return str(state.counters)

    def draw(self, state: Pile, last_move: int | None = None, marks: Mapping[int, str] | None = None) -> str:
        """The pile in fives, then what to type (with each move's outcome when ``marks`` are given)."""
        pile = " ".join("o" * min(5, state.counters - start) for start in range(0, state.counters, 5)) or "-"
        taken = "" if last_move is None else f"   ({last_move} taken)"
        winner = self.winner(state)
        if winner is not None:
            return f"{state.counters} counters: {pile}{taken}\nNo move left: {winner.value} has won."
        marks = marks or {}
        moves = ", ".join(f"{move} ({marks[move]})" if move in marks else str(move) for move in self.legal_moves(state))
        return f"{state.counters} counters: {pile}{taken}\nTake {moves}"

    def view(self, state: Pile) -> dict[str, Any]:
        """One heap: a click on a counter takes it and every counter after it, where that amount is allowed."""
        legal = self.legal_moves(state)
        takes = [state.counters - index for index in range(state.counters)]
        click = [take if take in legal else None for take in takes]
        return {"kind": "heaps", "heaps": [state.counters], "misere": False, "click": [click]}


def make(params: str | None, position: str | None) -> Subtraction:
    """The game a spec names: ``subtraction`` or ``subtraction:1,3,4`` (``position`` is not needed)."""
    if params is None:
        return Subtraction()
    words = [word.strip() for word in params.split(",")]
    if not all(word.isascii() and word.isdigit() and len(word) <= 3 and 0 < int(word) <= MAX_PILE for word in words):
        raise VariantError(f"subtraction takes amounts from 1 to {MAX_PILE}, such as subtraction:1,3,4; not {params!r}")
    return Subtraction(tuple(sorted({int(word) for word in words})))


register_game(
    "subtraction",
    make,
    summary="take 1, 2 or 3 counters from one pile; whoever cannot move loses (subtraction:1,3,4 for other amounts)",
    presets=("subtraction", "subtraction:1,3,4"),
)
