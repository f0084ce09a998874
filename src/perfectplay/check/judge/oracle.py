"""The exact answers the checker grades against, from the engine, once per check.

This is the only module of ``perfectplay.check`` that calls the engine, so a
refactor of the engine touches this file and nothing else. It walks every
position reachable in a game that X starts and in one that O starts (5,478
each; the second set is the first with the colours swapped, not searched again), asks the
engine's ``analyze`` for the exact outcome of every legal move, and keeps
the answers in checker terms: ``Position`` keys, scores in the seeds'
convention (a win in ``p`` plies scores ``11 - p``, a loss ``p - 11``, a
draw 0), outcomes as ``win``/``draw``/``loss`` with their ply counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from perfectplay import MNKState, Player, TicTacToe, analyze
from perfectplay.check.position import Position, other


@dataclass(frozen=True, slots=True)
class MoveValue:
    """A legal move and what it leads to with best play from both sides."""

    move: int
    score: int
    outcome: str
    plies: int | None

    def __str__(self) -> str:
        return self.outcome if self.plies is None else f"{self.outcome} in {self.plies}"


@dataclass(frozen=True, slots=True)
class Judgement:
    """Everything exact about one position: who has won, and every move's value, best first."""

    position: Position
    winner: str | None
    moves: tuple[MoveValue, ...]
    best: tuple[int, ...]

    @property
    def over(self) -> bool:
        return not self.moves

    @property
    def score(self) -> int:
        """The position's value for the side to move (its best move's score); 0 once over."""
        return self.moves[0].score if self.moves else 0

    def value_of(self, move: int) -> MoveValue:
        for entry in self.moves:
            if entry.move == move:
                return entry
        raise KeyError(move)


def _exact(score: int | None) -> int:
    # Without a limit the solver proves every value; None would be a bug in the engine.
    if score is None:
        raise AssertionError("an analysis without a limit left a move unproven")
    return score


class Oracle:
    """Every reachable position of both colours' games, judged exactly (about half a second)."""

    def __init__(self) -> None:
        game = TicTacToe()
        self._judgements: dict[Position, Judgement] = {}
        self._children: dict[Position, dict[int, Position]] = {}
        self._order: dict[str, tuple[Position, ...]] = {}
        seen: dict[MNKState, Position] = {}
        edges: list[tuple[Position, int, MNKState]] = []
        frontier = [game.initial_state(Player.X)]
        while frontier:
            state = frontier.pop()
            if state in seen:
                continue
            seen[state] = position = _position(state)
            analysis = analyze(game, state)
            moves = tuple(
                MoveValue(entry.move, _exact(entry.score), entry.outcome.name, entry.outcome.plies)
                for entry in analysis.moves
            )
            side = game.winner(state)
            winner = None if side is None else side.value
            self._judgements[position] = Judgement(position, winner, moves, tuple(analysis.best))
            self._children[position] = {}
            for move in game.legal_moves(state):
                child = game.play(state, move)
                edges.append((position, move, child))
                frontier.append(child)
        for position, move, child in edges:
            self._children[position][move] = seen[child]
        self._order["X"] = tuple(sorted(seen.values(), key=lambda p: (p.stones, p.cells, p.to_move)))
        # The game O starts is the same game with the colours' names swapped: each of its positions is one of
        # X's with X and O exchanged, with the same moves worth the same to the side to move.
        for position in self._order["X"]:
            judged = self._judgements[position]
            swapped = _swapped(position)
            winner = None if judged.winner is None else other(judged.winner)
            self._judgements[swapped] = Judgement(swapped, winner, judged.moves, judged.best)
            self._children[swapped] = {move: _swapped(child) for move, child in self._children[position].items()}
        self._order["O"] = tuple(sorted(map(_swapped, self._order["X"]), key=lambda p: (p.stones, p.cells, p.to_move)))

    def judge(self, position: Position) -> Judgement:
        return self._judgements[position]

    def child(self, position: Position, move: int) -> Position:
        """The position after ``move`` (which must be legal)."""
        return self._children[position][move]

    def positions(self, first: str) -> tuple[Position, ...]:
        """Every position reachable in a game ``first`` starts, fewest stones first."""
        return self._order[first]


def _swapped(position: Position) -> Position:
    """The position with X's and O's stones (and the side to move) exchanged."""
    return Position(position.cells.translate(_SWAP), other(position.to_move))


_SWAP = str.maketrans("XO", "OX")


def _position(state: MNKState) -> Position:
    cells = "".join("X" if state.x >> cell & 1 else "O" if state.o >> cell & 1 else "." for cell in range(9))
    return Position(cells, state.to_move.value)
