"""Builds on 1 and 2 local workers: the speed-up, and Dask's overhead against plain local processes.

    .venv/bin/python benchmarks/distributed.py                  # writes benchmarks/results/distributed.md
    .venv/bin/python benchmarks/distributed.py --game connect4:4,4 --runs 1 --output -    # a quick look

The work is the exact-scores data set of a Connect Four board (``perfectplay
dataset GAME --format scores``; 4x5 by default, 1,706,255 positions): the
walk from the empty board (its big layers expanded as tasks on the engine),
every position solved in 64 shards on the engine, and the shards merged into
the file in the command's own process. For each engine (``processes``: ``concurrent.futures``; ``dask``:
a Dask LocalCluster) and 1 or 2 workers, the best of ``--runs`` builds:
the whole build's wall time (the engine's start and stop included), the
solving phase's (the shards solved, saved and merged into the file), and the
CPU seconds the workers spent in their tasks: their CPU over the solving
phase's wall time per worker is the share of a core each worker got, which
says how busy the machine was. The speed-up is 1 worker's time over 2
workers'; the overhead is Dask's time over plain processes' with as many
workers. Wall time on a shared machine depends on its load: the load average
(``os.getloadavg``) is written beside every figure, and a figure measured
under load says less than one measured idle.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

# This file is called distributed.py, and Python puts its folder first on the path: without this, the
# ``import distributed`` of Dask would find this file instead of Dask's package.
sys.path = [entry for entry in sys.path if Path(entry or ".").resolve() != Path(__file__).resolve().parent]

from perfectplay import Connect4, make_game  # noqa: E402 (after the path is put right)
from perfectplay.play.engines import open_engine  # noqa: E402
from perfectplay.play.exact_scores import build_exact_scores  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results" / "distributed.md"


def one_build(game: Connect4, engine: str, workers: int, shards: int) -> tuple[float, float, float, float]:
    """(whole build's wall seconds, solving phase's, the workers' CPU seconds, the 1-minute load average)."""
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        with open_engine(engine, workers) as running:
            summary = build_exact_scores(game, Path(folder) / "out.scores", running, shards=shards)
        whole = time.perf_counter() - started
    return whole, summary.seconds - summary.walk_seconds, summary.worker_cpu_seconds, os.getloadavg()[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="connect4:4,5", help="a Connect Four board (default connect4:4,5)")
    parser.add_argument("--runs", type=int, default=2, help="builds per engine and worker count; the best counts")
    parser.add_argument("--shards", type=int, default=64)
    parser.add_argument("--output", default=str(RESULTS), help="a Markdown file, or - for standard output")
    args = parser.parse_args()
    game = make_game(args.game)
    if not isinstance(game, Connect4):
        parser.error("--game must be a Connect Four board")
    before = os.getloadavg()[0]
    best: dict[tuple[str, int], tuple[float, float, float, float]] = {}
    for _ in range(args.runs):
        # Interleaved, so that a change in the machine's load falls on every engine alike.
        for engine in ("processes", "dask"):
            for workers in (1, 2):
                whole, solving, cpu, load = one_build(game, engine, workers, args.shards)
                print(
                    f"{engine} x{workers}: {whole:.1f} s whole, {solving:.1f} s solving, {cpu:.1f} s CPU, "
                    f"load {load:.1f}",
                    file=sys.stderr,
                )
                if (engine, workers) not in best or whole < best[(engine, workers)][0]:
                    best[(engine, workers)] = (whole, solving, cpu, load)
    lines = [
        f"# Builds on 1 and 2 local workers ({game.title}, exact scores, best of {args.runs})",
        "",
        f"`.venv/bin/python benchmarks/distributed.py --game {args.game} --runs {args.runs}` on "
        f"{os.cpu_count()} cores; load average {before:.1f} before the runs (the load at each figure beside it).",
        "",
        "| engine | workers | whole build, s | solving phase, s | workers' CPU, s | a worker's core share | load |",
        "|---|---|---|---|---|---|---|",
    ]
    for (engine, workers), (whole, solving, cpu, load) in best.items():
        share = cpu / (solving * workers)
        lines.append(f"| {engine} | {workers} | {whole:.1f} | {solving:.1f} | {cpu:.1f} | {share:.0%} | {load:.1f} |")
    lines += ["", "| engine | speed-up 1 → 2 workers, whole | solving phase |", "|---|---|---|"]
    for engine in ("processes", "dask"):
        one, two = best[(engine, 1)], best[(engine, 2)]
        lines.append(f"| {engine} | {one[0] / two[0]:.2f}x | {one[1] / two[1]:.2f}x |")
    lines += ["", "| workers | Dask's time over plain processes', whole | solving phase |", "|---|---|---|"]
    for workers in (1, 2):
        dask, plain = best[("dask", workers)], best[("processes", workers)]
        lines.append(f"| {workers} | {dask[0] / plain[0]:.2f} | {dask[1] / plain[1]:.2f} |")
    text = "\n".join(lines) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
