"""Where the outcome layer knows every move's outcome, an analysis searches each move's exact score at once.

The deepening's iterations and win/draw/loss probes had nothing left to
prove there, and its exact attempts restarted from scratch: ``64476`` took
203 M nodes through them, 138 M now (``benchmarks/analyze_plies.py``). A
limit that stops the search keeps every move finished before it, exact,
and the others' proven outcomes. Node limits: the same answer on every
machine and with either core.

Past the layer's reach for every move's outcome (8 moves in and deeper),
an analysis under a roomy limit (``analyze``'s default 60 s) searches
every move's exact score first too: ``712753133275`` took 2.42 M nodes
through the deepening's iterations and probes, 1.77 M at once. Its limit
counts seconds on a clock that never moves, the same on every machine.
"""

from __future__ import annotations

import pytest

from perfectplay import Connect4, Limit, score_moves

pytestmark = pytest.mark.usefixtures("exact_layer_to_ply_5")  # positions 5-7 moves in, past the ply-5 exact layer

POSITION = "5154245"
"""7 moves in (docs/connect4.md's sample, ``random.Random(38)``): every move's outcome from the layer."""


def frozen() -> float:
    return 0.0


# 5154245: 5.12 M nodes against 4.97 M since STORE_MIN and converging probes: the exact search alone, whose first
# probes alternate the loss and the win side, happens to ask nearer its first move's value. 44436324 (8 moves in,
# on the layer, lost: every move a loss): 6.03 M against 6.02 M, 6.39 M through the deepening; 4.99 M against
# 4.94 M since a lost move's probes start from its siblings' fastest loss (``nullwindow._farthest``).
@pytest.mark.parametrize(
    ("position", "limit", "within"),
    [
        (POSITION, Limit(nodes=10**9), 1.05),
        ("712753133275", Limit(seconds=60), 1.01),
        ("44436324", Limit(seconds=60), 1.02),
    ],
    ids=["outcomes", "past-the-layer", "on-the-layer"],
)
def test_a_complete_analysis_costs_about_the_nodes_of_the_exact_search_alone_and_agrees_with_it(
    position: str, limit: Limit, within: float
) -> None:
    game = Connect4()
    state = game.parse_sequence(position)
    analysis = score_moves(game, state, limit, clock=frozen)
    alone = score_moves(game, state)  # no limit: the exact search, no table ahead of time
    assert analysis.complete and alone.complete
    assert {entry.move: entry.score for entry in analysis.moves} == {entry.move: entry.score for entry in alone.moves}
    assert analysis.nodes <= alone.nodes * within


def test_a_stopped_analysis_keeps_the_moves_it_finished_exact_and_the_rest_with_their_outcomes() -> None:
    # X to move wins whatever it plays; each move's exact search costs 0.1-6 M nodes, 13.5 M in all.
    game = Connect4()
    state = game.parse_sequence("6347542")
    exact = {entry.move: entry for entry in score_moves(game, state).moves}
    stopped = score_moves(game, state, Limit(nodes=3_000_000))
    assert not stopped.complete
    finished = [entry for entry in stopped.moves if entry.proof == "score"]
    assert finished and len(finished) < len(stopped.moves)
    for entry in stopped.moves:
        if entry.proof == "score":
            assert entry.score == exact[entry.move].score
        else:
            assert entry.proof == "outcome" and entry.outcome.name == exact[entry.move].outcome.name
