"""Every JSON document perfectplay writes, its shape typed once: ``--json`` and the HTTP API share them.

The engine and the teaching tools return frozen objects; this module turns
them into the documents people and programs read (``analysis_json``,
``comparison_json``, ``order_counts_json``), and names the shape of every
other document a front end writes (a match, a position for the page, an
error), so a field is spelled in one place. The schema is described in the
README ("Analysis JSON") and docs/web.md.

The analysis's schema is versioned (``ANALYSIS_VERSION``, the document's
``version``); each change only adds fields:

* 1: the first (no ``version`` field);
* 2: ``version``, and per move ``proven``: how much of its value is
  proven, ``"score"`` (exact: ``outcome``, ``plies`` and ``score`` hold
  it), ``"outcome"`` (a win or a loss whose length is not proven:
  ``outcome`` is ``"win"`` or ``"loss"``, ``plies`` and ``score`` null) or
  null (not proven: ``outcome`` ``"unknown"``). In version 1 such a move
  read ``"unknown"``.

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
from perfectplay.words.play import result_text

OutcomeName = Literal["win", "draw", "loss", "unknown"]

ProofName = Literal["score", "outcome"]

ANALYSIS_VERSION = 2
"""The analysis document's schema version (see the module notes): 2 added ``version`` and each move's ``proven``."""


# --- an analysis: CLI analyze/best --json, POST /api/analyze, the computer's reasons ------------


class MovePlaceJSON(TypedDict, total=False):
    """Where a move is as the game says (``Game.move_fields``) and how people name it, where the game has them.

    ``row`` and ``col`` on boards, ``heap`` and ``take`` for Nim; every document that places a move (an
    analysis, a trace, a Monte Carlo tree) spells them here.
    """

    row: int
    col: int
    heap: int
    take: int
    label: str


class PlacedMoveJSON(MovePlaceJSON, total=False):
    """A move as every document names it: its number, where it is as the game says, and its label."""

    move: int


class MoveJSON(PlacedMoveJSON, total=False):
    """One move of an analysis. ``row`` and ``col`` only on boards; ``heap`` and ``take`` for Nim."""

    outcome: OutcomeName
    plies: int | None
    score: int | None
    estimate: int | None
    proven: ProofName | None


class AnalysisJSON(TypedDict):
    version: int
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


def move_fields(game: Game[Any], move: int) -> PlacedMoveJSON:
    """Where a move is, as the game says (``row``/``col`` on a board), and the label people type."""
    # cast: a game names its own position fields (row and col, or heap and take).
    return cast(PlacedMoveJSON, {"move": move, **game.move_fields(move), "label": game.move_label(move)})


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
                "proven": entry.proof,
            },
        )
        for entry in analysis.moves
    ]
    return {
        "version": ANALYSIS_VERSION,
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


# --- a position as the page shows it: every answer of the HTTP API that carries one ---------------


class OutcomeJSON(TypedDict):
    """How a finished game ended: the winner (null for a draw), the cells that won, and the sentence."""

    winner: str | None
    line: list[int]
    text: str


class PositionJSON(TypedDict):
    game: str
    title: str
    position: str
    to_move: str
    view: dict[str, Any]
    outcome: OutcomeJSON | None


def outcome_json(game: Game[Any], state: Any) -> OutcomeJSON | None:
    """How the game ended (winner or null for a draw, and the winning cells), or null if it goes on."""
    if not game.is_over(state):
        return None
    winner = game.winner(state)
    return {
        "winner": None if winner is None else winner.value,
        "line": list(game.highlight(state)),
        "text": result_text(winner),
    }


def position_json(game: Game[Any], state: Any) -> PositionJSON:
    """A position as every response carries it: the game, the text, the side to move, its view and outcome."""
    return {
        "game": game.name,
        "title": game.title,
        "position": game.format(state),
        "to_move": game.to_move(state).value,
        "view": game.view(state),
        "outcome": outcome_json(game, state),
    }


class AnalyzedJSON(AnalysisJSON):
    """``POST /api/analyze``: the analysis, the position's view, and the page's sentences."""

    view: dict[str, Any]
    advice: AdviceJSON


class PlayedJSON(PositionJSON):
    """``POST /api/position``: the position after the move played, if one was."""

    played: PlacedMoveJSON | None


class ComputerMoveJSON(PlayedJSON):
    """``POST /api/move``: the move played for the person, the computer's answer, and the position after both."""

    move: int | None
    row: int | None
    col: int | None
    label: str | None
    analysis: AnalyzedJSON | None


class StrongestJSON(TypedDict):
    """The strongest level in one game: its title ("Perfect" only where proven) and what it is."""

    title: str
    note: str


class GameEntryJSON(PositionJSON):
    """One preset of ``GET /api/games``: its start position, its kind and the strongest level's name there."""

    kind: str
    summary: str
    strongest: StrongestJSON


class PanelWordsJSON(TypedDict):
    """The search-tree panel's words, made in Python: the page shows them as they are."""

    root_windows: dict[str, str]
    orders: dict[str, str]
    algorithms: dict[str, str]


class GamesJSON(TypedDict):
    """``GET /api/games``."""

    games: list[GameEntryJSON]
    default: str
    seconds: float
    tree_max_moves: int
    words: PanelWordsJSON


class LevelsJSON(TypedDict):
    """``GET /api/levels``: the levels strongest first, the depth-limited players, and one line on each."""

    levels: list[str]
    depth_players: list[str]
    titles: dict[str, str]
    default: str
    notes: dict[str, str]


# --- a depth-limited search beside perfect play: analyze --compare --json, POST /api/compare ----


class ChoiceJSON(PlacedMoveJSON, total=False):
    """One move the depth-limited search would play; position fields as in ``MoveJSON``."""

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


# --- the pruning quiz and the hand search: POST /api/quiz, POST /api/practice ----------------------


class QuizWordsJSON(TypedDict):
    verdict: str
    details: list[str]
    summary: str


class CutJSON(TypedDict):
    """One cut alpha-beta made: where, the condition that met, what it spared, and the sentence."""

    node: str
    role: str
    condition: str
    pruned: list[str]
    text: str


class QuizJSON(TypedDict):
    """``POST /api/quiz``: the answer checked against alpha-beta's real cuts, every cut explained."""

    tree_text: str
    correct: bool
    answer: list[str]
    pruned: list[str]
    missed: list[str]
    wrong: list[str]
    cuts: list[CutJSON]
    words: QuizWordsJSON
    value: int
    best: list[str]
    nodes: int


class MistakeJSON(TypedDict):
    node: str
    field: str
    given: str
    expected: str
    reason: str


class PracticeJSON(TypedDict):
    """``POST /api/practice``: the hand search graded node by node, with the reason for every mistake."""

    tree_text: str
    convention: str
    asked: int
    right: int
    perfect: bool
    mistakes: list[MistakeJSON]
    order: list[str]


# --- errors: every 4xx of the HTTP API -------------------------------------------------------------


class ErrorDetailJSON(TypedDict):
    field: str | None
    message: str


class ErrorJSON(TypedDict):
    error: ErrorDetailJSON
