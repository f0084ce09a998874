"""An outcome layer solves the positions a few moves above it: every move's outcome, and the move the search plays.

The layer here is 5x4 Connect Four after 8 moves, made from the shipped data
set of every 5x4 position's exact score (``data/connect4-5x4.scores``) by
keeping the signs of that layer's rows, so the answers above it are checked
against exact scores proven independently of the layer: the look-ups, the
colours (either may move first), the mirror images and the move chosen.
"""

from __future__ import annotations

import random
from array import array
from typing import Any

import pytest

from perfectplay import Connect4, Limit, Player, solve
from perfectplay.games import ExactScores
from perfectplay.games.connect4 import Connect4State
from perfectplay.games.connect4_layer import LOSS, OutcomeLayer, shipped_layer
from perfectplay.play.exact_scores import write_scores
from perfectplay.search.solver.exact import FORCED_NODES
from repo_paths import ROOT

DATA = ROOT / "data"
PLIES = 8
SAMPLED_ABOVE = 5
"""The random positions are 1 to 5 moves above the layer: the dearer ones further up get the empty board's test."""


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


@pytest.fixture(scope="module")
def every() -> ExactScores:
    return ExactScores.read(DATA / "connect4-5x4.scores")


@pytest.fixture(scope="module")
def layer(every: ExactScores, tmp_path_factory: pytest.TempPathFactory) -> OutcomeLayer:
    rows = [row for row, key in enumerate(every.keys) if key.bit_count() == PLIES]  # a key is both sides' stones
    keys = [every.keys[row] for row in rows]
    outcomes = array("b", [_sign(every.scores[row]) for row in rows])
    path = tmp_path_factory.mktemp("layer") / "c54.scores"
    write_scores(path, every.game, keys, outcomes, 2 * len(keys), plies=PLIES, values="outcome")
    return OutcomeLayer(ExactScores.read(path))


def _random_positions(game: Connect4, count: int, seed: int, first: Player = Player.X) -> list[Connect4State]:
    rng = random.Random(seed)
    found: list[Connect4State] = []
    while len(found) < count:
        state = game.initial_state(first)
        for _ in range(rng.randint(PLIES - SAMPLED_ABOVE, PLIES - 1)):
            if game.is_over(state):
                break
            state = game.play(state, rng.choice(game.legal_moves(state)))
        if not game.is_over(state) and (state.x | state.o).bit_count() < PLIES:
            found.append(state)
    return found


def _swapped(state: Connect4State) -> Connect4State:
    """The same stones with the colours swapped: the position as it stands when O moved first."""
    return state._replace(x=state.o, o=state.x, to_move=state.to_move.other)


def test_every_moves_outcome_above_the_layer_is_the_sign_of_its_exact_score(
    every: ExactScores, layer: OutcomeLayer
) -> None:
    game = layer.game
    for state in _random_positions(game, 150, seed=5):
        expected = {move: -_sign(every.score(game.play(state, move))) for move in game.legal_moves(state)}
        assert layer.move_outcomes(state) == expected, game.format(state)
        # O moving first: the same stones in the other colours are the same position for the side to move.
        assert layer.move_outcomes(_swapped(state)) == expected, game.format(state)


def test_the_empty_board_eight_moves_above_is_solved_from_the_layer(every: ExactScores, layer: OutcomeLayer) -> None:
    game = layer.game
    empty = game.initial_state()
    expected = {move: -_sign(every.score(game.play(empty, move))) for move in game.legal_moves(empty)}
    assert layer.move_outcomes(empty) == expected and len(set(expected.values())) > 1


def test_positions_out_of_the_layers_reach_get_no_answer(layer: OutcomeLayer) -> None:
    game = layer.game
    deep = game.parse_sequence("1234512345")  # on the layer's far side
    assert layer.move_outcomes(deep) is None and layer.outcome(deep) is None
    assert layer.outcome(game.parse_sequence("1234")) is None  # only a position on the layer has its own
    # X to move with as many stones as O, so X moved first, yet O holds every bottom cell: no game reaches it.
    unreachable = game.parse("...../...../XXX.X/OOO.O", Player.X)
    assert layer.outcome(unreachable) is None
    assert layer.move_outcomes(game.parse("...../...../..X../OOXO.", Player.X)) is not None  # O moved first


@pytest.fixture
def shipped(layer: OutcomeLayer, monkeypatch: pytest.MonkeyPatch) -> OutcomeLayer:
    """The 5x4 layer as if the package shipped it: what every limited search of 5x4 Connect Four consults."""
    monkeypatch.setattr(Connect4, "outcome_table", lambda game: layer if game.name == layer.game.name else None)
    return layer


def test_a_limited_search_answers_at_once_from_the_layer_and_keeps_the_value(
    every: ExactScores, shipped: OutcomeLayer
) -> None:
    game = shipped.game
    outcomes_seen: set[int] = set()
    from_layer = 0
    for state in _random_positions(game, 60, seed=7):
        analysis = solve(game, state, Limit(nodes=10**9))
        value = _sign(every.score(state))
        outcomes_seen.add(value)
        if value == LOSS:
            assert analysis.algorithm != "layer"  # every move loses: the search looks for the slowest loss
            continue
        if analysis.algorithm == "solver":  # a win on the spot or a forced block: proven exactly, at once
            assert analysis.complete and analysis.nodes <= FORCED_NODES, game.format(state)
        else:
            assert analysis.algorithm == "layer" and analysis.nodes <= 2, game.format(state)
            from_layer += 1
        [move] = analysis.best
        assert -_sign(every.score(game.play(state, move))) == value
    assert outcomes_seen == {-1, 0, 1} and from_layer >= 30


def test_no_layer_is_read_for_a_game_without_one() -> None:
    assert shipped_layer("tictactoe") is None


def _on_layer_positions(game: Connect4, count: int, seed: int) -> list[Connect4State]:
    rng = random.Random(seed)
    found: list[Connect4State] = []
    while len(found) < count:
        state = game.initial_state()
        while not game.is_over(state) and (state.x | state.o).bit_count() < PLIES:
            state = game.play(state, rng.choice(game.legal_moves(state)))
        if not game.is_over(state):
            found.append(state)
    return found


def test_on_the_layer_the_known_outcome_is_the_only_question_the_probes_ask(
    every: ExactScores, layer: OutcomeLayer
) -> None:
    from perfectplay.search.base.budget import Budget
    from perfectplay.search.solver.compiled import negamax_for
    from perfectplay.search.solver.outcomes import DRAW, WIN, Settling
    from perfectplay.search.solver.root import Root
    from perfectplay.search.solver.table import TranspositionTable

    game = layer.game
    asked_of: dict[int, set[tuple[int, int]]] = {WIN: set(), DRAW: set(), LOSS: set()}
    for state in _on_layer_positions(game, 60, seed=8):
        ceiling = layer.outcome(state)
        assert ceiling == _sign(every.score(state))
        root = Root(game, state, negamax_for(game, TranspositionTable(1 << 16), Budget(None, None)))
        windows: list[tuple[int, int]] = []
        search_child = root.search_child

        def recording(
            move: int, depth: int, alpha: int, beta: int, search_child: Any = search_child, windows: Any = windows
        ) -> int:
            windows.append((alpha, beta))
            return int(search_child(move, depth, alpha, beta))

        root.search_child = recording  # type: ignore[method-assign]
        settling = Settling(root, ceiling)
        while not settling.done:
            settling.probe(settling.open_moves()[0])
        assert settling.settled and settling.outcomes().outcome == ceiling
        for move in settling.outcomes().keeping:
            assert -_sign(every.score(game.play(state, move))) == ceiling
        asked_of[ceiling].update(windows)
    assert asked_of[WIN] == {(0, 1)}  # only "does it win?"
    assert (0, 1) not in asked_of[DRAW] and (-1, 0) in asked_of[DRAW]  # never "does it win?" in a draw
    assert asked_of[LOSS] == set()  # a lost position: nothing to prove, every move keeps the loss


def test_a_limited_search_on_the_layer_plays_a_move_that_keeps_the_value(
    every: ExactScores, shipped: OutcomeLayer
) -> None:
    game = shipped.game
    for state in _on_layer_positions(game, 25, seed=9):
        analysis = solve(game, state, Limit(nodes=10**7))
        value = _sign(every.score(state))
        assert all(-_sign(every.score(game.play(state, move))) == value for move in analysis.best)


def test_a_search_stopped_on_the_layer_never_plays_a_move_shown_to_fall_short_of_the_known_outcome(
    layer: OutcomeLayer,
) -> None:
    from perfectplay.search.base.budget import Budget
    from perfectplay.search.solver.compiled import negamax_for
    from perfectplay.search.solver.outcomes import DRAW, WIN, Settling
    from perfectplay.search.solver.root import Root
    from perfectplay.search.solver.table import TranspositionTable

    game = layer.game
    state = next(state for state in _on_layer_positions(game, 40, seed=10) if layer.outcome(state) == WIN)
    root = Root(game, state, negamax_for(game, TranspositionTable(1 << 16), Budget(None, None)))
    settling = Settling(root, WIN)
    short = root.unique_moves[0]
    settling.high[short] = DRAW  # a probe showed it does not win: as a search stopped by its limit leaves it
    favourite = {move: 100 if root.twin_of[move] == short else 0 for move in root.moves}
    assert short not in settling.choice(favourite)  # the horizon's favourite, but it cannot keep the win
