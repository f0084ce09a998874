"""The game protocol every search works on, and the integer score convention.

A game is a set of rules, not a board: it hands out immutable states and
answers questions about them. Searches only ever see this protocol, which is
what lets one minimax serve tic-tac-toe, any m,n,k board and other games.

Scores are exact integers from the point of view of the side to move. With
``base = game.max_plies + 2``:

* a win in ``p`` plies (the move itself is ply 1) scores ``base - p``;
* a draw scores ``0``;
* a loss in ``p`` plies scores ``p - base``.

So a faster win scores higher than a slower one, any win beats a draw, and a
later loss beats an earlier one. For 3x3 (``max_plies == 9``) a win in ``p``
is ``11 - p``, exactly the seeds' ``10 - depth``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar


class Player(enum.Enum):
    """The two sides. X moves first from the empty board."""

    X = "X"
    O = "O"  # noqa: E741 - the letter is the name of the side

    @property
    def other(self) -> Player:
        return Player.O if self is Player.X else Player.X

    @classmethod
    def parse(cls, text: str) -> Player:
        """``"x"``/``"X"`` -> ``Player.X``; anything else but O is an error."""
        try:
            return cls(text.strip().upper())
        except ValueError:
            from perfectplay.errors import PositionError

            raise PositionError(f"side to move must be X or O, not {text!r}") from None


OutcomeName = Literal["win", "draw", "loss"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a score means to a person: ``win in 3``, ``draw``, ``loss in 4``.

    ``plies`` is None for a draw (and for an unproven, heuristic value).
    """

    name: OutcomeName
    plies: int | None

    def __str__(self) -> str:
        if self.plies is None:
            return self.name
        return f"{self.name} in {self.plies}"


def win_score(plies: int, max_plies: int) -> int:
    """Score of a win for the side to move reached ``plies`` plies from now."""
    return max_plies + 2 - plies


def loss_score(plies: int, max_plies: int) -> int:
    """Score of a loss for the side to move reached ``plies`` plies from now."""
    return plies - max_plies - 2


def outcome_of(score: int, max_plies: int) -> Outcome:
    """Turn an exact score back into a win/draw/loss with its ply count."""
    base = max_plies + 2
    if score > 0:
        return Outcome("win", base - score)
    if score < 0:
        return Outcome("loss", base + score)
    return Outcome("draw", None)


State = TypeVar("State")


class Game(Protocol[State]):
    """The rules of a two-player, zero-sum, perfect-information game.

    States are immutable and hashable; ``play`` returns a new state and never
    changes its argument. Moves are small non-negative integers whose meaning
    belongs to the game (a cell index on a board, a column in Connect Four).
    Games report facts (who won, whether it is over); they never score.
    """

    @property
    def name(self) -> str:
        """Short identifier, e.g. ``"tictactoe"`` or ``"mnk-4-4-4"``."""
        ...

    @property
    def max_plies(self) -> int:
        """An upper bound on the number of moves in one game (scores use it)."""
        ...

    def initial_state(self) -> State:
        """The position before anybody has moved."""
        ...

    def to_move(self, state: State) -> Player:
        """The side whose turn it is (also defined once the game is over)."""
        ...

    def legal_moves(self, state: State) -> tuple[int, ...]:
        """The moves the side to move may play, in a fixed order; empty iff over."""
        ...

    def play(self, state: State, move: int) -> State:
        """The state after ``move``; raises ``IllegalMoveError`` if not legal."""
        ...

    def winner(self, state: State) -> Player | None:
        """The side that has won, or None (game on, or drawn)."""
        ...

    def is_over(self, state: State) -> bool:
        """True once somebody has won or nobody can move."""
        ...

    def parse(self, text: str, to_move: Player | None = None) -> State:
        """Read a position in the game's notation; raises ``PositionError``."""
        ...

    def format(self, state: State) -> str:
        """Write a position in the game's notation (``parse`` reads it back)."""
        ...

    def move_fields(self, move: int) -> dict[str, int]:
        """Extra JSON fields that locate a move, e.g. ``{"row": 1, "col": 2}``."""
        ...


def back_up(child_score: int) -> int:
    """The parent's score for a move whose resulting position scores ``child_score``.

    ``child_score`` is from the opponent's side and counts plies from the
    child; one more ply (the move) and one change of side give ours. A loss
    in ``p`` for the opponent is a win in ``p + 1`` for us, and vice versa.
    """
    if child_score > 0:
        return -child_score + 1
    if child_score < 0:
        return -child_score - 1
    return 0


def terminal_score(game: Game[State], state: State, ply: int = 0) -> int:
    """Score of a finished game for the side to move, reached ``ply`` plies from the root."""
    winner = game.winner(state)
    if winner is None:
        return 0
    if winner is game.to_move(state):
        return win_score(ply, game.max_plies)
    return loss_score(ply, game.max_plies)
