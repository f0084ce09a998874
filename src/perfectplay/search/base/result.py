"""What every search returns: one frozen ``Analysis`` of a position, facts and never side effects.

The textbook minimax, alpha-beta and the solver all answer with this model,
whether they scored every move (``analyze``) or only proved the value and
the best moves (``solve``). A value a limit kept the search from proving is
``unknown``: an outcome of its own, with no score, never a 0 that could be
mistaken for a draw.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal, NamedTuple

from perfectplay.game import DRAW, UNKNOWN, Game, Outcome, OutcomeName, Player, outcome_of, terminal_score

Proof = Literal["score", "outcome"] | None
"""How much of a move's value is proven (``MoveValue.proof``)."""


class TableStats(NamedTuple):
    """How full a table ended up: entries held, the cap, and entries dropped for room."""

    entries: int
    capacity: int
    evictions: int


class MoveValue(NamedTuple):
    """One legal move and what playing it leads to, for the side to move: the strongest fact proven.

    ``score`` is the exact score (``perfectplay.game``'s convention) when the
    search proved it, else None. Without a score, ``outcome`` is ``win`` or
    ``loss`` with no ply count when only that much is proven (by an opening
    book, an outcome table or the win/draw/loss probes: ``proof`` is
    ``"outcome"``), else ``unknown``. ``estimate`` holds what a depth-limited
    search made of the move (its heuristic value, in the evaluation's units;
    higher is better), which orders unproven moves among themselves.
    """

    move: int
    outcome: Outcome
    score: int | None = None
    estimate: int | None = None

    @property
    def proven(self) -> bool:
        """Whether the exact score is proven (a proven outcome alone is ``proof == "outcome"``)."""
        return self.score is not None

    @property
    def proof(self) -> Proof:
        """How much is proven: ``"score"`` (exact), ``"outcome"`` (a win or a loss, not how fast), or None."""
        outcome = self.outcome
        if self.score is not None or outcome.name == "draw" or outcome.plies is not None:
            return "score"
        return "outcome" if outcome.proven else None

    @classmethod
    def exact(cls, move: int, score: int, max_plies: int) -> MoveValue:
        return cls(move, outcome_of(score, max_plies), score)

    @classmethod
    def outcome_only(cls, move: int, name: OutcomeName, estimate: int | None = None) -> MoveValue:
        """A move proven to win or lose (``name``), how fast not proven; a draw's score is exact (0)."""
        if name == "draw":
            return cls(move, DRAW, 0)
        if name == "unknown":
            return cls.guess(move, estimate)
        return cls(move, Outcome(name), None, estimate)

    @classmethod
    def guess(cls, move: int, estimate: int | None) -> MoveValue:
        return cls(move, UNKNOWN, None, estimate)


UNPROVEN_LENGTH = 1_000_000
"""Stands for the length of a loss proven without its length in ``rank``: after every loss of proven length."""


def rank(entry: MoveValue) -> tuple[int, int]:
    """Sort key, best first: proven wins (fastest first, those of unproven length last), then guesses and
    draws, then losses (slowest first, those of unproven length last)."""
    if entry.score is None:
        if entry.outcome.name == "win":
            return (0, 0)
        if entry.outcome.name == "loss":
            return (2, UNPROVEN_LENGTH)
        return (1, -(entry.estimate or 0))
    if entry.score > 0:
        return (0, -entry.score)
    if entry.score < 0:
        return (2, -entry.score)
    return (1, 0)


class Analysis(NamedTuple):
    """Everything a search found out about a position, from the side to move's point of view.

    ``moves`` holds every move the search valued, best first (ties in move
    order): every legal move for ``analyze``, only the best ones for
    ``solve``. ``best`` is every move of the top value (when ``complete`` is
    false: the moves the deepest finished search preferred, which always
    include an immediate win, or else the forced block, when there is one).
    ``outcome`` and ``score`` are the position's value, ``unknown`` and None
    if it was not proven. For a finished game ``moves`` and ``best`` are
    empty and ``outcome`` is how it ended for the side that would move
    (``loss in 0`` when the other side has won).

    ``depth`` is the depth limit the values were searched to (None: to the
    end of the game); ``table`` how full the solver's transposition table
    got (None for searches without one).

    ``outcome_class`` is ``win``, ``draw`` or ``loss`` when a limit kept the
    solver from proving the exact score but it did prove which of the three
    the position is, and that the moves in ``best`` keep it (None
    otherwise). A draw is then also the exact ``outcome``.
    """

    game: Game[Any]
    state: Any
    outcome: Outcome
    score: int | None
    moves: tuple[MoveValue, ...]
    best: tuple[int, ...]
    nodes: int
    seconds: float
    complete: bool = True
    algorithm: str = "solver"
    depth: int | None = None
    table: TableStats | None = None
    outcome_class: str | None = None

    @property
    def to_move(self) -> Player:
        return self.game.to_move(self.state)

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    @property
    def winner(self) -> Player | None:
        return self.game.winner(self.state)


def finished(game: Game[Any], state: Any, seconds: float, algorithm: str) -> Analysis:
    """The analysis of a finished game: no moves, the result as it stands."""
    score = terminal_score(game, state)
    return Analysis(game, state, outcome_of(score, game.max_plies), score, (), (), 1, seconds, True, algorithm)


def assemble(
    game: Game[Any],
    state: Any,
    values: Iterable[MoveValue],
    *,
    nodes: int,
    seconds: float,
    complete: bool,
    algorithm: str,
    preferred: tuple[int, ...] | None = None,
    depth: int | None = None,
    table: TableStats | None = None,
    outcome_class: str | None = None,
    keepers: bool = False,
) -> Analysis:
    """The analysis of a position from the values of its moves.

    ``best`` is the moves of the top value, unless the search says which it
    ``preferred`` (an incomplete search). The position's value is proven
    when every move's is, or when the top move is a proven win (no unproven
    move can turn that into anything but a win). When it is not, but the
    moves' proven outcomes show the position's (a move proven to win; every
    move proven to lose or draw), ``outcome_class`` says so. With
    ``keepers`` (an analysis, not a player's choice) an incomplete search's
    ``best`` is then every move proven to keep that win or draw, however
    fast: each one keeps the value.
    """
    entries = sorted(values, key=lambda entry: (rank(entry), entry.move))
    top = entries[0]
    if preferred is None:
        best = tuple(sorted(entry.move for entry in entries if rank(entry) == rank(top)))
    else:
        best = tuple(sorted(preferred))
    proven = all(entry.proven for entry in entries) or (top.score is not None and top.score > 0)
    outcome = top.outcome if proven else UNKNOWN
    score = top.score if proven else None
    if not proven and outcome_class is None:
        outcome_class = _proven_class(entries)
    if keepers and not proven and outcome_class in ("win", "draw"):
        best = tuple(sorted(entry.move for entry in entries if entry.outcome.name == outcome_class))
    if outcome_class == "draw":  # no move wins, some move draws: the position's exact value
        outcome, score = DRAW, 0
    entries_tuple = tuple(entries)
    return Analysis(
        game,
        state,
        outcome,
        score,
        entries_tuple,
        best,
        nodes,
        seconds,
        complete,
        algorithm,
        depth,
        table,
        outcome_class,
    )


def _proven_class(entries: list[MoveValue]) -> str | None:
    """The position's win, draw or loss as its moves' proven outcomes show it, or None if they do not."""
    names = {entry.outcome.name for entry in entries}
    if "win" in names:
        return "win"
    if "unknown" in names:
        return None
    return "draw" if "draw" in names else "loss"
