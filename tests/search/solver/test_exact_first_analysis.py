"""An analysis under a roomy limit (``analyze``'s default 60 s) searches every move's exact score first.

Past the outcome layer's reach for every move's outcome (8 moves in and
deeper), the deepening's iterations and win/draw/loss probes cost more
than the exact search they lead to: ``712753133275`` took 2.42 M nodes
through them, 1.77 M searched exact at once. The limit counts seconds on
a clock that never moves here, so the answer is the same on every machine.
"""

from __future__ import annotations

from perfectplay import Connect4, Limit, score_moves


def frozen() -> float:
    return 0.0


def test_an_analysis_under_a_roomy_limit_costs_the_exact_searchs_nodes_and_agrees_with_it() -> None:
    game = Connect4()
    state = game.parse_sequence("712753133275")
    analysis = score_moves(game, state, Limit(seconds=60), clock=frozen)
    alone = score_moves(game, state)  # no limit: the exact search
    assert analysis.complete and alone.complete
    assert {entry.move: entry.score for entry in analysis.moves} == {entry.move: entry.score for entry in alone.moves}
    assert analysis.nodes <= alone.nodes * 1.01


def test_a_lost_position_on_the_outcome_layer_is_searched_exact_with_every_move_a_loss() -> None:
    # 8 moves in: the layer knows only the position's own outcome (lost), which makes every move a loss.
    game = Connect4()
    state = game.parse_sequence("44436324")
    analysis = score_moves(game, state, Limit(seconds=60), clock=frozen)
    alone = score_moves(game, state)
    assert analysis.complete and analysis.outcome.name == "loss"
    assert {entry.move: entry.score for entry in analysis.moves} == {entry.move: entry.score for entry in alone.moves}
    # 6.03 M nodes against 6.02 M for the exact search alone; 6.39 M through the deepening.
    assert analysis.nodes <= alone.nodes * 1.01
