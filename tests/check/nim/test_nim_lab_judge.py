"""The hand-made Q-table checks judged, and each named bug found, on replies crafted as a buggy AI answers."""

from __future__ import annotations

import random

import pytest

from perfectplay.check.nim.answers import Answer, UnitReply, clean, unit
from perfectplay.check.nim.bugs import name_bugs
from perfectplay.check.nim.judge import games, judge_play, judge_unit, perfect_move
from perfectplay.check.nim.model import SeedResult, UnitResult
from perfectplay.check.nim.positions import LAB_START, Oracle, Rules, actions, reachable
from perfectplay.check.nim.questions import SHARE_ASKS, Case, share_bounds, unit_cases
from perfectplay.check.run.protocol import ProtocolError

CASES = {case.name: case for case in unit_cases(2026)}


def right_reply(case: Case) -> UnitReply:
    """What a correct NimAI answers: the specification's own answer, every time."""
    if case.method == "update_q_value":
        assert case.action is not None and case.expect_value is not None
        return UnitReply(table=((case.state, case.action, case.expect_value),))
    if case.method in ("get_q_value", "best_future_reward"):
        return UnitReply((Answer("number", number=case.expect_value),))
    rng = random.Random(1)
    if case.best:
        legal = sorted(actions(case.state))
        assert case.epsilon is not None
        chosen = [rng.choice(legal) if rng.random() < case.epsilon else min(case.best) for _ in range(case.repeat)]
        return UnitReply(tuple(Answer("pair", pair=pair) for pair in chosen))
    return UnitReply(tuple(Answer("pair", pair=min(case.expect_actions)) for _ in range(case.repeat)))


def judged(replies: dict[str, UnitReply]) -> list[UnitResult]:
    return [judge_unit(case, replies.get(name, right_reply(case))) for name, case in CASES.items()]


def test_the_specifications_own_answers_pass_every_check() -> None:
    assert all(result.passed for result in judged({})), [r.detail for r in judged({}) if not r.passed]


def test_the_tables_values_are_drawn_per_check_so_no_fixed_answers_pass() -> None:
    assert [case.expect_value for case in unit_cases(1)] != [case.expect_value for case in unit_cases(2)]
    assert unit_cases(7) == unit_cases(7)


def test_a_running_maximum_from_0_is_named_from_best_future_reward_where_every_action_is_bad() -> None:
    results = judged({"future_all_bad": UnitReply((Answer("number", number=0.0),))})
    assert not next(r for r in results if r.name == "future_all_bad").passed
    bugs = name_bugs(results, [], 30.0, 10_000)
    assert [bug.kind for bug in bugs] == ["running_max"]
    assert "best_future_reward([0, 0, 0, 2]) returned 0" in bugs[0].example


def test_a_greedy_choice_of_none_where_every_value_is_below_0_is_named() -> None:
    case = CASES["greedy_all_bad"]
    results = judged({"greedy_all_bad": UnitReply(tuple(Answer("none") for _ in range(case.repeat)))})
    bugs = name_bugs(results, [], 30.0, 10_000)
    assert [bug.kind for bug in bugs] == ["none_at_zero"]
    assert bugs[0].title == "the greedy choice is None"


def test_greedy_play_that_still_explores_is_named_not_greedy() -> None:
    case = CASES["greedy_best"]
    # Reads self.epsilon (0.5 here) instead of the argument: a random action about a third of the time.
    rng = random.Random(3)
    legal = sorted(actions(case.state))
    chosen = [rng.choice(legal) if rng.random() < 0.5 else (1, 1) for _ in range(case.repeat)]
    results = judged({"greedy_best": UnitReply(tuple(Answer("pair", pair=pair) for pair in chosen))})
    assert [bug.kind for bug in name_bugs(results, [], 30.0, 10_000)] == ["not_greedy"]


def test_epsilon_true_that_never_explores_is_named() -> None:
    case = CASES["epsilon_share"]
    results = judged({"epsilon_share": UnitReply(tuple(Answer("pair", pair=(2, 1)) for _ in range(case.repeat)))})
    assert [bug.kind for bug in name_bugs(results, [], 30.0, 10_000)] == ["never_explores"]


def test_training_over_the_budget_and_a_table_with_no_value_below_0_are_named() -> None:
    slow = SeedResult(1, 10_000, False, "train(10,000) did not finish within 30 CPU seconds", "timeout")
    flat = SeedResult(2, 10_000, True, entries=500, negative_values=0, lowest_value=0.0)
    kinds = [bug.kind for bug in name_bugs(judged({}), [slow, flat], 30.0, 10_000)]
    assert kinds == ["too_slow", "no_negative"]


def test_the_epsilon_share_accepts_both_readings_of_the_specification_and_refuses_none() -> None:
    low, high = share_bounds(0.5, 4, SHARE_ASKS)
    assert low < 0.375 < 0.5 < high
    assert low > 0.3 and high < 0.56


def test_an_update_that_leaves_the_wrong_value_says_what_the_specification_says() -> None:
    case = CASES["update_down"]
    assert case.action is not None
    result = judge_unit(case, UnitReply(table=((case.state, case.action, 0.0),)))
    assert not result.passed
    assert f"the specification says {case.expect_value:g}" in result.detail


def test_a_perfect_player_takes_a_winning_move_in_all_335_winnable_positions() -> None:
    oracle = Oracle(Rules(True, LAB_START))
    positions = reachable(LAB_START)
    play = judge_play(oracle, positions, [Answer("pair", pair=perfect_move(oracle, p)) for p in positions], 1)
    assert (play.winnable, play.winning, play.legal, play.wrong_total) == (335, 335, 383, 0)
    perfect_first, perfect_second = play.games[0], play.games[1]
    # 1,3,5,7 is lost for the side to move: moving first, even perfect play loses, and the report says why.
    assert (perfect_first.won, perfect_first.lost_start) == (0, True)
    assert (perfect_second.won, perfect_second.lost_start) == (1, False)


def test_wrong_and_missing_answers_are_counted_and_the_simplest_wrong_position_comes_first() -> None:
    oracle = Oracle(Rules(True, LAB_START))
    positions = reachable(LAB_START)
    got = [Answer("none") if sum(p) <= 3 else Answer("pair", pair=perfect_move(oracle, p)) for p in positions]
    play = judge_play(oracle, positions, got, 1)
    assert play.none_answers == sum(1 for p in positions if sum(p) <= 3)
    assert play.wrong and sum(play.wrong[0].piles) == 2  # one object left loses: the first winnable has two
    assert play.first_none is not None and sum(play.first_none) == 1


def test_games_against_random_are_reproducible_from_the_seed() -> None:
    oracle = Oracle(Rules(True, LAB_START))
    table = {p: Answer("pair", pair=min(actions(p))) for p in reachable(LAB_START)}
    assert games(oracle, table, 5) == games(oracle, table, 5)


@pytest.mark.parametrize(
    "record",
    [
        {"kind": "unit", "answers": [["pair", True, 1]]},
        {"kind": "unit", "answers": [["number", float("nan")]]},
        {"kind": "unit", "answers": "everything"},
        {"kind": "seed", "answers": [["pair", 1, 1]] * 3000},
        {"kind": "surprise"},
        {"kind": "move", "answer": ["pair", 10**20, 1]},
        {"kind": "unit", "table": [[[1, 2], [1], 0.5]]},
    ],
)
def test_a_reply_of_the_wrong_shape_is_the_candidates_protocol_failure(record: dict[str, object]) -> None:
    with pytest.raises(ProtocolError):
        clean(record)


def test_a_cleaned_reply_reads_back_the_same() -> None:
    record = {
        "kind": "unit",
        "answers": [["pair", 1, 2], ["number", -0.5], ["none"], ["other", "str", "'x'"], ["error", "KeyError", 7]],
        "table": [[[0, 0, 2, 1], [2, 1], 0.625]],
        "printed": 3,
    }
    cleaned = clean(record)
    assert clean(cleaned) == cleaned
    assert unit(cleaned).answers[4].show() == "raised KeyError (line 7)"


def test_a_choice_that_is_simply_wrong_every_time_is_not_named_a_bug_it_does_not_show() -> None:
    # (0, 1) always: illegal in most states, the same in all, never exploring or random: wrong, but no named bug.
    replies = {
        name: UnitReply(tuple(Answer("pair", pair=(0, 1)) for _ in range(case.repeat)))
        for name, case in CASES.items()
        if case.method == "choose_action"
    }
    results = judged(replies)
    assert not all(result.passed for result in results)
    assert [bug.kind for bug in name_bugs(results, [], 30.0, 10_000)] == []
