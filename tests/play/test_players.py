"""The computer levels: what each rule promises, checked on every 3x3 position where it matters."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import pytest

from perfectplay import MNK, MNKState, PerfectplayError, Player, analyze, parse_position
from perfectplay.play import choose_move
from perfectplay.play.matches import cached_analyst, play_game
from perfectplay.play.players import (
    LEVELS,
    MIXED_LEVELS,
    Analyst,
    casual_moves,
    check_level,
    friendly_moves,
    looks_like,
)
from perfectplay.search.base.result import Analysis

Candidates = Callable[[Analysis], tuple[int, ...]]


@pytest.fixture(scope="module")
def analyst() -> Analyst:
    return cached_analyst()


def every_move_the_level_may_play(level: str) -> Candidates:
    """Every move ``level`` plays with nonzero probability: its best moves and its casual ones."""
    if level == "friendly":
        return friendly_moves
    mixed = MIXED_LEVELS[level]

    def candidates(analysis: Analysis) -> tuple[int, ...]:
        moves = set(analysis.best)
        if mixed.casual_chance:
            moves.update(casual_moves(analysis, mixed.lookahead))
        return tuple(sorted(moves))

    return candidates


def worst_end(game: MNK, start: MNKState, computer: Player, candidates: Candidates, analyst: Analyst) -> int:
    """The worst game end for ``computer`` over every opponent move and every move the level may pick.

    1 win, 0 draw, -1 loss. Branching over all the level's candidates proves
    the result for every random seed at once.
    """

    @functools.cache
    def worst(state: MNKState) -> int:
        if game.is_over(state):
            winner = game.winner(state)
            return 0 if winner is None else 1 if winner is computer else -1
        if game.to_move(state) is computer:
            moves = candidates(analyst(game, state))
        else:
            moves = game.legal_moves(state)
        return min(worst(game.play(state, move)) for move in moves)

    return worst(start)


@pytest.mark.parametrize("level", ["perfect", "friendly"])
@pytest.mark.parametrize(
    ("computer", "first"), [(Player.X, Player.X), (Player.O, Player.X), (Player.O, Player.O), (Player.X, Player.O)]
)
def test_perfect_and_friendly_never_lose_to_any_sequence_of_moves_whatever_the_seed(
    tictactoe: MNK, analyst: Analyst, level: str, computer: Player, first: Player
) -> None:
    start = tictactoe.initial_state(first)
    assert worst_end(tictactoe, start, computer, every_move_the_level_may_play(level), analyst) >= 0


def test_perfect_against_perfect_is_always_a_draw_whatever_the_choices_among_best_moves(
    tictactoe: MNK, analyst: Analyst
) -> None:
    @functools.cache
    def ends(state: MNKState) -> frozenset[Player | None]:
        if tictactoe.is_over(state):
            return frozenset([tictactoe.winner(state)])
        return frozenset().union(*(ends(tictactoe.play(state, move)) for move in analyst(tictactoe, state).best))

    assert ends(tictactoe.initial_state()) == {None}


def positions_with_an_immediate_win(game: MNK, positions: list[MNKState], analyst: Analyst) -> list[Analysis]:
    return [
        analysis
        for analysis in (analyst(game, state) for state in positions if not game.is_over(state))
        if any(entry.outcome.name == "win" and entry.outcome.plies == 1 for entry in analysis.moves)
    ]


def positions_with_a_threat_that_can_be_blocked(
    game: MNK, positions: list[MNKState], analyst: Analyst
) -> list[Analysis]:
    """No win in one for the side to move, the opponent threatens one, and some move stops it."""
    found = []
    for state in positions:
        if game.is_over(state):
            continue
        analysis = analyst(game, state)
        plies = [(entry.outcome.name, entry.outcome.plies) for entry in analysis.moves]
        if ("win", 1) not in plies and ("loss", 2) in plies and any(p != ("loss", 2) for p in plies):
            found.append(analysis)
    return found


@pytest.mark.parametrize("level", ["perfect", "friendly", "hard", "medium"])
def test_every_level_but_easy_takes_a_win_in_one_on_every_3x3_position_that_has_one(
    tictactoe: MNK, all_positions: list[MNKState], analyst: Analyst, level: str
) -> None:
    """E.g. X to move:  X X .   every move the level may pick is 3 (or another win in one).
    O O .
    . . ."""
    candidates = every_move_the_level_may_play(level)
    cases = positions_with_an_immediate_win(tictactoe, all_positions, analyst)
    assert len(cases) > 1000
    for analysis in cases:
        wins_in_one = {entry.move for entry in analysis.moves if entry.score == 10}
        assert set(candidates(analysis)) <= wins_in_one, tictactoe.format(analysis.state)


@pytest.mark.parametrize("level", ["perfect", "friendly", "hard", "medium"])
def test_every_level_but_easy_blocks_an_immediate_threat_on_every_3x3_position_that_has_one(
    tictactoe: MNK, all_positions: list[MNKState], analyst: Analyst, level: str
) -> None:
    """E.g. X to move:  O O .   every move the level may pick is 3, the block.
    X . .
    X . ."""
    candidates = every_move_the_level_may_play(level)
    cases = positions_with_a_threat_that_can_be_blocked(tictactoe, all_positions, analyst)
    assert len(cases) > 500
    for analysis in cases:
        losing = {entry.move for entry in analysis.moves if entry.outcome.name == "loss" and entry.outcome.plies == 2}
        assert not set(candidates(analysis)) & losing, tictactoe.format(analysis.state)


def test_hard_and_medium_take_wins_and_block_through_choose_move_with_any_seed(
    tictactoe: MNK, all_positions: list[MNKState], analyst: Analyst
) -> None:
    wins = positions_with_an_immediate_win(tictactoe, all_positions, analyst)
    blocks = positions_with_a_threat_that_can_be_blocked(tictactoe, all_positions, analyst)
    rng = random.Random(11)
    for level in ("hard", "medium"):
        for analysis in wins:
            move = choose_move(tictactoe, analysis.state, level, rng, analyst=analyst)
            assert tictactoe.is_over(tictactoe.play(analysis.state, move))
        for analysis in blocks:
            move = choose_move(tictactoe, analysis.state, level, rng, analyst=analyst)
            outcome = next(entry.outcome for entry in analysis.moves if entry.move == move)
            assert (outcome.name, outcome.plies) != ("loss", 2)


def test_easy_always_takes_a_win_in_one_but_may_leave_a_threat_unblocked(
    tictactoe: MNK, all_positions: list[MNKState], analyst: Analyst
) -> None:
    candidates = every_move_the_level_may_play("easy")
    for analysis in positions_with_an_immediate_win(tictactoe, all_positions, analyst):
        assert all(tictactoe.is_over(tictactoe.play(analysis.state, move)) for move in candidates(analysis))
    game, state = parse_position("OO./X../X..")
    assert set(candidates(analyst(game, state))) > {2}


def test_friendly_prefers_a_draw_to_a_forced_win_but_never_skips_a_win_in_one() -> None:
    """X to move. Cells 2, 4 and 5 (from 0) win by force in 5; 0, 1, 3 and 6 draw.

     . | . | .
    ---+---+---
     . | . | .
    ---+---+---
     . | O | X
    """
    game, state = parse_position(".../.../.OX")
    analysis = analyze(game, state)
    assert analysis.outcome.name == "win"
    chosen = friendly_moves(analysis)
    assert chosen
    assert chosen == (0, 1, 3, 6)
    game, state = parse_position("XX./OO./...")
    assert friendly_moves(analyze(game, state)) == (2,)


def test_friendly_wins_slowly_when_every_move_that_does_not_lose_wins() -> None:
    """X to move has no draw and no win in one: 4 and 5 win in 3, 1 and 2 in 5, 0 loses.

     . | . | .
    ---+---+---
     X | . | .
    ---+---+---
     O | O | X
    """
    game, state = parse_position(".../X../OOX")
    assert friendly_moves(analyze(game, state)) == (1, 2)


def test_a_casual_player_sees_only_what_comes_within_its_lookahead() -> None:
    """X to move (the board above): 4 and 5 fork and win in 3; 1 and 2 win in 5; 0 loses in 4."""
    game, state = parse_position(".../X../OOX")
    analysis = analyze(game, state)
    outcomes = {entry.move: entry for entry in analysis.moves}
    assert looks_like(outcomes[4], 2) == 0
    assert looks_like(outcomes[4], 3) == outcomes[4].score
    assert looks_like(outcomes[0], 3) == 0
    assert looks_like(outcomes[0], 4) == outcomes[0].score
    assert casual_moves(analysis, 2) == (0, 1, 2, 4, 5)
    assert casual_moves(analysis, 3) == (4, 5)
    assert casual_moves(analysis, 0) == game.legal_moves(state)


def test_a_seeded_game_repeats_exactly(tictactoe: MNK, analyst: Analyst) -> None:
    for x_level, o_level in (("perfect", "perfect"), ("hard", "easy"), ("friendly", "random")):
        first = play_game(tictactoe, x_level, o_level, random.Random(42), analyst=analyst)
        again = play_game(tictactoe, x_level, o_level, random.Random(42), analyst=analyst)
        assert first == again


def test_different_seeds_vary_the_choice_among_equal_best_moves(tictactoe: MNK, analyst: Analyst) -> None:
    """Every first move on the empty board draws; perfect opens in any corner (the trickiest), hard anywhere."""
    empty = tictactoe.initial_state()
    openings = {choose_move(tictactoe, empty, "perfect", random.Random(seed), analyst=analyst) for seed in range(40)}
    assert openings == {0, 2, 6, 8}
    assert openings <= set(analyze(tictactoe, empty).best)
    hard = {choose_move(tictactoe, empty, "hard", random.Random(seed), analyst=analyst) for seed in range(80)}
    assert hard == set(range(9))


def test_without_a_generator_the_choice_depends_only_on_the_position() -> None:
    game, state = parse_position("X../.O./...")
    for level in LEVELS:
        assert len({choose_move(game, state, level) for _ in range(3)}) == 1


def test_random_plays_every_legal_move_and_never_asks_for_an_analysis(tictactoe: MNK) -> None:
    def refuse(game: Any, state: Any) -> Analysis:
        raise AssertionError("random must not analyse")

    empty = tictactoe.initial_state()
    rng = random.Random(3)
    seen = {choose_move(tictactoe, empty, "random", rng, analyst=refuse) for _ in range(200)}
    assert seen == set(range(9))


def test_each_move_asks_for_the_analysis_of_its_position_at_most_once(tictactoe: MNK) -> None:
    """Only perfect asks about other positions too: those after its move, to break ties."""
    calls = []

    def counting(game: Any, state: Any) -> Analysis:
        calls.append(state)
        return analyze(game, state)

    game, state = parse_position("X../.O./...")
    rng = random.Random(5)
    for level in LEVELS:
        for _ in range(5):
            calls.clear()
            choose_move(game, state, level, rng, analyst=counting)
            assert calls.count(state) <= 1
            if level != "perfect":
                assert len(calls) <= 1


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_moves_on_other_board_sizes(level: str) -> None:
    """A 4x4 board (k=4) late in a game and an empty 2x4 board (k=3), each played to the end."""
    rng = random.Random(8)
    for text, spec in (("XOXO/OXOX/X.../....", "mnk:4,4,4"), ("..../....", "mnk:2,4,3")):
        game, state = parse_position(text, spec)
        analyst = cached_analyst()
        _winner, moves = play_game(game, level, level, rng, analyst=analyst, start=state)
        assert 0 < len(moves) <= len(game.legal_moves(state))


def test_an_unknown_level_or_a_finished_game_is_a_clear_error(tictactoe: MNK) -> None:
    with pytest.raises(PerfectplayError, match="unknown level 'genius'"):
        check_level("genius")
    with pytest.raises(PerfectplayError, match="unknown level"):
        choose_move(tictactoe, tictactoe.initial_state(), "genius")
    game, state = parse_position("XXX/OO./...")
    with pytest.raises(PerfectplayError, match="the game is over"):
        choose_move(game, state, "easy")
