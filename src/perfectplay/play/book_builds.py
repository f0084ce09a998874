"""An opening book built on many workers: each ply's new positions proven as shards of tasks on an engine.

``build_book`` (``perfectplay.search.solver.book``) walks the book ply by
ply and proves each new position in turn. The positions of one ply do not
depend on each other, only on the book's moves at the plies before, so this
module runs the same walk once per ply: a pass to ply ``P`` finds every
position of ply ``P`` the book lacks (its prover only records them: a
position of the last ply is never walked on from), the engine proves them,
cut into shards by a fixed hash of the drawing, and the next pass goes one
ply further. The walk itself, its sides, ``start`` and the slowest losses,
stays ``build_book``'s: this module only decides where the proofs run.

Every finished shard is written at once to ``OUT.shards/`` (its book lines),
so a stopped build resumes from them; at the end the book is written whole
to ``OUT`` with its header, and the folder is removed.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from perfectplay import Connect4, make_game
from perfectplay.play.engines import Engine
from perfectplay.play.shards import ShardFolder, shard_of
from perfectplay.search.solver import TranspositionTable
from perfectplay.search.solver.book import (
    Book,
    BookEntry,
    build_book,
    canonical,
    format_line,
    prove_book_entry,
)
from perfectplay.search.solver.outcomes import DRAW

MILLION = 1_000_000

_TABLES: dict[tuple[str, int], TranspositionTable] = {}
"""One table per worker process and game, kept across shards: deeper proofs find the shallower ones in it."""


def prove_drawings(spec: str, table_millions: int, drawings: list[str]) -> list[str]:
    """The task: prove each drawing (a book's canonical frame) and return its book lines."""
    game = make_game(spec)
    table = _TABLES.get((spec, table_millions))
    if table is None:
        table = _TABLES[(spec, table_millions)] = TranspositionTable(capacity=table_millions * MILLION)
    return [format_line(drawing, prove_book_entry(game, game.parse(drawing), table)) for drawing in drawings]


def _drawing_key(drawing: str) -> int:
    return int.from_bytes(hashlib.blake2b(drawing.encode("ascii"), digest_size=8).digest(), "big")


@dataclass(frozen=True, slots=True)
class BookBuild:
    """What a sharded build did: the book, positions proven now, positions found in finished shards.

    ``lines`` are the book's lines in the walk's order, then any others ``known`` held (a deeper build's);
    ``folder`` the shards, to remove once the book is written.
    """

    book: Book
    proven: int
    resumed: int
    lines: list[str]
    folder: ShardFolder


PlyReport = Callable[[int, int, int], None]
"""Hears of each finished shard: its ply, how many of that ply's positions are done, how many there are."""


def build_book_sharded(
    game: Connect4,
    plies: int,
    known: Book,
    output: str | os.PathLike[str],
    open_engine: Callable[[], Engine],
    *,
    table_millions: int,
    shards: int,
    slowest_losses_from: int | None = None,
    on_shard: PlyReport | None = None,
) -> BookBuild:
    """Build the book to ``plies`` from ``known`` on the engine ``open_engine`` makes (only if there is work).

    Returns the book and its lines in the walk's order; the caller writes the file.
    """
    folder = ShardFolder(output, {"format": "perfectplay book shards 1", "game": game.name, "shards": shards}).open()
    entries = dict(known.entries)
    resumed = 0
    for name in folder.finished():
        found = Book.parse(game, folder.load(name).decode("utf-8").splitlines(), str(folder.shard_path(name)))
        resumed += len(set(found.entries) - set(entries))
        entries.update(found.entries)
    engine: Engine | None = None
    proven = 0
    redo = slowest_losses_from
    try:
        for target in range(plies + 1):
            record = _LastPlyRecorder(game)
            build_book(game, target, Book(game, entries), record, _quiet, slowest_losses_from=redo)
            drawings = sorted(set(record.missing))
            if not drawings:
                continue
            if engine is None:
                engine = open_engine()
            parts: list[list[str]] = [[] for _ in range(shards)]
            for drawing in drawings:
                parts[shard_of(_drawing_key(drawing), shards)].append(drawing)
            work = [(index, part) for index, part in enumerate(parts) if part]
            done = 0
            tasks = [(game.name, table_millions, part) for _, part in work]
            for number, lines in engine.run(prove_drawings, tasks):
                index, part = work[number]
                # Named by its positions too: a resumed build's shard of the same ply and index holds others,
                # and must not replace the file of the stopped build's.
                name = f"ply{target:03d}-{index:05d}-{_drawing_key(' '.join(part)):016x}.txt"
                folder.save(name, ("\n".join(lines) + "\n").encode("utf-8"))
                entries.update(Book.parse(game, lines, "a worker's lines", check=False).entries)
                done += len(part)
                if on_shard is not None:
                    on_shard(target, done, len(drawings))
            proven += len(drawings)
    finally:
        if engine is not None:
            engine.close()
    walked: list[str] = []
    book = build_book(
        game, plies, Book(game, entries), _unreachable, lambda ply, line, seconds, new: walked.append(line)
    )
    # Lines the walk did not reach (a deeper build's, in the file before) stay, after the walk's.
    reached = {line.split()[0] for line in walked}
    walked += [format_line(drawing, entry) for drawing, entry in entries.items() if drawing not in reached]
    return BookBuild(book, proven, resumed, walked, folder)


class _LastPlyRecorder:
    """The passes' prover: only positions of a pass's last ply can be new, so it records them and answers any
    legal move (the walk does not go on from the last ply, and the pass's book is thrown away)."""

    def __init__(self, game: Connect4) -> None:
        self.game = game
        self.missing: list[str] = []

    def __call__(self, state: Any) -> BookEntry:
        self.missing.append(canonical(self.game, state).drawing)
        return BookEntry(DRAW, self.game.legal_moves(state)[0], 0)


def _quiet(ply: int, line: str, seconds: float, new: bool) -> None:
    """The passes' walks report nothing: the shards are the progress."""


def _unreachable(state: Any) -> BookEntry:
    raise AssertionError("every position of the book was proven by the passes before")
