"""Every JSON document perfectplay writes, its shape typed once: ``--json`` and the HTTP API share them.

The engine and the teaching tools return frozen objects; this module turns
them into the documents people and programs read (``analysis_json``,
``comparison_json``, ``order_counts_json``), and names the shape of every
other document a front end writes (a match, a position for the page, an
error), so a field is spelled in one place. The schema is described in the
README ("Analysis JSON") and docs/web.md.

It sits with the teaching tools in the package map: it reads the engine's
and the teaching tools' results; the play layer and the front ends use its
shapes.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict, cast

from perfectplay.game import Game
from perfectplay.search.base.result import Analysis
from perfectplay.teaching.compare import Comparison
from perfectplay.teaching.orders import OrderCount, OrderCounts

OutcomeName = Literal["win", "draw", "loss", "unknown"]


# --- an analysis: CLI analyze/best --json, POST /api/analyze, the computer's reasons ------------


class MoveJSON(TypedDict, total=False):
    """One move of an analysis. ``row`` and ``col`` only on boards; ``heap`` and ``take`` for Nim."""

    move: int
    row: int
    col: int
    heap: int
    take: int
    label: str
    outcome: OutcomeName
    plies: int | None
    score: int | None
    estimate: int | None


class AnalysisJSON(TypedDict):
    game: str
    position: str
    to_move: str
    outcome: OutcomeName
    plies: int | None
    score: int | None
    moves: list[MoveJSON]
    best: list[int]
    nodes: int
    seconds: float
    complete: bool
    algorithm: str
    depth: int | None
    outcome_class: OutcomeName | None


def move_fields(game: Game[Any], move: int) -> dict[str, Any]:
    """Where a move is, as the game says (``row``/``col`` on a board), and the label people type."""
    return {"move": move, **game.move_fields(move), "label": game.move_label(move)}


def analysis_json(analysis: Analysis) -> AnalysisJSON:
    """The analysis in the shared schema (CLI ``--json`` and the HTTP API)."""
    game = analysis.game
    # cast: a game names its own position fields (row and col, or heap and take).
    moves = [
        cast(
            MoveJSON,
            {
                **move_fields(game, entry.move),
                "outcome": entry.outcome.name,
                "plies": entry.outcome.plies,
                "score": entry.score,
                "estimate": entry.estimate,
            },
        )
        for entry in analysis.moves
    ]
    return {
        "game": game.name,
        "position": game.format(analysis.state),
        "to_move": analysis.to_move.value,
        "outcome": analysis.outcome.name,
        "plies": analysis.outcome.plies,
        "score": analysis.score,
        "moves": moves,
        "best": list(analysis.best),
        "nodes": analysis.nodes,
        "seconds": analysis.seconds,
        "complete": analysis.complete,
        "algorithm": analysis.algorithm,
        "depth": analysis.depth,
        "outcome_class": cast(OutcomeName | None, analysis.outcome_class),
    }


class AdviceJSON(TypedDict):
    """What the page shows beside an analysis: the moves a hint names, the hint, why the computer played its move."""

    moves: list[int]
    hint: str | None
    why: str | None
    unproven: str | None


# --- a depth-limited search beside perfect play: analyze --compare --json, POST /api/compare ----


class ChoiceJSON(TypedDict, total=False):
    """One move the depth-limited search would play; position fields as in ``MoveJSON``."""

    move: int
    row: int
    col: int
    heap: int
    take: int
    label: str
    outcome: OutcomeName
    plies: int | None
    perfect: bool
    cost: str | None


class ComparisonJSON(TypedDict):
    game: str
    position: str
    depth: int
    evaluation: str
    agrees: bool
    choices: list[ChoiceJSON]
    limited: AnalysisJSON
    exact: AnalysisJSON


def comparison_json(comparison: Comparison) -> ComparisonJSON:
    game = comparison.exact.game
    choices = [
        cast(
            ChoiceJSON,
            {
                **move_fields(game, choice.move),
                "outcome": choice.outcome.name,
                "plies": choice.outcome.plies,
                "perfect": choice.perfect,
                "cost": None if choice.perfect else choice.cost,
            },
        )
        for choice in comparison.choices
    ]
    return {
        "game": game.name,
        "position": game.format(comparison.exact.state),
        "depth": comparison.depth,
        "evaluation": comparison.evaluation,
        "agrees": comparison.agrees,
        "choices": choices,
        "limited": analysis_json(comparison.limited),
        "exact": analysis_json(comparison.exact),
    }


# --- alpha-beta under every move order: orders --json, POST /api/orders, POST /api/textbook -------


class OrderCountJSON(TypedDict):
    nodes: int
    leaves: int
    pruned: int


class OrderCountsJSON(TypedDict):
    minimax: OrderCountJSON
    orders: dict[str, OrderCountJSON]
    branching: list[float]
    best_case_leaves: int
    root: str


def order_counts_json(counts: OrderCounts) -> OrderCountsJSON:
    def part(count: OrderCount) -> OrderCountJSON:
        return {"nodes": count.nodes, "leaves": count.leaves, "pruned": count.pruned}

    return {
        "minimax": part(counts.minimax),
        "orders": {name: part(count) for name, count in counts.orders.items()},
        "branching": [round(level, 3) for level in counts.branching],
        "best_case_leaves": counts.best_case,
        "root": counts.root,
    }


# --- matches between computer players: match --json ---------------------------------------------


class MatchJSON(TypedDict):
    x_wins: int
    o_wins: int
    draws: int
    games: int


class TallyJSON(TypedDict):
    wins: int
    draws: int
    losses: int


class RecordJSON(TypedDict):
    total: TallyJSON
    as_x: TallyJSON
    as_o: TallyJSON


class PlayerRecordJSON(RecordJSON):
    player: str


class DuelJSON(TypedDict):
    games: int
    players: list[PlayerRecordJSON]


# --- the pruning quiz: POST /api/quiz --------------------------------------------------------------


class QuizWordsJSON(TypedDict):
    verdict: str
    details: list[str]
    summary: str


# --- errors: every 4xx of the HTTP API -------------------------------------------------------------


class ErrorDetailJSON(TypedDict):
    field: str | None
    message: str


class ErrorJSON(TypedDict):
    error: ErrorDetailJSON
