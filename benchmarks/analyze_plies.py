"""Every move exact at plies 5-8 with default options: the CPU an analysis takes, beside bitbully's.

Run from the repository root (the peer is optional: ``pip install bitbully==0.0.79``)::

    .venv/bin/python benchmarks/analyze_plies.py                # 2 random positions a ply, plies 5-8, seed 38
    .venv/bin/python benchmarks/analyze_plies.py 64476 4455     # these positions (move sequences)

Seed 38 draws docs/connect4.md's 8 positions (``64476`` ... ``55124131``).

What ``perfectplay analyze --game connect4 SEQ`` computes with default
options (``score_moves`` under the command's 60 s limit, a fresh table),
with the limit counted in CPU seconds (``time.process_time``) rather than
wall time, so a busy machine gives the same answer: each position's CPU
seconds, nodes, whether every move came out exact, and the exact search's
time from an empty table as the 10 s target counts it. bitbully (no opening
book, a fresh table) scores every move of the same position in the same
run; its best moves are checked against ours.

Figures (2026-11-29, compiled core, this 2-core machine at load 10-15; CPU
seconds, ours then bitbully's): before an analysis whose every move's
outcome the layer knows went straight to the exact search, ``64476`` 21.9
(203 M nodes), ``11364`` 4.7, ``315625`` 1.4, ``333635`` 4.1, ``6347542``
1.9, ``5154245`` 0.5, ``21436567`` 1.6, ``55124131`` 2.4: 38.4 s in all
against bitbully's 32.5 s. After: 13.1 (138 M nodes; bitbully 15.1), 3.8
(5.7), 1.2 (1.4), 2.4 (2.3), 1.0 (1.9), 0.4 (0.8), 1.4 (1.0), 2.3 (1.6):
25.6 s against 29.8 s, every move exact and the best moves bitbully's in
all 8; 7 of 8 within 10 s (``64476``'s first move alone takes 108 M nodes,
its bisection's probes just above the true value the dearest). Positions 8 moves in are
on the outcome layer (only their own outcome known): unchanged.

After converging probes and ``STORE_MIN`` (2026-11-29, same machine, load
about 15): ``64476`` 9.4 s (136.2 M nodes; bitbully 12.8 s, same run), every
move exact.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from perfectplay import Connect4, Limit, score_moves
from perfectplay.errors import PerfectplayError

LIMIT_SECONDS = 60.0
"""``analyze``'s default bound on Connect Four."""


def drawn(seed: int, per_ply: int) -> list[str]:
    """``per_ply`` random positions at each of plies 5-8, as move sequences: random columns, kept where legal."""
    game, rng = Connect4(), random.Random(seed)
    found: list[str] = []
    for plies in range(5, 9):
        kept = 0
        while kept < per_ply:
            moves = "".join(rng.choice("1234567") for _ in range(plies))
            try:
                over = game.is_over(game.parse_sequence(moves))
            except PerfectplayError:  # a full column
                continue
            if not over:
                found.append(moves)
                kept += 1
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
    parser.add_argument("--seed", type=int, default=38, help="the random positions' seed (default 38)")
    parser.add_argument("--per-ply", type=int, default=2, help="random positions a ply, plies 5-8 (default 2)")
    parser.add_argument("positions", nargs="*", help="move sequences instead of random positions")
    args = parser.parse_args()
    positions = args.positions or drawn(args.seed, args.per_ply)
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
