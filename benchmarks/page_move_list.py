"""The page's move list on random Connect Four positions: does every move show at least its outcome?

Run from the repository root, best beside other work (the page's limit is wall time)::

    .venv/bin/python benchmarks/page_move_list.py              # 24 positions of plies 1-12, seed 41
    .venv/bin/python benchmarks/page_move_list.py --seed 42 --positions 48

Each position is a random game of 1 to 12 moves that is not over; it goes
to ``POST /api/analyze`` in the web app's own process (FastAPI's test
client, the default settings: the page's 5 s limit, its worker process),
as the page sends it. A move whose row has neither a proven score nor a
proven outcome counts against the position. Prints each position's wall
time, its unknown moves and the load average, then the count.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from fastapi.testclient import TestClient

from perfectplay import Connect4
from perfectplay.web.app import create_app


def random_positions(game: Connect4, rng: random.Random, count: int) -> list[str]:
    """``count`` move sequences of 1 to 12 moves whose games are not over."""
    found: list[str] = []
    while len(found) < count:
        state, moves = game.initial_state(), ""
        for _ in range(rng.randint(1, 12)):
            move = rng.choice(game.legal_moves(state))
            state, moves = game.play(state, move), moves + str(move + 1)
            if game.is_over(state):
                break
        if not game.is_over(state):
            found.append(moves)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--positions", type=int, default=24)
    args = parser.parse_args()
    game = Connect4()
    complete = 0
    with TestClient(create_app()) as client:
        positions = random_positions(game, random.Random(args.seed), args.positions)
        for moves in positions:
            body = {"game": "connect4", "position": game.format(game.parse_sequence(moves))}
            started = time.perf_counter()
            rows = client.post("/api/analyze", json=body).json()["moves"]
            wall = time.perf_counter() - started
            unknown = sum(row.get("proven") is None for row in rows)
            complete += unknown == 0
            print(
                f"{moves:>12} ply {len(moves):2} wall {wall:4.1f} s moves {len(rows)} unknown {unknown}"
                f" load {os.getloadavg()[0]:.1f}",
                flush=True,
            )
    print(f"{complete}/{len(positions)} positions: every move with at least its outcome")


if __name__ == "__main__":
    main()
