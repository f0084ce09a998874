"""POST /api/analyze answers what it was asked: every move scored, whatever shortcut knew the position.

The opening book, the outcome layer and the forced-move attempt answer the
computer's move at once; an analysis runs on from what they proved to exact
scores or to the server's time limit, and each move shows the most proven of
it (``proven``: ``"score"``, else ``"outcome"``: a win or loss whose length is
not proven). Each test fails if a shortcut ends the analysis early.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from perfectplay import Connect4


def analysed(client: TestClient, moves: str) -> dict[str, Any]:
    game = Connect4()
    body = {"game": "connect4", "position": game.format(game.parse_sequence(moves))}
    response = client.post("/api/analyze", json=body)
    assert response.status_code == 200, response.text
    document: dict[str, Any] = response.json()
    return document


def test_a_forced_block_is_scored_to_the_end(client: TestClient) -> None:
    # One of Pons's Middle-Medium positions: O must block in column 3 (a loss in 24; the rest lose in 2).
    document = analysed(client, "27477711471442665")
    assert document["version"] == 2 and document["complete"] is True and document["nodes"] > 5_000
    moves = {entry["label"]: (entry["outcome"], entry["plies"], entry["proven"]) for entry in document["moves"]}
    assert moves == {label: ("loss", 2, "score") for label in "124567"} | {"3": ("loss", 24, "score")}
    assert document["best"] == [2]


def test_a_position_above_the_exact_layer_gives_every_move_its_exact_score_and_marks_every_keeper(
    hurried_client: TestClient,
) -> None:
    # 1 2 5 7 7 7, X to move, above the ply-8 exact layer (the page's search workers are processes of their own, so
    # this is the shipped layers' answer): 5 wins in 35, 2 draws, the rest lose, every length exact within 1 s.
    document = analysed(hurried_client, "125777")
    assert document["algorithm"] == "layer"
    moves = {entry["label"]: (entry["outcome"], entry["proven"]) for entry in document["moves"]}
    assert moves["2"] == ("draw", "score") and moves["5"] == ("win", "score")
    assert all(proven == "score" for outcome, proven in moves.values()), moves
    assert sorted(outcome for outcome, _ in moves.values()) == ["draw", *["loss"] * 5, "win"]
    assert document["best"] == [4]
    assert document["advice"]["moves"] == [4]
