"""The OpenAPI schema is true: schemathesis finds no server error and no answer the schema does not declare.

Three kinds of requests per route, a bounded number of each run
(``EXAMPLES``, the same ones every run): what the schema allows, what it
forbids (schemathesis's negative mode), and legal positions of real games
(``legal_bodies``), which go past the validator into the engine: the fast
lane, the workers, the tree tracer. Whether a position can arise in play is
more than a JSON schema can say, so a schema-valid request may be refused
with 422; every other answer must be a 2xx.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api_document import api_document
from perfectplay.games import MNK, make_game
from perfectplay.play.players import LEVELS
from perfectplay.teaching.evaluators import evaluation_names
from perfectplay.teaching.orders import ORDERS
from perfectplay.teaching.textbook import random_tree, tree_text
from perfectplay.teaching.tree_node import node_name
from perfectplay.web.app import create_app
from perfectplay.web.settings import Settings
from perfectplay.words import ROOT_WINDOWS as ROOTS

pytestmark = pytest.mark.integration  # schemathesis drives the whole API

EXAMPLES = 30
"""Requests per route and run: about ten of each kind, so every POST route answers 200, 400 (a body that is not
JSON) and 422 at least once (4 to 19 answers of 200, 1 to 4 of 400, 10 to 24 of 422 per route). Sixty gave the
same three statuses on every route for twice the time (most of it schemathesis's own, ~50 ms a request)."""

SETTINGS = Settings(workers=1, seconds=30.0, backstop_seconds=120.0, queue_seconds=300.0)
"""Limits no request here comes near, so a 503 (a server error to schemathesis) never depends on the machine."""

CONFIG = {
    "checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "422"]}},
    # schemathesis gives up on an answer after 10 s: a busy machine (load 15) took longer on /api/orders
    # and /api/tree. The app's own limits (SETTINGS) bound every request; this only outwaits them.
    "request-timeout": SETTINGS.queue_seconds + SETTINGS.backstop_seconds,
}
"""schemathesis's settings. schemathesis itself (0.4 s of CPU to import) is imported by the tests that use it, not
at collection, which every xdist worker does for every test file."""

OPERATIONS = sorted((method.upper(), path) for path, methods in api_document()["paths"].items() for method in methods)

BOARDS = [(3, 3, 3), (3, 3, 3), (3, 4, 3), (4, 4, 3), (4, 4, 4)]
"""Boards of legal positions: every search on them ends well within the limit."""


@pytest.fixture(scope="module")
def api_schema() -> Iterator[Any]:
    import schemathesis
    from schemathesis.config import SchemathesisConfig

    config = SchemathesisConfig.from_dict(CONFIG)
    yield schemathesis.openapi.from_asgi("/openapi.json", create_app(SETTINGS), config=config)


@st.composite
def games(draw: st.DrawFn, most_empty: int | None = None, unfinished: bool = False) -> tuple[Any, Any]:
    """A board and a position on it reached by legal random play (finished games included
    unless ``unfinished``: the routes that search refuse them, and a run needs some answered)."""
    rows, cols, k = draw(st.sampled_from(BOARDS))
    game = make_game(f"mnk:{rows},{cols},{k}")
    assert isinstance(game, MNK)
    state = game.initial_state()
    least = 0 if most_empty is None else max(0, game.cells - most_empty)
    for _ in range(draw(st.integers(least, game.cells))):
        if game.is_over(state):
            break
        following = game.play(state, draw(st.sampled_from(game.legal_moves(state))))
        if unfinished and game.is_over(following):
            break
        state = following
    return game, state


@st.composite
def position_fields(draw: st.DrawFn, game: Any, state: Any) -> dict[str, Any]:
    """The position and, as a client might send them or leave them out, its side and board."""
    fields: dict[str, Any] = {"position": game.format(state)}
    if draw(st.booleans()):
        fields["to_move"] = game.to_move(state).value
    if game.k != min(game.rows, game.cols) or draw(st.booleans()):
        fields["game"] = game.name
    return fields


@st.composite
def analyze_bodies(draw: st.DrawFn) -> dict[str, Any]:
    return draw(position_fields(*draw(games())))


@st.composite
def position_bodies(draw: st.DrawFn) -> dict[str, Any]:
    """A position and, unless the game is over, sometimes a legal move to play in it."""
    game, state = draw(games())
    body = draw(position_fields(game, state))
    if not game.is_over(state) and draw(st.booleans()):
        body["play"] = draw(st.sampled_from(game.legal_moves(state)))
    return body


@st.composite
def move_bodies(draw: st.DrawFn) -> dict[str, Any]:
    body = draw(position_bodies())
    body["level"] = draw(st.sampled_from(LEVELS))
    if draw(st.booleans()):
        body["seed"] = draw(st.integers(0, 2**63 - 1))
    return body


@st.composite
def tree_bodies(draw: st.DrawFn) -> dict[str, Any]:
    game, state = draw(games(most_empty=7))
    body = draw(position_fields(game, state))
    body["algorithm"] = draw(st.sampled_from(["minimax", "alphabeta"]))
    body["depth"] = draw(st.integers(0, 3))
    body["max_nodes"] = draw(st.integers(1, 2000))
    path = []
    for _ in range(draw(st.integers(0, 2))):
        if game.is_over(state):
            break
        move = draw(st.sampled_from(game.legal_moves(state)))
        path.append(move)
        state = game.play(state, move)
    body["path"] = path
    if body["algorithm"] == "alphabeta":
        body.update(draw(alphabeta_fields()))
    body.update(draw(depth_fields(game)))
    return body


@st.composite
def alphabeta_fields(draw: st.DrawFn) -> dict[str, Any]:
    """Alpha-beta's move order, another order to compare its cuts with and its root window, each or not."""
    fields: dict[str, Any] = {}
    for name, choices in (("order", ORDERS), ("compare_order", ORDERS), ("root", ROOTS)):
        if draw(st.booleans()):
            fields[name] = draw(st.sampled_from(sorted(choices)))
    return fields


@st.composite
def depth_fields(draw: st.DrawFn, game: Any, required: bool = False) -> dict[str, Any]:
    """A depth limit and, or not, one of the game's named evaluations."""
    if not required and draw(st.booleans()):
        return {}
    fields: dict[str, Any] = {"search_depth": draw(st.integers(1, 3))}
    if draw(st.booleans()):
        fields["evaluation"] = draw(st.sampled_from(evaluation_names(game)))
    return fields


@st.composite
def orders_bodies(draw: st.DrawFn) -> dict[str, Any]:
    game, state = draw(games(most_empty=6, unfinished=True))
    body = {**draw(position_fields(game, state)), **draw(depth_fields(game))}
    if draw(st.booleans()):
        body["root"] = draw(st.sampled_from(sorted(ROOTS)))
    return body


@st.composite
def compare_bodies(draw: st.DrawFn) -> dict[str, Any]:
    game, state = draw(games(most_empty=8))
    body = {**draw(position_fields(game, state)), **draw(depth_fields(game, required=True))}
    if draw(st.booleans()):
        body["algorithm"] = draw(st.sampled_from(["minimax", "alphabeta"]))
    return body


@st.composite
def textbook_fields(draw: st.DrawFn) -> dict[str, Any]:
    """A textbook tree written out, or a seed for a random one."""
    if draw(st.booleans()):
        return {"seed": draw(st.integers(0, 2**63 - 1)), "levels": draw(st.integers(2, 4))}
    tree = random_tree(random.Random(draw(st.integers(0, 2**32))), draw(st.integers(1, 4)))
    return {"tree": tree_text(tree.root)}


@st.composite
def textbook_bodies(draw: st.DrawFn) -> dict[str, Any]:
    body = {**draw(textbook_fields()), "algorithm": draw(st.sampled_from(["minimax", "alphabeta"]))}
    if body["algorithm"] == "alphabeta":
        fields = draw(alphabeta_fields())
        body.update({name: value for name, value in fields.items() if name != "root"})
    return body


@st.composite
def quiz_bodies(draw: st.DrawFn) -> dict[str, Any]:
    body = draw(textbook_fields())
    names = ["1", "2", "1.1", "1.2", "2.1", "2.2", "2.3", "3", "3.1"]
    body["answer"] = " ".join(draw(st.lists(st.sampled_from(names), max_size=3))) or "none"
    if draw(st.booleans()):
        body["order"] = draw(st.sampled_from(sorted(ORDERS)))
    return body


@st.composite
def practice_bodies(draw: st.DrawFn) -> dict[str, Any]:
    """A hand search of a tree, some of its nodes answered (a value, a value and a window, or 'x')."""
    tree = random_tree(random.Random(draw(st.integers(0, 2**32))), draw(st.integers(2, 4)))
    names = ["root"] + [node_name(path) for path in tree.paths() if path]
    chosen = draw(st.lists(st.sampled_from(names), max_size=6, unique=True))
    bound = st.sampled_from(["-inf", "+inf", "0", "5", "-3"])
    answer = st.one_of(
        st.just("x"),
        st.integers(-30, 30).map(str),
        st.tuples(st.integers(-30, 30), bound, bound).map(lambda parts: " ".join(map(str, parts))),
    )
    body: dict[str, Any] = {"tree": tree_text(tree.root), "answers": {name: draw(answer) for name in chosen}}
    if draw(st.booleans()):
        body["strict"] = True
    if draw(st.booleans()):
        body["root_window"] = "best"
    return body


@st.composite
def mcts_tree_bodies(draw: st.DrawFn) -> dict[str, Any]:
    body = draw(position_fields(*draw(games(unfinished=True))))
    body["iterations"] = draw(st.integers(1, 300))
    body["depth"] = draw(st.integers(0, 2))
    if draw(st.booleans()):
        body["seed"] = draw(st.integers(0, 1000))
    return body


@st.composite
def mcts_study_bodies(draw: st.DrawFn) -> dict[str, Any]:
    body = draw(position_fields(*draw(games(most_empty=9, unfinished=True))))
    body["iterations"] = sorted(draw(st.sets(st.sampled_from([1, 10, 30, 100]), min_size=1)))
    body["runs"] = draw(st.integers(1, 3))
    return body


LEGAL_BODIES = {
    "/api/analyze": analyze_bodies(),
    "/api/move": move_bodies(),
    "/api/position": position_bodies(),
    "/api/tree": tree_bodies(),
    "/api/orders": orders_bodies(),
    "/api/compare": compare_bodies(),
    "/api/textbook": textbook_bodies(),
    "/api/quiz": quiz_bodies(),
    "/api/practice": practice_bodies(),
    "/api/mcts": mcts_tree_bodies(),
    "/api/mcts/convergence": mcts_study_bodies(),
}


def test_the_schema_declares_the_error_body_for_every_status_each_route_can_answer() -> None:
    document = create_app(SETTINGS).openapi()
    assert "HTTPValidationError" not in json.dumps(document), "FastAPI's default error shape is not ours"
    error = {"$ref": "#/components/schemas/ErrorBody"}
    for path, methods in document["paths"].items():
        for method, operation in methods.items():
            expected = {"200", "413", "500"} | ({"400", "408", "422", "503"} if method == "post" else set())
            assert set(operation["responses"]) == expected, (method, path)
            for status in expected - {"200"}:
                assert operation["responses"][status]["content"]["application/json"]["schema"] == error
    schemas = document["components"]["schemas"]
    assert schemas["ErrorBody"]["required"] == ["error"]
    assert sorted(schemas["ErrorDetail"]["required"]) == ["field", "message"]


@pytest.mark.parametrize(("method", "path"), OPERATIONS)
def test_every_answer_is_one_the_schema_declares_and_none_is_a_server_error(
    api_schema: Any, method: str, path: str
) -> None:
    from schemathesis import GenerationMode

    operation = api_schema[path][method]
    cases = [operation.as_strategy(generation_mode=GenerationMode.POSITIVE)]
    if method == "POST":
        cases.append(operation.as_strategy(generation_mode=GenerationMode.NEGATIVE))
        cases.append(LEGAL_BODIES[path].flatmap(lambda body: operation.as_strategy(body=body)))
    statuses: Counter[int] = Counter()

    @given(case=st.one_of(cases))
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
    )
    def check(case: Any) -> None:
        response = case.call_and_validate()
        statuses[response.status_code] += 1

    check()
    assert not any(status >= 500 for status in statuses), statuses
    if method == "POST":
        # The legal positions reached the engine, and the rest its validator.
        assert statuses[200] >= EXAMPLES // 10 and statuses[422] >= EXAMPLES // 10, statuses
