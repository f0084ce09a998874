"""``POST /api/mcts`` and ``POST /api/mcts/convergence``: the page's MCTS tree and plot, the library's own answers."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from perfectplay import parse_position
from perfectplay.teaching import mcts_tree, study_convergence
from perfectplay.viz import convergence_document, mcts_document

WON = "XO./.X./..O"
"""
 X | O | .
---+---+---
 . | X | .      X to move: 4 and 7 win
---+---+---
 . | . | O
"""


def post(client: TestClient, url: str, **body: Any) -> dict[str, Any]:
    response = client.post(url, json=body)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def without_views(node: dict[str, Any]) -> dict[str, Any]:
    return {
        **{key: value for key, value in node.items() if key not in ("view", "children", "hidden")},
        "children": [without_views(child) for child in node["children"]],
        "hidden": [{k: v for k, v in stub.items() if k != "view"} for stub in node["hidden"]],
    }


def test_the_mcts_tree_the_page_gets_is_the_librarys_with_a_board_for_every_node(client: TestClient) -> None:
    answer = post(client, "/api/mcts", position=WON, iterations=400, seed=4, depth=1, max_nodes=30)
    game, state = parse_position(WON)
    expected = mcts_document(mcts_tree(game, state, 400, seed=4, depth=1, max_nodes=30))
    assert without_views(answer["tree"]) == without_views(expected["tree"])
    assert answer["tree"]["view"]["kind"] == "grid" and all("view" in child for child in answer["tree"]["children"])
    assert {child["label"]: child["exact"] for child in answer["tree"]["children"]}["4"] == "win"


def test_a_subtree_of_the_mcts_tree_comes_by_its_path_with_the_same_ids(client: TestClient) -> None:
    whole = post(client, "/api/mcts", position=WON, iterations=300, seed=1, depth=2, max_nodes=500)
    first = whole["tree"]["children"][0]
    part = post(client, "/api/mcts", position=WON, iterations=300, seed=1, depth=1, max_nodes=500, path=[first["move"]])
    assert part["tree"]["id"] == first["id"]
    assert [child["id"] for child in part["tree"]["children"]] == [child["id"] for child in first["children"]]


def test_the_convergence_study_the_page_plots_is_the_same_as_the_command_lines(client: TestClient) -> None:
    answer = post(client, "/api/mcts/convergence", position=WON, iterations=[10, 100, 300], runs=4, seed=2)
    game, state = parse_position(WON)
    expected = convergence_document(study_convergence(game, state, (10, 100, 300), runs=4, seed=2))
    assert {key: value for key, value in answer.items() if key != "svg"} == expected
    assert answer["svg"].startswith("<svg") and "exact best move chosen" in answer["svg"]


@pytest.mark.parametrize(
    ("url", "body", "field"),
    [
        ("/api/mcts", {"position": "XXX/OO./...", "iterations": 10}, "position"),
        ("/api/mcts", {"position": WON, "iterations": 0}, "iterations"),
        ("/api/mcts", {"position": WON, "iterations": 50, "path": [0]}, "path"),
        ("/api/mcts/convergence", {"position": WON, "iterations": [100, 10]}, "iterations"),
        ("/api/mcts/convergence", {"position": WON, "iterations": [3000], "runs": 30}, "runs"),
    ],
)
def test_bad_mcts_requests_are_refused_naming_the_field(
    client: TestClient, url: str, body: dict[str, Any], field: str
) -> None:
    response = client.post(url, json=body)
    assert response.status_code == 422, response.text
    assert response.json()["error"]["field"] == field
