"""``perfectplay analyze --game connect4 SEQ`` as a user runs it: CPU a position, and whether every move came out exact.

Run from the repository root (bitbully is optional: ``PYTHONPATH=/tmp/bbonly`` or ``pip install bitbully==0.0.79``)::

    .venv/bin/python benchmarks/analyze_command.py                  # plies 6, 7, 8, 9-16 and Pons's two sets, seed 38
    .venv/bin/python benchmarks/analyze_command.py --per-ply 2 --pons 5
    .venv/bin/python benchmarks/analyze_command.py --only 6 7       # some groups only (6, 7, 8, 9-16, MM, BE)
    .venv/bin/python benchmarks/analyze_command.py 64476 4455       # these positions (move sequences)

Each position is one run of the command with default options (the 60 s
bound, counted in wall time as a user's run counts it) in a process of its
own; its CPU (user + system, ``os.wait4``) is what a row shows, so a busy
machine (the load is printed) stretches the wall time, not the figure; the
wall time is shown too, as a run that is not every move exact within 60 s
of it was stopped by the bound, whatever its CPU. ``--cpu-bound`` runs the
command's own entry point with its clock the process's CPU time instead
(``time.perf_counter`` replaced by ``time.process_time`` before the package
is imported): the 60 s an idle machine gives it, on a busy one. The
groups: random positions at plies 6, 7 and 8 and from 9 to 16 (random
columns from ``random.Random(seed)``, kept where legal and not over), and the
first positions of Pascal Pons's Middle-Medium (``Test_L2_R2``) and
Begin-Easy (``Test_L1_R1``) sets, whose files give each position's exact
score: the best move's score must equal it. bitbully (no opening book, a
fresh table, in this process, ``time.process_time``) scores every move of
the same positions, and every exact score of ours is held against its.

Figures (before and after the exact-first analysis, beside bitbully, and a
second sample with seed 39): docs/connect4.md, "Plies 6-16 and Pons's sets".
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from perfectplay import Connect4
from perfectplay.errors import PerfectplayError
from perfectplay.game import Outcome
from perfectplay.games.connect4 import pons_score

PONS = Path("/work/shared/data/connect4")
SETS = {"MM": "Test_L2_R2", "BE": "Test_L1_R1"}
COMMAND = [str(Path(sys.executable).with_name("perfectplay")), "analyze", "--game", "connect4", "--json"]
CPU_BOUND = [
    sys.executable,
    "-c",
    # The command's own entry point, its clock (time.perf_counter, read when the package is imported) the CPU's.
    "import sys, time; time.perf_counter = time.process_time; from perfectplay.cli import run; sys.exit(run())",
    "analyze",
    "--game",
    "connect4",
    "--json",
]
RANDOM_GROUPS = {"6": (6, 6), "7": (7, 7), "8": (8, 8), "9-16": (9, 16)}


def drawn(rng: random.Random, low: int, high: int, count: int) -> list[str]:
    """``count`` random positions of ``low`` to ``high`` moves, as move sequences: random columns, kept where legal."""
    game = Connect4()
    found: list[str] = []
    while len(found) < count:
        moves = "".join(rng.choice("1234567") for _ in range(rng.randint(low, high)))
        try:
            over = game.is_over(game.parse_sequence(moves))
        except PerfectplayError:  # a full column, or play after a four
            continue
        if not over:
            found.append(moves)
    return found


def pons_set(name: str, count: int) -> list[tuple[str, int]]:
    """The first ``count`` positions of one of Pons's files, with their exact scores (Pons's units)."""
    rows = (PONS / name).read_text().split("\n")
    return [(line.split()[0], int(line.split()[1])) for line in rows[:count] if line.strip()]


def ours(moves: str, *, cpu_bound: bool = False) -> dict[str, Any]:
    """One run of the command: its CPU, nodes, how many moves are exact and each exact move's score in Pons's units."""
    started = time.perf_counter()
    process = subprocess.Popen(
        [*(CPU_BOUND if cpu_bound else COMMAND), moves], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    assert process.stdout is not None
    output = process.stdout.read()
    _, _, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.stdout.close()
    answer = json.loads(output)
    played = len(moves)
    scores = {
        entry["col"]: pons_score(Outcome(entry["outcome"], entry["plies"]), played)
        for entry in answer["moves"]
        if entry["proven"] == "score"
    }
    return {
        "cpu": usage.ru_utime + usage.ru_stime,
        "wall": wall,
        "nodes": answer["nodes"],
        "exact": len(scores),
        "moves": len(answer["moves"]),
        "scores": scores,
    }


def peer(moves: str) -> dict[str, Any] | None:
    """bitbully's score of every move (no book, a fresh table), and its CPU; None without bitbully."""
    try:
        from bitbully import BitBully, Board
    except ImportError:
        return None
    agent = BitBully(None)
    board = Board("".join(str(int(char) - 1) for char in moves))
    start = time.process_time()
    scores = agent.score_all_moves(board)
    return {"cpu": time.process_time() - start, "scores": dict(scores)}


def run(group: str, positions: list[tuple[str, int | None]], *, bitbully: bool, cpu_bound: bool) -> dict[str, Any]:
    """Every position of a group through the command (and bitbully), one row each; the group's summary."""
    cpus: list[float] = []
    peer_cpus: list[float] = []
    complete = wrong = 0
    for moves, known in positions:
        mine = ours(moves, cpu_bound=cpu_bound)
        theirs = peer(moves) if bitbully else None
        cpus.append(mine["cpu"])
        every = mine["exact"] == mine["moves"]
        complete += every
        bad = []
        if theirs is not None:
            peer_cpus.append(theirs["cpu"])
            bad = [col for col, score in mine["scores"].items() if theirs["scores"].get(col) != score]
        if known is not None and every and max(mine["scores"].values()) != known:
            bad.append(-1)
        wrong += bool(bad)
        their_cpu = "-" if theirs is None else f"{theirs['cpu']:.2f}"
        print(
            f"{group:>5} {moves:>22} {len(moves):>3} {mine['cpu']:>7.2f} {mine['wall']:>6.1f} {mine['nodes']:>12,} "
            f"{mine['exact']}/{mine['moves']} {their_cpu:>8} {'WRONG ' + str(bad) if bad else 'ok'}",
            flush=True,
        )
    return {
        "group": group,
        "count": len(positions),
        "median": statistics.median(cpus),
        "max": max(cpus),
        "complete": complete,
        "wrong": wrong,
        "peer_median": statistics.median(peer_cpus) if peer_cpus else None,
        "peer_max": max(peer_cpus) if peer_cpus else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=38, help="the random positions' seed (default 38)")
    parser.add_argument("--per-ply", type=int, default=4, help="random positions a group (default 4)")
    parser.add_argument("--pons", type=int, default=10, help="positions from each of Pons's two sets (default 10)")
    parser.add_argument("--only", nargs="*", help="these groups only: 6, 7, 8, 9-16, MM, BE")
    parser.add_argument("--no-bitbully", action="store_true", help="our command only")
    parser.add_argument(
        "--cpu-bound", action="store_true", help="the 60 s bound counted in the process's CPU seconds, not wall time"
    )
    parser.add_argument("positions", nargs="*", help="move sequences instead of the groups")
    args = parser.parse_args()
    bitbully = not args.no_bitbully and importlib.util.find_spec("bitbully") is not None
    print(f"load average before: {os.getloadavg()[0]:.1f}; bitbully: {'yes' if bitbully else 'no'}")
    print(
        f"{'group':>5} {'position':>22} {'ply':>3} {'CPU s':>7} {'wall':>6} {'nodes':>12} exact {'bitbully':>8}  scores"
    )
    groups: dict[str, list[tuple[str, int | None]]] = {}
    if args.positions:
        groups["given"] = [(moves, None) for moves in args.positions]
    else:
        rng = random.Random(args.seed)
        for name, (low, high) in RANDOM_GROUPS.items():
            groups[name] = [(moves, None) for moves in drawn(rng, low, high, args.per_ply)]
        for name, file in SETS.items():
            groups[name] = [(moves, known) for moves, known in pons_set(file, args.pons)]
    summaries = [
        run(name, rows, bitbully=bitbully, cpu_bound=args.cpu_bound)
        for name, rows in groups.items()
        if not args.only or name in args.only
    ]
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    print("| group | positions | CPU median | CPU max | every move exact | wrong | bitbully median | bitbully max |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|")
    for row in summaries:
        peer_median = "-" if row["peer_median"] is None else f"{row['peer_median']:.2f} s"
        peer_max = "-" if row["peer_max"] is None else f"{row['peer_max']:.2f} s"
        print(
            f"| {row['group']} | {row['count']} | {row['median']:.2f} s | {row['max']:.2f} s | "
            f"{row['complete']}/{row['count']} | {row['wrong']} | {peer_median} | {peer_max} |"
        )


if __name__ == "__main__":
    main()
