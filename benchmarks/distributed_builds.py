"""Builds on 1 and 2 local workers: the speed-up, and Dask's overhead against plain local processes.

    .venv/bin/python benchmarks/distributed_builds.py                  # writes benchmarks/results/distributed.md
    .venv/bin/python benchmarks/distributed_builds.py --game connect4:4,4 --runs 1 --output -    # a quick look

The work is the exact-scores data set of a Connect Four board (``perfectplay
dataset GAME --format scores``; 4x5 by default, 1,706,255 positions): the
walk from the empty board (its big layers expanded as tasks on the engine),
every position solved in 64 shards on the engine, and the shards merged into
the file in the command's own process. For each engine (``processes``: ``concurrent.futures``; ``dask``:
a Dask LocalCluster) and 1 or 2 workers, the best of ``--runs`` builds:
the whole build's wall time (the engine's start and stop included), the
solving phase's (the shards solved, saved and put into the file), and CPU
seconds: this process's (the walk's merges, the shards' files, the result),
every worker's in its tasks, and the busiest worker's. The speed-up is given
twice: in wall time, and in CPU seconds on the build's longest path (this
process's plus the busiest worker's), which is the wall time the build
would take if every process had a core of its own. The second is what the
work's split is worth; the first is what a busy machine gave: Linux shares
the processor fairly among sessions (autogroups) before processes, so on a
machine where other sessions keep both cores busy, a build's second worker
shares its session's slice instead of getting a core. The speed-up is 1 worker's time over 2
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
from typing import NamedTuple

# Not called distributed.py: Python puts this folder first on the path, and Dask's ``import distributed`` (or any
# run with PYTHONPATH=benchmarks, as benchmarks/suite_cpu.py's) would have found this file instead of Dask's package.
from perfectplay import Connect4, make_game
from perfectplay.play.engines import open_engine
from perfectplay.play.exact_scores import build_exact_scores

RESULTS = Path(__file__).resolve().parent / "results" / "distributed.md"


class Figures(NamedTuple):
    """One build: wall seconds (whole; solving, the walk left out), CPU seconds (this process's; every worker's;
    the busiest worker's), the 1-minute load average at its end."""

    whole: float
    solving: float
    coordinator: float
    workers: float
    busiest: float
    load: float

    @property
    def critical(self) -> float:
        """The build's CPU seconds on its longest path, as if every process had a core of its own."""
        return self.coordinator + self.busiest


def one_build(game: Connect4, engine: str, workers: int, shards: int) -> Figures:
    with tempfile.TemporaryDirectory() as folder:
        started, cpu = time.perf_counter(), time.process_time()
        with open_engine(engine, workers) as running:
            summary = build_exact_scores(game, Path(folder) / "out.scores", running, shards=shards)
        whole, coordinator = time.perf_counter() - started, time.process_time() - cpu
    busiest = max(summary.worker_cpu.values())
    solving = summary.seconds - summary.walk_seconds
    return Figures(whole, solving, coordinator, summary.worker_cpu_seconds, busiest, os.getloadavg()[0])


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
    best: dict[tuple[str, int], Figures] = {}
    for _ in range(args.runs):
        # Interleaved, so that a change in the machine's load falls on every engine alike.
        for engine in ("processes", "dask"):
            for workers in (1, 2):
                figures = one_build(game, engine, workers, args.shards)
                print(f"{engine} x{workers}: {figures}", file=sys.stderr)
                if (engine, workers) not in best or figures.whole < best[(engine, workers)].whole:
                    best[(engine, workers)] = figures
    lines = [
        f"# Builds on 1 and 2 local workers ({game.title}, exact scores, best of {args.runs})",
        "",
        f"`.venv/bin/python benchmarks/distributed_builds.py --game {args.game} --runs {args.runs}` on "
        f"{os.cpu_count()} cores; load average {before:.1f} before the runs (at each figure's end beside it).",
        "",
        "| engine | workers | whole build, wall s | solving, wall s | this process, CPU s | workers, CPU s "
        "| busiest worker, CPU s | load |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for (engine, workers), f in best.items():
        lines.append(
            f"| {engine} | {workers} | {f.whole:.1f} | {f.solving:.1f} | {f.coordinator:.1f} | {f.workers:.1f} "
            f"| {f.busiest:.1f} | {f.load:.1f} |"
        )
    lines += [
        "",
        "| engine | speed-up 1 → 2 workers: wall, whole build | wall, solving | CPU on the longest path |",
        "|---|---|---|---|",
    ]
    for engine in ("processes", "dask"):
        one, two = best[(engine, 1)], best[(engine, 2)]
        lines.append(
            f"| {engine} | {one.whole / two.whole:.2f}x | {one.solving / two.solving:.2f}x "
            f"| {one.critical / two.critical:.2f}x |"
        )
    lines += [
        "",
        "| workers | Dask over plain processes: wall, whole build | this process's CPU | workers' CPU |",
        "|---|---|---|---|",
    ]
    for workers in (1, 2):
        dask, plain = best[("dask", workers)], best[("processes", workers)]
        lines.append(
            f"| {workers} | {dask.whole / plain.whole:.2f} | {dask.coordinator / plain.coordinator:.2f} "
            f"| {dask.workers / plain.workers:.2f} |"
        )
    text = "\n".join(lines) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
