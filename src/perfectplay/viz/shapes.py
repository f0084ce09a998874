"""The JSON shapes of the documents this floor builds: traces, Monte Carlo trees and convergence studies.

Beside ``perfectplay.documents`` (the analyses, orders and quizzes), one
place where the CLI's ``--json``/``--format json``, the page and the HTTP
API (its OpenAPI document, ``web/answers.py``) read what a document holds.
The builders (``tree_json.py``, ``mcts_tree.py``, ``convergence.py``) return
plain dicts: a move's fields come from the game (``Game.move_fields``), so
only the shape of what every game shares is typed here, and the rest is
optional.
"""

from __future__ import annotations

from typing import Any, TypedDict

from perfectplay.documents import MovePlaceJSON

# --- traces: tree --format json, POST /api/tree, POST /api/textbook (docs/trace.md) -------------------
# A move's place (``row``, ``col``, ``heap``, ``take``) and ``label`` only where the game has them, ``view``
# only for the page, ``new`` and ``cut_by_other_order`` only with a compared order.


class WindowJSON(TypedDict):
    alpha: int | None
    beta: int | None


class TraceCutJSON(TypedDict):
    condition: str
    alpha: int
    beta: int


class _PlaceJSON(MovePlaceJSON, total=False):
    """Where a move is and how people name it, where the game has them; the page's marks and drawing."""

    view: dict[str, Any]
    new: bool
    cut_by_other_order: bool


class PrunedMoveJSON(_PlaceJSON):
    move: int
    position: str


class HiddenChildJSON(_PlaceJSON):
    """A child the shown tree folds away: its value and size, drawn on demand."""

    id: int
    move: int
    value: int
    bound: str
    text: str
    guess: bool
    entry: WindowJSON | None
    nodes: int
    pruned_subtrees: int
    steps: int


class TraceNodeJSON(_PlaceJSON):
    id: int
    move: int | None
    position: str
    to_move: str
    role: str
    depth: int
    value: int
    bound: str
    text: str
    outcome: str | None
    guess: bool
    horizon: bool
    terminal: bool
    chosen: bool
    entry: WindowJSON | None
    exit: WindowJSON | None
    cut: TraceCutJSON | None
    pruned: list[PrunedMoveJSON]
    nodes: int
    pruned_subtrees: int
    steps: int
    children: list[TraceNodeJSON]
    hidden: list[HiddenChildJSON]


class EventJSON(TypedDict, total=False):
    """One step of the replay; which fields beside ``type`` and ``node`` depends on the type."""

    type: str
    node: int
    parent: int
    move: int
    depth: int
    value: int
    bound: str
    nodes: int
    alpha: int | None
    beta: int | None
    line: int | None


class TraceLimitsJSON(TypedDict):
    depth: int | None
    max_nodes: int


class TraceSearchJSON(TypedDict):
    depth: int | None
    evaluation: str
    order: str
    root: str
    value_text: str


class _TraceOptionsJSON(TypedDict, total=False):
    compare_order: str


class TraceJSON(_TraceOptionsJSON):
    nodes: int
    pruned: int
    game: str
    position: str
    to_move: str
    algorithm: str
    values: str
    scores: str
    value: int
    outcome: str | None
    best: list[int]
    counts: dict[str, int]
    shown: int
    limits: TraceLimitsJSON
    seconds: float
    chosen_line: list[int]
    tree: TraceNodeJSON
    events: list[EventJSON]
    pseudocode: list[str]
    search: TraceSearchJSON
    note: str | None


# --- Monte Carlo tree search: mcts --json, POST /api/mcts, POST /api/mcts/convergence --------------


class MctsHiddenJSON(_PlaceJSON):
    id: int
    move: int
    visits: int
    mean: float
    exact: str | None
    exact_reward: float | None
    text: str
    nodes: int
    pruned_subtrees: int
    steps: int


class MctsNodeJSON(_PlaceJSON):
    """A node of the grown tree, shaped like a trace node (no windows, no cuts) so one viewer draws both."""

    id: int
    move: int | None
    position: str
    to_move: str
    mover: str | None
    role: str
    depth: int
    visits: int
    mean: float
    exact: str | None
    exact_reward: float | None
    text: str
    terminal: bool
    outcome: str | None
    guess: bool
    horizon: bool
    chosen: bool
    entry: None
    exit: None
    cut: None
    pruned: list[PrunedMoveJSON]
    nodes: int
    untried: int
    pruned_subtrees: int
    steps: int
    children: list[MctsNodeJSON]
    hidden: list[MctsHiddenJSON]


class MctsTreeJSON(TypedDict):
    algorithm: str
    game: str
    position: str
    to_move: str
    iterations: int
    seed: int
    exploration: float
    nodes: int
    pruned: int
    shown: int
    best: list[int]
    best_label: str
    title: str
    values: str
    limits: TraceLimitsJSON
    chosen_line: list[int]
    tree: MctsNodeJSON
    events: list[EventJSON]
    pseudocode: list[str]
    search: TraceSearchJSON
    note: str | None


class ConvergencePointJSON(TypedDict):
    iterations: int
    best_rate: float
    keeps_value_rate: float
    value_error: float


class ConvergenceJSON(TypedDict):
    game: str
    position: str
    runs: int
    seed: int
    exact_outcome: str
    exact_best: list[int]
    exact_best_labels: list[str]
    points: list[ConvergencePointJSON]
    always_best_from: int | None
