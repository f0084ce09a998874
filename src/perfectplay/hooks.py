"""The position as the production solver sees it: the search hooks a game may supply.

The solver (``negamax.py`` and the drivers around it) is the same for every
game; what it needs to know about one is asked of a ``SearchNode``. A game
gets a correct node for free (``perfectplay.game.ProtocolNode``, built on the
``Game`` protocol) and makes the solver fast by overriding ``Game.search_node``
with its own, which may:

* give a **canonical key**, the same for positions that are symmetric
  images of each other, so the transposition table shares their values;
* know **bounds** at once: an immediate win, a position lost to two
  threats, a draw nobody can escape, or just "no win before ply 3";
* name **forced replies** (the one block), which cost no depth;
* **order moves**, best-looking first, and leave out moves that provably
  cannot be better than one it keeps;
* **evaluate** a position at the search horizon.

Every score a node reports uses ``perfectplay.game``'s convention, counted
from the node for the side to move there.

A game whose node the compiled core (``perfectplay._core``) knows says so
with a ``CompiledEntry`` (``Game.compiled_entry``), and one with answers
proven ahead of time hands them over: its opening lines as an
``OpeningBook`` (``Game.opening_book``), outcomes off those lines as an
``OutcomeTable`` (``Game.outcome_table``), every move's exact score near the
start as a ``ScoreTable`` (``Game.score_table``). The solver never asks which
game it is searching.

This module imports nothing of ``perfectplay.game``: the protocol builds on
these hooks, not the other way round.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from perfectplay._core import Search


class SearchNode(Protocol):
    """An immutable position with what the solver asks of it.

    ``low`` and ``high`` bound the node's value: it lies between these
    scores, both included. ``low == high`` means the value is known: a
    finished game, a win on the next move, a loss nothing can prevent. The
    solver reads them first at every node and only goes on when
    ``low < high``. (Attributes rather than a method: they are read at
    every node, and a method call would cost as much as the rest of it.)

    ``forced`` is true when exactly one reply is worth searching and every
    other move is worse (the block of the opponent's only threat); the
    solver then does not count that ply against a depth limit. It is only
    read when the value is not known.

    Optional: a node may have a ``transient`` attribute, true when it is
    cheaper to search again than to keep in the transposition table (near
    the end of a big game, where the positions are too many for the table
    and each lookup is a cache miss); the solver then neither looks it up
    nor stores it. Without it every node is kept. And a node class may say
    ``cutoff_lookups = False``: the solver then looks no child up in the table
    before searching it (enhanced transposition cutoffs), where a child's key
    costs more than the nodes the lookups save. A node class's ``store_min``
    (a whole number) keeps a position met for the first time out of the
    table when its search took fewer nodes than that.
    """

    low: int
    high: int
    forced: bool

    def key(self) -> Hashable:
        """The transposition-table key: equal keys mean equal values.

        May be canonical under the game's symmetries; then ``to_key_frame``
        and ``from_key_frame`` carry a move between this position and the
        canonical one that the key stands for.
        """
        ...

    def moves(self) -> Sequence[int]:
        """The moves worth searching, best-looking first; never empty.

        It may leave out moves that cannot be better than one it keeps
        (a move that lets the opponent win at once, when another does not).
        When ``forced`` is true it is the one forced reply.
        """
        ...

    def play(self, move: int) -> SearchNode:
        """The node after ``move``, which may be any legal move of the game."""
        ...

    def evaluate(self) -> int:
        """A heuristic value for the side to move at the search horizon; 0 is even."""
        ...

    def to_key_frame(self, move: int) -> int:
        """``move`` as it is played in the canonical position ``key`` stands for."""
        ...

    def from_key_frame(self, move: int) -> int:
        """A move of the canonical position, as it is played here."""
        ...


class CompiledEntry:
    """How the compiled core searches one game's nodes (``Game.compiled_entry``).

    ``configure`` sets a fresh ``perfectplay._core.Search`` up for the
    game's board (its geometry, once per solver call); ``enter`` runs
    ``Negamax.search`` in C at one of the game's own nodes, with the same
    arguments (the node, ply, depth, alpha, beta), and returns its value.
    The game's node module writes both: only it knows the node's fields.
    (A plain class, not a dataclass: a dataclass compiles its methods when
    the module is imported, a cost every search's start-up would pay.)
    """

    __slots__ = ("configure", "enter")

    def __init__(
        self, configure: Callable[[Search], None], enter: Callable[[Search, SearchNode, int, int, int, int], int]
    ) -> None:
        self.configure = configure
        self.enter = enter


class OutcomeTable(Protocol):
    """Win, draw or loss proven ahead of time for some of a game's positions (``Game.outcome_table``).

    Outcomes are 1, 0 and -1 for the side to move. A limited search asks
    the table before searching: where it knows every move's outcome, the
    search answers at once with a move that keeps the value; where it knows
    only the position's, the search's win/draw/loss probes ask only for
    that (Connect Four's layer, ``games/connect4_layer.py``).
    """

    def move_outcomes(self, state: object) -> dict[int, int] | None:
        """Each legal move's outcome for the side to move, or None where the table cannot tell."""
        ...

    def outcome(self, state: object) -> int | None:
        """The position's own outcome for the side to move, or None where the table cannot tell."""
        ...


class ScoreTable(Protocol):
    """Every move's exact score proven ahead of time for some of a game's positions (``Game.score_table``).

    Scores follow ``perfectplay.game``'s convention, for the side to move. A
    limited search asks this table before anything else: where it knows
    every move's score, that is the whole analysis, exact and complete
    (Connect Four's exact layer, ``games/connect4_layer.py``); where it knows
    only the position's own, that is the analysis's value and the score
    the search looks for a move to reach.
    """

    def move_scores(self, state: object) -> dict[int, int] | None:
        """Each legal move's exact score for the side to move, or None where the table cannot tell."""
        ...

    def score(self, state: object) -> int | None:
        """The position's own exact score for the side to move (a layer's own row), or None where it cannot tell."""
        ...


class OpeningBook(Protocol):
    """A game's opening lines proven ahead of time (``Game.opening_book``): what is proven and the move to play.

    A limited search searching to the end asks the book before anything
    else; off the book's lines it asks the ``OutcomeTable``. ``answer`` gives
    the solver's own ``BookAnswer`` (``search/solver/book.py``, the reader
    every book is read with, which this module cannot name without an import
    circle), or None where the book has no line.
    """

    def answer(self, state: object) -> object | None:
        """What the book proved about ``state``, in ``state``'s own frame, or None off the book's lines."""
        ...
