"""The exact scores file: Connect Four positions as packed keys, each with its score or outcome; read and written.

``perfectplay dataset --format scores`` builds it (``play/exact_scores.py``);
a game reads an outcome layer of it (``connect4_layer.py``). Key: ``x | o << cells``,
the two sides' stones as ``Connect4State`` holds them (row-major from the top
left), X having moved first; one row per mirror pair, the lesser key of the
two images. The file: a first line ``perfectplay exact scores 1``, a JSON line
(the game, rows, positions, the key and score conventions, the layer's
``plies`` and ``values`` where given, and the SHA-256 of the payload), then the
payload compressed with xz: the sorted keys as differences in LEB128 varints,
then one signed byte of score per row.
"""

from __future__ import annotations

import hashlib
import json
import lzma
import os
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from typing import Any

from perfectplay.errors import PerfectplayError
from perfectplay.game import Player
from perfectplay.games.registry import make_game

MAGIC = b"perfectplay exact scores 1\n"
FORMAT = "perfectplay exact scores 1"


class PackedBoard:
    """A Connect Four board's geometry on packed keys: playing a column, the mirror image, the canonical key.

    ``game`` is a ``Connect4`` (of any size), typed loosely: ``connect4.py``
    reaches this module through its outcome layer, so it is not imported here.
    """

    def __init__(self, game: Any) -> None:
        self.game = game
        self.width: int = game.width
        self.height: int = game.height
        self.cells: int = game.cells
        self.full: int = game.full
        self.columns: Sequence[int] = game.columns
        self.lines_through: Sequence[Sequence[int]] = game.lines_through
        self.lines: Sequence[int] = game.lines

    def mirror(self, stones: int) -> int:
        """The stones reflected left to right."""
        mirrored = 0
        for col, mask in enumerate(self.columns):
            shift = self.width - 1 - 2 * col
            part = stones & mask
            mirrored |= part << shift if shift >= 0 else part >> -shift
        return mirrored

    def canonical(self, key: int) -> int:
        """The lesser key of the position and its mirror image."""
        x, o = key & self.full, key >> self.cells
        return min(key, self.mirror(x) | self.mirror(o) << self.cells)

    def children(self, key: int) -> list[tuple[int, bool]]:
        """Each move's position (canonical key) and whether it ends the game with a four."""
        x, o = key & self.full, key >> self.cells
        taken = x | o
        x_moves = x.bit_count() == o.bit_count()
        # The mirror image once per position; each child's is it plus the mirrored stone (the walk's hot loop).
        mirrored = self.mirror(x) | self.mirror(o) << self.cells
        offset = 0 if x_moves else self.cells
        stones = x if x_moves else o
        found = []
        for col in range(self.width):
            if taken >> col & 1:
                continue
            row = self.height - 1 - (taken & self.columns[col]).bit_count()
            cell = row * self.width + col
            with_stone = stones | 1 << cell
            won = any(with_stone & mask == mask for mask in self.lines_through[cell])
            child = key | 1 << (cell + offset)
            twin = mirrored | 1 << (row * self.width + self.width - 1 - col + offset)
            found.append((min(child, twin), won))
        return found

    def state(self, key: int) -> Any:
        """The game's ``Connect4State`` of a key (X moved first; the side that moved last has won if it has a four)."""
        x, o = key & self.full, key >> self.cells
        x_moves = x.bit_count() == o.bit_count()
        last = o if x_moves else x
        won = any(last & mask == mask for mask in self.lines)
        winner = (Player.O if x_moves else Player.X) if won else None
        return self.game.initial_state()._replace(x=x, o=o, to_move=Player.X if x_moves else Player.O, winner=winner)


Keys = Sequence[int]
"""Sorted or packed keys: an ``array('Q')`` where a key fits 64 bits (boards of up to 32 cells), else a list."""


def key_sequence(cells: int, keys: Iterable[int]) -> Keys:
    """``keys`` held compactly: 8 bytes each where they fit (a 7x6 key, two sides of 42 cells, does not)."""
    return array("Q", keys) if 2 * cells <= 64 else list(keys)


def _read_varints(data: bytes, count: int, cells: int) -> tuple[Keys, int]:
    keys: list[int] | array[int] = array("Q") if 2 * cells <= 64 else []
    position = 0
    previous = 0
    for _ in range(count):
        delta = shift = 0
        while True:
            byte = data[position]
            position += 1
            delta |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                break
        previous += delta
        keys.append(previous)
    return keys, position


class ExactScores:
    """A data set file read back: every row's key and score, and the score of any reachable position."""

    def __init__(self, game: Any, keys: Keys, scores: array[int], header: dict[str, Any]) -> None:
        self.game = game
        self.board = PackedBoard(game)
        self.keys = keys
        self.scores = scores
        self.header = header

    def __len__(self) -> int:
        return len(self.keys)

    @property
    def positions(self) -> int:
        return int(self.header["positions"])

    @property
    def plies(self) -> int | None:
        """The moves played in every row's position, for a layer; None when the rows are every reachable one."""
        plies = self.header.get("plies")
        return None if plies is None else int(plies)

    @property
    def values(self) -> str:
        """``exact`` (depth-aware scores) or ``outcome`` (1, 0, -1)."""
        return str(self.header.get("values", "exact"))

    def score(self, state: Any) -> int:
        """The exact score of ``state`` (either mirror image) for the side to move; KeyError if not a row."""
        if self.game.to_move(state) is not (Player.X if state.x.bit_count() == state.o.bit_count() else Player.O):
            raise KeyError("the data set's positions have X moving first")
        key = self.board.canonical(state.x | state.o << self.board.cells)
        index = bisect_left(self.keys, key)
        if index == len(self.keys) or self.keys[index] != key:
            raise KeyError(self.game.format(state))
        return int(self.scores[index])

    def state(self, row: int) -> Any:
        return self.board.state(self.keys[row])

    @classmethod
    def read(cls, path: str | os.PathLike[str]) -> ExactScores:
        """Read and check a data set file; a damaged or foreign file is a ``PerfectplayError`` naming it."""
        try:
            with open(path, "rb") as file:
                data = file.read()
        except OSError as error:
            raise PerfectplayError(f"cannot read {path}: {error}") from None
        try:
            if not data.startswith(MAGIC):
                raise ValueError("not a perfectplay exact scores file")
            end = data.index(b"\n", len(MAGIC))
            header = json.loads(data[len(MAGIC) : end])
            payload = lzma.decompress(data[end + 1 :])
            if hashlib.sha256(payload).hexdigest() != header["sha256"]:
                raise ValueError("its checksum does not match")
            game: Any = make_game(header["game"])
            if game.name.partition(":")[0] != "connect4":
                raise ValueError(f"{header['game']} is not Connect Four")
            count = int(header["rows"])
            keys, used = _read_varints(payload, count, game.cells)
            scores = array("b")
            scores.frombytes(payload[used:])
            if len(scores) != count:
                raise ValueError("it holds fewer scores than rows")
        except (ValueError, KeyError, IndexError, lzma.LZMAError, PerfectplayError) as error:
            raise PerfectplayError(f"{path} is not a readable exact scores file: {error}") from None
        return cls(game, keys, scores, header)
