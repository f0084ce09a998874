"""``perfectplay dataset``: every reachable position of a small game, solved, as JSON lines or CSV.

The rows and their columns are ``perfectplay.play.datasets``'s (documented in
``docs/datasets.md``); this module only reads the options and picks the
output. Without ``--output`` the data set goes to standard output, so it
pipes into ``head``, ``jq`` or ``gzip``. ``--format scores`` is the other
kind of build: every reachable Connect Four position with its exact score
only, solved in shards by local worker processes or a Dask cluster
(``perfectplay.play.exact_scores``), resumable, into one compact file.
"""

from __future__ import annotations

import argparse
import sys

from perfectplay import Connect4, PerfectplayError, make_game
from perfectplay.cli.builds import ShardProgress, add_build_options, engine_for
from perfectplay.cli.options import game_option, path, whole
from perfectplay.cli.output import atomic_binary, atomic_file
from perfectplay.play import (
    DEFAULT_MAX_POSITIONS,
    DEFAULT_TEST_PERCENT,
    FORMATS,
    solved_positions,
    write_dataset,
    write_parquet,
)

SCORES_ALL_CELLS = 20
"""The largest board (in cells) whose every reachable position ``--format scores`` builds without ``--plies``
(5x4: millions of positions; 6x4 and up: billions, and 7x6 trillions)."""
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
        "--format",
        choices=(*FORMATS, "parquet", "scores"),
        default="jsonl",
        help="jsonl (default), csv, parquet (pyarrow), or scores: Connect Four's exact scores alone, a compact "
        "file built in shards on local workers or a Dask cluster (--workers, --cluster; see docs/datasets.md)",
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
    parser.add_argument(
        "--plies",
        type=whole(0, "the moves played", 200),
        default=None,
        metavar="N",
        help="--format scores only: keep just the positions after exactly N moves (a layer; 7x6 after 8 moves is "
        f"about 92,000 mirror pairs, where every position is trillions); needed past {SCORES_ALL_CELLS} cells",
    )
    parser.add_argument(
        "--values",
        choices=("exact", "outcome"),
        default="exact",
        help="--format scores only: exact depth-aware scores (default), or the outcome alone (1 win, 0 draw, "
        "-1 loss for the side to move: about half the work)",
    )
    add_build_options(parser, "where a --format scores build runs")
    parser.set_defaults(run=run_dataset)


def run_dataset(args: argparse.Namespace) -> int:
    if args.format == "scores":
        return run_scores(args)
    if args.plies is not None or args.values != "exact":
        raise PerfectplayError("--plies and --values are options of --format scores")
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


def run_scores(args: argparse.Namespace) -> int:
    """The sharded build of every reachable Connect Four position's exact score."""
    from perfectplay.play import build_exact_scores

    game = make_game(args.game)
    if not isinstance(game, Connect4):
        raise PerfectplayError(f"--format scores is built for Connect Four boards, not {game.title}")
    if args.output is None or args.start is not None:
        raise PerfectplayError("--format scores needs --output PATH and walks from the empty board (no --start)")
    if args.plies is not None and args.plies > game.cells:
        raise PerfectplayError(f"--plies: {game.title} is full after {game.cells} moves, not {args.plies}")
    if args.plies is None and game.cells > SCORES_ALL_CELLS:
        # Refused before the walk starts: every reachable position of 7x6 is trillions (issue 43).
        raise PerfectplayError(
            f"--format scores of every reachable position of {game.title} cannot finish (boards of more than "
            f"{SCORES_ALL_CELLS} cells have billions): give --plies N to build one layer"
        )
    progress = ShardProgress(game.name)
    which = "every reachable position" if args.plies is None else f"every position after {args.plies} moves"
    with engine_for(args) as engine:
        progress.say(f"solving {which} of {game.title} ({args.values} values) on {engine.describe()}")
        summary = build_exact_scores(
            game, args.output, engine, shards=args.shards, on_shard=progress, plies=args.plies, values=args.values
        )
    skipped = f", {summary.shards_skipped} shards found done" if summary.shards_skipped else ""
    sys.stderr.write(
        f"wrote {summary.rows:,} mirror pairs ({summary.positions:,} positions) of {game.title} to {args.output} "
        f"in {summary.seconds:.0f} s (the walk {summary.walk_seconds:.0f} s; the workers' CPU "
        f"{summary.worker_cpu_seconds:.0f} s{skipped})\n"
    )
    return 0
