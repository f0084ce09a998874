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
from perfectplay.search.analysis import Analysis, analyze
from perfectplay.search.limits import Limit


class Job(TypedDict):
    """A position to analyze and, when ``level`` is set, the computer's move in it."""

    position: str
    to_move: str
    rows: int
    cols: int
    k: int
    level: str | None
    seed: int | None
    seconds: float


class JobResult(TypedDict):
    analysis: dict[str, Any]
    move: int | None


def run_job(job: Job, limit: Limit | None = None) -> JobResult:
    """Analyze the job's position within ``job["seconds"]`` and, if asked, choose the computer's move.

    A search that reaches the limit answers with what it has proven
    (``complete: false``); the computer's move is chosen from that same
    analysis, so a move costs one search, not two. ``limit``, if given,
    replaces the job's time limit (the server's fast lane tries a node budget).
    """
    game, state = parse_position(
        job["position"], rows=job["rows"], cols=job["cols"], k=job["k"], to_move=job["to_move"]
    )
    analysis = analyze(game, state, limit=limit or Limit(seconds=job["seconds"]))
    move = None
    if job["level"] is not None:
        # Without a seed every game differs: a fresh generator picks among
        # equally good moves. With one, the same request gives the same move.
        rng = random.Random(job["seed"]) if job["seed"] is not None else random.Random()

        def known(_game: object, _state: object) -> Analysis:
            return analysis

        move = choose_move(game, state, job["level"], rng, analyst=known)
    return {"analysis": analysis.to_json(), "move": move}
