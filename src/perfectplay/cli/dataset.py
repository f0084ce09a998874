"""``perfectplay dataset``: every reachable position of a small game, solved, as JSON lines or CSV.

The rows and their columns are ``perfectplay.play.datasets``'s (documented in
``docs/datasets.md``); this module only reads the options and picks the
output. Without ``--output`` the data set goes to standard output, so it
pipes into ``head``, ``jq`` or ``gzip``.
"""

from __future__ import annotations

import argparse
import sys

from perfectplay import PerfectplayError, make_game
from perfectplay.cli.options import game_option, path, whole
from perfectplay.cli.output import atomic_binary, atomic_file
from perfectplay.play.datasets import (
    DEFAULT_MAX_POSITIONS,
    DEFAULT_TEST_PERCENT,
    FORMATS,
    solved_positions,
    write_dataset,
    write_parquet,
)

MAX_POSITIONS = 50_000_000
"""The largest ``--max-positions``: every position is held in memory (about 1 KB each) before it is written."""


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.description = (
        "Write every position reachable from the start of GAME (or from --start) with its exact value, "
        "every move's score, the best moves, a symmetry class and a train/test split by class. "
        "Feasible for tic-tac-toe (5,478 positions), Nim from small heaps and boards up to about "
        "3x4 (m,n,k) or 4x4 (Connect Four); see docs/datasets.md for the columns."
    )
    parser.add_argument("game", type=game_option, metavar="GAME", help="the game spec, e.g. tictactoe, mnk:3,4,3, nim")
    parser.add_argument(
        "--format", choices=(*FORMATS, "parquet"), default="jsonl", help="jsonl (default), csv, or parquet (pyarrow)"
    )
    parser.add_argument(
        "--output", "-o", type=path("--output"), metavar="PATH", help="write to PATH instead of standard output"
    )
    parser.add_argument("--start", metavar="POSITION", help="walk from this position instead of the game's start")
    parser.add_argument(
        "--test-percent",
        type=whole(0, "the test share", 100),
        default=DEFAULT_TEST_PERCENT,
        metavar="P",
        help=f"put about P%% of the symmetry classes in the test split (0 to 100, default {DEFAULT_TEST_PERCENT})",
    )
    parser.add_argument(
        "--max-positions",
        type=whole(1, "the most positions", MAX_POSITIONS),
        default=DEFAULT_MAX_POSITIONS,
        metavar="N",
        help=f"refuse a game with more than N reachable positions (default {DEFAULT_MAX_POSITIONS:,}, "
        f"at most {MAX_POSITIONS:,})",
    )
    parser.set_defaults(run=run_dataset)


def run_dataset(args: argparse.Namespace) -> int:
    game = make_game(args.game, args.start)
    start = None if args.start is None else game.parse(args.start)
    rows = solved_positions(game, start, test_percent=args.test_percent, max_positions=args.max_positions)
    if args.format == "parquet" and args.output is None:
        raise PerfectplayError("Parquet is a binary file: give --output PATH")
    if args.output is None:
        write_dataset(rows, sys.stdout, args.format)
        return 0
    # Solve first, then write: a refused game leaves no file behind, and the file appears whole or not at all.
    solved = list(rows)
    if args.format == "parquet":
        with atomic_binary(args.output) as binary:
            count = write_parquet(solved, binary)
    else:
        with atomic_file(args.output) as out:
            count = write_dataset(solved, out, args.format)
    # Only now, with every row on the disk, is it true that they were written.
    sys.stderr.write(f"wrote {count:,} positions of {game.title} to {args.output}\n")
    return 0
