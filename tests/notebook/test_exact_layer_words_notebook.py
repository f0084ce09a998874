"""A notebook's analysis gives the exact score wherever the exact layer knows it, in its summary and its drawing.

The cases (``exact_layer_cases``) follow the layer the package ships: on it
the position's own row, above it every move exact; a node limit far too
small for a search to prove anything shows what the layer alone gives.
"""

from __future__ import annotations

import pytest

from exact_layer_cases import CASE_IDS, CASES, WORDS_OF_UNKNOWN_LENGTH, LayerCase
from perfectplay import Connect4, Limit, score_moves
from perfectplay.notebook.views import AnalysisView


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_the_summary_states_the_layers_exact_value_and_never_an_unproven_length(case: LayerCase) -> None:
    game = Connect4()
    analysis = score_moves(game, game.parse_sequence(case.moves), Limit(nodes=20_000))
    assert analysis.score == case.score
    view = AnalysisView(analysis)
    summary = view.summary()
    assert case.words in summary, summary
    assert not any(words in summary for words in WORDS_OF_UNKNOWN_LENGTH), summary
    assert case.words in view._repr_svg_()
    if not case.on_layer:  # every move's score is the layer's
        assert "not proven" not in view._repr_html_()
