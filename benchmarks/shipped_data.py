"""The shipped data files held against fresh solves, whole: the long oracle runs the test suite samples.

Run from the repository root::

    .venv/bin/python benchmarks/shipped_data.py                 # both files
    .venv/bin/python benchmarks/shipped_data.py --only suite    # the Connect Four check's suite alone

* ``suite``: every position of the Connect Four check's suite
  (``check/data/connect4-suite.jsonl``), every legal move's exact score
  solved again by the package's solver and compared (about 2 CPU minutes);
* ``5x4``: the exact data set of 5x4 Connect Four (``data/connect4-5x4.scores``):
  every reachable position walked again and compared with the file's keys,
  then a seeded 10,000 of its rows solved again and compared (about 2 CPU
  minutes).

The test suite checks a seeded handful of each on every run
(``tests/check/test_connect4_agent_suite.py``,
``tests/test_distributed_builds.py``); this is the whole of both. It prints
what it compared and every disagreement, and exits 1 if there is one.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from perfectplay import Connect4
from perfectplay.check.judge.connect4_suite import load_suite
from perfectplay.games import ExactScores
from perfectplay.play.exact_scores import reachable_keys
from perfectplay.search.solver import TranspositionTable, score_moves
from perfectplay.search.solver.exact import solve_value

ROOT = Path(__file__).resolve().parent.parent
SCORES = ROOT / "data" / "connect4-5x4.scores"


def check_suite() -> list[str]:
    """Every suite position's every move, solved again: the disagreements."""
    game = Connect4()
    wrong = []
    suite = load_suite()
    for position in suite:
        analysis = score_moves(game, game.parse(position.moves))
        by_move = {entry.move: entry.score for entry in analysis.moves}
        fresh = tuple(by_move.get(column) for column in range(game.width))
        if not analysis.complete or fresh != position.scores:
            wrong.append(f"suite {position.moves}: shipped {position.scores}, solved {fresh}")
    print(f"suite: {len(suite)} positions, every move solved again, {len(wrong)} disagree")
    return wrong


def check_5x4(sample: int, seed: int) -> list[str]:
    """The 5x4 file's keys against a fresh walk, and a seeded sample of its scores against fresh solves."""
    scores = ExactScores.read(SCORES)
    keys, positions = reachable_keys(Connect4(5, 4))
    wrong = []
    if positions != scores.positions or list(keys) != list(scores.keys):
        wrong.append(f"5x4: the walk finds {positions:,} positions, the file holds {scores.positions:,}")
    print(f"5x4: {positions:,} reachable positions walked again, {len(scores):,} rows (one per mirror pair)")
    table = TranspositionTable(capacity=1 << 20)
    for row in random.Random(seed).sample(range(len(scores)), sample):
        state = scores.state(row)
        fresh = solve_value(scores.game, state, table=table).score
        if fresh != scores.scores[row]:
            wrong.append(f"5x4 {scores.game.format(state)}: shipped {scores.scores[row]}, solved {fresh}")
    print(f"5x4: {sample:,} rows (seed {seed}) solved again, {sum(w.startswith('5x4 ') for w in wrong)} disagree")
    return wrong


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--only", choices=("suite", "5x4"), help="check one file (default both)")
    parser.add_argument("--sample", type=int, default=10_000, help="5x4 rows solved again (default 10,000)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    started, cpu = time.perf_counter(), time.process_time()
    wrong = []
    if args.only in (None, "suite"):
        wrong += check_suite()
    if args.only in (None, "5x4"):
        wrong += check_5x4(args.sample, args.seed)
    for line in wrong:
        print("  disagrees:", line)
    wall, used = time.perf_counter() - started, time.process_time() - cpu
    print(f"{len(wrong)} disagreements; {wall:.0f} s wall, {used:.0f} s CPU")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
