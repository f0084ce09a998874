"""The teaching API: depth limits with named evaluations, move orders, root windows, textbook trees and the quiz.

Every answer is checked against the engine's own functions (``trace_search``,
``compare``, ``order_counts``, ``textbook_trace``, ``check_pruning``), and every
bad request is refused with the field it got wrong.
"""

# ruff: noqa: RUF001 - expected texts use the Greek letters students read

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from perfectplay import parse_position
from perfectplay.documents import comparison_json, order_counts_json
from perfectplay.games import KINDS, make_game
from perfectplay.search.base.limits import Limit
from perfectplay.search.minimax import minimax
from perfectplay.teaching.compare import compare_with_perfect_play
from perfectplay.teaching.evaluators import get_evaluation
from perfectplay.teaching.orders import compare_cuts, move_order, order_counts
from perfectplay.teaching.textbook import TextbookTree, check_pruning, random_tree, textbook_trace, tree_text
from perfectplay.teaching.trace import RECORD_LIMIT, trace_search
from perfectplay.viz import trace_json
from tree_documents import without_timing

CLASSIC = "3 12 8 | 2 4 6 | 14 5 2"


def post(client: TestClient, url: str, **body: Any) -> dict[str, Any]:
    response = client.post(url, json=body)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def walk(node: dict[str, Any]) -> Any:
    yield node
    for child in node["children"]:
        yield from walk(child)


def test_a_depth_limited_tree_is_the_engines_with_its_horizon_and_guesses_marked(client: TestClient) -> None:
    """
     . | . | .
    ---+---+---      O to move, depth 2 with open-lines: every node two plies down
     . | O | X       is a horizon node valued by the evaluation, a guess (≈)
    ---+---+---
     . | X | .
    """
    game, state = parse_position(".../.OX/.X.")
    evaluation = get_evaluation("open-lines", game)
    expected = trace_search(
        game, state, "minimax", depth=2, limit=Limit(depth=2), evaluate=evaluation.function, evaluation="open-lines"
    )
    answer = post(client, "/api/tree", position=".../.OX/.X.", algorithm="minimax", depth=2, search_depth=2)
    assert without_timing(answer) == without_timing(json.loads(trace_json(expected)))
    assert answer["search"]["depth"] == 2 and answer["search"]["evaluation"] == "open-lines"
    horizon = [node for node in walk(answer["tree"]) if node["horizon"]]
    assert horizon and all(node["depth"] == 2 and node["guess"] and node["text"].startswith("≈") for node in horizon)
    assert [entry["name"] for entry in answer["evaluations"]] == ["none", "open-lines", "threats", "engine"]


def test_move_orders_and_the_cuts_that_appear_and_vanish_are_the_engines(client: TestClient) -> None:
    """Three plies of alpha-beta in best-first order, its cuts marked against the natural order's."""
    game, state = parse_position("X../.O./...")
    best = trace_search(
        game, state, "alphabeta", depth=3, max_nodes=400, order=move_order("best-first"), order_name="best-first"
    )
    natural = trace_search(game, state, "alphabeta", max_nodes=RECORD_LIMIT)
    changes = compare_cuts(best, natural, "natural")
    assert changes.appeared and changes.vanished
    answer = post(
        client,
        "/api/tree",
        position="X../.O./...",
        algorithm="alphabeta",
        depth=3,
        max_nodes=400,
        order="best-first",
        compare_order="natural",
        root="best",
    )
    assert without_timing(answer) == without_timing(json.loads(trace_json(best, changes=changes)))
    assert answer["compare_order"] == "natural" and answer["search"]["order"] == "best-first"
    searched = [entry for node in walk(answer["tree"]) for entry in [node, *node["hidden"]]]
    assert sum(entry["cut_by_other_order"] for entry in searched) == len(changes.vanished)
    assert sum(entry["new"] for node in walk(answer["tree"]) for entry in node["pruned"]) == len(changes.appeared)


def test_the_textbook_root_window_cuts_ties_that_the_engines_searches(client: TestClient) -> None:
    """The root gets (-inf, +inf), each move (best so far, +inf); the engine gives each move (best - 1, +inf)."""
    game, state = parse_position("X../.O./...")
    textbook = post(client, "/api/tree", position="X../.O./...", algorithm="alphabeta")
    engine = post(client, "/api/tree", position="X../.O./...", algorithm="alphabeta", root="best")
    assert textbook["nodes"] == trace_search(game, state, "alphabeta", find="first").nodes
    assert textbook["nodes"] < engine["nodes"]
    assert (textbook["search"]["root"], engine["search"]["root"]) == ("first", "best")
    assert textbook["tree"]["entry"] == {"alpha": None, "beta": None}
    # Each later move is searched with alpha = the best value so far, not one less.
    windows = [child["entry"]["alpha"] for child in textbook["tree"]["children"][1:]]
    assert set(windows) == {textbook["value"]}


def test_every_node_carries_its_position_as_the_game_draws_it(client: TestClient) -> None:
    game, _ = parse_position("X.O/.X./..O")
    answer = post(client, "/api/tree", position="X.O/.X./..O", algorithm="alphabeta", depth=2)
    for node in walk(answer["tree"]):
        drawn = game.view(game.parse(node["position"]))
        assert node["view"] == {key: value for key, value in drawn.items() if key not in ("click", "labels")}
        for entry in node["pruned"] + node["hidden"]:
            assert entry["view"]["kind"] == "grid"
    stub = answer["tree"]["children"][0]["children"][0]["hidden"][0]
    after = game.play(game.parse(answer["tree"]["children"][0]["children"][0]["position"]), stub["move"])
    assert stub["view"]["cells"] == game.view(after)["cells"]


def test_the_order_counts_are_the_engines_with_the_best_case(client: TestClient) -> None:
    game, state = parse_position("X../.O./...")
    answer = post(client, "/api/orders", position="X../.O./...", search_depth=3, root="first")
    evaluation = get_evaluation("open-lines", game).function
    expected = order_counts_json(order_counts(game, state, Limit(depth=3), evaluate=evaluation, find="first"))
    assert {key: answer[key] for key in expected} == expected
    assert answer["orders"]["best-first"]["nodes"] <= answer["orders"]["worst-first"]["nodes"]
    assert set(answer["descriptions"]) == set(answer["orders"])


def test_the_comparison_says_what_the_depth_limited_choice_costs(client: TestClient) -> None:
    """
     . | . | .
    ---+---+---      two plies do not see X's fork at 9: the depth-2 choice 1 loses in 4
     . | O | X
    ---+---+---
     . | X | .
    """
    game, state = parse_position(".../.OX/.X.")
    expected = comparison_json(compare_with_perfect_play(game, state, 2, "open-lines"))
    answer = post(client, "/api/compare", position=".../.OX/.X.", search_depth=2)
    assert answer["choices"] == expected["choices"]
    assert answer["verdicts"] == [{"label": "1", "outcome": "loss in 4", "perfect": False, "cost": "draw -> loss in 4"}]
    assert answer["perfect_play"] == "draw" and answer["perfect_moves"] == ["3", "7", "9"]
    rows = {row["label"]: row for row in answer["rows"]}
    assert rows["1"]["chosen"] and not rows["1"]["best"] and rows["1"]["limited"] == "≈ 0"
    assert rows["3"]["best"] and rows["3"]["perfect"] == "draw"
    deeper = post(client, "/api/compare", position=".../.OX/.X.", search_depth=4)
    assert deeper["agrees"] and all(verdict["perfect"] for verdict in deeper["verdicts"])


def test_a_textbook_tree_is_searched_as_the_engine_does_with_both_counts(client: TestClient) -> None:
    tree = TextbookTree.parse_text(CLASSIC)
    answer = post(client, "/api/textbook", tree=CLASSIC, algorithm="alphabeta")
    trace = textbook_trace(tree, max_nodes=RECORD_LIMIT, order_name="natural")
    expected = json.loads(trace_json(trace, {"minimax": 13}))
    bare = {key: value for key, value in answer.items() if key not in ("tree_text", "order_counts")}
    assert without_timing(bare) == without_timing(expected)
    assert answer["counts"] == {"alphabeta": 11, "minimax": 13}
    assert answer["tree_text"] == "[[3 12 8] [2 4 6] [14 5 2]]"
    assert answer["order_counts"]["orders"]["best-first"]["nodes"] <= answer["counts"]["alphabeta"]


def test_a_random_textbook_tree_comes_from_its_seed(client: TestClient) -> None:
    answer = post(client, "/api/textbook", seed=7, levels=3, algorithm="minimax")
    assert answer["tree_text"] == tree_text(random_tree(random.Random(7), 3).root)
    assert answer == {
        **post(client, "/api/textbook", seed=7, levels=3, algorithm="minimax"),
        "seconds": answer["seconds"],
    }


def test_the_quiz_checks_a_right_and_a_wrong_answer_and_explains_the_cut(client: TestClient) -> None:
    right = post(client, "/api/quiz", tree=CLASSIC, answer="2.2 2.3")
    assert right["correct"] and right["pruned"] == ["2.2", "2.3"]
    assert [cut["text"] for cut in right["cuts"]] == ["At MIN 2: β = 2 ≤ α = 3, so 2.2 and 2.3 are never searched."]
    assert right["words"]["verdict"] == "Right: alpha-beta prunes 2.2 and 2.3."
    wrong = post(client, "/api/quiz", tree=CLASSIC, answer="2.2, 3.1")
    expected = check_pruning(TextbookTree.parse_text(CLASSIC), "2.2, 3.1")
    assert not wrong["correct"]
    assert (wrong["missed"], wrong["wrong"]) == (list(expected.missed), list(expected.wrong)) == (["2.3"], ["3.1"])
    assert wrong["words"]["details"] == [
        "You left out 2.3.",
        "3.1 is searched: alpha-beta reaches it with α = 3, β = +∞, and α < β, so nothing MIN 3 has seen yet "
        "makes it useless.",
    ]
    assert post(client, "/api/quiz", tree=CLASSIC, answer="2.2 2.3", order="best-first")["pruned"] != right["pruned"]


@pytest.mark.parametrize(
    ("url", "body", "field"),
    [
        ("/api/tree", {"position": "X../.O./...", "algorithm": "minimax", "order": "best-first"}, "order"),
        ("/api/tree", {"position": "X../.O./...", "algorithm": "minimax", "compare_order": "natural"}, "compare_order"),
        ("/api/tree", {"position": "X../.O./...", "algorithm": "minimax", "root": "first"}, "root"),
        ("/api/tree", {"position": "X../.O./...", "algorithm": "alphabeta", "order": "random"}, "order"),
        ("/api/tree", {"position": "X../.O./...", "algorithm": "alphabeta", "root": "middle"}, "root"),
        ("/api/tree", {"position": "X../.O./...", "algorithm": "alphabeta", "search_depth": 0}, "search_depth"),
        ("/api/tree", {"position": "X../.O./...", "algorithm": "alphabeta", "search_depth": 13}, "search_depth"),
        ("/api/tree", {"position": "X../.O./...", "algorithm": "alphabeta", "search_depth": "2"}, "search_depth"),
        ("/api/tree", {"position": "X../.O./...", "algorithm": "alphabeta", "evaluation": "threats"}, "evaluation"),
        (
            "/api/tree",
            {"position": "X../.O./...", "algorithm": "alphabeta", "search_depth": 2, "evaluation": "mine.py:evaluate"},
            "evaluation",
        ),
        (
            "/api/tree",
            {"position": "X../.O./...", "algorithm": "alphabeta", "search_depth": 2, "evaluation": "open"},
            "evaluation",
        ),
        ("/api/quiz", {"tree": "3 12 8 | 2 4 6", "answer": ""}, "answer"),
        ("/api/quiz", {"tree": "3 12 8 | 2 4 6", "answer": " , "}, "answer"),
        ("/api/orders", {"position": ".../.../...", "game": "mnk:4,4,4"}, "position"),
        ("/api/orders", {"position": "XXX/OO./..."}, "position"),
        ("/api/orders", {"position": "X../.O./...", "order": "natural"}, "order"),
        ("/api/compare", {"position": "X../.O./..."}, "search_depth"),
        ("/api/compare", {"position": "X../.O./...", "search_depth": 2, "algorithm": "solver"}, "algorithm"),
        ("/api/compare", {"position": "XXX/OO./...", "search_depth": 2}, "position"),
        ("/api/textbook", {"algorithm": "alphabeta"}, "tree"),
        ("/api/textbook", {"tree": "3 12 [8]", "algorithm": "alphabeta"}, "tree"),
        ("/api/textbook", {"tree": CLASSIC, "seed": 3, "algorithm": "alphabeta"}, "seed"),
        ("/api/textbook", {"seed": 3, "levels": 9, "algorithm": "alphabeta"}, "levels"),
        ("/api/textbook", {"tree": CLASSIC, "algorithm": "minimax", "order": "best-first"}, "order"),
        ("/api/textbook", {"tree": CLASSIC, "algorithm": "alphabeta", "compare_order": "sideways"}, "compare_order"),
        ("/api/quiz", {"tree": CLASSIC}, "answer"),
        ("/api/quiz", {"tree": CLASSIC, "answer": "2.9"}, "answer"),
        ("/api/quiz", {"tree": CLASSIC, "answer": "none", "compare_order": "natural"}, "compare_order"),
    ],
)
def test_bad_teaching_requests_are_refused_naming_the_field(
    client: TestClient, url: str, body: dict[str, Any], field: str
) -> None:
    response = client.post(url, json=body)
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["field"] == field
    assert error["message"]


def small_position(spec: str) -> tuple[Any, Any]:
    """A position of the game whose whole tree is small (a few thousand nodes), reached by a
    seeded random playout: a handful of moves is not enough where the game goes on long after
    (Connect Four's five columns stay open for many plies)."""
    game = make_game(spec)
    rng = random.Random(spec)
    state = game.initial_state()
    while not game.is_over(state) and (
        len(game.legal_moves(state)) > 5 or not minimax(game, state, Limit(nodes=5_000)).complete
    ):
        state = game.play(state, rng.choice(game.legal_moves(state)))
    return game, state


SPECS = [spec for kind in KINDS.values() for spec in kind.presets]


@pytest.mark.parametrize("spec", SPECS)
def test_every_registered_game_gets_its_tree_drawn_from_its_views(client: TestClient, spec: str) -> None:
    game, state = small_position(spec)
    body = {"game": spec, "position": game.format(state), "to_move": game.to_move(state).value}
    for algorithm in ("minimax", "alphabeta"):
        answer = post(client, "/api/tree", **body, algorithm=algorithm, depth=2)
        assert answer["game"] == game.name
        for node in walk(answer["tree"]):
            assert node["view"]["kind"] == game.view(game.parse(node["position"], None))["kind"]
            assert node["label"] if node["move"] is not None else node["depth"] == 0


@pytest.mark.parametrize("spec", SPECS)
def test_a_start_position_too_large_to_trace_says_so_and_a_depth_limit_draws_it(client: TestClient, spec: str) -> None:
    game = make_game(spec)
    body = {"game": spec, "position": game.format(game.initial_state())}
    # Whether a tree is too big is the position's estimate whatever the algorithm: alpha-beta's tree of the empty
    # 3x3 board is 31,621 nodes to trace, minimax's 549,946.
    whole = client.post("/api/tree", json={**body, "algorithm": "alphabeta"})
    if whole.status_code == 422:
        assert whole.json()["error"]["field"] == "position"
        assert "search depth" in whole.json()["error"]["message"]
    else:
        assert whole.status_code == 200, whole.text
    limited = post(client, "/api/tree", **body, algorithm="alphabeta", search_depth=2)
    assert limited["search"]["depth"] == 2
    assert all(node["depth"] <= 2 for node in walk(limited["tree"]))


def test_practice_grades_a_whole_hand_search_node_by_node_with_reasons(client: TestClient) -> None:
    right = {
        "1.1": "3", "1.2": "12", "1.3": "8", "1": "3 -inf 3", "2.1": "2", "2.2": "x", "2.3": "x",
        "2": "2 3 2", "3.1": "14", "3.2": "5", "3.3": "2", "3": "2 3 2", "root": "3 3 +inf",
    }
    graded = post(client, "/api/practice", tree=CLASSIC, answers=right)
    assert graded["perfect"] and graded["right"] == graded["asked"]
    assert graded["order"][:4] == ["1.1", "1.2", "1.3", "1"]
    wrong = post(client, "/api/practice", tree=CLASSIC, answers={**right, "2.2": "4", "3": "2 3 5"})
    assert [(m["node"], m["field"], m["expected"]) for m in wrong["mistakes"]] == [
        ("2.2", "visited", "cut"), ("3", "beta", "2")
    ]
    assert "MIN 2 had value 2 <= alpha = 3" in wrong["mistakes"][0]["reason"]
    strict = post(client, "/api/practice", tree="[[3 5] [3 9]]", strict=True,
                  answers={"1.1": "3", "1.2": "5", "1": "3", "2.1": "3", "2.2": "x", "2": "3", "root": "3"})
    assert [(m["node"], m["field"]) for m in strict["mistakes"]] == [("2.2", "visited")]
    assert "only strictly" in strict["convention"]


@pytest.mark.parametrize(
    ("answers", "field"),
    [({"9.9": "3"}, "answers"), ({"1.1": "three"}, "answers"), ({"1": "3 4"}, "answers")],
)
def test_a_practice_answer_that_cannot_be_read_is_a_422_naming_the_field(
    client: TestClient, answers: dict[str, str], field: str
) -> None:
    response = client.post("/api/practice", json={"tree": CLASSIC, "answers": answers})
    assert response.status_code == 422
    assert field in response.text


def test_a_worker_asked_the_same_order_counts_again_answers_a_copy_without_counting_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from perfectplay.web import jobs

    counted: list[str] = []

    def counting(*args: Any, **keywords: Any) -> Any:
        counted.append(args[0].format(args[1]))
        return order_counts(*args, **keywords)

    monkeypatch.setattr(jobs, "order_counts", counting)
    jobs._counted_orders.cache_clear()
    options: jobs.SearchOptions = {
        "search_depth": 3,
        "evaluation": "open-lines",
        "order": "best-first",
        "compare_order": None,
        "root": "first",
    }
    job: jobs.TeachJob = {
        "kind": jobs.ORDERS_KIND,
        "game": "tictactoe",
        "position": "X../.O./...",
        "to_move": "X",
        "algorithm": "alphabeta",
        "options": options,
        "seconds": 20.0,
    }
    first = jobs.run_orders_job(job)
    assert first["document"] is not None
    expected = json.loads(json.dumps(first))
    first["document"]["orders"].clear()  # what a caller does with its answer is its own
    # The order the page shows does not change the counts: every order is counted.
    assert jobs.run_orders_job({**job, "options": {**options, "order": "worst-first"}}) == expected
    assert counted == ["X../.O./..."]
    deeper = jobs.run_orders_job({**job, "options": {**options, "search_depth": 4}})
    assert deeper["document"] is not None and deeper["document"]["search_depth"] == 4
    assert len(counted) == 2
