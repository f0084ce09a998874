"""The JSON API answers exactly what the engine computes, and refuses bad requests field by field."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest
from fastapi.testclient import TestClient

from perfectplay import MNK, MNKState, analyze, parse_position
from perfectplay.documents import analysis_json
from perfectplay.play.players import LEVELS


def without_timing(analysis: Mapping[str, Any]) -> dict[str, Any]:
    """The analysis without what depends on how it was searched, and without the page's view and advice.

    The server searches under a time limit, which takes the solver's
    iterative-deepening path; it proves the same outcomes with another
    node count. The ``view`` and the ``advice`` are the web's additions to
    the shared schema, checked on their own.
    """
    return {key: value for key, value in analysis.items() if key not in ("seconds", "nodes", "view", "advice")}


def sample(states: list[MNKState], count: int, seed: int) -> list[MNKState]:
    return random.Random(seed).sample(states, count)


def test_analysis_of_sampled_3x3_positions_equals_the_engines(
    client: TestClient, tictactoe: MNK, all_positions: list[MNKState]
) -> None:
    for state in sample(all_positions, 60, seed=4):
        body = {"position": tictactoe.format(state), "to_move": state.to_move.value}
        response = client.post("/api/analyze", json=body)
        assert response.status_code == 200, response.text
        assert without_timing(response.json()) == without_timing(analysis_json(analyze(tictactoe, state)))
        assert response.json()["view"] == tictactoe.view(state)


@pytest.mark.parametrize(
    ("position", "spec"),
    [
        ("XO.X/.OX./O.XO/X.O.", "mnk:4,4,3"),  # 4x4, three in a row, O to move
        ("XOXO/OXOX/XO../....", "mnk:4,4,4"),  # 4x4, four in a row, late in the game
        ("X.O/.X./O..", "tictactoe"),
    ],
)
def test_analysis_of_larger_boards_equals_the_engines(client: TestClient, position: str, spec: str) -> None:
    game, state = parse_position(position, spec)
    response = client.post("/api/analyze", json={"position": position, "game": spec})
    assert response.status_code == 200, response.text
    assert without_timing(response.json()) == without_timing(analysis_json(analyze(game, state)))


def test_the_computer_plays_one_of_the_engines_best_moves_and_reports_the_position_after_it(
    client: TestClient, tictactoe: MNK, all_positions: list[MNKState]
) -> None:
    playable = [state for state in all_positions if not tictactoe.is_over(state)]
    for number, state in enumerate(sample(playable, 40, seed=9)):
        text = tictactoe.format(state)
        response = client.post("/api/move", json={"position": text, "to_move": state.to_move.value, "seed": number})
        assert response.status_code == 200, response.text
        reply = response.json()
        engine = analyze(tictactoe, state)
        assert reply["move"] in engine.best
        assert (reply["row"], reply["col"]) == tictactoe.row_col(reply["move"])
        after = tictactoe.play(state, reply["move"])
        assert reply["position"] == tictactoe.format(after)
        assert reply["to_move"] == after.to_move.value
        assert without_timing(reply["analysis"]) == without_timing(analysis_json(engine))
        assert reply["analysis"]["view"] == tictactoe.view(state)
        assert reply["view"] == tictactoe.view(after)
        assert reply["label"] == tictactoe.move_label(reply["move"])
        assert (reply["outcome"] is None) == (not tictactoe.is_over(after))


def test_the_same_seed_gives_the_same_move_among_equal_ones(client: TestClient) -> None:
    #  X . .
    #  . O .      X has several drawing moves: the seed picks one of them.
    #  . . .
    body: dict[str, Any] = {"position": "X../.O./..."}
    moves = {client.post("/api/move", json={**body, "seed": 7}).json()["move"] for _ in range(3)}
    assert len(moves) == 1
    spread = {client.post("/api/move", json={**body, "seed": seed}).json()["move"] for seed in range(12)}
    assert len(spread) > 1


def test_a_played_move_is_answered_and_a_winning_one_ends_the_game_with_its_line(client: TestClient) -> None:
    #  X X .      X takes 2 and wins along the top row: no reply.
    #  O O .
    #  . . .
    reply = client.post("/api/move", json={"position": "XX./OO./...", "play": 2}).json()
    assert reply["move"] is None
    assert reply["analysis"] is None
    assert reply["position"] == "XXX/OO./..."
    assert reply["outcome"] == {"winner": "X", "line": [0, 1, 2], "text": "X has won"}

    #  X . .      X plays 8; O must block at 4... or rather answers with a best move.
    #  . . .
    #  . . .
    reply = client.post("/api/move", json={"position": "X../.../...", "to_move": "O", "play": 4}).json()
    assert reply["position"].count("O") == 1
    assert reply["position"].count("X") == 2
    assert reply["analysis"]["position"] == "X../.O./..."
    assert reply["move"] in reply["analysis"]["best"]


def test_a_move_that_fills_the_board_reports_a_draw_without_a_line(client: TestClient) -> None:
    #  X O X
    #  X O O      X plays 8 (the last cell): nobody has three.
    #  O X .
    reply = client.post("/api/move", json={"position": "XOX/XOO/OX.", "play": 8}).json()
    assert reply["outcome"] == {"winner": None, "line": [], "text": "it is a draw"}


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_the_engine_offers_is_accepted(client: TestClient, level: str) -> None:
    response = client.post("/api/move", json={"position": "X../.O./...", "level": level, "seed": 1})
    assert response.status_code == 200, response.text
    assert client.get("/api/levels").json()["levels"] == list(LEVELS)


BAD_REQUESTS = [
    # (endpoint, raw body, status, field at fault)
    ("/api/analyze", "{not json", 400, "body"),
    ("/api/analyze", "", 422, "body"),
    ("/api/analyze", "[1, 2]", 422, "body"),
    ("/api/analyze", '{"position": 7}', 422, "position"),
    ("/api/analyze", '{"position": "X../.../...", "rows": 3}', 422, "rows"),  # the game spec replaced rows/cols/k
    ("/api/analyze", '{"game": "chess"}', 422, "game"),
    ("/api/analyze", '{"game": 3}', 422, "game"),
    ("/api/analyze", '{"position": "X../.../...", "game": "mnk:3,3,4"}', 422, "game"),  # k over the board
    ("/api/analyze", '{"game": "mnk:16,16,5"}', 422, "game"),
    ("/api/analyze", '{"position": "X../.../...", "to_move": "Z"}', 422, "to_move"),
    ("/api/analyze", '{"position": "X../.../...", "colour": "X"}', 422, "colour"),
    ("/api/analyze", '{"position": "XXX/OOO/..."}', 422, "position"),  # both sides have a line
    ("/api/analyze", '{"position": "XXX/.../..."}', 422, "position"),  # counts differ by three
    ("/api/analyze", '{"position": "XQ./.../..."}', 422, "position"),  # unknown character
    ("/api/analyze", '{"position": "X../..", "game": "tictactoe"}', 422, "position"),
    ("/api/analyze", '{"position": "' + "/".join(["." * 16] * 16) + '"}', 422, "position"),
    ("/api/analyze", '{"position": "' + "." * 5000 + '"}', 422, "position"),
    ("/api/move", '{"position": "X../.../...", "play": 0}', 422, "play"),  # occupied
    ("/api/move", '{"position": "X../.../...", "play": 9}', 422, "play"),  # off a 3x3 board
    ("/api/move", '{"position": "X../.../...", "play": -1}', 422, "play"),
    ("/api/move", '{"position": "X../.../...", "play": 1.0}', 422, "play"),
    ("/api/move", '{"position": "X../.../...", "play": 2147483648}', 422, "play"),
    ("/api/position", '{"position": "X../.../...", "play": 0}', 422, "play"),
    ("/api/position", '{"game": "mnk:4,4,4", "position": "X../.../..."}', 422, "position"),
    ("/api/move", '{"position": "XX./OO./...", "to_move": "X", "level": "grandmaster"}', 422, "level"),
    ("/api/move", '{"position": "XXX/OO./..."}', 422, "position"),  # game over: no move to make
    ("/api/move", '{"position": "X../.../...", "seed": "lucky"}', 422, "seed"),
]


@pytest.mark.parametrize(("endpoint", "body", "status", "field"), BAD_REQUESTS)
def test_a_bad_request_gets_a_4xx_naming_the_field_and_the_server_keeps_serving(
    client: TestClient, endpoint: str, body: str, status: int, field: str
) -> None:
    response = client.post(endpoint, content=body, headers={"content-type": "application/json"})
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["field"] == field
    assert isinstance(error["message"], str) and error["message"]
    assert client.post("/api/analyze", json={"position": "XOX/OO./.X."}).json()["best"] == [5]


def test_a_body_over_the_size_cap_is_refused_before_it_is_read(client: TestClient) -> None:
    response = client.post(
        "/api/analyze", content=b"{" + b" " * 20000 + b"}", headers={"content-type": "application/json"}
    )
    assert response.status_code == 413
    assert response.json()["error"]["field"] == "body"


def test_unknown_routes_and_methods_use_the_same_error_shape(client: TestClient) -> None:
    assert client.get("/api/nothing").json() == {"error": {"field": None, "message": "Not Found"}}
    assert client.get("/api/move").status_code == 405
    assert set(client.get("/api/move").json()["error"]) == {"field", "message"}


def test_the_api_is_described_by_openapi_and_the_health_check_answers(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/analyze", "/api/move", "/api/position", "/api/games", "/api/levels", "/healthz"} <= set(paths)
    assert client.get("/healthz").json()["status"] == "ok"


def test_the_page_and_its_scripts_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert "text/html" in page.headers["content-type"]
    script = client.get("/static/main.js")
    assert script.status_code == 200
    assert "javascript" in script.headers["content-type"]


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("5", "Cell 5 is taken: pick a free cell."),
        ("10", "There is no cell 10: pick a number from 1 to 9."),
        ("abc", "'abc' is not a cell: type a number from 1 to 9 or 'row col'."),
    ],
)
def test_a_move_typed_as_on_the_board_is_read_as_the_terminal_reads_it(
    client: TestClient, typed: str, message: str
) -> None:
    refused = client.post("/api/position", json={"position": ".../.X./...", "typed": typed})
    assert refused.status_code == 422, refused.text
    assert refused.json() == {"error": {"field": "typed", "message": message}}
    played = client.post("/api/position", json={"position": ".../.X./...", "typed": "1"})
    assert played.status_code == 200, played.text
    assert (played.json()["position"], played.json()["played"]["move"]) == ("O../.X./...", 0)
