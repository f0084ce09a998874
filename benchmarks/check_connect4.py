"""How long ``perfectplay check --game connect4`` takes on an agent that thinks 0.1 s a move (target: <= 60 s).

    .venv/bin/python benchmarks/check_connect4.py                 # the default check: 200 positions and 8 games
    .venv/bin/python benchmarks/check_connect4.py --seconds 0.05 --positions 520

The agent (written to a temporary folder) is a one-ply ConnectX agent that
then burns ``--seconds`` of CPU time on every move, as a depth-limited
search would: the check's limits count CPU time, so a busy machine makes it
slower but asks the same. Prints the wall time, the CPU time inside the
agent's moves and the work done, and appends them to
``benchmarks/results/check_connect4.md`` with ``--record``.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from perfectplay.check.connect4.check import DEFAULT_POSITIONS, check_connect4

RESULTS = Path(__file__).resolve().parent / "results" / "check_connect4.md"

AGENT = """
import random, time

def wins(board, mark):
    for r in range(6):
        for c in range(7):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if all(0 <= r + dr * k < 6 and 0 <= c + dc * k < 7 and board[(r + dr * k) * 7 + c + dc * k] == mark
                       for k in range(4)):
                    return True
    return False

def drop(board, col, mark):
    for row in range(5, -1, -1):
        if board[row * 7 + col] == 0:
            after = list(board)
            after[row * 7 + col] = mark
            return after

def agent(observation, configuration):
    start = time.process_time()
    while time.process_time() - start < SECONDS:  # thinking, as a search would
        pass
    board, me = list(observation.board), observation.mark
    columns = [c for c in range(7) if board[c] == 0]
    for mark in (me, 3 - me):
        for c in columns:
            if wins(drop(board, c, mark), mark):
                return c
    return random.choice(columns)
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=0.1, help="CPU seconds the agent spends a move")
    parser.add_argument("--positions", type=int, default=DEFAULT_POSITIONS)
    parser.add_argument("--sandbox", default="auto")
    parser.add_argument("--record", action="store_true", help=f"append the figures to {RESULTS.name}")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        agent = Path(folder) / "slow_agent.py"
        agent.write_text(f"SECONDS = {args.seconds!r}\n" + AGENT)
        started = time.perf_counter()
        report = check_connect4(agent, positions=args.positions, sandbox=args.sandbox)
        wall = time.perf_counter() - started
    assert report.timing is not None
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    line = (
        f"| {args.seconds:g} s a move | {report.overall.asked} positions, {len(report.games)} games | "
        f"{wall:.1f} s wall | {report.timing.cpu:.1f} s CPU in its suite moves | load {load:.1f} on "
        f"{os.cpu_count()} cores | {report.verdict} |"
    )
    print(line)
    if args.record:
        if not RESULTS.exists():
            RESULTS.write_text(
                "# check --game connect4: a ConnectX agent thinking a fixed CPU time a move\n\n"
                "`.venv/bin/python benchmarks/check_connect4.py --record` "
                "(target: <= 60 s wall on 2 cores, with the games)\n\n"
                "| agent | work | wall | agent CPU | machine | verdict |\n|---|---|---|---|---|---|\n"
            )
        with RESULTS.open("a") as file:
            file.write(line + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
