"""``perfectplay book``: prove a Connect Four opening book with the package's own solver.

The book the package ships (``perfectplay/books/connect4-7x6.txt``) was made
with this command. A build proves each ply's new positions as shards of tasks
on every local core, or on a Dask cluster (``--cluster``;
``perfectplay.play.book_builds``); each finished shard is saved beside
``--out`` at once, so a build can be stopped (Ctrl-C) and run again to go on
where it left off, and the book is written whole at the end. ``--side`` and
``--from`` (the hand-split builds from before) prove in this one process and
append each new position to ``--out`` as it is proven. Positions already in
the file are never proven again.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from pathlib import Path

from perfectplay import Connect4, PerfectplayError, files, make_game
from perfectplay.cli.builds import add_build_options, engine_for
from perfectplay.cli.options import add_game_option, add_whole, path
from perfectplay.cli.output import write_file
from perfectplay.search.solver import BOOK_SIDES, Book, TranspositionTable, book_header, build_book, prove_book_entry

MILLION = 1_000_000
BOOK_BYTES = 1 << 30
"""The largest book file read back (the shipped 7x6 book is a few megabytes)."""

MAX_PLIES = 89
"""The largest ``--plies``: the last ply of the biggest Connect Four board (9x10) is ply 89, counting from 0."""

MAX_TABLE = 4_096
"""The largest ``--table``, in millions of entries: far more memory than a machine that builds books has."""


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.description = (
        "Prove an opening book for Connect Four: for every position the computer can meet up to PLIES "
        "(playing either side and following the book), whether it is a win, a draw or a loss, and a move "
        "that keeps that. Appends to --out as it goes; run again to resume."
    )
    add_whole(
        parser,
        "--plies",
        0,
        MAX_PLIES,
        required=True,
        metavar="P",
        help=f"the last ply the book covers (0 is the first move; 0 to {MAX_PLIES})",
    )
    parser.add_argument(
        "--out", type=path("--out"), required=True, metavar="FILE", help="the book file to write or extend"
    )
    add_whole(
        parser,
        "--table",
        1,
        MAX_TABLE,
        default=64,
        metavar="M",
        help=f"transposition table entries, in millions (1 to {MAX_TABLE:,}; default 64)",
    )
    parser.add_argument(
        "--side",
        choices=BOOK_SIDES,
        default="both",
        help="only the positions of the computer as the first or the second player (two builds can run at once); "
        "a file is marked complete only by a build of both",
    )
    parser.add_argument(
        "--from",
        dest="start",
        metavar="MOVES",
        help="only the positions after this one (columns played from 1, the computer to move): "
        "shares one side among processes",
    )
    add_whole(
        parser,
        "--slowest-losses-from",
        0,
        MAX_PLIES,
        metavar="PLY",
        help="prove again, with every move's exact score, the lost positions from PLY on whose line does not "
        f"name the slowest loss (books made before it did), and walk on from the new moves (0 to {MAX_PLIES})",
    )
    add_game_option(parser, default="connect4")
    add_build_options(parser, "where the proofs run (not with --side or --from: those run in this process)")
    parser.set_defaults(run=run_book)


def run_book(args: argparse.Namespace) -> int:
    game = make_game(args.game)
    if not isinstance(game, Connect4):
        raise PerfectplayError(f"books are made for Connect Four, not {game.name}")
    start = None if args.start is None else game.parse_sequence(args.start)
    if start is not None and (game.is_over(start) or args.side != "both"):
        raise PerfectplayError("--from needs a position where the game goes on, and no --side")
    path = Path(args.out)
    known = Book(game, {})
    if path.is_symlink() or (path.exists() and not path.is_file()):
        # A device or a pipe cannot be read back and extended (reading /dev/full or /dev/zero never ends); a link
        # would have the book appended to whatever it points to.
        raise PerfectplayError(f"--out {path} is not a regular file: the book is read back and extended in place")
    if path.exists():
        lines = files.read_text(path, limit=BOOK_BYTES, option="--out").splitlines()
        known = Book.parse(game, lines, str(path))
    if args.side == "both" and start is None:
        return run_sharded(args, game, known, path)
    table = TranspositionTable(capacity=args.table * MILLION)
    started = time.perf_counter()
    try:
        with path.open("a", encoding="utf-8") as out:

            def report(ply: int, line: str, seconds: float, new: bool) -> None:
                if new:
                    out.write(line + "\n")
                    out.flush()
                    print(f"ply {ply}: {line} ({seconds:.1f} s)", file=sys.stderr, flush=True)

            prove = functools.partial(prove_book_entry, game, table=table)
            book = build_book(game, args.plies, known, prove, report, args.side, start, args.slowest_losses_from)
        if args.side != "both" or start is not None:
            part = f"the {args.side} player's" if start is None else f"those after {args.start}"
            print(f"{len(book)} positions in {path}, {part} to ply {args.plies}")
            return 0
        # Finished: say so on the first line (the file is rewritten whole or not at all).
        # A position proven again (its slowest loss) keeps its place and its newest line.
        newest: dict[str, str] = {}
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                newest[line.split()[0]] = line
        write_file(path, "\n".join([book_header(game, args.plies), *newest.values()]) + "\n")
    except OSError as error:
        raise PerfectplayError(f"cannot write {path}: {error.strerror or error}") from None
    print(f"{len(book)} positions to ply {args.plies} in {path} ({time.perf_counter() - started:.0f} s)")
    return 0


def run_sharded(args: argparse.Namespace, game: Connect4, known: Book, path: Path) -> int:
    """The whole book, each ply's new positions proven as shards on the engine; the file written whole at the end."""
    from perfectplay.play import Engine, build_book_sharded

    started = time.perf_counter()

    def start_engine() -> Engine:
        engine = engine_for(args)
        print(f"proving on {engine.describe()}", file=sys.stderr, flush=True)
        return engine

    def report(ply: int, done: int, total: int) -> None:
        print(f"ply {ply}: {done}/{total} new positions proven", file=sys.stderr, flush=True)

    build = build_book_sharded(
        game,
        args.plies,
        known,
        path,
        start_engine,
        table_millions=args.table,
        shards=args.shards,
        slowest_losses_from=args.slowest_losses_from,
        on_shard=report,
    )
    write_file(path, "\n".join([book_header(game, args.plies), *build.lines]) + "\n")
    build.folder.remove()
    print(f"{len(build.book)} positions to ply {args.plies} in {path} ({time.perf_counter() - started:.0f} s)")
    return 0
