"""Solved-position data sets: every reachable position of a small game with its exact value.

``solved_positions(game)`` walks every position reachable from the start (or
a given position) and values all of them in one memoised pass of the
textbook recursion, so each position is searched once however many games
lead to it. Every row carries the exact depth-aware value, every legal
move's score and the full set of best moves, a symmetry-class id and a
train/test split by class: two positions that are rotations or reflections
of each other always land on the same side of the split, so a model cannot
score well on the test set by remembering a mirror image it trained on.

The rows are in a fixed order (by the number of moves from the start, then
by position text), and the writers emit them byte for byte the same on
every run: the data set is a function of the game and the options only.
The columns are documented in ``docs/datasets.md``.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO, TextIO

from perfectplay import Game, PerfectplayError, outcome_of
from perfectplay.game import back_up, loss_score, win_score

FORMATS: tuple[str, ...] = ("jsonl", "csv")
"""The formats ``write_dataset`` writes (Parquet is ``write_parquet``, with pyarrow installed)."""

DEFAULT_MAX_POSITIONS = 300_000
"""More reachable positions than this and the pure-Python walk would take minutes: refuse instead."""

DEFAULT_TEST_PERCENT = 20


class DatasetTooLarge(PerfectplayError):
    """The game has more reachable positions than the caller allowed."""


@dataclass(frozen=True, slots=True)
class MoveScore:
    """One legal move of a row: the game's move number, how people write it, its exact score."""

    move: int
    label: str
    score: int


@dataclass(frozen=True, slots=True)
class SolvedPosition:
    """One row of the data set (the columns of ``docs/datasets.md``)."""

    index: int
    game: str
    position: str
    to_move: str
    moves_played: int
    terminal: bool
    winner: str | None
    outcome: str
    plies: int | None
    score: int
    depth: int
    moves: tuple[MoveScore, ...]
    best: tuple[int, ...]
    symmetry_class: str
    split: str

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "game": self.game,
            "position": self.position,
            "to_move": self.to_move,
            "moves_played": self.moves_played,
            "terminal": self.terminal,
            "winner": self.winner,
            "outcome": self.outcome,
            "plies": self.plies,
            "score": self.score,
            "depth": self.depth,
            "moves": [{"move": m.move, "label": m.label, "score": m.score} for m in self.moves],
            "best": list(self.best),
            "symmetry_class": self.symmetry_class,
            "split": self.split,
        }


CSV_COLUMNS: tuple[str, ...] = (
    "index",
    "game",
    "position",
    "to_move",
    "moves_played",
    "terminal",
    "winner",
    "outcome",
    "plies",
    "score",
    "depth",
    "move_scores",
    "best",
    "symmetry_class",
    "split",
)


def csv_fields(row: SolvedPosition) -> list[str]:
    """A row as CSV cells: moves as ``move:score`` words, best moves as move numbers, both space-separated."""
    return [
        str(row.index),
        row.game,
        row.position,
        row.to_move,
        str(row.moves_played),
        "true" if row.terminal else "false",
        row.winner or "",
        row.outcome,
        "" if row.plies is None else str(row.plies),
        str(row.score),
        str(row.depth),
        " ".join(f"{m.move}:{m.score}" for m in row.moves),
        " ".join(str(move) for move in row.best),
        row.symmetry_class,
        row.split,
    ]


def split_of(symmetry_class: str, test_percent: int = DEFAULT_TEST_PERCENT) -> str:
    """``"test"`` or ``"train"`` from a hash of the class id: stable across runs, machines and Python versions."""
    digest = hashlib.sha256(symmetry_class.encode("utf-8")).digest()
    return "test" if int.from_bytes(digest[:8], "big") % 100 < test_percent else "train"


def symmetry_class(game: Game[Any], state: Any) -> str:
    """The canonical form of ``state`` under the game's symmetries (``Game.symmetry_key``).

    m,n,k boards have the 8 symmetries of the square (4 of a rectangle),
    Connect Four its mirror image; a Nim position is the same game whatever
    the order of its heaps, so its class is the sorted heaps. Other games
    have no known symmetry: each position is its own class. The side to
    move is part of the class on boards (the same stones with the other
    side to move is another position), not in Nim, where both sides have
    the same moves.
    """
    return game.symmetry_key(state)


def reachable(game: Game[Any], start: Any, max_positions: int = DEFAULT_MAX_POSITIONS) -> dict[Any, int]:
    """Every position reachable from ``start``, with the fewest moves that reach it (breadth first)."""
    seen: dict[Any, int] = {start: 0}
    layer = [start]
    played = 0
    while layer:
        played += 1
        following = []
        for state in layer:
            for move in game.legal_moves(state):
                child = game.play(state, move)
                if child not in seen:
                    seen[child] = played
                    following.append(child)
                    if len(seen) > max_positions:
                        raise DatasetTooLarge(
                            f"{game.title} has more than {max_positions:,} reachable positions from here: "
                            "choose a smaller game or a later start position (or raise --max-positions)"
                        )
        layer = following
    return seen


class _Solver:
    """The exact value and depth to the end of every position, each computed once.

    The value is the depth-aware score of ``perfectplay.game`` (what
    ``analyze`` reports); ``depth`` is how many plies the game lasts from
    here with perfect play: the winner hurrying, the loser holding out, and
    in a draw the shortest drawn line (on a board every drawn game fills it,
    so that is simply the empty cells).
    """

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.memo: dict[Any, tuple[int, int, tuple[tuple[int, int], ...]]] = {}

    def solve(self, state: Any) -> tuple[int, int, tuple[tuple[int, int], ...]]:
        """``(score, depth, ((move, move score), ...))`` for ``state``; iterative, so deep games do not recurse."""
        game = self.game
        memo = self.memo
        stack = [state]
        while stack:
            current = stack[-1]
            if current in memo:
                stack.pop()
                continue
            moves = game.legal_moves(current)
            if not moves:
                memo[current] = (self._terminal_score(current), 0, ())
                stack.pop()
                continue
            children = [(move, game.play(current, move)) for move in moves]
            pending = [child for _, child in children if child not in memo]
            if pending:
                stack.extend(pending)
                continue
            scored = tuple((move, back_up(memo[child][0])) for move, child in children)
            top = max(score for _, score in scored)
            depth = min(1 + memo[child][1] for move, child in children if back_up(memo[child][0]) == top)
            memo[current] = (top, depth, scored)
            stack.pop()
        return memo[state]

    def _terminal_score(self, state: Any) -> int:
        winner = self.game.winner(state)
        if winner is None:
            return 0
        max_plies = self.game.max_plies
        return win_score(0, max_plies) if winner is self.game.to_move(state) else loss_score(0, max_plies)


def solved_positions(
    game: Game[Any],
    start: Any | None = None,
    *,
    test_percent: int = DEFAULT_TEST_PERCENT,
    max_positions: int = DEFAULT_MAX_POSITIONS,
) -> Iterator[SolvedPosition]:
    """Every position reachable from ``start`` (the game's start by default), solved, in a fixed order."""
    if not isinstance(test_percent, int) or not 0 <= test_percent <= 100:
        raise PerfectplayError(f"the test share must be a whole percentage from 0 to 100, not {test_percent!r}")
    if start is None:
        start = game.initial_state()
    found = reachable(game, start, max_positions)
    ordered = sorted(found, key=lambda state: (found[state], game.format(state), game.to_move(state).value))
    solver = _Solver(game)
    for index, state in enumerate(ordered):
        score, depth, scored = solver.solve(state)
        outcome = outcome_of(score, game.max_plies)
        winner = game.winner(state)
        label = symmetry_class(game, state)
        yield SolvedPosition(
            index=index,
            game=game.name,
            position=game.format(state),
            to_move=game.to_move(state).value,
            moves_played=found[state],
            terminal=not scored,
            winner=None if winner is None else winner.value,
            outcome=outcome.name,
            plies=outcome.plies,
            score=score,
            depth=depth,
            moves=tuple(MoveScore(move, game.move_label(move), value) for move, value in scored),
            best=tuple(move for move, value in scored if value == score),
            symmetry_class=label,
            split=split_of(label, test_percent),
        )


def write_dataset(rows: Iterable[SolvedPosition], out: TextIO, fmt: str = "jsonl") -> int:
    """Write ``rows`` as JSON lines or CSV (with a header); return how many rows were written."""
    if fmt not in FORMATS:
        raise PerfectplayError(f"unknown data set format {fmt!r}: use one of {', '.join(FORMATS)}")
    count = 0
    if fmt == "jsonl":
        for row in rows:
            out.write(json.dumps(row.to_json(), separators=(",", ":")) + "\n")
            count += 1
        return count
    # "\n" line ends everywhere, so the bytes do not depend on the platform.
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        writer.writerow(csv_fields(row))
        count += 1
    return count


def dataset_text(game: Game[Any], fmt: str = "jsonl", **options: Any) -> str:
    """The whole data set as one string (handy in a notebook and in tests)."""
    buffer = io.StringIO()
    write_dataset(solved_positions(game, **options), buffer, fmt)
    return buffer.getvalue()


def write_parquet(rows: Iterable[SolvedPosition], path: str | BinaryIO) -> int:
    """Write ``rows`` as a Parquet file, a path or a binary file open for writing (needs the optional ``pyarrow``);
    return how many rows were written."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise PerfectplayError("Parquet needs pyarrow: pip install 'perfectplay[parquet]'") from None
    records = [row.to_json() for row in rows]
    table = pa.Table.from_pylist(records)
    pq.write_table(table, path)
    return len(records)
