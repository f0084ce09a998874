"""Every move exact at plies 5-8 with default options: the CPU an analysis takes, beside bitbully's.

Run from the repository root (the peer is optional: ``pip install bitbully==0.0.79``)::

    .venv/bin/python benchmarks/analyze_plies.py                      # docs/connect4.md's 8 positions
    .venv/bin/python benchmarks/analyze_plies.py --seed 38 --per-ply 2 # 2 random positions a ply, plies 5-8

What ``perfectplay analyze --game connect4 SEQ`` computes with default
options (``score_moves`` under the command's 60 s limit, a fresh table),
with the limit counted in CPU seconds (``time.process_time``) rather than
wall time, so a busy machine gives the same answer: each position's CPU
seconds, nodes, whether every move came out exact, and the exact search's
time from an empty table as the 10 s target counts it. bitbully (no opening
book, a fresh table) scores every move of the same position in the same
run; its best moves are checked against ours.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from perfectplay import Connect4, Limit, score_moves

DOC_POSITIONS = ("64476", "11364", "315625", "333635", "6347542", "5154245", "21436567", "55124131")
"""The positions docs/connect4.md measured (2 a ply, plies 5-8, ``random.Random(38)``)."""

LIMIT_SECONDS = 60.0
"""``analyze``'s default bound on Connect Four."""


def drawn(seed: int, per_ply: int) -> list[str]:
    """``per_ply`` random positions at each of plies 5-8 (the game not over), as move sequences."""
    game, rng = Connect4(), random.Random(seed)
    found: list[str] = []
    for plies in range(5, 9):
        count = 0
        while count < per_ply:
            state, moves = game.initial_state(), ""
            for _ in range(plies):
                move = rng.choice(game.legal_moves(state))
                state, moves = game.play(state, move), moves + game.move_label(move)
                if game.is_over(state):
                    break
            if not game.is_over(state) and len(moves) == plies:
                found.append(moves)
                count += 1
    return found


def ours(moves: str) -> dict[str, Any]:
    game = Connect4()
    state = game.parse_sequence(moves)
    start = time.process_time()
    analysis = score_moves(game, state, Limit(seconds=LIMIT_SECONDS), clock=time.process_time)
    seconds = time.process_time() - start
    exact = sum(1 for entry in analysis.moves if entry.score is not None)
    return {
        "seconds": seconds,
        "nodes": analysis.nodes,
        "exact": f"{exact}/{len(analysis.moves)}",
        "best": sorted(analysis.best) if analysis.complete else None,
    }


def peer(moves: str) -> dict[str, Any] | None:
    try:
        from bitbully import BitBully, Board
    except ImportError:
        return None
    agent = BitBully(None)  # no opening book: a search, as ours
    board = Board("".join(str(int(char) - 1) for char in moves))
    start = time.process_time()
    scores = agent.score_all_moves(board)
    seconds = time.process_time() - start
    top = max(scores.values())
    return {"seconds": seconds, "best": sorted(move for move, score in scores.items() if score == top)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, help="draw random positions with this seed instead of the doc's 8")
    parser.add_argument("--per-ply", type=int, default=2, help="random positions a ply, plies 5-8 (with --seed)")
    parser.add_argument("positions", nargs="*", help="move sequences (default: the doc's 8)")
    args = parser.parse_args()
    positions = args.positions or (drawn(args.seed, args.per_ply) if args.seed is not None else list(DOC_POSITIONS))
    print(f"{'position':>10} {'ply':>3} {'our CPU s':>9} {'nodes':>13} {'exact':>5} {'bitbully s':>10}  best agrees")
    total = peer_total = 0.0
    within = 0
    for moves in positions:
        mine = ours(moves)
        theirs = peer(moves)
        total += mine["seconds"]
        within += mine["exact"].split("/")[0] == mine["exact"].split("/")[1] and mine["seconds"] <= 10
        their_seconds = "-" if theirs is None else f"{theirs['seconds']:.2f}"
        agrees = "-" if theirs is None or mine["best"] is None else str(mine["best"] == theirs["best"])
        if theirs is not None:
            peer_total += theirs["seconds"]
        print(
            f"{moves:>10} {len(moves):>3} {mine['seconds']:>9.2f} {mine['nodes']:>13,} {mine['exact']:>5} "
            f"{their_seconds:>10}  {agrees}",
            flush=True,
        )
    print(f"every move exact within 10 s of CPU: {within} of {len(positions)}")
    print(f"total CPU: ours {total:.1f} s, bitbully {peer_total:.1f} s")


if __name__ == "__main__":
    main()
