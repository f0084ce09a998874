"""Do positions set up in the editor keep their value at the page's time limit?

Run from the repository root (the referee is bitbully: ``pip install bitbully==0.0.79`` or the ``bench`` extra)::

    .venv/bin/python benchmarks/editor_connect4.py --positions 50 --seconds 5 --seed 26

A teacher or a player sets up a Connect Four position in the page's editor,
off the opening book's lines, and asks the computer to move. This draws
``--positions`` such positions, seeded: random legal games stopped at a
random ply from 4 to 12, the game not over. For each, the page's own move
function (one job with the page's limit and a fresh table, as the server runs
it, see ``perfect_connect4.page_mover``) picks a move at level ``perfect``,
and bitbully scores every move of the position. A move "keeps the value" when
the outcome it leads to (win, draw or loss for the mover) is the position's
own; the target is every sampled position.

The page's limit is wall time, so a busy machine gives the search less CPU:
the load is printed beside the figures. ``--nodes N`` replaces the time limit
with a budget of N nodes a move (the page's own move function, as the
server's fast lane calls it), for figures that do not depend on the load::

    .venv/bin/python benchmarks/editor_connect4.py --positions 50 --nodes 20000000 --seed 26

Each position that lost its value says what the search had proven by the
limit (the outcome, the moves proven, its depth and nodes).

Figures (2026-11-26, compiled core, this project's 2-core machine), positions
kept of 50 for seeds 26, 27, 28: 47, 47, 49 at 5 s (load 8-9); 47, 46, 49 at
20 M nodes; 47, 47, 48 at 10 M. Every one lost is at plies 4-8, where the
proof that would keep the value is far dearer than the limit, so the move is
a guess among those not proven to lose: ``12271`` (a win only by 2: that proof takes
132 M nodes, ruling out the six losing moves 54 M), ``1764`` (6 wins: 197 M;
4 draws: 35 M; each loss 11-22 M), ``6431`` (3 wins; proving that a move
draws at least takes 12-16 M), ``32275`` (its one drawing move: over 60 M).
A better guess was looked for with ``editor_sample.py`` (300 positions a
sample, a node budget): a horizon that knows Connect Four's row parity kept
more at 2 and 10 M nodes a move but no more at 20 M, where the page searches
(see its figures).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections import Counter

from bitbully import BitBully, Board

from perfect_connect4 import page_mover, sign
from perfectplay import Limit
from perfectplay.documents import AnalysisJSON
from perfectplay.games.connect4 import Connect4, Connect4State
from perfectplay.search.solver.compiled import core_description


def editor_positions(count: int, seed: int, lowest: int = 4, highest: int = 12) -> list[list[int]]:
    """``count`` distinct move lists of random games stopped at a ply in [lowest, highest], none over."""
    rng = random.Random(seed)
    game = Connect4()
    found: list[list[int]] = []
    seen: set[tuple[int, ...]] = set()
    while len(found) < count:
        state = game.initial_state()
        moves: list[int] = []
        plies = rng.randint(lowest, highest)
        while len(moves) < plies and not game.is_over(state):
            move = rng.choice(game.legal_moves(state))
            moves.append(move)
            state = game.play(state, move)
        if len(moves) == plies and not game.is_over(state) and tuple(moves) not in seen:
            seen.add(tuple(moves))
            found.append(moves)
    return found


def proven_text(analysis: AnalysisJSON) -> str:
    """What the page's search proved before its limit: the position's outcome, each move proven, depth and nodes."""
    proven = [f"{entry['label']} {entry['outcome']}" for entry in analysis["moves"] if entry["outcome"] != "unknown"]
    return (
        f"proven: outcome {analysis['outcome_class'] or 'unknown'}, moves {', '.join(proven) or 'none'} "
        f"(depth {analysis['depth']}, {analysis['nodes']:,} nodes)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=50, help="positions sampled (default 50)")
    parser.add_argument("--seconds", type=float, default=5.0, help="the page's time a move (default 5)")
    parser.add_argument("--nodes", type=int, default=None, help="a node budget a move instead of --seconds")
    parser.add_argument("--seed", type=int, default=26)
    args = parser.parse_args()
    referee = BitBully("default")
    game = Connect4()
    seen: list[AnalysisJSON] = []
    if args.nodes is None:
        mover = page_mover(game, args.seconds, random.Random(args.seed), seen=seen)
        limit = f"{args.seconds} s a move"
    else:
        mover = page_mover(game, 5.0, random.Random(args.seed), Limit(nodes=args.nodes), seen)
        limit = f"{args.nodes:,} nodes a move"
    print(f"core: {core_description()}; {limit}; referee bitbully; load {os.getloadavg()[0]:.1f}")
    kept = 0
    kinds: Counter[str] = Counter()
    lost: list[str] = []
    for moves in editor_positions(args.positions, args.seed):
        state: Connect4State = game.initial_state()
        for move in moves:
            state = game.play(state, move)
        notation = "".join(str(move + 1) for move in moves)
        # bitbully's board takes columns from 0, as the engine numbers them
        scores: dict[int, int] = referee.score_all_moves(Board("".join(str(move) for move in moves)))
        best = max(scores.values())
        started = time.perf_counter()
        move, kind = mover(state)
        took = time.perf_counter() - started
        kinds[kind] += 1
        if sign(scores[move]) == sign(best):
            kept += 1
        else:
            keeping = [column + 1 for column, value in scores.items() if sign(value) == sign(best)]
            lost.append(
                f"{notation}: played {move + 1} ({scores[move]:+d}) where {keeping} keep {sign(best):+d}; "
                + proven_text(seen[-1])
            )
        print(f"{notation:>12}: {move + 1} ({kind}, {took:.1f} s), value {sign(best):+d} -> {sign(scores[move]):+d}")
    for line in lost:
        print("  value lost:", line)
    print("the computer's moves: " + ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items())))
    print(f"positions that kept their value: {kept} of {args.positions} (target: all); load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
