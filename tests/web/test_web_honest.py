"""The page's words call the computer perfect only where it is proven, and a tree too big starts depth-limited."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from perfectplay import make_game
from perfectplay.teaching import estimated_tree_size
from perfectplay.web.routes_tree import START_DEPTH, TOO_BIG


def start_of(spec: str) -> dict[str, Any]:
    game = make_game(spec)
    state = game.initial_state()
    return {"game": game.name, "position": game.format(state), "to_move": game.to_move(state).value}


def test_the_game_list_calls_the_strongest_level_perfect_only_in_games_solved_from_the_first_move(
    client: TestClient,
) -> None:
    games = {entry["game"]: entry for entry in client.get("/api/games").json()["games"]}
    assert games["tictactoe"]["strongest"]["title"] == "Perfect"
    assert games["nim"]["strongest"]["title"] == "Perfect"
    connect4 = games[make_game("connect4").name]["strongest"]
    assert connect4["title"] == "Strongest"
    assert connect4["note"] == "strongest: exact near the end, searched in the opening"
    assert "perfect" not in connect4["note"].lower()


def test_the_strongest_levels_note_does_not_promise_proof_where_the_search_stops_at_the_limit(
    client: TestClient,
) -> None:
    note = client.get("/api/levels").json()["notes"]["perfect"]
    assert "not proven" in note
    assert "always" not in note


def test_a_finished_search_gives_the_computers_move_without_a_word_about_proof(client: TestClient) -> None:
    reply = client.post("/api/move", json={**start_of("tictactoe"), "level": "perfect", "seed": 1}).json()
    assert reply["analysis"]["complete"] is True
    assert reply["analysis"]["advice"]["unproven"] is None


def test_a_tree_too_big_to_search_to_the_end_starts_two_plies_deep_and_says_so(client: TestClient) -> None:
    response = client.post("/api/tree", json={**start_of("connect4"), "algorithm": "alphabeta"})
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["search"]["depth"] == START_DEPTH
    assert "too many to search to the end here, so this search stops 2 plies deep" in answer["depth_note"]
    # A subtree asked for later gets the same limit: the estimate is seeded by the position.
    below = client.post("/api/tree", json={**start_of("connect4"), "algorithm": "alphabeta", "path": [3]}).json()
    assert below["search"]["depth"] == START_DEPTH and below["path"] == [3]


def test_a_tree_small_enough_is_still_searched_to_the_end(client: TestClient) -> None:
    # Whether a tree is too big is the position's estimate, whatever the algorithm: alpha-beta's trace of the
    # empty board (31,621 nodes) shows it as well as minimax's (549,946, two seconds more of tracing).
    answer = client.post("/api/tree", json={**start_of("tictactoe"), "algorithm": "alphabeta"}).json()
    assert answer["search"]["depth"] is None
    assert "depth_note" not in answer


def test_an_asked_depth_is_kept_and_not_explained(client: TestClient) -> None:
    body = {**start_of("connect4"), "algorithm": "minimax", "search_depth": 1}
    answer = client.post("/api/tree", json=body).json()
    assert answer["search"]["depth"] == 1
    assert "depth_note" not in answer


def test_the_estimate_tells_the_whole_3x3_tree_from_connect_four() -> None:
    tictactoe, connect4 = make_game("tictactoe"), make_game("connect4")
    assert 1 < estimated_tree_size(tictactoe, tictactoe.initial_state()) <= TOO_BIG
    assert estimated_tree_size(connect4, connect4.initial_state()) > 1e15
    finished = tictactoe.parse("XXX/OO./...")
    assert estimated_tree_size(tictactoe, finished) == 1
