"""Win, draw or loss first: the probes that prove a move keeps the value, and the limited search that uses them.

Every claim is checked against the exact solver (``score_moves``): the
outcome ``prove_outcomes`` finds is the sign of the best exact score, the
moves it keeps have that sign, its draws score 0 and its losses less.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from perfectplay.game import Game
from perfectplay.games.connect4 import Connect4
from perfectplay.games.mnk import MNK
from perfectplay.search.analysis import analyze
from perfectplay.search.base.budget import Budget
from perfectplay.search.base.limits import Limit
from perfectplay.search.base.result import MoveValue, assemble
from perfectplay.search.solver.compiled import negamax_for
from perfectplay.search.solver.deepening import steadier
from perfectplay.search.solver.exact import score_moves
from perfectplay.search.solver.outcomes import DRAW, LOSS, Settling, prove_outcomes
from perfectplay.search.solver.root import Root
from perfectplay.search.solver.table import PROVEN, TranspositionTable
from perfectplay.words import choice_text, unproven_text


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


def random_positions(game: Game[Any], count: int, plies: range, seed: int) -> list[Any]:
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        state = game.initial_state()
        for _ in range(rng.choice(plies)):
            if game.is_over(state):
                break
            state = game.play(state, rng.choice(game.legal_moves(state)))
        if not game.is_over(state):
            found.append(state)
    return found


@pytest.mark.parametrize(
    ("game", "plies"),
    [(Connect4(5, 4), range(0, 12)), (Connect4(), range(14, 26)), (MNK(4, 4, 3), range(0, 9))],
    ids=["connect4-5x4", "connect4-7x6", "mnk-4x4x3"],
)
def test_the_outcome_and_the_moves_kept_agree_with_the_exact_scores(game: Game[Any], plies: range) -> None:
    for state in random_positions(game, 12, plies, seed=18):
        exact = {entry.move: entry.score for entry in score_moves(game, state).moves}
        assert None not in exact.values()
        found = prove_outcomes(Root(game, state, negamax_for(game, TranspositionTable(), Budget(None, None))))
        best = max(score for score in exact.values() if score is not None)
        assert found.outcome == sign(best)
        assert found.keeping and all(sign(exact[move] or 0) == found.outcome for move in found.keeping)
        assert all(exact[move] == 0 for move in found.draws)
        assert all((exact[move] or 0) < 0 for move in found.losses)
        if found.outcome == DRAW:
            assert found.draws == {move for move, score in exact.items() if score == 0}
        if found.outcome == LOSS:
            assert found.keeping == set(exact)


def test_a_search_stopped_before_the_exact_scores_still_keeps_a_proven_win() -> None:
    # Pons's Test_L2_R2 position: proving a winning move takes about 18,000 nodes, every exact score 323,000.
    game = Connect4()
    state = game.parse("746173754326277")
    stopped = analyze(game, state, limit=Limit(nodes=70_000))
    assert not stopped.complete
    assert stopped.outcome_class == "win"
    exact = {entry.move: entry.score for entry in analyze(game, state).moves}
    assert stopped.best and all((exact[move] or 0) > 0 for move in stopped.best)
    words = unproven_text(stopped)
    # The top move's proven win is the analysis's value (``stopped.outcome``): the words give its length.
    assert words is not None and words.startswith(f"a proven {stopped.outcome}; the other moves not all valued in ")


def test_a_search_stopped_before_the_outcome_says_only_what_it_found() -> None:
    game = Connect4()
    # Nine moves in, off the opening book's lines and past the outcome layer (8 moves in): only a search answers.
    stopped = analyze(game, game.parse("117654321"), limit=Limit(nodes=20_000))
    assert not stopped.complete and stopped.outcome_class is None
    words = unproven_text(stopped)
    assert words is not None and words.startswith("best found in ")


def test_a_stopped_search_proves_a_draw_exactly() -> None:
    # A drawn position where the win/draw/loss probes take under 85,000 nodes, every exact score 96,000.
    game = Connect4()
    state = game.parse("5774746335571551111")
    stopped = analyze(game, state, limit=Limit(nodes=90_000))
    assert not stopped.complete
    assert stopped.outcome_class == "draw" and stopped.score == 0 and stopped.outcome.name == "draw"
    exact = score_moves(game, state)
    assert exact.score == 0
    draws = {entry.move for entry in exact.moves if entry.score == 0}
    assert stopped.best and set(stopped.best) <= draws
    assert {entry.move for entry in stopped.moves if entry.score == 0} == draws
    words = unproven_text(stopped)
    assert words is not None and words.startswith("a proven draw")


@pytest.mark.parametrize(
    ("game", "plies"),
    [(Connect4(5, 4), range(0, 12)), (Connect4(), range(14, 26)), (MNK(4, 4, 3), range(0, 9))],
    ids=["connect4-5x4", "connect4-7x6", "mnk-4x4x3"],
)
def test_settling_the_moves_one_probe_at_a_time_proves_what_the_exact_scores_say(game: Game[Any], plies: range) -> None:
    for state in random_positions(game, 12, plies, seed=26):
        exact = {entry.move: entry.score or 0 for entry in score_moves(game, state).moves}
        root = Root(game, state, negamax_for(game, TranspositionTable(), Budget(None, None)))
        settling = Settling(root)
        allowance = 1_000
        while not settling.done:  # small allowances: most probes run out and are tried again from the table
            settling.round(allowance, {})
            allowance *= 2
        found = settling.outcomes()
        best = max(exact.values())
        assert settling.settled and found.outcome == sign(best)
        assert found.keeping and all(sign(exact[move]) == found.outcome for move in found.keeping)
        if found.outcome == DRAW:
            assert found.draws == {move for move, score in exact.items() if score == 0}
            assert found.losses == {move for move, score in exact.items() if score < 0}


def test_a_search_stopped_before_the_outcome_plays_a_move_proven_to_keep_the_draw_not_a_guess_that_loses() -> None:
    # A drawn position (only 4 and 6 draw) that takes about 640,000 nodes to solve. Stopped at 300,000, the
    # search before the win/draw/loss probes were kept between rounds played its depth-limited favourites, 2 or
    # 4: 2 loses. Now the probes have proven by then that 6 draws at least, and no guess is preferred to it.
    game = Connect4()
    state = game.parse("6326147142356464")
    stopped = analyze(game, state, limit=Limit(nodes=300_000))
    assert not stopped.complete
    exact = {entry.move: entry.score or 0 for entry in analyze(game, state).moves}
    assert max(exact.values()) == 0
    assert stopped.best and all(exact[move] == 0 for move in stopped.best)


def test_a_move_proven_to_draw_where_the_position_is_not_proven_is_not_said_to_make_the_game_a_draw() -> None:
    game = Connect4()
    state = game.parse("6326147142356464")
    entries = [MoveValue.exact(5, 0, game.max_plies), MoveValue.exact(4, -34, game.max_plies)]
    entries += [MoveValue.guess(move, 1) for move in (0, 1, 2, 3, 6)]
    stopped = assemble(game, state, entries, nodes=1, seconds=0.1, complete=False, algorithm="solver", preferred=(5,))
    words = choice_text(game, stopped, 5, "perfect", None, proven_from_start=False)
    assert "This move is proven to draw" in words and "the game is a draw" not in words
    assert "1 move does worse" in words and "may be as good or better" in words
    settled = assemble(
        game,
        state,
        entries,
        nodes=1,
        seconds=0.1,
        complete=False,
        algorithm="solver",
        preferred=(5,),
        outcome_class="draw",
    )
    drawn = choice_text(game, settled, 5, "perfect", None)
    assert "With best play from here the game is a draw." in drawn
    assert "not valued before the limit, so one of them may be as good." in drawn and "or better" not in drawn


@pytest.mark.parametrize("nodes", [20_000, 60_000, 150_000])
def test_a_stopped_search_never_plays_a_move_worse_than_one_it_proved(nodes: int) -> None:
    game = Connect4()
    for state in random_positions(game, 16, range(12, 24), seed=nodes):
        stopped = analyze(game, state, limit=Limit(nodes=nodes))
        proven = [sign(entry.score) for entry in stopped.moves if entry.score is not None]
        if stopped.complete or not proven:
            continue
        exact = {entry.move: entry.score or 0 for entry in analyze(game, state).moves}
        assert all(sign(exact[move]) >= max(proven) for move in stopped.best)


@pytest.mark.parametrize("position", ["311576511113454", "6411712567162364"], ids=["won", "drawn"])
def test_a_search_stopped_with_nothing_proven_plays_by_its_last_two_iterations_and_keeps_the_value(
    position: str,
) -> None:
    # At 30,000 nodes the search stops at depth 7 with no move's outcome proven. Its last iteration alone
    # preferred 4 or 6 in the won position (4 only draws) and 4, 6 or 7 in the drawn one (6 loses); the sum of
    # the last two iterations (``steadier``) prefers moves that keep the value (random games, seed 5, plies 10-20).
    game = Connect4()
    state = game.parse(position)
    stopped = analyze(game, state, limit=Limit(nodes=30_000))
    assert not stopped.complete and stopped.outcome_class is None and stopped.depth == 7
    root = Root(game, state, negamax_for(game, TranspositionTable(), Budget(None, None)))
    outcome = prove_outcomes(root).outcome
    assert stopped.best
    for move in stopped.best:
        assert sign(root.search_child(move, PROVEN, -1, 1)) == outcome


def test_the_steadier_values_add_the_last_two_iterations_and_keep_the_last_alone_when_it_is_the_first() -> None:
    assert steadier({0: 5, 1: -3}, {0: -2, 1: 4}) == {0: 3, 1: 1}
    assert steadier({0: 5, 1: -3}, {}) == {0: 5, 1: -3}
