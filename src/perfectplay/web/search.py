"""The one search job the server runs, as plain data in and out.

A job is a JSON object so that it can cross a process boundary as one line
(see ``pool.py``); ``run_job`` is a pure function of it, so the same job
gives the same answer in a worker, in a test or in the server process.
"""

from __future__ import annotations

import random
from typing import Any, TypedDict

from perfectplay.notation import parse_position
from perfectplay.players import choose_move
from perfectplay.search.analysis import analyze


class Job(TypedDict):
    """A position to analyze and, when ``level`` is set, the computer's move in it."""

    position: str
    to_move: str
    rows: int
    cols: int
    k: int
    level: str | None
    seed: int | None


class JobResult(TypedDict):
    analysis: dict[str, Any]
    move: int | None


def run_job(job: Job) -> JobResult:
    """Analyze the job's position and, if asked, choose the computer's move there."""
    game, state = parse_position(
        job["position"], rows=job["rows"], cols=job["cols"], k=job["k"], to_move=job["to_move"]
    )
    analysis = analyze(game, state)
    move = None
    if job["level"] is not None:
        # Without a seed every game differs: a fresh generator picks among
        # equally good moves. With one, the same request gives the same move.
        rng = random.Random(job["seed"]) if job["seed"] is not None else random.Random()
        move = choose_move(game, state, job["level"], rng)
    return {"analysis": analysis.to_json(), "move": move}
