"""The game protocol every search works on, and the integer score convention.

A game is a set of rules, not a board: it hands out immutable states and
answers questions about them. Searches only ever see this protocol, which is
what lets one minimax, one alpha-beta and one solver serve tic-tac-toe, any
m,n,k board, Connect Four and Nim.

A new game subclasses ``Game`` and implements the *rules* (the members
without a default below). Everything else has a default that works for any
game and may be overridden: how people see and type moves, how the board is
drawn, and the *search hooks* that make the production solver fast on this
game (a canonical table key, symmetries, move ordering, forced replies, a
heuristic at the horizon; see ``perfectplay.hooks``).

Scores are exact integers from the point of view of the side to move. With
``base = game.max_plies + 2``:

* a win in ``p`` plies (the move itself is ply 1) scores ``base - p``;
* a draw scores ``0``;
* a loss in ``p`` plies scores ``p - base``.

So a faster win scores higher than a slower one, any win beats a draw, and a
later loss beats an earlier one. For 3x3 (``max_plies == 9``) a win in ``p``
is ``11 - p``, exactly the course labs' ``10 - depth``.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, Protocol, TypeVar

from perfectplay.errors import IllegalMoveError, PositionError

if TYPE_CHECKING:  # types only: nothing of the hooks runs before a solver asks for a node
    from perfectplay.hooks import CompiledEntry, OpeningBook, OutcomeTable, ScoreTable, SearchNode


class Player(enum.Enum):
    """The two sides. X moves first from the usual starting position."""

    X = "X"
    O = "O"  # noqa: E741 - the letter is the name of the side

    @property
    def other(self) -> Player:
        return Player.O if self is Player.X else Player.X

    @classmethod
    def parse(cls, text: str) -> Player:
        """``"x"``/``"X"`` -> ``Player.X``; anything else but O is an error."""
        if not isinstance(text, str):
            raise PositionError(f"side to move must be X or O, not {text!r}")
        try:
            return cls(text.strip().upper())
        except ValueError:
            raise PositionError(f"side to move must be X or O, not {text[:20]!r}") from None


OutcomeName = Literal["win", "draw", "loss", "unknown"]


class Outcome(NamedTuple):
    """What a score means to a person: ``win in 3``, ``draw``, ``loss in 4``, or ``unknown``.

    ``plies`` is None for a draw and for ``unknown`` (a value a limit kept
    the search from proving).
    """

    name: OutcomeName
    plies: int | None = None

    def __str__(self) -> str:
        if self.plies is None:
            return self.name
        return f"{self.name} in {self.plies}"

    @property
    def proven(self) -> bool:
        return self.name != "unknown"


UNKNOWN = Outcome("unknown")
"""The outcome of a move or position that the search did not prove."""

DRAW = Outcome("draw")


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
    return DRAW


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


State = TypeVar("State")


class Game(Protocol[State]):
    """The rules of a two-player, zero-sum, perfect-information game.

    States are immutable and hashable; ``play`` returns a new state and never
    changes its argument. Moves are non-negative integers whose meaning
    belongs to the game (a cell index on a board, a column in Connect Four,
    a heap and a count in Nim). Games report facts (who won, whether it is
    over); they never score: the searches own the numbers.
    """

    # --- the rules: every game implements these ----------------------------

    @property
    def name(self) -> str:
        """The game spec that ``perfectplay.games.make_game`` reads back, e.g. ``"tictactoe"``, ``"connect4"``."""
        ...

    @property
    def max_plies(self) -> int:
        """An upper bound on the number of moves in one game (scores use it)."""
        ...

    def initial_state(self, first: Player = Player.X) -> State:
        """The usual starting position, with ``first`` to move."""
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

    # --- how people see it: defaults that suit any game ---------------------

    @property
    def title(self) -> str:
        """The game's name for people, e.g. ``"Connect Four (7x6)"``."""
        return self.name

    def move_fields(self, move: int) -> dict[str, int]:
        """Extra JSON fields that locate a move, e.g. ``{"row": 1, "col": 2}``."""
        return {}

    def move_label(self, move: int) -> str:
        """A move as people see and type it (on a board: the number drawn in the cell)."""
        return str(move)

    def move_help(self, state: State) -> str:
        """What to type for a move, for prompts and error messages."""
        return "a move: one of " + ", ".join(self.move_label(move) for move in self.legal_moves(state))

    def parse_move(self, text: str, state: State) -> int:
        """The legal move a person typed (as ``move_label`` shows it); ``IllegalMoveError`` otherwise."""
        wanted = " ".join(text.split()).lower()
        for move in self.legal_moves(state):
            if self.move_label(move).lower() == wanted:
                return move
        raise IllegalMoveError(f"{text.strip()[:20]!r} is not a legal move here: type {self.move_help(state)}")

    def highlight(self, state: State) -> tuple[int, ...]:
        """Cells to highlight on a finished board (a winning line); none by default."""
        return ()

    def draw(self, state: State, last_move: int | None = None, marks: Mapping[int, str] | None = None) -> str:
        """The position as plain text for a terminal, with what to type for each move.

        ``marks`` maps moves to short texts (``W3``) to show in place of
        their labels, for a board of every move's outcome.
        """
        lines = [self.format(state)]
        if marks:
            lines.append("  ".join(f"{self.move_label(move)}: {mark}" for move, mark in marks.items()))
        return "\n".join(lines)

    def view(self, state: State) -> dict[str, Any]:
        """The position as JSON for a graphical front end and the drawings (``kind`` names the drawing).

        ``perfectplay.viz`` and the browser page draw three kinds; a game
        that returns one of them gets a board drawn without code of its own:

        * ``{"kind": "grid", "rows", "cols", "cells", "line", "labels", "click", "drop"}``:
          ``cells`` row by row from the top (``"X"``, ``"O"`` or ``""``),
          ``line`` the cells of a winning line, ``labels`` what to type for
          each cell (or None), ``click`` the move a click on each cell plays
          (or None), ``drop`` true when stones fall to the lowest free cell
          of a column (drawn as discs in a frame);
        * ``{"kind": "heaps", "heaps", "misere", "click"}``: heap sizes, and
          per heap the move a click on each object plays (it takes that
          object and every one after it; None where no move does);
        * ``{"kind": "text", "text"}``: the notation, the default.
        """
        return {"kind": "text", "text": self.format(state)}

    def move_cells(self, state: State, last_move: int) -> tuple[int, ...]:
        """The cells of ``view(state)``'s grid that ``last_move``, the move that led to ``state``, filled.

        The drawings shade them; none by default (and for games without a grid).
        """
        return ()

    def symmetry_key(self, state: State) -> str:
        """The same text for positions that are images of each other under the game's symmetries.

        A data set keeps such positions in one class. The default knows no
        symmetry: the position and the side to move. A game with symmetries
        (a board's rotations and reflections, heaps in any order) names the
        smallest image; a game where both sides have the same moves may
        leave out the side to move.
        """
        return f"{self.format(state)} {self.to_move(state).value}"

    # --- search hooks: defaults that are correct for any game ---------------

    def search_node(self, state: State) -> SearchNode:
        """The position as the production solver sees it.

        The default wraps this protocol (no symmetry, no ordering, no
        shortcuts); a game overrides it with a faster node that knows its
        symmetries, forced replies and a good move order.
        """
        return ProtocolNode(self, state)

    def compiled_entry(self) -> CompiledEntry | None:
        """How the compiled core searches this game's nodes, or None (the default): the Python core does.

        A game returns one only for the node its own ``search_node`` makes,
        and only for the sizes the compiled core can hold.
        """
        return None

    def opening_book(self) -> OpeningBook | None:
        """Opening lines proven ahead of time that a limited search asks first, or None (the default)."""
        return None

    def outcome_table(self) -> OutcomeTable | None:
        """Outcomes proven ahead of time that a limited search may trust, or None (the default)."""
        return None

    def score_table(self) -> ScoreTable | None:
        """Every move's exact score proven ahead of time, which a limited search answers from, or None (the default)."""
        return None


def terminal_score(game: Game[Any], state: Any, ply: int = 0) -> int:
    """Score of a finished game for the side to move, reached ``ply`` plies from the root."""
    winner = game.winner(state)
    if winner is None:
        return 0
    if winner is game.to_move(state):
        return win_score(ply, game.max_plies)
    return loss_score(ply, game.max_plies)


class ProtocolNode:
    """The solver's view of any game, built on the ``Game`` protocol alone.

    Correct for every game and no faster than the protocol: the key is the
    state itself, moves come in the game's order, nothing is forced, and
    every unfinished position is valued 0 at the horizon.
    """

    __slots__ = ("forced", "game", "high", "low", "state")

    def __init__(self, game: Game[Any], state: Any) -> None:
        self.game = game
        self.state = state
        self.forced = False
        if game.is_over(state):
            self.low = self.high = terminal_score(game, state)
        else:
            # The side to move may end the game with its own move either way
            # (in misere games the last move loses).
            self.low, self.high = loss_score(1, game.max_plies), win_score(1, game.max_plies)

    def key(self) -> Hashable:
        return self.state  # type: ignore[no-any-return]

    def moves(self) -> Sequence[int]:
        return self.game.legal_moves(self.state)

    def play(self, move: int) -> ProtocolNode:
        return ProtocolNode(self.game, self.game.play(self.state, move))

    def evaluate(self) -> int:
        return 0

    def to_key_frame(self, move: int) -> int:
        return move

    def from_key_frame(self, move: int) -> int:
        return move
