"""Latency of ``POST /api/move`` under a small, bounded local load.

Starts the real server (``python -m perfectplay serve --port 0``) on
loopback, sends a fixed number of requests from a fixed number of client
threads, and prints p50/p99 per scenario. Nothing leaves 127.0.0.1.

    .venv/bin/python benchmarks/latency.py [--requests 200] [--clients 2]
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import re
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from perfectplay import MNK, TicTacToe


def random_positions(game: MNK, count: int, seed: int, plies: int | None = None) -> list[str]:
    """Positions after ``plies`` random moves (a random number if None) where the game goes on."""
    rng = random.Random(seed)
    positions: list[str] = []
    while len(positions) < count:
        state = game.initial_state()
        for _ in range(rng.randrange(0, game.cells) if plies is None else plies):
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.play(state, rng.choice(moves))
        if not game.is_over(state):
            positions.append(game.format(state))
    return positions


def start_server(*options: str, stderr: int = subprocess.DEVNULL) -> tuple[subprocess.Popen[str], int]:
    """``perfectplay serve --port 0 OPTIONS`` and the port it chose."""
    server = subprocess.Popen(
        [sys.executable, "-m", "perfectplay", "serve", "--port", "0", *options],
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
    )
    assert server.stdout is not None
    match = re.search(r":(\d+)/", server.stdout.readline())
    if match is None:
        server.kill()
        raise SystemExit("the server did not start")
    return server, int(match.group(1))


def timed_move(port: int, body: dict[str, Any], local: threading.local) -> float:
    if not hasattr(local, "connection"):
        local.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    payload = json.dumps(body)
    started = time.perf_counter()
    local.connection.request("POST", "/api/move", payload, {"content-type": "application/json"})
    response = local.connection.getresponse()
    response.read()
    elapsed = time.perf_counter() - started
    if response.status != 200:
        raise SystemExit(f"{body} -> HTTP {response.status}")
    return elapsed


def percentile(sorted_values: list[float], fraction: float) -> float:
    index = min(len(sorted_values) - 1, round(fraction * (len(sorted_values) - 1)))
    return sorted_values[index]


def run_scenario(name: str, port: int, bodies: list[dict[str, Any]], clients: int) -> None:
    local = threading.local()
    started = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        times = sorted(pool.map(lambda body: timed_move(port, body, local), bodies))
    wall = time.perf_counter() - started
    print(
        f"{name:<34} n={len(times):<4} p50 {percentile(times, 0.5) * 1000:7.1f} ms   "
        f"p99 {percentile(times, 0.99) * 1000:7.1f} ms   mean {statistics.fmean(times) * 1000:7.1f} ms   "
        f"{len(times) / wall:6.1f} req/s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=200, help="requests per scenario (default 200)")
    parser.add_argument("--clients", type=int, default=2, help="concurrent client threads (default 2)")
    args = parser.parse_args()
    if not 1 <= args.requests <= 2000 or not 1 <= args.clients <= 8:
        parser.error("keep the load bounded: 1-2000 requests, 1-8 clients")
    server, port = start_server("--time-limit", "30")
    try:
        n = args.requests
        # Two free cells: the search is trivial, so this is the server's own overhead.
        ending = [{"position": text, "seed": i} for i, text in enumerate(random_positions(TicTacToe(), n, 3, plies=7))]
        run_scenario("3x3, 2 free cells (overhead)", port, ending, args.clients)
        tictactoe = [{"position": text, "seed": i} for i, text in enumerate(random_positions(TicTacToe(), n, seed=1))]
        run_scenario("3x3, random positions", port, tictactoe, args.clients)
        run_scenario("3x3, empty board", port, [{"position": ".../.../...", "seed": i} for i in range(n)], args.clients)
        # Late 4x4 k=4 positions: 8 free cells, as the page meets them near the end.
        late = random_positions(MNK(4, 4, 4), n, seed=2, plies=8)
        bodies = [{"position": text, "game": "mnk:4,4,4", "seed": i} for i, text in enumerate(late)]
        run_scenario("4x4 k=4, 8 free cells", port, bodies, args.clients)
        # The first move of a 4x4 game: every request proves the draw from scratch.
        opening = [{"position": "..../..../..../....", "game": "mnk:4,4,4", "seed": i} for i in range(n)]
        run_scenario("4x4 k=4, empty board", port, opening, args.clients)
    finally:
        server.terminate()
        server.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
