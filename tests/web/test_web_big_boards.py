"""Whatever the API accepts it answers: the largest board of every game is answered at the time limit
with what the search has proven, or refused with a 422 that names the limit."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

import pytest
from fastapi.testclient import TestClient

from perfectplay.games import make_game
from perfectplay.play.players import proven_from_start
from perfectplay.web.app import create_app
from perfectplay.web.settings import Settings

PROOF_NODES = 2_000
"""The node budget of the server's "is perfect play proven from the start?" question in these tests. At its
real 250,000 nodes the pure-Python proof on a 15x15 board takes 20 s (15,15,5) on an idle machine and more
than a minute on a busy one, whatever the time limit, and its answer (no; yes for k = 1 and for the 1x15
row) only words the level's note, which these tests do not read: the search at the limit is their point."""

LARGEST = ["mnk:15,15,5", "mnk:15,15,15", "mnk:15,15,1", "mnk:1,15,15"]
"""The largest accepted spec of each game, and the extremes of k on the biggest m,n,k board."""


@pytest.fixture(scope="module")
def quick() -> Iterator[TestClient]:
    # A short limit keeps the test short. The backstop is generous on purpose:
    # this checks that the engine stops by itself, not that a kill can stop it,
    # so a busy machine cannot turn a slow answer into a failure.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("perfectplay.web.routes_play.proven_from_start", partial(proven_from_start, nodes=PROOF_NODES))
        with TestClient(create_app(Settings(workers=1, seconds=0.5, backstop_seconds=60.0))) as client:
            yield client


@pytest.mark.parametrize("spec", LARGEST)
def test_the_largest_boards_are_answered_with_a_legal_move_and_what_is_proven(quick: TestClient, spec: str) -> None:
    game = make_game(spec)
    response = quick.post("/api/move", json={"game": spec, "seed": 3})
    assert response.status_code == 200, response.text
    reply = response.json()
    assert reply["move"] in game.legal_moves(game.initial_state())
    analysis = reply["analysis"]
    if not analysis["complete"]:
        assert analysis["outcome"] in ("unknown", "win"), "an unfinished search claims only what it proved"
    assert reply["view"] == game.view(game.play(game.initial_state(), reply["move"]))


@pytest.mark.parametrize("spec", LARGEST)
def test_the_largest_boards_are_analysed_within_the_limit(quick: TestClient, spec: str) -> None:
    response = quick.post("/api/analyze", json={"game": spec})
    assert response.status_code == 200, response.text
    assert {entry["move"] for entry in response.json()["moves"]} <= set(range(225))


def test_a_search_tree_of_a_big_board_is_refused_naming_the_limit(quick: TestClient) -> None:
    response = quick.post("/api/tree", json={"game": "mnk:15,15,5", "algorithm": "alphabeta"})
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["field"] == "position"
    assert "at most 9" in error["message"]
