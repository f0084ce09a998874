"""POST /api/analyze gives the exact score wherever the exact layer knows it, in its fields and its advice.

The cases (``exact_layer_cases``) follow the layer the package ships: on it
the position's own row, above it every move exact. The page shows the
document's value and its advice (the hint, what a stopped search proved)
as they come: none of them may call such a position's length unproven.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from exact_layer_cases import CASE_IDS, CASES, WORDS_OF_UNKNOWN_LENGTH, LayerCase
from perfectplay import Connect4
from perfectplay.game import outcome_of


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_the_analysis_document_and_its_advice_carry_the_layers_exact_value(
    hurried_client: TestClient, case: LayerCase
) -> None:
    game = Connect4()
    body = {"game": "connect4", "position": game.format(game.parse_sequence(case.moves))}
    response = hurried_client.post("/api/analyze", json=body)
    assert response.status_code == 200, response.text
    document = response.json()
    expected = outcome_of(case.score, game.max_plies)
    assert (document["score"], document["outcome"], document["plies"]) == (case.score, expected.name, expected.plies)
    assert document["complete"] or case.on_layer, document
    advice = document["advice"]
    assert case.words in advice["hint"], advice
    for words in (advice["hint"], advice["unproven"] or ""):
        assert not any(unknown in words for unknown in WORDS_OF_UNKNOWN_LENGTH), advice
