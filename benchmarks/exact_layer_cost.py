"""What an exact-score layer of 7x6 Connect Four costs, measured on a seeded sample of its positions.

Run from the repository root (a few CPU minutes; more for the early plies)::

    .venv/bin/python benchmarks/exact_layer_cost.py --plies 8 7 6 5 4 --positions 24 --seed 38

For each number of moves it walks every position after that many moves (one
row per mirror pair, as ``perfectplay dataset connect4 --format scores
--plies N`` builds them), draws a seeded sample, proves each one's exact
score with the compiled core (``solve_value``, one transposition table kept
across the sample as a build's worker keeps one across its shards) and
prints the CPU seconds a position took: the mean, the largest, and the whole
layer's CPU hours extrapolated from the mean (rows x mean). ``--outcome``
measures ``solve_outcome`` (win, draw or loss alone) instead. The figures
and what they mean for a build on a cluster are in ``docs/connect4.md``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from perfectplay import Connect4
from perfectplay.games.connect4_scores import PackedBoard
from perfectplay.play.exact_scores import walk_keys
from perfectplay.search.solver import TranspositionTable
from perfectplay.search.solver.exact import solve_outcome, solve_value

TABLE = 1 << 24
"""A build's worker table on 7x6 (``exact_scores.BIG_BOARD_CELLS``): the same here, so the costs compare."""


def measure(plies: int, positions: int, seed: int, outcome: bool) -> float:
    """Print the sample's costs after ``plies`` moves; return the whole layer's extrapolated CPU hours."""
    game = Connect4()
    board = PackedBoard(game)
    keys = walk_keys(game, plies=plies)
    sample = random.Random(seed).sample(range(len(keys)), min(positions, len(keys)))
    table = TranspositionTable(capacity=TABLE)
    costs = []
    for row in sample:
        state = board.state(keys[row])
        started = time.process_time()
        if outcome:
            solve_outcome(game, state, table=table)
        else:
            solve_value(game, state, table=table)
        costs.append(time.process_time() - started)
        print(f"  ply {plies} {game.format(state)}: {costs[-1]:.2f} s CPU", flush=True)
    mean = sum(costs) / len(costs)
    hours = mean * len(keys) / 3600
    print(
        f"ply {plies}: {len(keys):,} mirror pairs; {len(costs)} sampled (seed {seed}): {mean:.2f} s CPU a position "
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
    args = parser.parse_args()
    for plies in args.plies:
        measure(plies, args.positions, args.seed, args.outcome)
    return 0


if __name__ == "__main__":
    sys.exit(main())
