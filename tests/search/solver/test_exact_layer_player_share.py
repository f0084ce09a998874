"""A player on an exact layer spends only a share of its limit proving which move reaches the layer's score.

Near the start of Connect Four such a probe takes minutes; a player that
spent its whole limit on it made the first reply of a game wait the whole
limit (3 s in the terminal) and then play the book's move anyway.
"""

from __future__ import annotations

import pytest

from perfectplay import Connect4, Limit, analyze, solve
from perfectplay.search.solver.exact import PROBE_SHARE

pytestmark = pytest.mark.usefixtures("exact_layer_to_ply_5")  # positions 5-7 moves in, past the ply-5 exact layer

NODES = 400_000


def test_the_first_reply_on_the_layer_gives_up_its_probe_after_a_share_of_the_limit_and_plays_the_book() -> None:
    game = Connect4()
    # O to move five moves in, on the book's lines: on the shipped layer (every position after 5 moves), O wins.
    state = game.parse_sequence("44445")
    answer = solve(game, state, Limit(nodes=NODES))
    assert answer.nodes <= NODES // PROBE_SHARE
    assert answer.algorithm == "book" and answer.outcome.name == "win"
    assert set(answer.best) <= set(game.legal_moves(state))


def test_an_analysis_of_the_same_position_spends_its_whole_limit() -> None:
    game = Connect4()
    state = game.parse_sequence("44445")
    assert analyze(game, state, limit=Limit(nodes=NODES)).nodes == NODES
