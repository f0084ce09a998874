"""The compiled core's targets, measured side by side with bitbully in one run, in CPU time.

Run from the repository root (``pip install bitbully==0.0.79`` for the peer)::

    .venv/bin/python benchmarks/core.py             # every target (a few minutes)
    .venv/bin/python benchmarks/core.py --quick     # 200 positions a set, no 4455, no 6x5

What it measures, each with ``time.process_time`` around the engine call only:

* nodes per CPU second on Pascal Pons's Middle-Medium (``Test_L2_R2``) and
  Begin-Easy (``Test_L1_R1``) sets: our ``solve_value`` with a fresh table
  per position, and bitbully's ``null_window`` (no opening book) with its
  table reset before each position, on the same positions. Every answer is
  checked against the file. bitbully's table reset is left out of its time;
* ``score_moves`` on Connect Four's ``4455``: every move's exact value (what
  ``perfectplay analyze --game connect4 4455`` computes);
* ``solve`` of m,n,k 5x5 and 6x5 with k=4 from the empty board, and
  ``score_moves`` of 4x4 k=4 (median engine time of 5 runs);
* cold starts: a whole ``perfectplay`` process, import and first answer,
  wall-clock (median of 3 runs);
* the pure-Python core on a few positions of Middle-Easy, for the speed
  ratio (the node counts must be equal: the tests check it in detail).

The results go to ``benchmarks/results/core.md`` and ``core.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from perfectplay.games.connect4 import Connect4, outcome_of_pons_score
from perfectplay.games.mnk import MNK
from perfectplay.search.solver.compiled import PURE_VARIABLE, core_description
from perfectplay.search.solver.exact import score_moves, solve, solve_value
from perfectplay.search.solver.table import TranspositionTable

ROOT = Path(__file__).resolve().parent
RESULTS = ROOT / "results"
DATA_CANDIDATES = (ROOT.parent / "tests" / "data" / "connect4", ROOT.parents[1] / "shared" / "data" / "connect4")


def data_folder() -> Path:
    named = os.environ.get("PERFECTPLAY_CONNECT4_DATA")
    if named:
        return Path(named)
    for folder in (*DATA_CANDIDATES, Path("/work/shared/data/connect4")):
        if (folder / "Test_L1_R1").is_file():
            return folder
    raise SystemExit("Pons's Test_L1_R1 and Test_L2_R2 not found: set PERFECTPLAY_CONNECT4_DATA")


def read_set(name: str, count: int | None) -> list[tuple[str, int]]:
    words = (data_folder() / name).read_text().split()
    pairs = [(moves, int(score)) for moves, score in zip(words[::2], words[1::2], strict=True)]
    return pairs[:count] if count else pairs


def ours_on(positions: list[tuple[str, int]]) -> dict[str, Any]:
    game = Connect4()
    nodes, cpu = 0, 0.0
    for moves, score in positions:
        state = game.parse(moves)
        started = time.process_time()
        result = solve_value(game, state, table=TranspositionTable())
        cpu += time.process_time() - started
        nodes += result.nodes
        if result.outcome != outcome_of_pons_score(score, len(moves)):
            raise SystemExit(f"wrong value for {moves}: {result.outcome}, Pons {score}")
    return {"nodes": nodes, "cpu": cpu, "rate": nodes / cpu}


def bitbully_on(positions: list[tuple[str, int]]) -> dict[str, Any] | None:
    try:
        from bitbully import BitBully, Board
    except ImportError:
        return None
    agent = BitBully(None)
    nodes, cpu = 0, 0.0
    for moves, score in positions:
        board = Board("".join(str(int(char) - 1) for char in moves))
        agent.reset_transposition_table()
        agent.reset_node_counter()
        started = time.process_time()
        value = agent.null_window(board)
        cpu += time.process_time() - started
        if value != score:
            raise SystemExit(f"bitbully: {value} for {moves}, Pons {score}")
        nodes += agent.get_node_counter()
    return {"nodes": nodes, "cpu": cpu, "rate": nodes / cpu}


def timed(work: Callable[[], Any]) -> tuple[Any, float]:
    started = time.process_time()
    result = work()
    return result, time.process_time() - started


def cold_start(args: list[str], runs: int = 3) -> float:
    """Median wall-clock seconds of a whole ``perfectplay`` process."""
    command = [sys.executable, "-m", "perfectplay", *args]
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def pure_ratio(count: int) -> dict[str, Any]:
    """Both cores on the first ``count`` Middle-Easy positions, in subprocesses (the switch is read per call)."""
    code = (
        "import sys, time\n"
        "from perfectplay.games.connect4 import Connect4\n"
        "from perfectplay.search.solver.table import TranspositionTable\n"
        "from perfectplay.search.solver.exact import solve_value\n"
        "g = Connect4(); nodes = 0; cpu = 0.0\n"
        "for moves in sys.argv[1:]:\n"
        "    s = g.parse(moves); t = time.process_time()\n"
        "    nodes += solve_value(g, s, table=TranspositionTable()).nodes; cpu += time.process_time() - t\n"
        "print(nodes, cpu)\n"
    )
    moves = [moves for moves, _ in read_set("Test_L2_R1", count)]
    seen = {}
    for label, pure in (("python", "1"), ("compiled", "")):
        env = {**os.environ, PURE_VARIABLE: pure}
        out = subprocess.run([sys.executable, "-c", code, *moves], env=env, check=True, capture_output=True, text=True)
        nodes, cpu = out.stdout.split()
        seen[label] = {"nodes": int(nodes), "cpu": float(cpu)}
    if seen["python"]["nodes"] != seen["compiled"]["nodes"]:
        raise SystemExit(f"the cores disagree: {seen}")
    return seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="200 positions a set; skip 4455 and 6x5")
    args = parser.parse_args()
    count = 200 if args.quick else None
    results: dict[str, Any] = {"core": core_description(), "python": platform.python_version()}
    results["load_average"] = os.getloadavg()[0]
    rows = []

    for name, label in (("Test_L2_R2", "Middle-Medium"), ("Test_L1_R1", "Begin-Easy")):
        positions = read_set(name, count)
        ours, peer = ours_on(positions), bitbully_on(positions)
        results[label] = {"positions": len(positions), "ours": ours, "bitbully": peer}
        share = "" if peer is None else f"{ours['rate'] / peer['rate']:.2f}x bitbully's ({peer['rate'] / 1e6:.1f} M/s)"
        rows.append(
            (
                f"nodes per CPU second, {label} ({len(positions)} positions)",
                f"{ours['rate'] / 1e6:.1f} M/s, {ours['nodes'] / len(positions):,.0f} nodes a position",
                share,
            )
        )
        print(rows[-1], flush=True)

    if not args.quick:
        game = Connect4()
        result, cpu = timed(lambda: score_moves(game, game.parse("4455")))
        scores = [entry.score for entry in sorted(result.moves, key=lambda entry: entry.move)]
        results["4455"] = {"cpu": cpu, "nodes": result.nodes, "scores": scores}
        measured = f"{cpu:.1f} s CPU, {result.nodes:,} nodes"
        rows.append(("`analyze --game connect4 4455`, every move exact", measured, ""))
        print(rows[-1], flush=True)

    boards = [(5, 5, 4)] + ([] if args.quick else [(6, 5, 4)])
    for board in boards:
        mnk = MNK(*board)
        answer, cpu = timed(lambda mnk=mnk: solve(mnk, mnk.initial_state()))  # type: ignore[misc]
        results[f"mnk {board}"] = {"cpu": cpu, "nodes": answer.nodes, "outcome": str(answer.outcome)}
        work = f"{board[0]}x{board[1]} k={board[2]} from empty, `solve`"
        rows.append((work, f"{cpu:.2f} s CPU, {answer.outcome}, {answer.nodes:,} nodes", ""))
        print(rows[-1], flush=True)

    four = MNK(4, 4, 4)
    engine = statistics.median(score_moves(four, four.initial_state()).seconds for _ in range(5))
    results["4x4 engine seconds"] = engine
    rows.append(("4x4 k=4 from empty, `score_moves`, engine time", f"{engine * 1000:.1f} ms", ""))

    starts = {
        "perfectplay --version": ["--version"],
        "perfectplay best X../.O./...": ["best", "X../.O./..."],
        "perfectplay analyze --game connect4 (a Middle-Medium position)": [
            "analyze",
            "--game",
            "connect4",
            read_set("Test_L2_R2", 1)[0][0],
        ],
    }
    for what, command in starts.items():
        seconds = cold_start(command)
        results[f"cold start: {what}"] = seconds
        rows.append((f"cold start, whole process: `{what}`", f"{seconds * 1000:.0f} ms wall", ""))

    ratio = pure_ratio(100)
    results["pure vs compiled, Middle-Easy 100"] = ratio
    speedup = ratio["python"]["cpu"] / max(ratio["compiled"]["cpu"], 1e-9)
    rows.append(
        (
            "pure Python vs compiled, first 100 of Middle-Easy",
            f"{ratio['python']['nodes']:,} nodes each; {speedup:.0f}x faster",
            "",
        )
    )

    lines = [
        "# The compiled core: its targets",
        "",
        f"Core: {results['core']}. Python {results['python']}, load average {results['load_average']:.1f} "
        f"on {os.cpu_count()} cores at the start. Command: `.venv/bin/python benchmarks/core.py"
        f"{' --quick' if args.quick else ''}`.",
        "",
        "| work | measured | beside bitbully |",
        "|---|---|---|",
        *(f"| {work} | {measured} | {peer} |" for work, measured, peer in rows),
        "",
    ]
    RESULTS.mkdir(exist_ok=True)
    suffix = "-quick" if args.quick else ""
    (RESULTS / f"core{suffix}.md").write_text("\n".join(lines))
    (RESULTS / f"core{suffix}.json").write_text(json.dumps(results, indent=1, default=str) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
