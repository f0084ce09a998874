"""What an exact-score layer of 7x6 Connect Four costs, measured on a seeded sample of its positions.

Run from the repository root (a few CPU minutes; more for the early plies)::

    .venv/bin/python benchmarks/exact_layer_cost.py --plies 8 7 6 5 4 --positions 24 --seed 38
    .venv/bin/python benchmarks/exact_layer_cost.py --book 9 10 11 12 --positions 8    # the book's lines

For each number of moves it walks every position after that many moves (one
row per mirror pair, as ``perfectplay dataset connect4 --format scores
--plies N`` builds them), draws a seeded sample, proves each one's exact
score with the compiled core (``solve_value``, one transposition table kept
across the sample as a build's worker keeps one across its shards) and
prints the CPU seconds a position took: the mean, the largest, and the whole
layer's CPU hours extrapolated from the mean (rows x mean). ``--outcome``
measures ``solve_outcome`` (win, draw or loss alone) instead. ``--book PLY ...``
samples the opening book's lines after that many moves instead of every
position (``books/connect4-7x6.txt``: exact scores along the book's lines). The figures
and what they mean for a build on a cluster are in ``docs/connect4.md``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from perfectplay import Connect4
from perfectplay.games.connect4 import Connect4State
from perfectplay.games.connect4_scores import PackedBoard
from perfectplay.play.exact_scores import walk_keys
from perfectplay.search.solver import TranspositionTable
from perfectplay.search.solver.exact import solve_outcome, solve_value

TABLE = 1 << 24
"""A build's worker table on 7x6 (``exact_scores.BIG_BOARD_CELLS``): the same here, so the costs compare."""


BOOK = Path(__file__).resolve().parent.parent / "src" / "perfectplay" / "books" / "connect4-7x6.txt"


def layer_positions(game: Connect4, plies: int) -> list[Connect4State]:
    """Every position after ``plies`` moves, one per mirror pair (X moved first)."""
    board = PackedBoard(game)
    return [board.state(key) for key in walk_keys(game, plies=plies)]


def book_positions(game: Connect4, plies: int) -> list[Connect4State]:
    """The opening book's positions after ``plies`` moves (its lines: the board, then what it proved)."""
    lines = BOOK.read_text(encoding="utf-8").splitlines()[1:]
    boards = [line.split()[0] for line in lines]
    return [game.parse(board) for board in boards if sum(cell != "." for cell in board if cell != "/") == plies]


def measure(plies: int, positions: int, seed: int, outcome: bool, book: bool = False) -> float:
    """Print the sample's costs after ``plies`` moves; return the whole layer's extrapolated CPU hours."""
    game = Connect4()
    every = book_positions(game, plies) if book else layer_positions(game, plies)
    sample = random.Random(seed).sample(range(len(every)), min(positions, len(every)))
    table = TranspositionTable(capacity=TABLE)
    costs = []
    for row in sample:
        state = every[row]
        started = time.process_time()
        if outcome:
            solve_outcome(game, state, table=table)
        else:
            solve_value(game, state, table=table)
        costs.append(time.process_time() - started)
        print(f"  ply {plies} {game.format(state)}: {costs[-1]:.2f} s CPU", flush=True)
    mean = sum(costs) / len(costs)
    hours = mean * len(every) / 3600
    what = "book lines" if book else "mirror pairs"
    print(
        f"ply {plies}: {len(every):,} {what}; {len(costs)} sampled (seed {seed}): {mean:.2f} s CPU a position "
        f"(largest {max(costs):.1f} s); the layer: {hours:.1f} CPU hours",
        flush=True,
    )
    return hours


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--plies", type=int, nargs="+", default=[8, 7, 6, 5, 4], help="the layers measured")
    parser.add_argument("--positions", type=int, default=24, help="positions sampled a layer (default 24)")
    parser.add_argument("--seed", type=int, default=38)
    parser.add_argument("--outcome", action="store_true", help="measure solve_outcome instead of exact scores")
    parser.add_argument("--book", type=int, nargs="+", default=[], help="sample the book's lines at these plies")
    args = parser.parse_args()
    for plies in args.book:
        measure(plies, args.positions, args.seed, args.outcome, book=True)
    for plies in [] if args.book else args.plies:
        measure(plies, args.positions, args.seed, args.outcome)
    return 0


if __name__ == "__main__":
    sys.exit(main())
