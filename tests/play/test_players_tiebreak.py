"""How ``perfect`` chooses among equally good moves: never off the best score, and hardest to answer.

The win rates against a uniformly random opponent are computed exactly, by
walking every 3x3 position, rather than sampled; so nothing here depends on
luck or on the clock.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from types import SimpleNamespace
from typing import Any, cast

import pytest

from perfectplay import MNK, Game, Limit, MNKState, Player, analyze, parse_position
from perfectplay.game import Outcome
from perfectplay.play import choose_move
from perfectplay.play.matches import cached_analyst, play_game
from perfectplay.play.players import Analyst
from perfectplay.play.tiebreak import MOVES_LOOKED_AT, expected_results, trickiest
from perfectplay.search.base.result import Analysis


@pytest.fixture(scope="module")
def analyst() -> Analyst:
    return cached_analyst()


def counting(calls: list[Any], analyst: Analyst = analyze) -> Analyst:
    """``analyst``, recording every position it is asked about in ``calls``."""

    def ask(game: Any, state: Any) -> Analysis:
        calls.append(state)
        return analyst(game, state)

    return ask


def tied(game: Any, analyst: Analyst) -> Callable[[Any], tuple[int, ...]]:
    """The moves ``perfect`` picks from at random in each position (its tie-break's answer)."""
    return lambda state: trickiest(game, state, analyst(game, state), random.Random(0), analyst)


def any_best(game: Any, analyst: Analyst) -> Callable[[Any], tuple[int, ...]]:
    """The rule before: any best move."""
    return lambda state: analyst(game, state).best


def test_the_choice_is_always_among_moves_of_the_best_score_on_every_3x3_position(
    tictactoe: MNK, all_positions: list[MNKState], analyst: Analyst
) -> None:
    rng = random.Random(12)
    for state in all_positions:
        if tictactoe.is_over(state):
            continue
        analysis = analyst(tictactoe, state)
        scores = {entry.move: entry.score for entry in analysis.moves if entry.score is not None}
        top = max(scores.values())
        chosen = trickiest(tictactoe, state, analysis, rng, analyst)
        assert chosen, tictactoe.format(state)
        assert all(scores[move] == top for move in chosen), tictactoe.format(state)
        assert choose_move(tictactoe, state, "perfect", rng, analyst=analyst) in chosen


def test_the_exact_walk_reproduces_the_known_odds_of_random_against_random(tictactoe: MNK) -> None:
    """58.5% X wins, 12.7% draws, 28.8% O wins: the textbook figures for two random players."""
    empty = tictactoe.initial_state()
    assert expected_results(tictactoe, empty, Player.X, tictactoe.legal_moves) == (
        Fraction(737, 1260),
        Fraction(8, 63),
        Fraction(121, 420),
    )


@pytest.mark.parametrize(
    ("side", "before", "after", "floor"),
    [
        (Player.X, Fraction(75257, 77760), Fraction(191, 192), Fraction(985, 1000)),
        (Player.O, Fraction(2645, 3402), Fraction(866, 945), Fraction(89, 100)),
    ],
)
def test_against_a_uniformly_random_opponent_perfect_wins_as_often_as_a_player_who_never_loses_can(
    tictactoe: MNK, analyst: Analyst, side: Player, before: Fraction, after: Fraction, floor: Fraction
) -> None:
    """Exact over the whole 3x3 tree, X moving first: 96.8% -> 99.48% as X, 77.7% -> 91.64% as O.

    ``after`` is the most any player restricted to best moves can win
    (expectimax), so the tie-break leaves nothing on the table.
    """
    empty = tictactoe.initial_state()
    assert expected_results(tictactoe, empty, side, any_best(tictactoe, analyst)) == (before, 1 - before, Fraction(0))
    wins, draws, losses = expected_results(tictactoe, empty, side, tied(tictactoe, analyst))
    assert (wins, draws, losses) == (after, 1 - after, Fraction(0))
    assert wins >= floor


def test_the_one_reply_rule_for_big_boards_also_wins_far_more_often_than_a_random_choice(
    tictactoe: MNK, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Forced onto 3x3 (no exact chances, every best move looked at): 99.22% as X, 88.11% as O."""
    monkeypatch.setattr("perfectplay.play.tiebreak.EXACT_POSITIONS", 1)
    monkeypatch.setattr("perfectplay.play.tiebreak.MOVES_LOOKED_AT", 9)
    fresh = cached_analyst()  # nothing remembered from the exact rule
    empty = tictactoe.initial_state()
    as_x = expected_results(tictactoe, empty, Player.X, tied(tictactoe, fresh))
    as_o = expected_results(tictactoe, empty, Player.O, tied(tictactoe, fresh))
    assert as_x == (Fraction(127, 128), Fraction(1, 128), Fraction(0))
    assert as_o == (Fraction(2498, 2835), Fraction(337, 2835), Fraction(0))


def test_equal_chances_are_chosen_at_random_so_games_vary(tictactoe: MNK, analyst: Analyst) -> None:
    """X opens in a corner (only the centre answers it); O answers the centre in a corner. Any corner."""
    empty = tictactoe.initial_state()
    corners = {0, 2, 6, 8}
    openings = {choose_move(tictactoe, empty, "perfect", random.Random(seed), analyst=analyst) for seed in range(40)}
    assert openings == corners
    centre = tictactoe.play(empty, 4)
    replies = {choose_move(tictactoe, centre, "perfect", random.Random(seed), analyst=analyst) for seed in range(40)}
    assert replies == corners
    games = {
        tuple(play_game(tictactoe, "perfect", "random", random.Random(seed), analyst=analyst)[1]) for seed in range(30)
    }
    assert len(games) >= 25


@pytest.mark.slow  # 16 games, half with a cold cache
def test_a_seeded_game_repeats_exactly_whether_or_not_the_chances_are_already_remembered(tictactoe: MNK) -> None:
    warm = cached_analyst()
    seed = 1  # one seeded game per opponent and seat, each played twice: repeating is the point, not volume
    for opponent in ("random", "easy", "medium", "perfect"):
        first = play_game(tictactoe, "perfect", opponent, random.Random(seed), analyst=cached_analyst())
        again = play_game(tictactoe, "perfect", opponent, random.Random(seed), analyst=warm)
        third = play_game(tictactoe, opponent, "perfect", random.Random(seed), analyst=warm)
        assert first == again
        assert third == play_game(tictactoe, opponent, "perfect", random.Random(seed), analyst=cached_analyst())


def test_a_forced_win_keeps_every_fastest_win_and_asks_for_nothing_more() -> None:
    """X to move forks with 0 or 2 and wins in 3 whatever O does: both stay.

    . X .
    O . .
    . O X
    """
    game, state = parse_position(".X./O../.OX")
    calls: list[Any] = []
    assert trickiest(game, state, analyze(game, state), random.Random(1), counting(calls)) == (0, 2)
    assert calls == []


def test_on_a_bigger_board_a_move_asks_for_at_most_four_analyses_beyond_its_own() -> None:
    """4x4, k=4, X to move: a draw with twelve best moves and far more than 6,000 positions to come.

    X O . .
    O X . .
    . . . .
    . . . .
    """
    game, state = parse_position("XO../OX../..../....", "mnk:4,4,4")
    best = set(analyze(game, state).best)
    assert len(best) > MOVES_LOOKED_AT
    chosen = set()
    for seed in range(3):
        calls: list[Any] = []
        chosen.add(choose_move(game, state, "perfect", random.Random(seed), analyst=counting(calls)))
        assert calls.count(state) == 1
        assert len(calls) <= 1 + MOVES_LOOKED_AT
    assert chosen <= best
    assert len(chosen) > 1


def test_a_small_4x4_ending_gets_the_exact_chances_too() -> None:
    """4x4, k=4, X to move, every empty cell draws; under 6,000 positions remain, so expectimax decides.

    X O X O
    O X O X
    . . . .
    . . . .
    """
    game, state = parse_position("XOXO/OXOX/..../....", "mnk:4,4,4")
    analyst = cached_analyst()
    analysis = analyst(game, state)
    chosen = trickiest(game, state, analysis, random.Random(2), analyst)
    assert set(chosen) <= set(analysis.best)
    points = {}
    for move in analysis.best:
        wins, draws, _ = expected_results(game, game.play(state, move), Player.X, tied(game, analyst))
        points[move] = wins + draws / 2
    assert set(chosen) == {move for move, value in points.items() if value == max(points.values())}
    assert len(set(points.values())) > 1


def test_an_analyst_that_only_knows_the_position_itself_leaves_every_best_move_possible() -> None:
    """Like a front end that hands the player one finished analysis: no tie-break, no wrong one."""
    game, state = parse_position("X../.O./...")
    analysis = analyze(game, state)

    def only_this(_game: Any, _state: Any) -> Analysis:
        return analysis

    assert trickiest(game, state, analysis, random.Random(4), only_this) == analysis.best
    assert len(analysis.best) > 1


def test_best_moves_whose_scores_a_limit_left_unproven_are_all_kept() -> None:
    """5x5, k=4, stopped after 200 nodes: the preferred moves are guesses, so nothing is ranked."""
    game, state = parse_position("...../...../..X../...../.....", "mnk:5,5,4")
    analysis = analyze(game, state, limit=Limit(nodes=200))
    assert analysis.outcome.name == "unknown"
    calls: list[Any] = []
    assert trickiest(game, state, analysis, random.Random(5), counting(calls)) == analysis.best
    assert calls == []


@dataclass(frozen=True)
class Pile:
    stones: int
    to_move: Player


class TakeOneOrTwo:
    """Take one or two stones; whoever takes the last one wins. A pile of 3n is lost for the side to move."""

    name = "take-one-or-two"

    def legal_moves(self, state: Pile) -> tuple[int, ...]:
        return tuple(take for take in (1, 2) if take <= state.stones)

    def play(self, state: Pile, move: int) -> Pile:
        return Pile(state.stones - move, state.to_move.other)

    def to_move(self, state: Pile) -> Player:
        return state.to_move

    def is_over(self, state: Pile) -> bool:
        return state.stones == 0

    def winner(self, state: Pile) -> Player | None:
        return state.to_move.other if state.stones == 0 else None


def pile_analysis(_game: Any, state: Pile) -> Any:
    """The exact analysis of a pile, from the rule: every round of two plies takes three stones."""
    moves = []
    for take in (1, 2)[: state.stones]:
        left = state.stones - take
        if left % 3:  # the opponent wins: it takes left % 3, then answers every move to make three
            plies = 2 * (left // 3) + 2
            moves.append(SimpleNamespace(move=take, score=plies - 10_000, outcome=Outcome("loss", plies)))
        else:
            plies = 2 * (left // 3) + 1
            moves.append(SimpleNamespace(move=take, score=10_000 - plies, outcome=Outcome("win", plies)))
    top = max(entry.score for entry in moves)
    return SimpleNamespace(
        moves=tuple(moves), best=tuple(entry.move for entry in moves if entry.score == top), complete=True
    )


def test_a_long_game_gets_exact_chances_without_running_out_of_stack() -> None:
    """1,500 stones: lost for the side to move, both moves lose in 1,000 plies; about 3,000 positions."""
    # The tie-break asks a game only for its moves, play, to_move, is_over and winner.
    game, state = cast(Game[Any], TakeOneOrTwo()), Pile(1500, Player.X)
    analysis = pile_analysis(game, state)
    assert analysis.best == (1, 2)
    calls: list[Any] = []
    chosen = trickiest(game, state, analysis, random.Random(6), counting(calls, pile_analysis))
    assert chosen
    assert set(chosen) <= {1, 2}
    assert len(calls) > 1000  # walked to the end of the game, not the one-reply rule
