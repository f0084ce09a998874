"""The API by game spec: the games the page lists, positions read and played without a search, and a view
with every position, so the page draws any registered game without naming it."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from perfectplay.games import KINDS, make_game, presets
from perfectplay.play.players import LEVELS


def test_the_games_listed_are_the_registrys_presets_each_at_its_start_with_its_view(client: TestClient) -> None:
    listing = client.get("/api/games").json()
    listed = [entry["game"] for entry in listing["games"]]
    assert listed == [game.name for game in presets()]
    assert listing["default"] == listed[0]
    for entry in listing["games"]:
        game = make_game(entry["game"])
        start = game.initial_state()
        assert entry["kind"] in KINDS
        assert entry["title"] == game.title
        assert entry["position"] == game.format(start)
        assert entry["to_move"] == game.to_move(start).value
        assert entry["view"] == game.view(start)
        assert entry["outcome"] is None
    assert listing["seconds"] > 0
    assert listing["tree_max_moves"] >= 1


def test_every_level_has_a_note_saying_what_it_does(client: TestClient) -> None:
    answer = client.get("/api/levels").json()
    assert answer["levels"] == list(LEVELS)
    assert set(answer["notes"]) == set(LEVELS) | set(answer["depth_players"])
    assert all(note for note in answer["notes"].values())
    assert answer["titles"]["depth2"] == "Depth-2 search"
    assert "depth-2 minimax" in answer["notes"]["depth2"]


STARTS = {"mnk:5,5,4": "XXX../OO.../...../...../....."}
"""Where a game's depth players are asked from, if not its start: the analysis beside 5x5's first move takes the
whole time limit whatever the level (three seconds of CPU on an idle machine, for a check of legality only);
here X has a win in 1, which the analysis proves at once, and each depth player still searches to its depth."""


@pytest.mark.parametrize("spec", [spec for kind in KINDS.values() for spec in kind.presets])
def test_every_depth_player_the_page_offers_moves_in_every_game(hurried_client: TestClient, spec: str) -> None:
    # Only the move's legality is checked, never what the limit let the searches find.
    game = make_game(spec)
    position = STARTS.get(spec)
    start = game.initial_state() if position is None else game.parse(position)
    asked = {"game": spec} if position is None else {"game": spec, "position": position}
    for level in hurried_client.get("/api/levels").json()["depth_players"]:
        reply = hurried_client.post("/api/move", json={**asked, "level": level, "seed": 1})
        assert reply.status_code == 200, reply.text
        assert reply.json()["move"] in game.legal_moves(start)


def test_a_position_is_read_without_a_search_and_a_move_is_played_with_its_label(client: TestClient) -> None:
    #  . . . .
    #  . X . .      X takes cell 5, labelled 6 on the board (as in the terminal).
    #  . . . .
    #  . . . .
    reply = client.post("/api/position", json={"game": "mnk:4,4,4", "play": 5}).json()
    game = make_game("mnk:4,4,4")
    after = game.play(game.initial_state(), 5)
    assert reply["position"] == game.format(after)
    assert reply["to_move"] == "O"
    assert reply["view"] == game.view(after)
    assert reply["played"] == {"move": 5, "row": 1, "col": 1, "label": "6"}
    assert reply["outcome"] is None


def test_without_a_position_a_game_starts_with_the_side_asked_for(client: TestClient) -> None:
    reply = client.post("/api/position", json={"game": "tictactoe", "to_move": "O"}).json()
    assert reply["position"] == ".../.../..."
    assert reply["to_move"] == "O"
    assert reply["played"] is None


def test_a_move_that_ends_the_game_is_answered_with_the_outcome_and_no_clickable_cell(client: TestClient) -> None:
    #  X X .      X takes 2 (labelled 3): three in a row.
    #  O O .
    #  . . .
    reply = client.post("/api/position", json={"position": "XX./OO./...", "play": 2}).json()
    assert reply["outcome"] == {"winner": "X", "line": [0, 1, 2], "text": "X has won"}
    assert reply["view"]["line"] == [0, 1, 2]
    assert set(reply["view"]["click"]) == {None}


@pytest.mark.parametrize("endpoint", ["/api/analyze", "/api/move", "/api/position"])
def test_every_answer_that_carries_a_position_carries_its_view(client: TestClient, endpoint: str) -> None:
    body: dict[str, Any] = {"game": "mnk:4,4,4", "position": "XOXO/OX../..../...."}
    reply = client.post(endpoint, json=body).json()
    game = make_game("mnk:4,4,4")
    assert reply["view"] == game.view(game.parse(reply["position"]))
    if endpoint == "/api/move":
        assert reply["analysis"]["view"] == game.view(game.parse(body["position"]))


def test_the_tree_panels_words_are_the_servers_so_the_page_writes_none_of_its_own(client: TestClient) -> None:
    from perfectplay.teaching import ORDERS
    from perfectplay.words import ROOT_WINDOWS

    words = client.get("/api/games").json()["words"]
    assert words["root_windows"] == ROOT_WINDOWS and words["orders"] == ORDERS
    assert words["algorithms"] == {"minimax": "minimax", "alphabeta": "alpha-beta"}
