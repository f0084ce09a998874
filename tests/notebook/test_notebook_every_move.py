"""A notebook's analysis says the most proven of each move: a win whose length is not proven reads so."""

from __future__ import annotations

import pytest

from perfectplay import Connect4, Limit, score_moves
from perfectplay.notebook.views import AnalysisView

pytestmark = pytest.mark.usefixtures("exact_layer_to_ply_5")  # positions 5-7 moves in, past the ply-5 exact layer


def test_a_position_above_the_outcome_layer_shows_each_moves_outcome_in_the_table_and_the_summary() -> None:
    # 1 2 5 7 7 7, X to move, past the exact layer (5 moves in): the outcome layer proves 5 wins, 2 draws, the
    # rest lose; 50,000 nodes prove no length.
    game = Connect4()
    view = AnalysisView(score_moves(game, game.parse_sequence("125777"), Limit(nodes=50_000)))
    assert view.summary() == "X to move: a proven win; how fast was not proven before the limit; keeps it: 5"
    html = view._repr_html_()
    assert "<td>5</td><td>4</td><td>win, length not proven</td><td></td><td>best</td>" in html
    assert "<td>2</td><td>1</td><td>draw</td><td>0</td><td></td>" in html
    assert html.count("loss, length not proven") == 5
