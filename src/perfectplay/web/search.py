"""The one search job the server runs, as plain data in and out.

A job is a JSON object so that it can cross a process boundary as one line
(see ``pool.py``); ``run_job`` is a pure function of it, so the same job
gives the same answer in a worker, in a test or in the server process.
"""

from __future__ import annotations

import random
from typing import Any, TypedDict

from perfectplay import Analysis, Game, Limit, TranspositionTable, analyze, parse_position
from perfectplay.documents import AdviceJSON, AnalysisJSON, analysis_json
from perfectplay.play.players import choose_move
from perfectplay.words import advised_moves, choice_text, hint_text, unproven_text

LOOK_AHEAD_SHARE = 0.1
"""The share of the search limit each look one move ahead may spend (the perfect level's tie-break)."""


class _JobOptions(TypedDict, total=False):
    proven_from_start: bool  # whether the strongest level may be called "perfect" in this game (default: yes)


class Job(_JobOptions):
    """A position to analyze and, when ``level`` is set, the computer's move in it."""

    game: str
    position: str
    to_move: str
    level: str | None
    level_note: str | None
    seed: int | None
    seconds: float


class JobResult(TypedDict):
    analysis: AnalysisJSON
    move: int | None
    advice: AdviceJSON


def run_job(job: Job, limit: Limit | None = None) -> JobResult:
    """Analyze the job's position within ``job["seconds"]`` and, if asked, choose the computer's move.

    A search that reaches the limit answers with what it has proven
    (``complete: false``); the computer's move is chosen from that same
    analysis, so a move costs one search, not two. ``limit``, if given,
    replaces the job's time limit (the server's fast lane tries a node budget).
    """
    game, state = parse_position(job["position"], job["game"], to_move=job["to_move"])
    table = TranspositionTable()
    analysis = analyze(game, state, limit=limit or Limit(seconds=job["seconds"]), table=table)
    move = None
    if job["level"] is not None:
        # Without a seed every game differs: a fresh generator picks among
        # equally good moves. With one, the same request gives the same move.
        rng = random.Random(job["seed"]) if job["seed"] is not None else random.Random()
        # The tie-break among equally good moves looks at the positions after
        # them; each such look gets a small share of the budget and reuses
        # the table, so a move still costs about one search.
        glance = limit or Limit(seconds=job["seconds"] * LOOK_AHEAD_SHARE)

        def analyst(asked_game: Game[Any], asked: Any) -> Analysis:
            if asked == state:
                return analysis
            return analyze(asked_game, asked, limit=glance, table=table)

        move = choose_move(game, state, job["level"], rng, analyst=analyst)
    return {"analysis": analysis_json(analysis), "move": move, "advice": advice_json(game, analysis, job, move)}


def advice_json(game: Game[Any], analysis: Analysis, job: Job, move: int | None) -> AdviceJSON:
    """The hint and, after the computer's move, why it played it: the page shows these sentences as they are."""
    if not analysis.moves:
        return {"moves": [], "hint": None, "why": None, "unproven": None}
    why = None
    if move is not None and job["level"] is not None:
        proven = job.get("proven_from_start", True)
        why = choice_text(game, analysis, move, job["level"], job["level_note"], proven_from_start=proven)
    return {
        "moves": [entry.move for entry in advised_moves(analysis)],
        "hint": hint_text(game, analysis),
        "why": why,
        # Said whenever a limit stopped the search: its moves are then not proven, whatever the level.
        "unproven": unproven_text(analysis),
    }
