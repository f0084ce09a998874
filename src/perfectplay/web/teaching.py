"""The teaching options every search-tree request shares: a depth limit, an evaluation, a move order, a root window.

Requests name them (``search_depth``, ``evaluation``, ``order``,
``compare_order``, ``root``); this module checks them against the game in the
server process, so a worker only ever gets options it can run, and turns the
checked names into what the engine's searches take (``search_setup``, run in
the worker). Only the engine's named evaluations are offered: a client's
``module:function`` is never imported here (``get_evaluation(load=False)``).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Annotated, Any, TypedDict

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, WithJsonSchema, field_validator

from perfectplay import TRACEABLE, Game, Limit, RootSearch
from perfectplay.teaching import EVALUATIONS, ORDERS, default_evaluation, evaluation_names, get_evaluation
from perfectplay.web.problems import Problem
from perfectplay.words import DEFAULT_ROOT_WINDOW, ROOT_WINDOWS, root_window

SEARCH_DEPTH_MAX = 12
"""Deepest depth limit a request may ask for; the tracer's node cap is the real bound on the work."""

NODE_CAP = 600_000
"""Most nodes one traced or counted search may visit here: the whole 3x3 game tree (549,946) and a little more."""

def _traceable(algorithm: str) -> str:
    if algorithm not in TRACEABLE:
        raise ValueError(f"unknown algorithm {algorithm[:40]!r}: use one of {', '.join(TRACEABLE)}")
    return algorithm


TracedAlgorithm = Annotated[
    str, AfterValidator(_traceable), WithJsonSchema({"type": "string", "enum": list(TRACEABLE)})
]
"""A request's ``algorithm``: one the teaching tools can trace, by the engine's one table of algorithms."""

STRICT = ConfigDict(strict=True, extra="forbid")
"""As every request body: wrong types and unknown fields are mistakes to report."""


def _known(value: str | None, names: Collection[str], what: str) -> str | None:
    if value is not None and value not in names:
        raise ValueError(f"unknown {what} {value[:40]!r}: use one of {', '.join(names)}")
    return value


class SearchFields(BaseModel):
    """The depth limit, evaluation and root window of a search (mixed into request bodies)."""

    model_config = STRICT

    search_depth: int | None = Field(
        default=None,
        ge=1,
        le=SEARCH_DEPTH_MAX,
        description="search this many plies below the position and value the positions there with the "
        "evaluation (the root's moves are ply 1); default: search to the end of the game",
    )
    evaluation: str | None = Field(
        default=None,
        max_length=40,
        description="a named evaluation for the positions at the depth limit (needs search_depth): "
        f"{', '.join(EVALUATIONS)}; default: open-lines on games of lines, else none",
    )
    root: str | None = Field(
        default=None,
        description="alpha-beta's root window: first (the textbook, (best so far, +inf)), best (the engine's, "
        "(best - 1, +inf): finds every best move), all (every move with (-inf, +inf)); default first, as in "
        "perfectplay tree and orders",
    )

    @field_validator("root")
    @classmethod
    def _known_root(cls, root: str | None) -> str | None:
        return _known(root, ROOT_WINDOWS, "root window")


class OrderField(BaseModel):
    """Alpha-beta's move order."""

    model_config = STRICT

    order: str = Field(default="natural", description=f"alpha-beta's move order: {', '.join(ORDERS)} (default natural)")

    @field_validator("order")
    @classmethod
    def _known_order(cls, order: str) -> str:
        _known(order, ORDERS, "move order")
        return order


class OrderFields(OrderField):
    """Alpha-beta's move order, and another order to compare its cuts with."""

    compare_order: str | None = Field(
        default=None, description="mark the cuts that appear and vanish against alpha-beta with this order"
    )

    @field_validator("compare_order")
    @classmethod
    def _known_other(cls, order: str | None) -> str | None:
        return _known(order, ORDERS, "move order")


class SearchOptions(TypedDict):
    """Checked teaching options, as a job carries them to a worker."""

    search_depth: int | None
    evaluation: str
    order: str
    compare_order: str | None
    root: str


def check_search_options(
    game: Game[Any], search: SearchFields, algorithm: str = "alphabeta", orders: OrderFields | None = None
) -> SearchOptions:
    """The request's options checked against ``game`` and ``algorithm``, or a problem naming the field at fault."""
    if search.evaluation is not None and search.search_depth is None:
        raise Problem(422, "evaluation", "an evaluation values the positions at a depth limit: give search_depth too")
    evaluation = "none"
    if search.search_depth is not None:
        evaluation = search.evaluation or default_evaluation(game)
        usable = evaluation_names(game)
        if evaluation not in usable:
            named = "" if evaluation in EVALUATIONS else " (the server runs only named evaluations)"
            raise Problem(
                422,
                "evaluation",
                f"{evaluation[:40]!r} is not an evaluation for {game.title}{named}: use one of {', '.join(usable)}",
            )
    order = "natural" if orders is None else orders.order
    compare_order = None if orders is None else orders.compare_order
    if algorithm != "alphabeta":
        for field, given in (("order", order != "natural"), ("compare_order", compare_order), ("root", search.root)):
            if given:
                raise Problem(422, field, f"{field} is alpha-beta's; minimax searches every move with no window")
    return {
        "search_depth": search.search_depth,
        "evaluation": evaluation,
        "order": order,
        "compare_order": compare_order,
        "root": search.root or DEFAULT_ROOT_WINDOW,
    }


def search_setup(game: Game[Any], options: SearchOptions) -> tuple[Limit, dict[str, Any], RootSearch]:
    """The search limit (the node cap, and the depth limit if any), the evaluation keywords and the root search.

    The keywords are ``evaluate`` and ``evaluation`` for ``trace_search``
    (empty without a depth limit, where nothing is evaluated).
    """
    depth = options["search_depth"]
    limit = Limit(depth=depth, nodes=NODE_CAP)
    if depth is None:
        return limit, {}, root_window(options["root"])
    evaluation = get_evaluation(options["evaluation"], game)
    return limit, {"evaluate": evaluation.function, "evaluation": evaluation.name}, root_window(options["root"])


def evaluations_json(game: Game[Any]) -> list[dict[str, str]]:
    """The named evaluations that suit ``game``, with what each returns, for the page's list."""
    return [{"name": name, "summary": EVALUATIONS[name].summary} for name in evaluation_names(game)]


def too_large(algorithm: str, options: SearchOptions, error: Exception) -> str:
    """Why a search is too large to trace here, and what to try instead."""
    if options["search_depth"] is None:
        return f"{error}"
    return (
        f"the depth-{options['search_depth']} {algorithm} search of this position needs more than {NODE_CAP:,} "
        "nodes; choose a smaller search depth"
    )
