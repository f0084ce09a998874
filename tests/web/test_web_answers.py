"""The OpenAPI document shows every JSON route's answer, and the answers the routes really give fit it.

Each route's ``200`` names a schema under ``components/schemas``, built
from the document's ``TypedDict`` (``web/answers.py``); real answers of
every route, over the built-in games and the options that add fields, are
validated against it with ``jsonschema``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from jsonschema import Draft202012Validator

from api_document import api_document
from perfectplay.web.app import create_app
from perfectplay.web.settings import Settings

SETTINGS = Settings(workers=1, seconds=20.0)

DOCUMENT = api_document()

JSON_ROUTES = sorted(
    (method, path)
    for path, methods in DOCUMENT["paths"].items()
    for method, operation in methods.items()
    if "application/json" in operation["responses"]["200"].get("content", {})
)

ASKED: list[tuple[str, str, dict[str, Any] | None]] = [
    ("get", "/healthz", None),
    ("get", "/api/games", None),
    ("get", "/api/levels", None),
    ("post", "/api/analyze", {"position": "XOX/OO./.X."}),
    # A position the solver proves in 20,000 nodes (one of Pons's): 4455 took the whole 20 s limit on a busy machine.
    ("post", "/api/analyze", {"game": "connect4", "position": "2252576253462244111563353"}),
    ("post", "/api/analyze", {"game": "nim", "position": "1 3 5"}),
    ("post", "/api/move", {"position": "XOX/OO./.X.", "level": "perfect", "seed": 1}),
    ("post", "/api/move", {"position": "XOX/OOX/.X.", "play": 6}),
    ("post", "/api/move", {"game": "nim", "position": "1 2", "level": "random", "seed": 2}),
    ("post", "/api/position", {"position": "X../.../...", "play": 4}),
    ("post", "/api/position", {"game": "connect4", "position": "44", "typed": "3"}),
    ("post", "/api/tree", {"position": "XO./.X./...", "algorithm": "alphabeta", "depth": 2}),
    ("post", "/api/tree", {"position": "XO./.X./...", "algorithm": "alphabeta", "compare_order": "best-first"}),
    ("post", "/api/tree", {"position": "XO./.X./...", "algorithm": "minimax", "path": [2, 3]}),
    ("post", "/api/tree", {"game": "connect4", "algorithm": "alphabeta"}),
    ("post", "/api/tree", {"game": "nim", "position": "1 2", "algorithm": "minimax", "depth": 3}),
    ("post", "/api/orders", {"position": "X../.O./..."}),
    ("post", "/api/orders", {}),
    ("post", "/api/orders", {"position": "X../.O./...", "search_depth": 2, "root": "best"}),
    ("post", "/api/compare", {"position": "X../.O./...", "search_depth": 2}),
    ("post", "/api/compare", {"position": "X../.../...", "search_depth": 1, "algorithm": "alphabeta"}),
    ("post", "/api/textbook", {"tree": "3 12 8 | 2 4 6 | 14 5 2", "algorithm": "alphabeta"}),
    ("post", "/api/textbook", {"seed": 7, "algorithm": "alphabeta", "compare_order": "worst-first"}),
    ("post", "/api/textbook", {"tree": "3 12 8 | 2 4 6", "algorithm": "minimax"}),
    ("post", "/api/quiz", {"tree": "3 12 8 | 2 4 6 | 14 5 2", "answer": "2.2 2.3"}),
    ("post", "/api/quiz", {"seed": 3, "answer": "none"}),
    ("post", "/api/practice", {"tree": "3 12 8 | 2 4 6 | 14 5 2", "answers": {"1": "3", "2.2": "x", "root": "7"}}),
    ("post", "/api/mcts", {"position": "XOX/OO./.X.", "iterations": 50, "depth": 2}),
    ("post", "/api/mcts", {"position": "X../.../...", "iterations": 200, "path": [4]}),
    ("post", "/api/mcts", {"game": "connect4", "iterations": 10}),
    ("post", "/api/mcts/convergence", {"position": "XOX/OO./.X.", "iterations": [10, 30], "runs": 2}),
]
"""Requests every JSON route answers with 200, chosen to show the fields some games or options add."""


def answer_schema(method: str, path: str) -> dict[str, Any]:
    """The route's 200 schema, resolvable on its own: the document's components beside the reference."""
    schema = DOCUMENT["paths"][path][method]["responses"]["200"]["content"]["application/json"]["schema"]
    return {**schema, "components": DOCUMENT["components"]}


@pytest.fixture(scope="module")
def api() -> Iterator[TestClient]:
    with TestClient(create_app(SETTINGS)) as client:
        yield client


def test_every_json_route_declares_the_shape_of_its_answer() -> None:
    assert len(JSON_ROUTES) == 14, JSON_ROUTES
    schemas = DOCUMENT["components"]["schemas"]
    for method, path in JSON_ROUTES:
        reference = DOCUMENT["paths"][path][method]["responses"]["200"]["content"]["application/json"]["schema"]
        shape = schemas[reference["$ref"].rsplit("/", 1)[1]]
        assert shape["type"] == "object" and shape["required"], (method, path)
        Draft202012Validator.check_schema(answer_schema(method, path))


def test_every_json_route_is_asked_here() -> None:
    assert sorted({(method, path) for method, path, _ in ASKED}) == JSON_ROUTES


@pytest.mark.parametrize(("method", "path", "body"), ASKED, ids=[f"{m} {p} {i}" for i, (m, p, _) in enumerate(ASKED)])
def test_a_real_answer_fits_the_schema_the_document_shows(
    api: TestClient, method: str, path: str, body: dict[str, Any] | None
) -> None:
    response = api.request(method.upper(), path, json=body)
    assert response.status_code == 200, response.text
    errors = sorted(Draft202012Validator(answer_schema(method, path)).iter_errors(response.json()), key=str)
    assert not errors, [f"{list(error.absolute_path)}: {error.message}"[:300] for error in errors[:5]]


def test_an_answer_without_a_field_the_schema_requires_does_not_fit(api: TestClient) -> None:
    answer = api.post("/api/orders", json={"position": "X../.O./..."}).json()
    validator = Draft202012Validator(answer_schema("post", "/api/orders"))
    assert validator.is_valid(answer)
    del answer["minimax"]
    assert not validator.is_valid(answer)
    nested = api.post("/api/tree", json={"position": "XO./.X./...", "algorithm": "minimax"}).json()
    nested["tree"]["children"][0]["value"] = "three"
    assert not Draft202012Validator(answer_schema("post", "/api/tree")).is_valid(nested)
