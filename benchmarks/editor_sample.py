"""How often does the page keep the value of editor positions at plies 4-8, at a fixed node budget? (tuning harness)

Run from the repository root (the referee is bitbully: ``pip install bitbully==0.0.79`` or the ``bench`` extra)::

    .venv/bin/python benchmarks/editor_sample.py --positions 300 --seed 100 --nodes 2000000,10000000

``editor_connect4.py`` is the issue's test (50 positions, seeds 26-28, the
page's limit); this is the harness that tunes the limited search's guess
without spending those seeds: a larger seeded sample of the same editor
positions (``editor_positions``, random legal games) stopped at plies
``--lowest`` to ``--highest``, where the proof that keeps the value is often
dearer than the page's limit. bitbully scores every move of every position
once; the scores are cached in a file under ``--cache`` (the referee's answer
never changes, so a second run costs only the page's searches). Then the
page's move function (``perfect_connect4.page_mover``, a node budget in place
of its time limit, so the figures do not depend on the machine's load)
moves in each position at each budget of ``--nodes``, and the report gives:

* kept: the positions whose value the move kept (the target is all);
* guessed: the positions where the search stopped before proving the
  position's outcome (neither ``complete`` nor an ``outcome_class``), so the
  move was the depth-limited iterations' favourite among the moves not
  proven to lose; and how many of those guesses kept the value (the guess
  accuracy, what a better horizon evaluation or choice can raise).

``--out FILE`` writes one line per position and budget (moves, kept,
guessed) to compare two variants position by position.

Figures (2026-11-27, compiled core, one process on the 2-core machine), 300
positions a sample, the horizon of today (winning cells and centre stones)
against a row-parity one tried with this harness (a winning cell counted
twice on its side's rows, Allis's zugzwang, three times when it is the
lowest winning cell of its column): seed 100 at 2 M nodes kept 257 against
269, at 10 M 267 against 276; seed 101 at 2 M 265 against 272; but seed 200
at 20 M nodes (about what the page's 5 s give) 280 against 280 (guesses
kept: 149 of 169 against 146 of 166), and the issue's seeds 26-30 at 20 M
238 against 235 of 250. Where the page searches, the other horizon gained
nothing: it was not kept. Other variants at 2 M on seed 100 (kept of 300):
parity alone 265; lowest winning cell in its column 261; a winning cell
over its own 256; playable winning cells counted less 256. The choice's
variants (the last iteration alone instead of ``steadier``,
``FAVOURITE_SHARE`` 1 or 4) moved the count by 1-3 either way.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from pathlib import Path

from editor_connect4 import editor_positions
from perfect_connect4 import page_mover, sign
from perfectplay import Limit
from perfectplay.documents import AnalysisJSON
from perfectplay.games.connect4 import Connect4, Connect4State
from perfectplay.search.solver.compiled import core_description


def referee_scores(samples: list[list[int]], cache: Path) -> dict[str, dict[int, int]]:
    """bitbully's score of every move of every sampled position, by move list (columns from 0), cached in ``cache``."""
    known: dict[str, dict[int, int]] = {}
    if cache.exists():
        known = {key: {int(m): v for m, v in scores.items()} for key, scores in json.loads(cache.read_text()).items()}
    missing = [moves for moves in samples if "".join(map(str, moves)) not in known]
    if missing:
        from bitbully import BitBully, Board  # only when something is not cached yet

        referee = BitBully("default")
        for moves in missing:
            key = "".join(map(str, moves))
            known[key] = dict(referee.score_all_moves(Board(key)))
        cache.write_text(json.dumps(known))
    return {"".join(map(str, moves)): known["".join(map(str, moves))] for moves in samples}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=300, help="positions sampled (default 300)")
    parser.add_argument("--seed", type=int, default=100, help="the sample's seed (keep 26-28 for editor_connect4.py)")
    parser.add_argument("--lowest", type=int, default=4, help="fewest plies played (default 4)")
    parser.add_argument("--highest", type=int, default=8, help="most plies played (default 8)")
    parser.add_argument("--nodes", default="10000000", help="comma-separated node budgets a move (default 10 M)")
    parser.add_argument("--cache", type=Path, default=Path("/tmp"), help="folder of the referee's cached scores")
    parser.add_argument("--out", type=Path, default=None, help="one JSON line per position and budget")
    args = parser.parse_args()
    budgets = [int(text) for text in args.nodes.split(",")]
    samples = editor_positions(args.positions, args.seed, args.lowest, args.highest)
    cache = args.cache / f"editor_sample_{args.seed}_{args.positions}_{args.lowest}_{args.highest}.json"
    scores = referee_scores(samples, cache)
    game = Connect4()
    print(f"core: {core_description()}; {len(samples)} positions, plies {args.lowest}-{args.highest}, seed {args.seed}")
    lines: list[str] = []
    for budget in budgets:
        started = time.process_time()
        seen: list[AnalysisJSON] = []
        mover = page_mover(game, 5.0, random.Random(args.seed), Limit(nodes=budget), seen)
        kept = guessed = guessed_kept = 0
        for moves in samples:
            key = "".join(map(str, moves))
            state: Connect4State = game.initial_state()
            for move in moves:
                state = game.play(state, move)
            move, _ = mover(state)
            analysis = seen[-1]
            best = sign(max(scores[key].values()))
            keeps = sign(scores[key][move]) == best
            guess = not analysis["complete"] and analysis["outcome_class"] is None
            kept += keeps
            guessed += guess
            guessed_kept += keeps and guess
            lines.append(json.dumps({"moves": key, "nodes": budget, "kept": keeps, "guessed": guess, "move": move}))
        print(
            f"{budget:>11,} nodes: kept {kept} of {len(samples)}; guessed {guessed}, of which kept {guessed_kept} "
            f"({100 * guessed_kept / max(guessed, 1):.1f}%); {time.process_time() - started:.0f} s CPU, "
            f"load {os.getloadavg()[0]:.1f}",
            flush=True,
        )
    if args.out is not None:
        args.out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
