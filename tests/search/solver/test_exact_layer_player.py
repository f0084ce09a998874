"""The computer wins fastest and loses slowest where an exact layer answers: bitbully's best score, move for move.

Above the shipped layer every move's score is a look-up; on a layer only
the position's own is, and the search proves which move reaches it
(``reaching.py``): at ply 5 a probe takes 0.1-2 s, at ply 1 (the layer
shipped today) from 18 s to over 10 min, beyond any player's limit. To hold that for any
layer's depth, a stand-in table answers the position's own score from bitbully
(as a layer's row would) for positions 7 moves in, where the outcome
layer's instant answer is often a slower win (measured: 8 of 40 positions
drawn with seed 38). bitbully is an optional test dependency: without it
these tests are skipped.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from exact_layer_cases import CASES, LayerCase
from perfectplay import Connect4, Limit, analyze, score_moves, solve
from perfectplay.games.connect4 import Connect4State

bitbully = pytest.importorskip("bitbully")

PLIES = 7
ENOUGH = Limit(nodes=400_000_000)
"""A node limit no probe here comes near (the dearest took about 30 M nodes): the same answer on every machine."""


def _referee_scores(game: Connect4, state: Connect4State) -> dict[int, int]:
    """bitbully's score of every move (Pons's scale: 22 minus the winner's stones at the end), by our move."""
    board = bitbully.Board.from_array([[".XO".index(cell) for cell in line] for line in game.format(state).split("/")])
    scores: dict[int, int] = bitbully.BitBully().score_all_moves(board)
    return scores


def _fastest(game: Connect4, state: Connect4State) -> set[int]:
    scores = _referee_scores(game, state)
    top = max(scores.values())
    return {move for move, score in scores.items() if score == top}


def _our_score(game: Connect4, state: Connect4State) -> int:
    """The position's exact score on our scale (a win in ``p`` plies: ``max_plies + 2 - p``) from bitbully's."""
    pons = max(_referee_scores(game, state).values())
    played = (state.x | state.o).bit_count()
    base = game.max_plies + 2
    if pons > 0:  # the side to move wins with its stone number 22 - pons
        return base - (2 * (22 - pons - played // 2) - 1)
    if pons < 0:  # the other side wins with its stone number 22 + pons
        return -(base - 2 * (22 + pons - (played + 1) // 2))
    return 0


class RefereeRows:
    """A ``ScoreTable`` standing in for an exact layer at ``PLIES``: a position's own score there, nothing above."""

    def __init__(self, game: Connect4) -> None:
        self.game = game

    def move_scores(self, state: object) -> dict[int, int] | None:
        return None

    def score(self, state: Any) -> int | None:
        if (state.x | state.o).bit_count() != PLIES or self.game.is_over(state):
            return None
        return _our_score(self.game, state)


def _positions(count: int) -> list[Connect4State]:
    """Positions 7 moves in from random games (seed 38) where some move keeping the outcome is not the fastest."""
    game, rng = Connect4(), random.Random(38)
    found: list[Connect4State] = []
    while len(found) < count:
        state = game.initial_state()
        for _ in range(PLIES):
            state = game.play(state, rng.choice(game.legal_moves(state)))
            if game.is_over(state):
                break
        if game.is_over(state) or (state.x | state.o).bit_count() != PLIES:
            continue
        scores = _referee_scores(game, state)
        top = max(scores.values())
        sign = (top > 0) - (top < 0)
        if any((score > 0) - (score < 0) == sign and score != top for score in scores.values()):
            found.append(state)
    return found


def test_the_conversion_from_bitbullys_scale_gives_the_known_empty_board_and_first_moves() -> None:
    game = Connect4()
    assert _our_score(game, game.initial_state()) == 3  # a win on the 41st move
    assert _our_score(game, game.parse_sequence("4")) == -4  # loss in 40
    assert _our_score(game, game.parse_sequence("3")) == 0


@pytest.mark.parametrize("case", [case for case in CASES if not case.on_layer], ids=lambda case: case.moves or "empty")
def test_above_the_shipped_layer_the_computer_plays_bitbullys_best_at_once(case: LayerCase) -> None:
    game = Connect4()
    state = game.parse_sequence(case.moves)
    played = solve(game, state, Limit(seconds=5))
    assert played.algorithm == "layer" and set(played.best) == _fastest(game, state)


def test_on_a_layer_the_computer_plays_the_fastest_win_or_slowest_loss_not_just_a_keeper(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Connect4()
    monkeypatch.setattr(Connect4, "score_table", lambda self: RefereeRows(self))
    for state in _positions(4):
        fastest = _fastest(game, state)
        for played in (solve(game, state, ENOUGH), analyze(game, state, limit=ENOUGH, at_once=True)):
            assert played.score == _our_score(game, state), game.format(state)
            assert played.best and set(played.best) <= fastest, (game.format(state), played.best, fastest)
            chosen = next(entry for entry in played.moves if entry.move == played.best[0])
            assert chosen.score == played.score  # proven to reach it, not only to keep the outcome


def test_an_analysis_on_a_layer_is_every_move_exact_bounded_by_the_rows_score(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Connect4()
    states = _positions(2)
    exact = [{entry.move: entry.score for entry in score_moves(game, state).moves} for state in states]
    monkeypatch.setattr(Connect4, "score_table", lambda self: RefereeRows(self))
    for state, scores in zip(states, exact, strict=True):
        analysis = score_moves(game, state, ENOUGH)
        assert analysis.complete and analysis.score == _our_score(game, state) == max(s or 0 for s in scores.values())
        assert {entry.move: entry.score for entry in analysis.moves} == scores
        assert set(analysis.best) == _fastest(game, state)
