"""The root of a solver call: every legal move, its child node, and which moves are symmetric twins.

The recursion only ever sees the moves a node thinks worth searching; the
root must value *every* legal move (a person asked about all of them), so it
plays each one itself and hands the child to ``Negamax.search``. Children
with equal table keys (symmetric images) have equal values: only one of each
such family is searched.
"""

from __future__ import annotations

from typing import Any

from perfectplay.game import Game
from perfectplay.hooks import SearchNode
from perfectplay.search.base.scale import SCALE
from perfectplay.search.solver.negamax import Negamax


class Root:
    """A position to solve, with the search that solves it."""

    def __init__(self, game: Game[Any], state: Any, negamax: Negamax) -> None:
        self.game = game
        self.state = state
        self.node = game.search_node(state)
        self.negamax = negamax
        self.base = game.max_plies + 2
        legal = game.legal_moves(state)
        # The node's favourite moves first (it knows the game), then the rest.
        preferred = [move for move in self.node.moves() if move in legal]
        self.moves: tuple[int, ...] = tuple(dict.fromkeys([*preferred, *legal]))
        self.children: dict[int, SearchNode] = {move: self.node.play(move) for move in self.moves}
        # Symmetric children have equal values: search one, copy to the rest.
        representative: dict[object, int] = {}
        self.twin_of: dict[int, int] = {
            move: representative.setdefault(child.key(), move) for move, child in self.children.items()
        }

    @property
    def unique_moves(self) -> list[int]:
        return [move for move in self.moves if self.twin_of[move] == move]

    def spread(self, values: dict[int, int]) -> dict[int, int]:
        """Values of the unique moves copied to their twins, for every root move."""
        return {move: values[self.twin_of[move]] for move in self.moves}

    def value_range(self) -> tuple[int, int]:
        """The widest range a child's value (for the root's side) can take, in internal units."""
        return -SCALE * self.base, SCALE * self.base

    def search_child(self, move: int, depth: int, alpha: int, beta: int) -> int:
        """Value of the position after ``move`` for the side that made it (the root's side)."""
        return -self.negamax.search(self.children[move], 1, depth, -beta, -alpha)

    def winning_moves(self) -> tuple[int, ...]:
        """Moves that win on the spot (the child is a finished game the root's side has won)."""
        wins = []
        for move, child in self.children.items():
            if child.low == child.high == -self.base:
                wins.append(move)
        return tuple(sorted(wins))

    def tactical_moves(self) -> tuple[int, ...]:
        """Moves that must be played now: a win on the spot, else the forced reply.

        With two or more enemy threats every move loses equally soon, but
        the game's forced reply is still the sensible thing to play.
        """
        wins = self.winning_moves()
        if wins:
            return wins
        if self.node.forced:
            return tuple(sorted(move for move in self.node.moves() if move in self.children))
        return ()

    def forced_moves(self) -> tuple[int, ...]:
        """The moves that are provably the only best ones: the wins on the spot, or the one forced reply."""
        wins = self.winning_moves()
        if wins:
            return wins
        if self.node.forced and self.node.low < self.node.high:  # a forced reply that does not just lose
            return self.tactical_moves()
        return ()
