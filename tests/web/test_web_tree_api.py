"""``POST /api/tree`` answers the engine's own trace, subtrees of it, and refuses bad requests by field."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from perfectplay import parse_position
from perfectplay.teaching import trace_alphabeta, trace_search
from perfectplay.viz import trace_json
from tree_documents import without_timing


def post(client: TestClient, **body: Any) -> Any:
    return client.post("/api/tree", json=body)


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
@pytest.mark.parametrize(("position", "depth"), [("X../.O./...", 1), ("X.O/.X./..O", 2), ("XOX/OO./.X.", 9)])
def test_the_tree_is_the_engines_trace_document(client: TestClient, algorithm: str, position: str, depth: int) -> None:
    game, state = parse_position(position)
    # The page's default root window is the textbook one, as in perfectplay tree.
    expected = json.loads(trace_json(trace_search(game, state, algorithm, depth=depth, max_nodes=200, find="first")))
    response = post(client, position=position, algorithm=algorithm, depth=depth)
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["path"] == []
    assert without_timing(answer) == without_timing(expected)


def test_both_counts_of_the_empty_board_are_the_engines(client: TestClient) -> None:
    game, state = parse_position(".../.../...")
    alphabeta = post(client, position=".../.../...", algorithm="alphabeta", root="best").json()
    assert (alphabeta["nodes"], alphabeta["pruned"]) == (31_621, 12_187)
    assert alphabeta["nodes"] == trace_alphabeta(game, state, depth=0).nodes
    assert [child["move"] for child in alphabeta["tree"]["children"]] == list(range(9))
    assert all(child["children"] == [] and child["hidden"] for child in alphabeta["tree"]["children"])


def subtree(document: dict[str, Any], path: list[int]) -> dict[str, Any]:
    node: dict[str, Any] = document["tree"]
    for move in path:
        node = next(child for child in node["children"] if child["move"] == move)
    return node


def test_a_path_answers_that_node_as_the_whole_search_saw_it(client: TestClient) -> None:
    # The full trace of X.O/.X./..O shows every node: the subtree answer must
    # be the very same nodes, windows, cuts and events, not a fresh search.
    game, state = parse_position("X.O/.X./..O")
    full = json.loads(trace_json(trace_alphabeta(game, state, depth=None, max_nodes=1000)))
    whole = subtree(full, [1, 3])
    answer = post(client, position="X.O/.X./..O", algorithm="alphabeta", path=[1, 3], depth=1, root="best")
    assert answer.status_code == 200, answer.text
    part = answer.json()
    assert part["path"] == [1, 3]
    assert (part["tree"]["id"], part["tree"]["entry"], part["tree"]["value"]) == (
        whole["id"],
        whole["entry"],
        whole["value"],
    )
    assert [child["id"] for child in part["tree"]["children"]] == [child["id"] for child in whole["children"]]
    assert [child["cut"] for child in part["tree"]["children"]] == [child["cut"] for child in whole["children"]]
    # Its events are the whole search's events for that subtree, shown one level below it.
    limited = json.loads(trace_json(trace_alphabeta(game, state, depth=3, max_nodes=1000)))
    inside = range(whole["id"], whole["id"] + whole["nodes"])
    assert part["events"] == [event for event in limited["events"] if event["node"] in inside]
    assert part["chosen_line"] == limited["chosen_line"]
    assert full["chosen_line"][: len(limited["chosen_line"])] == limited["chosen_line"]
    assert (part["events"][0]["type"], part["events"][-1]["type"]) == ("enter", "exit")


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"position": ".../.../..."}, 422, "algorithm"),
        ({"position": ".../.../...", "algorithm": "negamax"}, 422, "algorithm"),
        ({"position": ".../.../...", "algorithm": "minimax", "depth": 10}, 422, "depth"),
        ({"position": ".../.../...", "algorithm": "minimax", "depth": "2"}, 422, "depth"),
        ({"position": ".../.../...", "algorithm": "minimax", "max_nodes": 0}, 422, "max_nodes"),
        ({"position": ".../.../...", "algorithm": "minimax", "max_nodes": 2001}, 422, "max_nodes"),
        ({"position": "..../..../..../....", "algorithm": "alphabeta"}, 422, "position"),
        ({"position": ".../.../...", "algorithm": "alphabeta", "path": [0, 0]}, 422, "path"),
        ({"position": ".../.../...", "algorithm": "alphabeta", "path": [9]}, 422, "path"),
        ({"position": "XXX/OO./...", "algorithm": "alphabeta", "path": [5]}, 422, "path"),
        ({"position": ".../.../...", "algorithm": "alphabeta", "colour": "red"}, 422, "colour"),
        ({"position": "X.O/.X./..O", "algorithm": "minimax", "path": [1], "depth": 6, "max_nodes": 5}, 422, "depth"),
    ],
)
def test_bad_requests_are_refused_naming_the_field(
    client: TestClient, body: dict[str, Any], status: int, field: str
) -> None:
    response = client.post("/api/tree", json=body)
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["field"] == field
    assert error["message"]


def test_a_board_with_few_empty_cells_is_traced_whatever_its_size(client: TestClient) -> None:
    position = "XOXO/OXOX/XO../...."
    game, state = parse_position(position, "mnk:4,4,4")
    answer = post(client, position=position, game="mnk:4,4,4", algorithm="alphabeta", root="best")
    assert answer.status_code == 200, answer.text
    assert answer.json()["nodes"] == trace_alphabeta(game, state, depth=0).nodes


def test_a_worker_asked_the_same_tree_again_answers_a_copy_without_tracing_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from perfectplay.web import jobs

    traced: list[str] = []

    def counting(*args: Any, **keywords: Any) -> Any:
        traced.append(args[2])
        return jobs_trace_for(*args, **keywords)

    jobs_trace_for = jobs.trace_for
    monkeypatch.setattr(jobs, "trace_for", counting)
    monkeypatch.setattr(jobs, "_trees", jobs.RecentAnswers(jobs.TREE_CHARS_KEPT))
    options: jobs.SearchOptions = {
        "search_depth": None,
        "evaluation": "none",
        "order": "natural",
        "compare_order": None,
        "root": "first",
    }
    job: jobs.TreeJob = {
        "kind": jobs.TREE_KIND,
        "game": "tictactoe",
        "position": "X../.O./...",
        "to_move": "X",
        "algorithm": "minimax",
        "depth": 1,
        "max_nodes": 200,
        "path": [],
        "options": options,
    }
    first = jobs.run_tree_job(job)
    assert first["document"] is not None
    expected = json.loads(json.dumps(first))
    first["document"]["tree"]["children"].clear()  # what a caller does with its answer is its own
    # The same job, its fields in another order, is the same request.
    again: Any = dict(reversed(list(job.items())))
    assert jobs.run_tree_job(again) == expected
    assert traced == ["minimax"]
    # Any field that shapes the answer makes it another request: here only the nodes shown.
    wider = jobs.run_tree_job({**job, "max_nodes": 201})
    assert wider["document"] is not None and wider["document"]["limits"]["max_nodes"] == 201
    assert traced == ["minimax", "minimax"]


def test_the_trees_a_worker_keeps_stay_within_their_budget_and_the_least_recently_asked_go_first() -> None:
    from perfectplay.web.jobs import RecentAnswers

    made: list[str] = []

    def make(key: str) -> Any:
        def answer() -> Any:
            made.append(key)
            return {"key": key, "filler": "x" * 60}

        return answer

    size = len(json.dumps({"key": "a", "filler": "x" * 60}))
    kept = RecentAnswers(budget=2 * size)
    for key in ["a", "b", "a", "c", "a", "b"]:
        assert kept.get(key, make(key)) == {"key": key, "filler": "x" * 60}
    # "a" was asked again before "c" came, so "b" went; then "b" pushed out "c", the least recently asked.
    assert made == ["a", "b", "c", "b"]
    assert kept.get("a", make("a"))["key"] == "a" and made[-1] == "b"
    # An answer bigger than the whole budget is given but not kept, and pushes nothing out.
    huge = RecentAnswers(budget=size - 1)
    assert huge.get("a", make("a"))["key"] == "a"
    assert huge.get("a", make("a"))["key"] == "a"
    assert made[-2:] == ["a", "a"]
