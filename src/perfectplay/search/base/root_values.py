"""What a reference search found out about the root's moves, turned into an ``Analysis``.

``minimax`` values every root move; ``alphabeta`` values the best ones and
only shows the others to be worse. Both collect their findings here, in
internal units (``scale.py``), with a note of which values are proven (no
evaluation function went into them), and leave the bookkeeping of turning
them into outcomes to one place.
"""

from __future__ import annotations

from typing import Any

from perfectplay.game import Game
from perfectplay.search.base.result import Analysis, MoveValue, assemble
from perfectplay.search.base.scale import SCALE, is_proven


class RootValues:
    """The root's moves as far as a search has got with them."""

    def __init__(self, game: Game[Any], state: Any) -> None:
        self.game = game
        self.state = state
        self.legal = game.legal_moves(state)
        self.values: dict[int, int] = {}
        self.proven: set[int] = set()
        self.worse: set[int] = set()

    def add(self, move: int, value: int, *, proven: bool) -> None:
        """``move`` has ``value`` (from the root's side); ``proven`` if no guess went into it."""
        self.values[move] = value
        if proven:
            self.proven.add(move)

    def add_worse(self, move: int) -> None:
        """``move`` was shown to be worse than the best, without its value (alpha-beta failed low)."""
        self.worse.add(move)

    @property
    def complete(self) -> bool:
        """True once every move is valued or shown worse."""
        return len(self.values) + len(self.worse) == len(self.legal)

    def top(self) -> int:
        return max(self.values.values())

    def exact(self, move: int) -> bool:
        """True if ``move``'s value is proven.

        A win or a loss is proven whatever else its subtree held: guesses
        stay strictly inside ``(-SCALE, SCALE)``, so a value beyond them is
        a win or loss the side to move can force (a MIN node's proven loss
        beats its guesses, and a MAX node's value is a loss only if every
        move loses). A 0 is a draw only if no guess went into it.
        """
        value = self.values[move]
        return is_proven(value) or (value == 0 and move in self.proven)

    def analysis(self, algorithm: str, nodes: int, seconds: float, depth: int | None) -> Analysis:
        entries = []
        for move in self.legal:
            if move in self.values:
                value = self.values[move]
                if self.exact(move):
                    entries.append(MoveValue.exact(move, value // SCALE, self.game.max_plies))
                else:
                    entries.append(MoveValue.guess(move, value))
            elif move not in self.worse:
                entries.append(MoveValue.guess(move, None))  # a limit stopped the search first
        complete = self.complete and all(self.exact(move) for move in self.values)
        preferred = None
        if not complete and self.values:
            top = self.top()
            preferred = tuple(move for move, value in self.values.items() if value == top)
        elif not self.values:
            preferred = self.legal[:1]
        return assemble(
            self.game,
            self.state,
            entries,
            nodes=nodes,
            seconds=seconds,
            complete=complete,
            algorithm=algorithm,
            preferred=preferred,
            depth=depth,
        )
