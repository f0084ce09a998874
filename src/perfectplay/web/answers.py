"""What the routes answer with, as the OpenAPI document shows it, and what every route module reads of the app.

Every JSON document is typed once, as a ``TypedDict``: in
``perfectplay.documents`` (analyses, orders, quizzes), in the drawings'
``viz/shapes.py`` (traces, Monte Carlo trees), and here for what only the
API adds. ``answering`` turns a route's document type into the ``200`` of
its OpenAPI operation (a JSON Schema under ``components/schemas``), beside
its error answers; ``tests/web/test_web_answers.py`` holds every route's
real answers to it.

A route returns its document as built, declared but not passed through a
response model: FastAPI would validate it again and write it anew, and the
JSON would no longer be byte for byte what ``perfectplay ... --json`` writes
for the same position (a whole float kept as written, keys in the order the
builder chose).
"""

from __future__ import annotations

import types
from typing import Any, Literal, TypedDict, Union, get_args, get_origin, get_type_hints, is_typeddict

from fastapi import FastAPI, Request

from perfectplay.documents import ComparisonJSON, OrderCountsJSON
from perfectplay.viz import ConvergenceJSON, MctsTreeJSON, TraceJSON
from perfectplay.web.problems import error_responses
from perfectplay.web.settings import Settings
from perfectplay.web.workers import Lanes

# --- what only the API adds to a document --------------------------------------------------------


class _DepthNoteJSON(TypedDict, total=False):
    depth_note: str
    """Why a search no depth was asked for stops a few plies deep (a tree too big to search to the end)."""


class EvaluationJSON(TypedDict):
    name: str
    summary: str


class TreeAnswerJSON(TraceJSON, _DepthNoteJSON):
    """``POST /api/tree``: the trace, or the subtree at ``path``, with the evaluations the game offers."""

    path: list[int]
    evaluations: list[EvaluationJSON]


class TextbookAnswerJSON(TraceJSON):
    """``POST /api/textbook``: the trace of the textbook tree, the tree as typed, and every order's count."""

    tree_text: str
    order_counts: OrderCountsJSON


class OrdersAnswerJSON(OrderCountsJSON, _DepthNoteJSON):
    """``POST /api/orders``: minimax's nodes and alpha-beta's under every order, on the position searched."""

    game: str
    position: str
    to_move: str
    search_depth: int | None
    evaluation: str
    descriptions: dict[str, str]


class CompareRowJSON(TypedDict):
    move: int
    label: str
    limited: str
    perfect: str
    chosen: bool
    best: bool


class VerdictJSON(TypedDict):
    label: str
    outcome: str
    perfect: bool
    cost: str | None


class CompareAnswerJSON(ComparisonJSON):
    """``POST /api/compare``: the depth-limited search and perfect play, move by move, with each choice's cost."""

    name: str
    rows: list[CompareRowJSON]
    perfect_play: str
    perfect_moves: list[str]
    verdicts: list[VerdictJSON]
    exact_complete: bool


class MctsAnswerJSON(MctsTreeJSON):
    """``POST /api/mcts``: the tree the search grew, or the subtree at ``path``."""

    path: list[int]


class ConvergenceAnswerJSON(ConvergenceJSON):
    """``POST /api/mcts/convergence``: the study at every checkpoint, and its plot (SVG)."""

    svg: str


class HealthJSON(TypedDict):
    """``GET /healthz``: the server is up, and how busy its search workers are."""

    status: str
    workers: int
    busy: int
    waiting: int


# --- a document type as JSON Schema --------------------------------------------------------------------

_PLAIN = {str: "string", bool: "boolean", int: "integer", float: "number"}

_SHAPES: dict[str, Any] = {}
"""Every document type a route answers with, by name: the roots of ``components/schemas``."""


def json_schema(shape: Any, components: dict[str, Any]) -> dict[str, Any]:
    """``shape`` as JSON Schema; each ``TypedDict`` it holds is put in ``components`` once and referred to."""
    origin, arguments = get_origin(shape), get_args(shape)
    if shape is Any:
        return {}
    if shape is None or shape is type(None):
        return {"type": "null"}
    if shape in _PLAIN:
        return {"type": _PLAIN[shape]}
    if is_typeddict(shape):
        name = shape.__name__
        if name not in components:
            components[name] = {}  # taken first: a node's children refer to the node's own type
            hints = get_type_hints(shape)
            components[name] = {
                "title": name,
                "type": "object",
                "properties": {key: json_schema(hint, components) for key, hint in hints.items()},
                "required": sorted(shape.__required_keys__),
            }
        return {"$ref": f"#/components/schemas/{name}"}
    if origin is list:
        return {"type": "array", "items": json_schema(arguments[0], components)}
    if origin is dict:
        return {"type": "object", "additionalProperties": json_schema(arguments[1], components)}
    if origin is Literal:
        return {"enum": list(arguments)}
    if origin is Union or origin is types.UnionType:
        return {"anyOf": [json_schema(argument, components) for argument in arguments]}
    raise TypeError(f"no JSON Schema for {shape!r}")


def answering(shape: Any, *errors: int) -> dict[str, Any]:
    """A route's decorator arguments for answering ``shape`` (200) or one of the ``errors``.

    ``shape``'s docstring is the answer's description: every shape a route answers with has one.
    """
    _SHAPES[shape.__name__] = shape
    ok = {
        "description": (shape.__doc__ or shape.__name__).strip().splitlines()[0],
        "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{shape.__name__}"}}},
    }
    return {"response_model": None, "responses": {200: ok, **error_responses(*errors)}}


def add_answer_schemas(app: FastAPI) -> None:
    """The app's OpenAPI document, with the schema of every document a route answers with."""
    make = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            document = make()
            components: dict[str, Any] = {}
            for shape in _SHAPES.values():
                json_schema(shape, components)
            document.setdefault("components", {}).setdefault("schemas", {}).update(components)
        return app.openapi_schema or {}

    app.openapi = openapi  # type: ignore[method-assign]  # FastAPI's documented way to extend the document


# --- what a route reads of the app ---------------------------------------------------------------


def lanes_of(request: Request) -> Lanes:
    """Where the app runs searches (``workers.py``)."""
    found: Lanes = request.app.state.lanes
    return found


def settings_of(request: Request) -> Settings:
    """The app's limits."""
    found: Settings = request.app.state.settings
    return found
