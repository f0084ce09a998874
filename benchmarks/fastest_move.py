"""The computer's move in won and lost positions 5 to 8 moves in: the fastest win, the slowest loss?

Run from the repository root (bitbully, the referee: ``PYTHONPATH=/tmp/bbonly`` or ``pip install bitbully==0.0.79``)::

    .venv/bin/python benchmarks/fastest_move.py                 # 4 positions a ply, seed 38, and 14444
    .venv/bin/python benchmarks/fastest_move.py --per-ply 8 --seconds 3

Each position is a random game's (``analyze_command.drawn``) that is won or
lost for the side to move; ``solve`` answers it under ``Limit(seconds=...)``
counted in the process's CPU time (``time.perf_counter`` replaced by
``time.process_time`` before the package is imported), as an idle machine
would give it, and bitbully scores every move: each move ``solve`` names
best must have bitbully's best score.
"""

from __future__ import annotations

import time

time.perf_counter = time.process_time  # before perfectplay reads it: the limit counts CPU seconds

import argparse  # noqa: E402
import random  # noqa: E402

from bitbully import BitBully, Board  # noqa: E402

from analyze_command import drawn  # noqa: E402
from perfectplay import Connect4, Limit, solve  # noqa: E402

ALWAYS = ["14444"]
"""Where a quarter of the limit was too little for the probe (the book's slower win was played)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=38)
    parser.add_argument("--per-ply", type=int, default=4, help="won or lost positions a ply, 5 to 8 (default 4)")
    parser.add_argument("--seconds", type=float, default=3.0, help="solve's limit (default 3, the terminal's)")
    args = parser.parse_args()
    game, referee, rng = Connect4(), BitBully(None), random.Random(args.seed)
    positions = list(ALWAYS)
    for ply in range(5, 9):
        kept = 0
        while kept < args.per_ply:
            moves = drawn(rng, ply, ply, 1)[0]
            board = Board("".join(str(int(char) - 1) for char in moves))
            if moves not in positions and max(dict(referee.score_all_moves(board)).values()) != 0:
                positions.append(moves)
                kept += 1
    fastest = 0
    for moves in positions:
        scores = dict(referee.score_all_moves(Board("".join(str(int(char) - 1) for char in moves))))
        started = time.process_time()
        answer = solve(game, game.parse_sequence(moves), Limit(seconds=args.seconds))
        cpu = time.process_time() - started
        top = max(scores.values())
        good = all(scores[move] == top for move in answer.best)
        fastest += good
        print(
            f"{moves:>10} {answer.algorithm:>7} best {[move + 1 for move in answer.best]} "
            f"bitbully {[scores[move] for move in answer.best]} of {top:>3} {cpu:5.2f} s "
            f"{answer.nodes:>12,} {'ok' if good else 'SLOWER'}",
            flush=True,
        )
    print(f"fastest win or slowest loss: {fastest}/{len(positions)}")


if __name__ == "__main__":
    main()
