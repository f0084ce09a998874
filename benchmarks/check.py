"""How long ``perfectplay check`` takes on a naive textbook minimax, and how much of that is perfectplay.

    .venv/bin/python benchmarks/check.py                       # both naive examples, 3 runs each
    .venv/bin/python benchmarks/check.py examples/correct.py --runs 5 --output -   # any file; print only

The default candidates are two naive textbook minimaxes: examples/fatalist.py
(seed 000's flat list, plain recursion) and benchmarks/naive_cs50/tictactoe.py
(CS50's shape, a deep copy at every node). Two measurements each, the
median of ``--runs`` runs:

* **whole process**: the wall time of ``python -m perfectplay check FILE``
  as a user runs it, start-up and report included (and, for comparison,
  ``check_ai`` with one worker process instead of two);
* **breakdown**, from ``check_ai`` called in this process: the CPU the
  candidate spent in its own code (its moves; for CS50 also its helpers),
  the CPU its processes used outside that code (starting Python, the
  imports, building boards, the pipe protocol), and the CPU of perfectplay's
  own process (solving every position, reading the answers, naming the
  mistakes, following the games). perfectplay's share is the last two.

Writes a Markdown summary to benchmarks/results/check.md (``--output -``
prints it only).
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from perfectplay.check.api import check_ai
from perfectplay.check.judge.oracle import TicTacToeOracle

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "check.md"
DEFAULT_EXAMPLES = [ROOT / "examples" / "fatalist.py", ROOT / "benchmarks" / "naive_cs50" / "tictactoe.py"]


@dataclass(frozen=True)
class Breakdown:
    wall: float
    in_moves: float
    cpu_in_code: float
    runner_overhead: float
    parent_cpu: float
    empty_board: float


def whole_process(example: Path) -> float:
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "perfectplay", "check", str(example)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - started
    if result.returncode not in (0, 1):
        raise SystemExit(f"perfectplay check failed: {result.stderr.strip()}")
    return elapsed


def cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def breakdown(example: Path, workers: int = 2) -> Breakdown:
    self_before, children_before = cpu(resource.RUSAGE_SELF), cpu(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    report = check_ai(example, workers=workers)
    wall = time.perf_counter() - started
    children = cpu(resource.RUSAGE_CHILDREN) - children_before
    moves_cpu = report.timing.cpu_in_candidate or 0.0
    return Breakdown(
        wall=wall,
        in_moves=report.timing.in_moves,
        cpu_in_code=moves_cpu,
        runner_overhead=children - moves_cpu,
        parent_cpu=cpu(resource.RUSAGE_SELF) - self_before,
        empty_board=report.timing.slowest or 0.0,
    )


def oracle_seconds() -> float:
    started = time.perf_counter()
    TicTacToeOracle()
    return time.perf_counter() - started


def measure(example: Path, runs: int) -> list[str]:
    """One table row: the example's empty-board move, whole-process wall, and the breakdown."""
    walls = [whole_process(example) for _ in range(runs)]
    parts = [breakdown(example) for _ in range(runs)]
    alone = statistics.median(breakdown(example, workers=1).wall for _ in range(runs))

    def median(field: str) -> float:
        return float(statistics.median(getattr(part, field) for part in parts))

    own = median("runner_overhead") + median("parent_cpu")
    total = median("cpu_in_code") + own
    name = example.relative_to(ROOT) if example.is_relative_to(ROOT) else example
    return [
        f"| `{name}` | {median('empty_board'):.2f} | {statistics.median(walls):.1f} | {median('wall'):.1f} "
        f"| {alone:.1f} "
        f"| {median('cpu_in_code'):.1f} | {median('runner_overhead'):.2f} | {median('parent_cpu'):.2f} "
        f"| {100 * own / total:.0f}% | {total / median('wall'):.2f} |"
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("examples", nargs="*", type=Path, default=DEFAULT_EXAMPLES)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--output", default=str(RESULTS), help="Markdown file to write, or - for none")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    oracle = statistics.median(oracle_seconds() for _ in range(args.runs))
    lines = [
        "# perfectplay check: time to check a naive minimax",
        "",
        f"Measured {time.strftime('%Y-%m-%d %H:%M')} with `.venv/bin/python benchmarks/check.py --runs {args.runs}` "
        f"on {os.cpu_count()} cores (load average {load:.1f} at the start), Python {platform.python_version()}; "
        f"median of {args.runs} runs. Seconds.",
        "",
        "| candidate | its empty-board move | whole process (wall) | check_ai (wall) | check_ai, one worker (wall) "
        "| in its code (CPU) "
        "| its processes outside its code (CPU) | perfectplay's process (CPU) | perfectplay's share of the CPU "
        "| CPU / wall |",
        "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for example in args.examples:
        lines += measure(example.resolve(), args.runs)
    lines += [
        "",
        f"Solving all 10,956 positions once per check (the oracle) takes {oracle:.2f} s of perfectplay's process. "
        "CPU / wall near 2 means both cores were busy for the whole check; "
        f"the load average was {os.getloadavg()[0]:.1f} at the end.",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.output != "-":
        Path(args.output).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
