"""Every reachable position of a Connect Four board with its exact score: built in shards, on many workers.

``perfectplay dataset connect4:5,4 --format scores -o FILE`` writes it. The
rows are the positions reachable from the empty board with X moving first,
one row per mirror pair: a position and its mirror image have the same score,
so only the lesser of their two keys is stored (``positions`` in the header
counts both images: 3,945,711 on 5x4). A finished game (a four, or a full
board) is a row too.

Key: ``x | o << cells``, the two sides' stones as ``Connect4State`` holds
them (row-major from the top left). Score: the exact depth-aware score for
the side to move, as ``analyze`` and ``perfectplay dataset`` give it
(``max_plies + 2 - plies`` for a win, ``plies - max_plies - 2`` for a loss,
0 for a draw), proven by the production solver (``solve_value``).

How it is built: the walk from the empty board (layer by layer, a big
layer's positions expanded as tasks on the engine, every mirror pair once)
gives the keys, sorted; shard ``i`` is the ``i``-th of ``shards`` even runs of
them (the same keys on every run of the build). Each shard is a task for
the engine (local processes or Dask, ``engines.py``), which solves its
positions with one transposition table per worker process; every finished
shard is written at once to ``FILE.shards/``, so a stopped build resumes; at
the end the shards' scores, put end to end, are the file's, and the folder
is removed.

The file (``write_scores`` here; read by ``games/connect4_scores.py``):
a first line ``perfectplay exact scores 1``, a JSON line (the game, rows,
positions, the key and score conventions and the SHA-256 of the payload),
then the payload compressed with xz: the sorted keys as differences in
LEB128 varints, then one signed byte of score per row.

Two options make the same build affordable on a big board: ``plies`` keeps
only the positions after exactly that many moves (a layer: 7x6 has about
92,000 mirror pairs after 8 moves, against 4.5 trillion positions in all),
and ``values="outcome"`` stores only win, draw or loss (1, 0, -1 for the side
to move, two null-window probes: about half the work of an exact score). The
header names both. Such a layer is what ``games/connect4_layer.py`` reads: any
position with fewer moves is then solved by a few thousand look-ups.
"""

from __future__ import annotations

import hashlib
import json
import lzma
import os
import time
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perfectplay import Connect4, PerfectplayError, make_game
from perfectplay.games.connect4_scores import FORMAT, MAGIC, Keys, PackedBoard, key_sequence
from perfectplay.play.engines import Engine
from perfectplay.play.shards import SHARD_COUNT, ShardFolder, write_atomically
from perfectplay.search.solver import TranspositionTable


def _width(cells: int) -> int:
    return 8 if 2 * cells <= 64 else (2 * cells + 7) // 8


def _pack(cells: int, keys: Keys) -> bytes:
    """Keys as bytes for a task: fixed-width little-endian integers."""
    if isinstance(keys, array):
        return keys.tobytes()
    width = _width(cells)
    return b"".join(key.to_bytes(width, "little") for key in keys)


def _unpack(cells: int, data: bytes) -> Keys:
    if 2 * cells <= 64:
        keys = array("Q")
        keys.frombytes(data)
        return keys
    width = _width(cells)
    return [int.from_bytes(data[start : start + width], "little") for start in range(0, len(data), width)]


WALK_LOCALLY = 20_000
"""A layer of fewer positions than this is expanded in the command's own process: tasks would cost more."""

WALK_TASK = 25_000
"""Positions a walk task expands: enough to outweigh sending them, few enough to spread a layer over workers."""


def walk_keys(
    game: Connect4, engine: Engine | None = None, costs: dict[int, float] | None = None, plies: int | None = None
) -> Keys:
    """Every mirror pair reachable from the empty board (or only those after ``plies`` moves): canonical keys, sorted.

    Layer by layer (the positions after each number of moves): a big layer's
    positions are expanded as tasks on ``engine`` (if given), and the
    children are gathered here, where a set merges the duplicates. ``costs``
    (if given) adds up each worker process's CPU seconds in the tasks, by its
    process id.
    """
    board = PackedBoard(game)
    cells = game.cells
    layer: Keys = key_sequence(cells, [0])
    every: list[int] = [0]
    if plies == 0:
        return layer
    depth = 0
    while len(layer):
        if engine is None or len(layer) < WALK_LOCALLY:
            following, ended = _expand(board, layer)
        else:
            following, ended = set(), set()
            tasks = [
                (game.name, _pack(cells, layer[start : start + WALK_TASK])) for start in range(0, len(layer), WALK_TASK)
            ]
            for _, (children, won, pid, seconds) in engine.run(expand_keys, tasks):
                if costs is not None:
                    costs[pid] = costs.get(pid, 0.0) + seconds
                following.update(_unpack(cells, children))
                ended.update(_unpack(cells, won))
        depth += 1
        if depth == plies:
            return key_sequence(cells, sorted(following))  # the games won on this move are rows too
        every.extend(following)
        layer = key_sequence(cells, following - ended)
    return key_sequence(cells, [] if plies is not None else sorted(every))


def reachable_keys(game: Connect4, engine: Engine | None = None) -> tuple[Keys, int]:
    """``walk_keys``, and how many positions they stand for (a mirror pair is two, a symmetric position one)."""
    keys = walk_keys(game, engine)
    board = PackedBoard(game)
    return keys, sum(1 if _symmetric(board, key) else 2 for key in keys)


def _expand(board: PackedBoard, layer: Keys) -> tuple[set[int], set[int]]:
    """The children of every position of ``layer`` (canonical keys), and those that end the game with a four."""
    following: set[int] = set()
    ended: set[int] = set()
    for key in layer:
        for child, won in board.children(key):
            following.add(child)
            if won:
                ended.add(child)
    return following, ended


def expand_keys(spec: str, packed: bytes) -> tuple[bytes, bytes, int, float]:
    """The walk's task: the children of the positions in ``packed``, those among them that are won, and the
    worker's process id and CPU seconds."""
    started = time.process_time()
    game = make_game(spec)
    assert isinstance(game, Connect4)
    cells = game.cells
    following, ended = _expand(PackedBoard(game), _unpack(cells, packed))
    children, won = _pack(cells, key_sequence(cells, following)), _pack(cells, key_sequence(cells, ended))
    return children, won, os.getpid(), time.process_time() - started


def _symmetric(board: PackedBoard, key: int) -> bool:
    x, o = key & board.full, key >> board.cells
    return board.mirror(x) == x and board.mirror(o) == o


_TABLES: dict[str, tuple[PackedBoard, TranspositionTable]] = {}
"""One table per game per worker process, kept across its shards: what one shard proves, the next may reuse."""

VALUES = ("exact", "outcome")
"""What a build stores of each position: its exact score, or only win, draw or loss (1, 0, -1)."""

BIG_BOARD_CELLS = 30
"""From this many cells on, a worker's table holds 16 M entries (about 256 MB), not 2 M: a 7x6 position
after 8 moves takes millions of nodes to solve, a 5x4 one thousands."""


def solve_keys(spec: str, packed: bytes, values: str = "exact") -> tuple[bytes, int, int, float]:
    """The task: the exact score (or the outcome) of every position in ``packed`` (keys packed by ``_pack``), one
    signed byte each; how many of them are their own mirror image (to count the positions the rows stand for); the
    worker's process id and CPU seconds."""
    from perfectplay.search.solver.exact import solve_outcome, solve_value

    started = time.process_time()
    if spec not in _TABLES:
        game = make_game(spec)
        assert isinstance(game, Connect4)
        capacity = 1 << 24 if game.cells >= BIG_BOARD_CELLS else 1 << 21
        _TABLES[spec] = (PackedBoard(game), TranspositionTable(capacity=capacity))
    board, table = _TABLES[spec]
    # A layer of exact scores where the package ships the same layer's outcomes: each position's outcome narrows
    # its search to the length alone (``solve_value``), about a third less work after 8 moves.
    known = board.game.outcome_table() if values == "exact" else None
    scores = array("b")
    symmetric = 0
    for key in _unpack(board.cells, packed):
        state = board.state(key)
        if values == "outcome":
            scores.append(solve_outcome(board.game, state, table=table))
        else:
            outcome = None if known is None else known.outcome(state)
            score = solve_value(board.game, state, table=table, outcome=outcome).score
            assert score is not None  # solve_value has no limit: every value it returns is exact
            scores.append(score)
        symmetric += _symmetric(board, key)
    return scores.tobytes(), symmetric, os.getpid(), time.process_time() - started


@dataclass(frozen=True, slots=True)
class BuildSummary:
    """What a build did: rows (mirror pairs), positions (both images), shards solved now and found done, the wall
    seconds of the whole build and of its walk, and the CPU seconds each worker process spent in this run's tasks."""

    rows: int
    positions: int
    shards_solved: int
    shards_skipped: int
    seconds: float
    walk_seconds: float
    worker_cpu: dict[int, float]

    @property
    def worker_cpu_seconds(self) -> float:
        """The CPU seconds all workers spent in this run's tasks (the walk's and the shards')."""
        return sum(self.worker_cpu.values())


ShardReport = Callable[[int, int, int], None]
"""Hears of each finished shard: how many are done, how many there are, how many rows the shard held."""


def build_exact_scores(
    game: Connect4,
    output: str | os.PathLike[str],
    engine: Engine,
    *,
    shards: int = SHARD_COUNT,
    on_shard: ShardReport | None = None,
    plies: int | None = None,
    values: str = "exact",
) -> BuildSummary:
    """Build the data set into ``output`` on ``engine``, resuming from ``output``'s shard folder if it is there.

    ``plies``: only the positions after that many moves; ``values``: ``exact`` scores or ``outcome`` alone.
    """
    if not isinstance(game, Connect4):
        raise PerfectplayError(f"the exact scores data set is built for Connect Four boards, not {game.name}")
    if values not in VALUES:
        raise PerfectplayError(f"values are one of {', '.join(VALUES)}, not {values!r}")
    if plies is not None and not 0 <= plies <= game.cells:
        raise PerfectplayError(f"a layer of {game.title} is after 0 to {game.cells} moves, not {plies}")
    started = time.perf_counter()
    costs: dict[int, float] = {}
    keys = walk_keys(game, engine, costs, plies)
    walked = time.perf_counter() - started
    build: dict[str, Any] = {"format": FORMAT, "game": game.name, "shards": shards, "rows": len(keys)}
    if plies is not None or values != "exact":  # earlier builds' folders name neither: they stay resumable
        build.update(plies=plies, values=values)
    folder = ShardFolder(output, build).open()
    # Shard i is the i-th run of the sorted keys: the same keys on every run of this build, even in size, and
    # the shards' scores put end to end are the file's, in its order (no merging by key).
    bounds = [len(keys) * index // shards for index in range(shards + 1)]
    done = set(folder.finished())
    pending = [index for index in range(shards) if _name(index) not in done]
    finished = len(done)
    tasks = [(game.name, _pack(game.cells, keys[bounds[index] : bounds[index + 1]]), values) for index in pending]
    for number, (scores, symmetric, pid, seconds) in engine.run(solve_keys, tasks):
        costs[pid] = costs.get(pid, 0.0) + seconds
        folder.save(_name(pending[number]), scores + symmetric.to_bytes(8, "little"))
        finished += 1
        if on_shard is not None:
            on_shard(finished, shards, len(scores))
    all_scores = array("b")
    symmetric = 0
    for index in range(shards):
        data = folder.load(_name(index))
        if len(data) != bounds[index + 1] - bounds[index] + 8:
            raise PerfectplayError(f"shard {index} in {folder.path} is not this build's: remove the folder")
        all_scores.frombytes(data[:-8])
        symmetric += int.from_bytes(data[-8:], "little")
    positions = 2 * len(keys) - symmetric
    write_scores(output, game, keys, all_scores, positions, plies, values)
    folder.remove()
    return BuildSummary(len(keys), positions, len(pending), len(done), time.perf_counter() - started, walked, costs)


def _name(index: int) -> str:
    return f"{index:05d}.bin"


def _varints(keys: Keys) -> bytes:
    out = bytearray()
    previous = 0
    for key in keys:
        delta = key - previous
        previous = key
        while delta >= 0x80:
            out.append(delta & 0x7F | 0x80)
            delta >>= 7
        out.append(delta)
    return bytes(out)


def write_scores(
    output: str | os.PathLike[str],
    game: Connect4,
    keys: Keys,
    scores: array[int],
    positions: int,
    plies: int | None = None,
    values: str = "exact",
) -> None:
    """Write the data set file (atomically): the magic line, the JSON header, the xz payload."""
    payload = _varints(keys) + scores.tobytes()
    header: dict[str, Any] = {
        "game": game.name,
        "rows": len(keys),
        "positions": positions,
        "symmetry": "one row per mirror pair: the lesser key of a position and its mirror image",
        "key": "x | o << cells, each side's stones row-major from the top left; X moved first",
        "score": f"exact depth-aware score for the side to move: {game.max_plies + 2} - plies for a win, "
        f"plies - {game.max_plies + 2} for a loss, 0 for a draw",
        "sha256": hashlib.sha256(payload).hexdigest(),
    }
    if plies is not None:
        header["plies"] = plies
        header["rows_are"] = f"the positions after exactly {plies} moves, finished games included"
    if values == "outcome":
        header["values"] = "outcome"
        header["score"] = "the outcome for the side to move: 1 a win, 0 a draw, -1 a loss"
    body = MAGIC + json.dumps(header, sort_keys=True).encode("utf-8") + b"\n" + lzma.compress(payload, preset=9)
    try:
        write_atomically(Path(output), body)
    except OSError as error:
        raise PerfectplayError(f"cannot write {output}: {error}") from None
