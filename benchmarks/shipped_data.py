"""The shipped data files held against fresh solves, whole: the long oracle runs the test suite samples.

Run from the repository root::

    .venv/bin/python benchmarks/shipped_data.py                 # every file
    .venv/bin/python benchmarks/shipped_data.py --only suite    # the Connect Four check's suite alone

* ``suite``: every position of the Connect Four check's suite
  (``check/data/connect4-suite.jsonl``), every legal move's exact score
  solved again by the package's solver and compared (about 2 CPU minutes);
* ``5x4``: the exact data set of 5x4 Connect Four (``data/connect4-5x4.scores``):
  every reachable position walked again and compared with the file's keys,
  then a seeded 10,000 of its rows solved again and compared (about 2 CPU
  minutes);
* ``layer``: the 7x6 outcome layer the package ships
  (``src/perfectplay/books/connect4-7x6-ply8.scores``): every position after
  8 moves walked again and compared with the file's keys, then every row's
  outcome against bitbully's (an independent solver with its own 12-ply
  book: ``pip install bitbully==0.0.79`` or the ``bench`` extra; about 15 s);
* ``exact``: the 7x6 exact layers the package ships (``connect4-7x6-ply5.scores``
  and ``connect4-7x6-ply8-exact.scores``): every position after its moves
  walked again and compared with the file's keys, then every row's exact
  score against bitbully's (``--exact-rows N``: a seeded N of each layer's).

The test suite checks a seeded handful of each on every run
(``tests/check/test_connect4_agent_suite.py``,
``tests/play/test_distributed_builds.py``, ``tests/search/solver/test_shipped_layer.py``); this
is the whole of each. It prints what it compared and every disagreement, and
exits 1 if there is one.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

from perfectplay import Connect4
from perfectplay.check.connect4.suite import load_suite
from perfectplay.game import outcome_of
from perfectplay.games import ExactScores
from perfectplay.games.connect4 import pons_score
from perfectplay.games.connect4_layer import LOSS, ExactLayer, shipped_exact_layer, shipped_layer
from perfectplay.play.exact_scores import reachable_keys, walk_keys
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


def walked_again(label: str, scores: ExactScores, plies: int) -> list[str]:
    """A layer's keys against a fresh walk of every position after ``plies`` moves: what differs, in words."""
    keys = walk_keys(scores.game, plies=plies)
    print(f"{label}: {len(keys):,} mirror pairs after {plies} moves walked again, {len(scores):,} rows")
    if list(keys) == list(scores.keys):
        return []
    return [f"{label}: the walk finds {len(keys):,} mirror pairs, the file holds {len(scores):,}"]


def bitbully_board(game: Connect4, state: Any) -> Any:
    """``state`` as bitbully reads a board: the drawing's rows, top first; 0 empty, 1 X (the first player), 2 O."""
    from bitbully import Board

    return Board.from_array([[".XO".index(cell) for cell in line] for line in game.format(state).split("/")])


def check_layer() -> list[str]:
    """The shipped 7x6 layer's keys against a fresh walk, and every row's outcome against bitbully's."""
    from bitbully import BitBully  # the referee, an optional benchmark dependency

    layer = shipped_layer("connect4")
    if layer is None:
        return ["layer: the package ships no 7x6 outcome layer"]
    scores, game = layer.scores, layer.scores.game
    wrong = walked_again("layer", scores, layer.plies)
    referee, over = BitBully(), 0
    for row in range(len(scores)):
        state = scores.state(row)
        if game.is_over(state):  # a four made by the 8th move: the side to move has lost (bitbully plays on)
            over += 1
            fresh = LOSS if game.winner(state) is not None else 0
        else:
            value = referee.mtdf(bitbully_board(game, state))
            fresh = (value > 0) - (value < 0)
        if fresh != scores.scores[row]:
            wrong.append(f"layer {game.format(state)}: shipped {scores.scores[row]:+d}, bitbully {fresh:+d}")
    print(
        f"layer: every row's outcome against bitbully ({over:,} already over), "
        f"{sum(w.startswith('layer ') for w in wrong)} disagree"
    )
    return wrong


def check_exact_layers(rows: int | None, seed: int) -> list[str]:
    """Each shipped 7x6 exact layer's keys against a fresh walk, and every row's exact score (or a seeded
    ``rows`` of each layer's) against bitbully's."""
    layer = shipped_exact_layer("connect4")
    if layer is None:
        return ["exact: the package ships no 7x6 exact layer"]
    wrong = []
    while layer is not None:
        wrong += check_exact_layer(layer, rows, seed)
        layer = layer.shallower
    return wrong


def check_exact_layer(layer: ExactLayer, rows: int | None, seed: int) -> list[str]:
    """One exact layer's keys against a fresh walk, and every row's exact score (or a seeded ``rows``) against
    bitbully's."""
    from bitbully import BitBully  # the referee, an optional benchmark dependency

    scores, game = layer.scores, layer.scores.game
    wrong = walked_again("exact", scores, layer.plies)
    referee = BitBully()
    chosen: list[int] = list(range(len(scores)))
    if rows is not None and rows < len(scores):
        chosen = sorted(random.Random(seed).sample(range(len(scores)), rows))
    for row in chosen:
        state = scores.state(row)
        shipped = pons_score(outcome_of(scores.scores[row], game.max_plies), layer.plies, game.cells)
        if game.is_over(state):  # a four already made: the side to move has lost on the spot
            fresh = shipped if scores.scores[row] == -(game.max_plies + 2) else shipped + 1
        else:
            fresh = referee.mtdf(bitbully_board(game, state))
        if fresh != shipped:
            wrong.append(f"exact {game.format(state)}: shipped {shipped:+d}, bitbully {fresh:+d} (Pons's units)")
    compared = f"{len(chosen):,} of {len(scores):,} rows after {layer.plies} moves"
    print(f"exact: {compared} against bitbully's exact scores, {sum(w.startswith('exact ') for w in wrong)} disagree")
    return wrong


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--only", choices=("suite", "5x4", "layer", "exact"), help="check one file (default every one)")
    parser.add_argument("--sample", type=int, default=10_000, help="5x4 rows solved again (default 10,000)")
    parser.add_argument("--exact-rows", type=int, help="rows of each exact layer against bitbully (default all)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    started, cpu = time.perf_counter(), time.process_time()
    wrong = []
    if args.only in (None, "suite"):
        wrong += check_suite()
    if args.only in (None, "5x4"):
        wrong += check_5x4(args.sample, args.seed)
    if args.only in (None, "layer"):
        wrong += check_layer()
    if args.only in (None, "exact"):
        wrong += check_exact_layers(args.exact_rows, args.seed)
    for line in wrong:
        print("  disagrees:", line)
    wall, used = time.perf_counter() - started, time.process_time() - cpu
    print(f"{len(wrong)} disagreements; {wall:.0f} s wall, {used:.0f} s CPU")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
