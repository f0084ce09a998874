"""The exact answers the checker grades against: the engine's, read from the table shipped with the package.

It knows every position reachable in a game that X starts and in one that O
starts (5,478 each; the second set is the first with the colours swapped),
the exact outcome of every legal move, in checker terms: ``TicTacToePosition`` keys,
scores in the seeds' convention (a win in ``p`` plies scores ``11 - p``, a
loss ``p - 11``, a draw 0), outcomes as ``win``/``draw``/``loss`` with their
ply counts.

Asking the engine's ``analyze`` about 5,478 positions costs about half a
second of CPU (several seconds in a grader's image), paid by every
``perfectplay check`` process before the student's first move. The answers
never change, so ``oracle_table.py`` asks the engine once and writes them to
``data/tictactoe-oracle.txt``; a test asks the engine again and holds the
table to every judgement. Reading it costs a file read; a position is
decoded when the check first asks about it.

The table, one line per position of the game X starts, fewest stones first::

    CELLS TO_MOVE WINNER SCORE...      e.g.   XO.X..... O - -8 0 -8 0 -10 -8 0

``CELLS`` the nine cells (``X``, ``O``, ``.``), ``TO_MOVE`` ``X`` or ``O``,
``WINNER`` ``X``, ``O`` or ``-``, then the score of every legal move (the
empty cells, in cell order) for the side to move; none once the game is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from perfectplay import outcome_of
from perfectplay.check.position import EMPTY, TicTacToePosition, other

TABLE_FILE = "tictactoe-oracle.txt"
MAX_PLIES = 9
"""Tic-tac-toe's longest game: the scale of the scores (``outcome_of`` reads a score on it)."""
NO_WINNER = "-"


@dataclass(frozen=True, slots=True)
class OracleMove:
    """A legal move and what it leads to with best play from both sides."""

    move: int
    score: int
    outcome: str
    plies: int | None

    def __str__(self) -> str:
        return self.outcome if self.plies is None else f"{self.outcome} in {self.plies}"


@dataclass(frozen=True, slots=True)
class PositionJudgement:
    """Everything exact about one position: who has won, and every move's value, best first."""

    position: TicTacToePosition
    winner: str | None
    moves: tuple[OracleMove, ...]
    best: tuple[int, ...]

    @property
    def over(self) -> bool:
        return not self.moves

    @property
    def score(self) -> int:
        """The position's value for the side to move (its best move's score); 0 once over."""
        return self.moves[0].score if self.moves else 0

    def value_of(self, move: int) -> OracleMove:
        for entry in self.moves:
            if entry.move == move:
                return entry
        raise KeyError(move)


def move_value(move: int, score: int) -> OracleMove:
    outcome = outcome_of(score, MAX_PLIES)
    return OracleMove(move, score, outcome.name, outcome.plies)


def table_line(judgement: PositionJudgement) -> str:
    """One line of the table (see the module notes): what ``TicTacToeOracle`` reads back as ``judgement``."""
    position = judgement.position
    scores = {entry.move: entry.score for entry in judgement.moves}
    fields = [position.cells, position.to_move, judgement.winner or NO_WINNER]
    fields += [str(scores[cell]) for cell in position.empty_cells if cell in scores]
    return " ".join(fields)


def shipped_table() -> str:
    return resources.files("perfectplay.check").joinpath("data").joinpath(TABLE_FILE).read_text(encoding="utf-8")


class TicTacToeOracle:
    """Every reachable position of both colours' games, judged exactly (the shipped table, or ``table``)."""

    def __init__(self, table: str | None = None) -> None:
        rows: dict[TicTacToePosition, str] = {}
        for line in (shipped_table() if table is None else table).splitlines():
            cells, to_move, rest = line.split(" ", 2)
            rows[TicTacToePosition(cells, to_move)] = rest
        self._rows = rows
        self._judgements: dict[TicTacToePosition, PositionJudgement] = {}
        self._values: dict[tuple[int, int], OracleMove] = {}  # 62 different ones: shared, not made 16,000 times
        self._order: dict[str, tuple[TicTacToePosition, ...]] = {"X": tuple(rows)}

    def judge(self, position: TicTacToePosition) -> PositionJudgement:
        judgement = self._judgements.get(position)
        if judgement is None:
            judgement = self._judgements[position] = self._read(position)
        return judgement

    def over(self, position: TicTacToePosition) -> bool:
        """``judge(position).over``, read from the table's line without decoding it: a check lists every position
        to find the ones to ask, and decoding all 11,000 of them was about a tenth of a sampled check's CPU."""
        judgement = self._judgements.get(position)
        if judgement is not None:
            return judgement.over
        row = self._rows.get(position)
        if row is None:
            row = self._rows[_swapped(position)]
        return " " not in row  # the winner's field alone: no move has a score

    def child(self, position: TicTacToePosition, move: int) -> TicTacToePosition:
        """The position after ``move`` (which must be legal: else ``KeyError``)."""
        if not 0 <= move < 9 or position.cells[move] != EMPTY or self.over(position):
            raise KeyError(move)
        cells = position.cells
        return TicTacToePosition(cells[:move] + position.to_move + cells[move + 1 :], other(position.to_move))

    def positions(self, first: str) -> tuple[TicTacToePosition, ...]:
        """Every position reachable in a game ``first`` starts, fewest stones first."""
        if first not in self._order:
            if first != "O":
                raise KeyError(first)
            self._order["O"] = tuple(sorted(map(_swapped, self._order["X"]), key=order_key))
        return self._order[first]

    def _read(self, position: TicTacToePosition) -> PositionJudgement:
        row = self._rows.get(position)
        if row is None:
            # The game O starts is the same game with the colours' names swapped: each of its positions is one of
            # X's with X and O exchanged, with the same moves worth the same to the side to move.
            row = self._rows[_swapped(position)]
            winner, *scores = row.split(" ")
            winner = winner if winner == NO_WINNER else other(winner)
        else:
            winner, *scores = row.split(" ")
        values = self._values
        moves = []
        for cell, score in zip(position.empty_cells if scores else (), map(int, scores), strict=True):
            value = values.get((cell, score))
            if value is None:
                value = values[cell, score] = move_value(cell, score)
            moves.append(value)
        moves.sort(key=lambda entry: (-entry.score, entry.move))
        best = tuple(entry.move for entry in moves if entry.score == moves[0].score)
        return PositionJudgement(position, None if winner == NO_WINNER else winner, tuple(moves), best)


def order_key(position: TicTacToePosition) -> tuple[int, str, str]:
    """The table's order: fewest stones first, then by cells and the side to move."""
    return (position.stones, position.cells, position.to_move)


def _swapped(position: TicTacToePosition) -> TicTacToePosition:
    """The position with X's and O's stones (and the side to move) exchanged."""
    return TicTacToePosition(position.cells.translate(_SWAP), other(position.to_move))


_SWAP = str.maketrans("XO", "OX")
