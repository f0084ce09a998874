"""MCTS held against the exact value: convergence on tic-tac-toe and three Connect Four positions.

    .venv/bin/python benchmarks/mcts.py                 # 20 runs a position, writes benchmarks/results/mcts.md
    .venv/bin/python benchmarks/mcts.py --runs 5 --output -

For each position: at 10 to 10,000 iterations, the share of seeded UCT runs
whose move is an exact best move, the share that keeps the value, the mean
distance of the estimate from the exact value, and the CPU seconds the
whole study took (the exact values included); then the ``mcts:N`` players'
results against every level, as for every other player (``--games`` a
pairing, taking turns as X). The Connect Four positions
are from Pascal Pons's test sets (``shared/data/connect4``), middle and end
games the solver proves in a second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from perfectplay import TicTacToe, parse_position
from perfectplay.play import LADDER, play_duel
from perfectplay.teaching import study_convergence

POSITIONS = (
    ("tictactoe", "X.O/.../..."),
    ("tictactoe", "XO./.X./..O"),
    ("tictactoe", "X../OO./X.."),
    ("connect4", "52753311433677442422121"),
    ("connect4", "5554224333234511764415115"),
    ("connect4", "7422341735647741166133573473242566"),
)
CHECKPOINTS = (10, 30, 100, 300, 1000, 3000, 10000)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--games", type=int, default=100, help="games a pairing in the strength table")
    parser.add_argument("--output", default=str(Path(__file__).parent / "results" / "mcts.md"))
    args = parser.parse_args()
    lines = [
        f"# MCTS against the exact value ({args.runs} seeded UCT runs a position, seeds from {args.seed})",
        "",
        "`.venv/bin/python benchmarks/mcts.py` — each cell: exact best move chosen / value kept / "
        "mean |estimate - exact| (rewards 1 win, 0.5 draw, 0 loss)",
        "",
        "| game | position | exact | " + " | ".join(f"{n:,}" for n in CHECKPOINTS) + " | all best from | CPU s |",
        "|---|---|---|" + "---|" * len(CHECKPOINTS) + "---|---|",
    ]
    for spec, position in POSITIONS:
        game, state = parse_position(position, spec)
        started = time.process_time()
        study = study_convergence(game, state, CHECKPOINTS, runs=args.runs, seed=args.seed)
        spent = time.process_time() - started
        cells = [
            f"{p.best_rate:.0%} / {p.keeps_value_rate:.0%} / {p.value_error:.2f}" for p in study.points
        ]
        best = ", ".join(game.move_label(move) for move in study.exact_best)
        always = study.first_always_best()
        lines.append(
            f"| {spec} | `{position}` | {study.exact_outcome} ({best}) | " + " | ".join(cells)
            + f" | {always if always is not None else 'not yet'} | {spent:.1f} |"
        )
        print(lines[-1], flush=True)
    lines += strength(args.games, args.seed)
    text = "\n".join(lines) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
        print(f"wrote {args.output}")
    return 0


def strength(games: int, seed: int) -> list[str]:
    """The mcts:N players against every level on tic-tac-toe: wins, draws and losses from MCTS's side."""
    game = TicTacToe()
    lines = [
        "",
        f"## Strength on tic-tac-toe ({games} games a pairing, taking turns as X; W/D/L from MCTS's side)",
        "",
        "| player | " + " | ".join(LADDER) + " |",
        "|---|" + "---|" * len(LADDER),
    ]
    for iterations in (30, 100, 300, 1000):
        cells = []
        for level in LADDER:
            *_, result = play_duel(game, f"mcts:{iterations}", level, games, random.Random(seed))
            wins, draws, losses = result.records[0].total
            cells.append(f"{wins} / {draws} / {losses}")
        lines.append(f"| mcts:{iterations} | " + " | ".join(cells) + " |")
        print(lines[-1], flush=True)
    return lines


if __name__ == "__main__":
    sys.exit(main())
