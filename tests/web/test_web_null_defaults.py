"""A field sent as null means what leaving it out means, on every route, and the defaults answer.

``{"position": null}`` to ``/api/orders`` fell back to the empty board and
counted its whole tree, past the server's limit: a 503 after five seconds.
A whole count too big for the limit now starts a few plies deep and says so,
as the tree panel does, whether the depth was left out or sent as null.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from api_document import api_document
from perfectplay.search.solver.compiled import compiled_in_use
from perfectplay.web.app import create_app
from perfectplay.web.routes_teach import ORDERS_TOO_BIG
from perfectplay.web.routes_tree import START_DEPTH
from perfectplay.web.settings import Settings

SETTINGS = Settings(workers=1)

DOCUMENT = api_document()
"""The OpenAPI document, built once per process (tests/api_document.py): 34 tests read it."""

BODIES: dict[str, dict[str, Any]] = {
    "/api/analyze": {"position": "XOX/OO./.X."},
    "/api/move": {"position": "XOX/OO./.X.", "seed": 3},
    "/api/position": {"position": "XOX/OO./.X."},
    "/api/tree": {"position": "XOX/OO./.X.", "algorithm": "alphabeta"},
    "/api/orders": {"position": "X../.O./..."},
    "/api/compare": {"position": "X../.O./...", "search_depth": 2},
    "/api/textbook": {"tree": "3 12 8 | 2 4 6 | 14 5 2", "algorithm": "alphabeta"},
    "/api/quiz": {"tree": "3 12 8 | 2 4 6 | 14 5 2", "answer": "2.2 2.3"},
    "/api/practice": {"tree": "3 12 8 | 2 4 6 | 14 5 2", "answers": {"1": "3"}},
    "/api/mcts": {"position": "XOX/OO./.X.", "iterations": 50},
    "/api/mcts/convergence": {"position": "XOX/OO./.X.", "iterations": [10, 30], "runs": 2},
}
"""A small body per POST route, with what each route requires."""


def optional_fields(path: str) -> list[str]:
    """The fields of the route's body that the schema does not require, by the schema itself."""
    reference = DOCUMENT["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    schema = DOCUMENT["components"]["schemas"][reference.rsplit("/", 1)[1]]
    return sorted(set(schema["properties"]) - set(schema.get("required", ())))


def without_times(document: Any) -> Any:
    """The document without the seconds its searches took: the one part two runs of one search do not share."""
    if isinstance(document, dict):
        return {key: without_times(value) for key, value in document.items() if key != "seconds"}
    if isinstance(document, list):
        return [without_times(value) for value in document]
    return document


@pytest.fixture(scope="module")
def api() -> Any:
    with TestClient(create_app(SETTINGS)) as client:
        yield client


def test_every_post_route_has_a_body_here() -> None:
    assert sorted(BODIES) == sorted(path for path, methods in DOCUMENT["paths"].items() if "post" in methods)


@pytest.mark.parametrize("path", sorted(BODIES))
def test_every_field_left_out_sent_as_null_gives_the_same_answer(api: TestClient, path: str) -> None:
    given = BODIES[path]
    nulls = {name: None for name in optional_fields(path) if name not in given}
    assert nulls, "every route has a field with a default"
    left_out = api.post(path, json=given)
    as_null = api.post(path, json={**given, **nulls})
    assert left_out.status_code == 200, left_out.text
    assert as_null.status_code == 200, as_null.text
    assert without_times(as_null.json()) == without_times(left_out.json())


@pytest.mark.parametrize("path", sorted(BODIES))
def test_the_schema_says_every_field_with_a_default_takes_null(path: str) -> None:
    reference = DOCUMENT["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    schema = DOCUMENT["components"]["schemas"][reference.rsplit("/", 1)[1]]
    for name in optional_fields(path):
        assert {"type": "null"} in schema["properties"][name]["anyOf"], name


def test_a_required_field_sent_as_null_is_refused_as_missing(api: TestClient) -> None:
    response = api.post("/api/tree", json={"position": "XOX/OO./.X.", "algorithm": None})
    assert response.status_code == 422
    assert response.json()["error"] == {"field": "algorithm", "message": "this field is required"}


@pytest.mark.parametrize("body", [{}, {"position": None}, {"position": None, "search_depth": None}])
def test_the_orders_of_the_empty_board_by_default_are_counted_a_few_plies_deep_and_say_so(
    api: TestClient, body: dict[str, Any]
) -> None:
    response = api.post("/api/orders", json=body)
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["position"] == ".../.../..." and answer["search_depth"] == START_DEPTH
    assert f"so this search stops {START_DEPTH} plies deep" in answer["depth_note"]


def test_a_count_small_enough_is_still_to_the_end_without_a_note(api: TestClient) -> None:
    answer = api.post("/api/orders", json={"position": "X../.../..."}).json()
    assert answer["search_depth"] is None and "depth_note" not in answer
    assert answer["minimax"]["nodes"] < ORDERS_TOO_BIG


def test_an_asked_depth_on_the_empty_board_is_kept_and_not_explained(api: TestClient) -> None:
    answer = api.post("/api/orders", json={"search_depth": 1}).json()
    assert answer["search_depth"] == 1 and "depth_note" not in answer


def test_an_unknown_field_sent_as_null_is_still_unknown(api: TestClient) -> None:
    response = api.post("/api/move", json={"position": "XOX/OO./.X.", "colour": None})
    assert response.status_code == 422
    assert response.json()["error"] == {"field": "colour", "message": "unknown field"}


def test_connect_fours_start_is_ordered_from_the_exact_layer(api: TestClient) -> None:
    # best-first needs every move's exact value: at the start (and 2 plies down) the exact layer, every position
    # after 5 moves, gives them at once.
    for body in ({"game": "connect4"}, {"game": "connect4", "position": None}):
        response = api.post("/api/orders", json=body)
        assert response.status_code == 200, response.text
        assert response.json()["orders"]["best-first"]["pruned"] > 0


@pytest.mark.skipif(
    not compiled_in_use(),
    reason="the Python core reaches the node cap after the 5 s limit: a fair 503 there, not this test's 422",
)
def test_a_connect_four_position_past_the_exact_layer_is_refused_at_once_not_searched_past_the_limit(
    api: TestClient,
) -> None:
    # Eight moves in, on the exact layer: every move's exact value takes the solver seconds of CPU (112 M nodes): a
    # 422 naming the position, decided by a node cap (the same on every machine), not a 503 after the time limit.
    eight_in = "......./......./......O/......X/.X....X/.O..OOX"  # 76727527
    bodies = ({"game": "connect4", "position": eight_in}, {"game": "connect4", "position": eight_in, "to_move": None})
    for body in bodies:
        response = api.post("/api/orders", json=body)
        assert response.status_code == 422, response.text
        assert response.json()["error"]["field"] == "position"
        assert "exact values" in response.json()["error"]["message"]


@pytest.mark.parametrize(
    ("spec", "position"),
    [("tictactoe", "X../.O./..."), ("tictactoe", "XO./.X./..O"), ("mnk:4,4,4", "XOXO/OXOX/X.../O...")],
)
def test_the_capped_exact_values_order_the_moves_as_the_unbounded_solver_does(spec: str, position: str) -> None:
    from perfectplay import parse_position
    from perfectplay.teaching import order_counts
    from perfectplay.web.jobs import NODE_CAP, proven_values

    game, state = parse_position(position, spec)
    assert order_counts(game, state, values=proven_values(NODE_CAP)) == order_counts(game, state)
