"""Request bodies of the JSON API, validated by pydantic before any game logic runs, and what a body means.

Strict types: ``"to_move": 1`` or ``"play": 4.0`` is a mistake to report, not
to guess at. A field sent as ``null`` means what leaving it out means: its
documented default (``Body``), so a client that writes every field, null
where it has no value, gets the same answer as one that writes only some.
The caps here keep every request small; whether a position can arise in
play is the engine's call (``parse_position``), not pydantic's:
``read_position`` asks it, and blames the field at fault.

The teaching options every search-tree request shares (a depth limit, an
evaluation, a move order, a root window) are checked here against the game,
in the server process, so a worker only ever gets options it can run
(``check_search_options``). Only the engine's named evaluations are offered:
a client's ``module:function`` is never imported here
(``get_evaluation(load=False)``).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, WithJsonSchema, field_validator, model_validator

from perfectplay import DEFAULT_SPEC, Game, Player, make_game, parse_player
from perfectplay.games import SPEC_MAX_CHARS
from perfectplay.play import LEVELS, check_level
from perfectplay.teaching import EVALUATIONS, ORDERS, TRACEABLE, default_evaluation, evaluation_names
from perfectplay.web.jobs import SearchOptions
from perfectplay.web.problems import Problem, blame
from perfectplay.web.settings import POSITION_MAX_CHARS
from perfectplay.words import DEFAULT_ROOT_WINDOW, ROOT_WINDOWS

Side = Literal["X", "O"]

MOVE_LIMIT = 2**31
"""Moves are small ints in every game; anything this large is a mistake, refused before the game sees it."""


def _null_means_default(schema: dict[str, Any]) -> None:
    # The schema says what the validator does: every field that has a default also takes null (for it).
    required = set(schema.get("required", ()))
    for name, field in schema.get("properties", {}).items():
        if name in required or {"type": "null"} in field.get("anyOf", ()):
            continue
        kept = {key: field.pop(key) for key in ("title", "description", "default", "examples") if key in field}
        inner = dict(field)
        field.clear()
        field.update(anyOf=[inner, {"type": "null"}], **kept)


class Body(BaseModel):
    """Every request body: strict types, no unknown field, and a field sent as null taken as left out.

    So null means the field's documented default, and a required field sent
    as null is refused as missing.
    """

    model_config = ConfigDict(strict=True, extra="forbid", json_schema_extra=_null_means_default)

    @model_validator(mode="before")
    @classmethod
    def _null_is_left_out(cls, data: Any) -> Any:
        if isinstance(data, dict):
            # Only the body's own fields: an unknown one is refused as unknown, null or not.
            return {key: value for key, value in data.items() if value is not None or key not in cls.model_fields}
        return data


class PositionRequest(Body):
    """A position of a game: the game's spec and the position in that game's notation."""

    game: str | None = Field(
        default=None,
        max_length=SPEC_MAX_CHARS,
        description="the game spec, e.g. tictactoe, mnk:4,4,4, connect4, nim:misere "
        "(default: m,n,k sized by the position; tic-tac-toe without one)",
        examples=["tictactoe"],
    )
    position: str | None = Field(
        default=None,
        max_length=POSITION_MAX_CHARS,
        description="the position in the game's notation, as on the command line "
        "(m,n,k: rows separated by '/', cells X, O and . for empty); default: the game's start",
        examples=["XOX/OO./.X."],
    )
    to_move: Side | None = Field(default=None, description="the side to move; default: the game's rule")


class AnalyzeRequest(PositionRequest):
    """``POST /api/analyze``: score every legal move of the position."""


class PlayRequest(PositionRequest):
    """``POST /api/position``: read a position and, if ``play`` is given, play that move; no search."""

    play: int | None = Field(
        default=None,
        ge=0,
        lt=MOVE_LIMIT,
        description="a move (its number in the JSON, e.g. a cell row-major from 0) to play for the side to move",
    )
    typed: str | None = Field(
        default=None,
        min_length=1,
        max_length=20,
        description="instead of play: a move as a person types it (the number on a cell, as in the terminal); "
        "a taken cell or a number off the board is refused with the game's own sentence",
    )


class MoveRequest(PlayRequest):
    """``POST /api/move``: optionally play ``play`` for the side to move, then the computer answers."""

    level: str = Field(default="perfect", description="the computer's strength", examples=list(LEVELS))
    seed: int | None = Field(
        default=None,
        ge=0,
        lt=2**63,
        description="seed for the choice among equally good moves (repeatable games)",
    )

    @field_validator("level")
    @classmethod
    def _known_level(cls, level: str) -> str:
        # Validated against players.LEVELS at request time, so levels added
        # to the engine appear in the API without a change here.
        return check_level(level)


def read_position(request: PositionRequest) -> tuple[Game[Any], Any]:
    """The request's game and state (the game's start without a position), or a problem naming the field."""
    # Without a spec the board's size comes from the position, so a bad size is the position's fault.
    with blame("game" if request.game is not None else "position"):
        game = make_game(request.game or DEFAULT_SPEC, request.position)
    to_move = None if request.to_move is None else parse_player(request.to_move)
    with blame("position"):
        if request.position is None:
            return game, game.initial_state(to_move or Player.X)
        return game, game.parse(request.position, to_move)


# --- the teaching options of the search-tree requests -----------------------------------------------

SEARCH_DEPTH_MAX = 12
"""Deepest depth limit a request may ask for; the tracer's node cap is the real bound on the work."""


def _traceable(algorithm: str) -> str:
    if algorithm not in TRACEABLE:
        raise ValueError(f"unknown algorithm {algorithm[:40]!r}: use one of {', '.join(TRACEABLE)}")
    return algorithm


TracedAlgorithm = Annotated[
    str, AfterValidator(_traceable), WithJsonSchema({"type": "string", "enum": list(TRACEABLE)})
]
"""A request's ``algorithm``: one the teaching tools can trace, by the engine's one table of algorithms."""


def _known(value: str | None, names: Collection[str], what: str) -> str | None:
    if value is not None and value not in names:
        raise ValueError(f"unknown {what} {value[:40]!r}: use one of {', '.join(names)}")
    return value


class SearchFields(Body):
    """The depth limit, evaluation and root window of a search (mixed into request bodies)."""

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


class OrderField(Body):
    """Alpha-beta's move order."""

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


class SearchRequest(PositionRequest, SearchFields):
    """A position and how to search it: what every search-tree request (tree, orders, compare) is made of."""


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


EMPTY_MAX = 9
"""Most empty cells a traced position may have: the full 3x3 game tree."""


def refuse_whole_search_of_many_moves(game: Game[Any], state: Any, search_depth: int | None, what: str) -> None:
    """A search to the end only where at most ``EMPTY_MAX`` moves are open: else 422, naming the way out.

    ``what`` starts the message ("the whole search tree is drawn").
    """
    choices = 0 if game.is_over(state) else len(game.legal_moves(state))
    if choices > EMPTY_MAX and search_depth is None:
        raise Problem(
            422,
            "position",
            f"{what} for positions with at most {EMPTY_MAX} moves to choose from, and this one has {choices}: "
            "choose a search depth (search_depth, e.g. 2) to see a depth-limited search instead",
        )


def read_search(
    body: SearchRequest, whole: str, algorithm: str = "alphabeta", orders: OrderFields | None = None
) -> tuple[Game[Any], Any, SearchOptions]:
    """A search request's game, state and checked options, or a problem naming the field at fault.

    Every request that may search to the end reads them in this order (position, options, then the whole
    search's size, which ``whole`` names: "the whole search tree is drawn"), so the same mistake gets the
    same answer from each.
    """
    game, state = read_position(body)
    options = check_search_options(game, body, algorithm, orders)
    refuse_whole_search_of_many_moves(game, state, options["search_depth"], whole)
    return game, state, options
