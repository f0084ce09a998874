"""An exact layer scores every move of every position above it, and a limited search answers from it, exactly.

The layer here is 5x4 Connect Four after 6 moves, cut from the shipped data
set of every 5x4 position's exact score (``data/connect4-5x4.scores``), so
the scores above it are checked against exact scores proven independently
of the layer: the look-ups, the lengths counted on the way up, the colours
(either may move first) and the move the computer plays.
"""

from __future__ import annotations

import random
from array import array
from pathlib import Path

import pytest

from perfectplay import Connect4, Limit, score_moves, solve
from perfectplay.errors import PerfectplayError
from perfectplay.game import back_up
from perfectplay.games import ExactScores
from perfectplay.games.connect4 import Connect4State
from perfectplay.games.connect4_layer import ExactLayer
from perfectplay.play.exact_scores import write_scores
from perfectplay.words.play import unproven_text
from repo_paths import ROOT

PLIES = 6


@pytest.fixture(scope="module")
def every() -> ExactScores:
    return ExactScores.read(ROOT / "data" / "connect4-5x4.scores")


def _cut(every: ExactScores, plies: int, folder: Path) -> ExactScores:
    """The rows of ``every`` after exactly ``plies`` moves, written as a layer and read back."""
    rows = [row for row, key in enumerate(every.keys) if key.bit_count() == plies]  # a key is both sides' stones
    keys = [every.keys[row] for row in rows]
    scores = array("b", [every.scores[row] for row in rows])
    path = folder / f"c54-ply{plies}.scores"
    write_scores(path, every.game, keys, scores, 2 * len(keys), plies=plies, values="exact")
    return ExactScores.read(path)


@pytest.fixture(scope="module")
def layer(every: ExactScores, tmp_path_factory: pytest.TempPathFactory) -> ExactLayer:
    return ExactLayer(_cut(every, PLIES, tmp_path_factory.mktemp("exact")))


def _above(game: Connect4, count: int, seed: int) -> list[Connect4State]:
    rng = random.Random(seed)
    found: list[Connect4State] = []
    while len(found) < count:
        state = game.initial_state()
        for _ in range(rng.randint(0, PLIES - 1)):
            if game.is_over(state):
                break
            state = game.play(state, rng.choice(game.legal_moves(state)))
        if not game.is_over(state):
            found.append(state)
    return found


def _expected(every: ExactScores, game: Connect4, state: Connect4State) -> dict[int, int]:
    """Every move's score from the data set's score of the position it leads to (a four made: a win in 1)."""
    scores = {}
    for move in game.legal_moves(state):
        child = game.play(state, move)
        scores[move] = back_up(every.score(child)) if not game.is_over(child) else game.max_plies + 1
    return scores


def test_every_moves_exact_score_above_the_layer_is_the_data_sets(every: ExactScores, layer: ExactLayer) -> None:
    game = layer.game
    for state in _above(game, 80, seed=38):
        expected = _expected(every, game, state)
        assert layer.move_scores(state) == expected, game.format(state)
        swapped = state._replace(x=state.o, o=state.x, to_move=state.to_move.other)  # O moved first
        assert layer.move_scores(swapped) == expected, game.format(state)


def test_the_empty_board_gets_the_data_sets_scores(every: ExactScores, layer: ExactLayer) -> None:
    game = layer.game
    empty = game.initial_state()
    scores = layer.move_scores(empty)
    assert scores == _expected(every, game, empty)
    assert max(scores.values()) == every.score(empty)


def test_positions_on_or_below_the_layer_or_unreachable_get_no_answer(layer: ExactLayer) -> None:
    game = layer.game
    assert layer.move_scores(game.parse_sequence("123451")) is None  # on the layer: its own row, no moves
    assert layer.move_scores(game.parse_sequence("1234512")) is None
    assert layer.move_scores(game.parse_sequence("1111")) is not None
    assert layer.move_scores("not a state") is None
    assert layer.move_scores(game.parse_sequence("1112")) is not None


def test_a_shallower_layer_answers_the_positions_above_it_and_the_deeper_one_the_rest(
    every: ExactScores, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path_factory.mktemp("chain")
    shallow = ExactLayer(_cut(every, 3, folder))
    deep = ExactLayer(_cut(every, PLIES, folder), shallower=shallow)
    game = deep.game
    states = _above(game, 60, seed=41)
    expected = {game.format(state): _expected(every, game, state) for state in states}
    looked_up: list[int] = []
    # Note which layer's rows each answer reads: above ply 3 only the shallow one's, below it the deep one's.
    for each in (shallow, deep):
        rows, read = each.scores, each.scores.scores
        monkeypatch.setattr(rows, "scores", _Counting(read, looked_up, each.plies))
    for state in states:
        played = (state.x | state.o).bit_count()
        looked_up.clear()
        assert deep.move_scores(state) == expected[game.format(state)]
        assert deep.score(state) == every.score(state)
        # On the shallow layer its own row gives the position's score; its moves come from the deep one.
        reads = {3} if played < 3 else {3, PLIES} if played == 3 else {PLIES}
        assert set(looked_up) == reads, game.format(state)
    with pytest.raises(PerfectplayError, match="fewer plies"):
        ExactLayer(_cut(every, 3, folder), shallower=deep)


class _Counting:
    """A layer's scores that note the layer's depth on each read."""

    def __init__(self, scores: array[int], reads: list[int], plies: int) -> None:
        self.scores, self.reads, self.plies = scores, reads, plies

    def __getitem__(self, index: int) -> int:
        self.reads.append(self.plies)
        return int(self.scores[index])


@pytest.fixture
def shipped(layer: ExactLayer, monkeypatch: pytest.MonkeyPatch) -> ExactLayer:
    """The 5x4 exact layer as if the package shipped it: what every limited search of 5x4 consults first."""
    monkeypatch.setattr(Connect4, "score_table", lambda game: layer if game.name == layer.game.name else None)
    return layer


def test_an_analysis_above_the_layer_is_every_move_exact_and_complete(
    every: ExactScores, shipped: ExactLayer
) -> None:
    game = shipped.game
    for state in _above(game, 30, seed=39):
        analysis = score_moves(game, state, Limit(seconds=60))
        assert analysis.complete and analysis.algorithm == "layer", game.format(state)
        assert {entry.move: entry.score for entry in analysis.moves} == _expected(every, game, state)
        assert all(entry.proof == "score" for entry in analysis.moves)
        assert unproven_text(analysis) is None  # nothing "not proven" where every score is exact


def test_the_computer_plays_the_fastest_win_and_the_slowest_loss_from_it(
    every: ExactScores, shipped: ExactLayer
) -> None:
    game = shipped.game
    signs = set()
    for state in _above(game, 40, seed=40):
        expected = _expected(every, game, state)
        top = max(expected.values())
        signs.add((top > 0) - (top < 0))
        analysis = solve(game, state, Limit(seconds=5))
        assert analysis.complete and analysis.algorithm == "layer"
        assert analysis.score == top == every.score(state)
        assert set(analysis.best) == {move for move, score in expected.items() if score == top}
    assert signs == {-1, 0, 1}  # won, drawn and lost positions all met


def test_a_search_without_a_limit_or_to_a_depth_does_not_ask_the_layer(shipped: ExactLayer) -> None:
    game = shipped.game
    state = game.parse_sequence("3")
    assert solve(game, state).algorithm == "solver"
    assert solve(game, state, Limit(depth=3)).algorithm != "layer"
