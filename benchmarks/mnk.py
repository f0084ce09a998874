"""The known m,n,k facts as benchmarks: each proven by the production solver from the empty board, and timed.

Run from the repository root, ideally on a quiet machine (the load average
is recorded with the results)::

    .venv/bin/python benchmarks/mnk.py                       # every fact; 6,5,4 capped at --cap seconds
    .venv/bin/python benchmarks/mnk.py --only 4,4,3 4,4,4    # some of them

The facts (rows, columns, k in a row):

* (4,4,3) is a first-player win: ``solve`` gives the value and every best
  first move;
* (4,4,4) is a draw: ``score_moves`` values all 16 first moves (what
  ``analyze`` does), median of ``--runs`` runs; the goal is under 0.2 s;
* (5,5,4) is a draw: ``solve``, with a table big enough to hold every entry
  (``--capacity``; the previous measurement, before the engine became
  generic, was 79.6 s, 21.4 M nodes, 10.7 M entries);
* (6,5,4) is a first-player win: first moves are tried in the solver's own
  order, each with one null-window search that only asks "does this move
  win?" (the exact number of plies is a much harder question); one winning
  move proves the fact. ``--cap`` bounds the whole attempt, and when it runs
  out the report says how far it got.

Results are printed and written to ``benchmarks/results/mnk.md`` and
``mnk.json``, with the whole process's wall and CPU time.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from perfectplay import MNK, Limit, solve
from perfectplay.search.base.budget import Budget, Progress, Stop
from perfectplay.search.base.scale import SCALE
from perfectplay.search.solver import TranspositionTable
from perfectplay.search.solver.exact import score_moves
from perfectplay.search.solver.negamax import Negamax
from perfectplay.search.solver.table import PROVEN

RESULTS = Path(__file__).resolve().parent / "results"

PREVIOUS_5X5 = (
    "79.6 s, 21,355,575 nodes, 10,741,767 entries, 1.9 GB (benchmarks/results/peers.md, before the generic engine)"
)


@dataclass
class Fact:
    """One measured fact: what was expected, what the solver proved, and what it cost."""

    board: str
    expected: str
    proven: str = "not run"
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    nodes: int = 0
    entries: int = 0
    evictions: int = 0
    peak_rss_mb: int = 0
    how: str = ""
    notes: list[str] = field(default_factory=list)


def peak_rss_mb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def measured(fact: Fact, work: Callable[[Fact], None]) -> Fact:
    """Run one fact's work; wall and CPU time of the whole of it unless the work measured runs itself."""
    wall, cpu = time.perf_counter(), time.process_time()
    work(fact)
    fact.seconds = fact.seconds or time.perf_counter() - wall
    fact.cpu_seconds = fact.cpu_seconds or time.process_time() - cpu
    fact.peak_rss_mb = peak_rss_mb()
    return fact


def duration(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:,.1f} s"


def four_four_three(fact: Fact) -> None:
    game = MNK(4, 4, 3)
    result = solve(game, game.initial_state())
    fact.proven = f"{result.outcome} (score {result.score}); best first moves {[m + 1 for m in result.best]}"
    fact.nodes, fact.how = result.nodes, "solve"
    fact.entries = result.table.entries if result.table else 0


def four_four_four(runs: int) -> Callable[[Fact], None]:
    def work(fact: Fact) -> None:
        game = MNK(4, 4, 4)
        times, cpu_times = [], []
        for _ in range(runs):
            started, cpu = time.perf_counter(), time.process_time()
            result = score_moves(game, game.initial_state())
            times.append(time.perf_counter() - started)
            cpu_times.append(time.process_time() - cpu)
        outcomes = sorted({str(entry.outcome) for entry in result.moves})
        fact.proven = f"{result.outcome}; all {len(result.moves)} first moves: {', '.join(outcomes)}"
        fact.seconds, fact.cpu_seconds = statistics.median(times), statistics.median(cpu_times)
        spread = f"{duration(min(times))} to {duration(max(times))}"
        fact.nodes, fact.how = result.nodes, f"score_moves, median of {runs} runs (wall {spread})"
        fact.entries = result.table.entries if result.table else 0

    return work


def five_five_four(capacity: int) -> Callable[[Fact], None]:
    def work(fact: Fact) -> None:
        game = MNK(5, 5, 4)
        table = TranspositionTable(capacity=capacity)
        result = solve(game, game.initial_state(), table=table, progress=reporter("5,5,4"))
        fact.proven = f"{result.outcome} (score {result.score}); {len(result.best)} best first moves"
        fact.nodes, fact.how = result.nodes, f"solve, table capacity {capacity:,}"
        fact.entries, fact.evictions = len(table), table.evictions
        fact.notes.append(f"previous: {PREVIOUS_5X5}")

    return work


def six_five_four(cap: float, capacity: int) -> Callable[[Fact], None]:
    """A first-player win: try first moves in the solver's order until one is proven to win."""

    def work(fact: Fact) -> None:
        game = MNK(6, 5, 4)
        state = game.initial_state()
        table = TranspositionTable(capacity=capacity)
        budget = Budget(Limit(seconds=cap), reporter("6,5,4"))
        negamax = Negamax(table, budget)
        root = game.search_node(state)
        fact.how = f"null-window 'does it win?' per first move, cap {cap:g} s, table capacity {capacity:,}"
        tried = []
        try:
            for move in root.moves():
                label = game.move_label(move)
                budget.phase = f"first move {label}"
                started = time.perf_counter()
                # The child's value for O is at most -1 (a proven loss for O) exactly when the move wins for X.
                value = negamax.search(root.play(move), 1, PROVEN, -1, 1)
                verdict = "wins" if value <= -1 else "does not win"
                tried.append(f"{label} {verdict} ({time.perf_counter() - started:.1f} s)")
                if value <= -1:
                    plies = game.max_plies + 2 + value // SCALE
                    fact.proven = f"win: X wins with first move {label} (in at most {plies} plies)"
                    break
            else:
                fact.proven = "no first move wins: the fact did not hold"
        except Stop:
            fact.proven = f"not proven within {cap:g} s"
            tried.append(f"{budget.phase}: unfinished when the cap ran out")
        fact.nodes, fact.entries, fact.evictions = negamax.nodes, len(table), table.evictions
        fact.notes.append("; ".join(tried))

    return work


def reporter(board: str) -> Callable[[Progress], None]:
    """Live progress on stderr every 30 s, so a long run shows how far it got."""
    last = [0.0]

    def report(progress: Progress) -> None:
        if progress.seconds - last[0] >= 30:
            last[0] = progress.seconds
            print(
                f"  [{board}] {progress.seconds:7.0f} s  {progress.nodes:>13,} nodes  "
                f"{progress.table_size:>11,} entries  {progress.phase}",
                file=sys.stderr,
                flush=True,
            )

    return report


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f}, {five:.2f}, {fifteen:.2f}"


def table_markdown(facts: list[Fact]) -> list[str]:
    lines = [
        "| board (m,n,k) | known | proven here | time | CPU | nodes | table entries | process peak RSS | how |",
        "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for fact in facts:
        entries = f"{fact.entries:,}" + (f" ({fact.evictions:,} evicted)" if fact.evictions else "")
        lines.append(
            f"| {fact.board} | {fact.expected} | {fact.proven} | {duration(fact.seconds)} "
            f"| {duration(fact.cpu_seconds)} | {fact.nodes:,} | {entries} | {fact.peak_rss_mb:,} MB | {fact.how} |"
        )
    for fact in facts:
        for note in fact.notes:
            lines.append(f"\n{fact.board}: {note}")
    return lines


def main() -> int:
    wall, cpu = time.perf_counter(), time.process_time()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="+", metavar="M,N,K", help="run only these boards")
    parser.add_argument("--runs", type=int, default=5, help="runs of (4,4,4), median reported (default 5)")
    parser.add_argument("--cap", type=float, default=1800.0, help="seconds (6,5,4) may take (default 1800)")
    parser.add_argument(
        "--capacity", type=int, default=16_000_000, help="table entries kept for 5,5,4 and 6,5,4 (default 16 M)"
    )
    parser.add_argument("--no-write", action="store_true", help="print only; leave benchmarks/results alone")
    args = parser.parse_args()
    plan: dict[str, tuple[str, Callable[[Fact], None]]] = {
        "4,4,3": ("first-player win", four_four_three),
        "4,4,4": ("draw", four_four_four(args.runs)),
        "5,5,4": ("draw", five_five_four(args.capacity)),
        "6,5,4": ("first-player win", six_five_four(args.cap, args.capacity)),
    }
    boards = args.only or list(plan)
    unknown = [board for board in boards if board not in plan]
    if unknown:
        parser.error(f"unknown board(s) {', '.join(unknown)}: choose from {', '.join(plan)}")
    load_before = load()
    started_at = time.strftime("%Y-%m-%d %H:%M %Z")
    facts = []
    for board in boards:
        expected, work = plan[board]
        print(f"{board}: ...", file=sys.stderr, flush=True)
        fact = measured(Fact(board, expected), work)
        print(f"{board}: {fact.proven} in {duration(fact.seconds)}, {fact.nodes:,} nodes", file=sys.stderr, flush=True)
        facts.append(fact)
    total_wall, total_cpu = time.perf_counter() - wall, time.process_time() - cpu
    header = [
        f"Measured {started_at}, Python {platform.python_version()}, {os.cpu_count()} CPUs; "
        f"load average (1, 5, 15 min) {load_before} before, {load()} after.",
        f"Whole process: {total_wall:.1f} s wall, {total_cpu:.1f} s CPU, peak RSS {peak_rss_mb():,} MB.",
        "Command: `.venv/bin/python benchmarks/mnk.py" + "".join(f" {arg}" for arg in sys.argv[1:]) + "`",
        "",
    ]
    text = "\n".join(header + table_markdown(facts)) + "\n"
    print(text)
    if not args.no_write:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "mnk.md").write_text(text)
        payload: dict[str, Any] = {
            "measured": started_at,
            "load_before": load_before,
            "load_after": load(),
            "wall_seconds": total_wall,
            "cpu_seconds": total_cpu,
            "facts": [asdict(fact) for fact in facts],
        }
        (RESULTS / "mnk.json").write_text(json.dumps(payload, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
