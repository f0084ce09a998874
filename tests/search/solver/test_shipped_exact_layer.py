"""The shipped 7x6 exact layer: the file its build names, the known answers from it, its rows against the outcome layer.

``src/perfectplay/books/connect4-7x6-ply5.scores`` holds every position of
7x6 Connect Four after 5 moves with its exact score, built with ``perfectplay
dataset connect4 --format scores --plies 5 --values exact``. Proving one of
its rows again takes the solver seconds to minutes (``benchmarks/empty_board.py``
proves the empty board; ``benchmarks/shipped_data.py --only exact`` holds
every row against bitbully); here every row's sign is held against the
outcome layer (every position after 8 moves, built apart from it), which
solves a position after 5 moves in a few milliseconds.
"""

from __future__ import annotations

import json

from cli_helpers import InProcess
from perfectplay import Connect4, Limit, analyze, solve
from perfectplay.games.connect4_layer import ExactLayer, shipped_exact_layer, shipped_layer
from perfectplay.words import unproven_text


def _layer() -> ExactLayer:
    layer = shipped_exact_layer("connect4")
    assert layer is not None, "the package ships the 7x6 exact layer"
    return layer


def test_the_layers_are_every_position_after_eight_and_after_five_moves_once_a_mirror_pair() -> None:
    layer = _layer()
    assert layer.scores.values == "exact" and layer.plies == 8
    assert len(layer.scores) == 92_244 and layer.scores.positions == 184_275
    shallow = layer.shallower
    assert shallow is not None and shallow.scores.values == "exact" and shallow.plies == 5
    assert len(shallow.scores) == 2_144 and shallow.scores.positions == 4_263


def assert_the_rows_outcomes_are_the_outcome_layers(every: int) -> int:
    """Every ``every``-th row of each exact layer has the outcome layer's outcome; how many rows were compared."""
    deep, outcomes = _layer(), shipped_layer("connect4")
    assert outcomes is not None and deep.shallower is not None
    game = Connect4()
    compared = 0
    for exact in (deep, deep.shallower):
        signs = set()
        for row in range(0, len(exact.scores), every):
            state, score = exact.scores.state(row), exact.scores.scores[row]
            sign = (score > 0) - (score < 0)
            signs.add(sign)
            # On the outcome layer (8 moves in) its own row; above it, the best of the moves' outcomes.
            if game.is_over(state):  # a four made on the last move: a row, lost for the side to move
                assert sign == -1, game.format(state)
            elif exact.plies == outcomes.plies:
                assert outcomes.outcome(state) == sign, game.format(state)
            else:
                by_move = outcomes.move_outcomes(state)
                assert by_move is not None and max(by_move.values()) == sign, game.format(state)
            compared += 1
        assert signs == {-1, 0, 1}
    return compared


def test_every_tenth_rows_outcome_is_the_outcome_layers() -> None:
    # Every row of both (94,388, 2 s of CPU) is benchmarks/oracle_sweeps.py's ``exact_layer``.
    assert assert_the_rows_outcomes_are_the_outcome_layers(10) == 9_225 + 215


def test_the_empty_board_is_the_known_win_on_the_41st_move_every_move_exact() -> None:
    # Known answers (Allis, Allen; Tromp; bitbully): only the centre wins, with X's 21st stone (ply 41); columns 3
    # and 5 draw; 2 and 6 lose with O's 21st stone (ply 42 for X: loss in 42), 1 and 7 one stone sooner (40).
    game = Connect4()
    scores = _layer().move_scores(game.initial_state())
    assert scores == {0: -4, 1: -2, 2: 0, 3: 3, 4: 0, 5: -2, 6: -4}
    analysis = analyze(game, game.initial_state(), limit=Limit(seconds=5))
    assert analysis.complete and analysis.algorithm == "layer"
    assert [str(entry.outcome) for entry in sorted(analysis.moves, key=lambda entry: entry.move)] == [
        "loss in 40",
        "loss in 42",
        "draw",
        "win in 41",
        "draw",
        "loss in 42",
        "loss in 40",
    ]
    assert unproven_text(analysis) is None  # nothing "not proven" where every move is exact
    played = solve(game, game.initial_state(), Limit(seconds=5))
    assert played.best == (3,) and played.score == 3 and played.complete


def test_the_empty_board_is_a_win_on_the_41st_move_from_the_solve_command(in_process: InProcess) -> None:
    text = in_process("solve", "--game", "connect4")
    assert text.returncode == 0, text.stderr
    assert "\nConnect Four (7x6): win in 41 for X (to move) with perfect play. Answered from" in text.stdout
    assert "--prove proves it by search" in text.stdout and "Best moves: 4\n" in text.stdout
    document = json.loads(in_process("solve", "--game", "connect4", "--json").stdout)
    assert document["score"] == 3 and document["plies"] == 41 and document["best"] == [3]
    assert document["complete"] is True and document["algorithm"] == "layer"
    assert document["source"].startswith("from positions solved ahead of time")
