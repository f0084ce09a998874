"""perfectplay.rl.environments through PettingZoo's and Gymnasium's own classic environments and checkers."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test  # type: ignore[import-untyped]  # PettingZoo ships no types

from perfectplay import Connect4, Player, analyze, make_game
from perfectplay.errors import PerfectplayError, PositionError
from perfectplay.games.connect4 import outcome_of_pons_score
from perfectplay.rl import (
    action_values,
    codec,
    evaluate,
    gymnasium_env,
    make_pettingzoo,
    optimal_actions,
    perfect_policy,
    pettingzoo_action_values,
    pettingzoo_env,
    proven_optimal_actions,
    random_policy,
    reference,
)
from perfectplay.search.solver import TranspositionTable
from repo_paths import TESTS

PONS = TESTS / "data" / "connect4" / "Test_L3_R1"


def _replay(env: Any, actions: list[int]) -> Any:
    env.reset(seed=0)
    for action in actions:
        env.step(action)
    return env


def _tictactoe_from_squares(squares: list[int]) -> str:
    """PettingZoo's board, read through its documented layout (squares[col * 3 + row]) into rows."""
    letters = {0: ".", 1: "X", 2: "O"}
    return "/".join("".join(letters[squares[col * 3 + row]] for col in range(3)) for row in range(3))


def test_pettingzoo_numbers_tictactoe_down_the_columns_and_the_codec_follows() -> None:
    env = _replay(make_pettingzoo("tictactoe"), [3, 1])
    #   . X .     X played action 3 (top middle), O action 1 (middle left)
    #   O . .
    #   . . .
    observation, _, _, _, _ = env.last()
    assert env.agent_selection == "player_1"
    game, state = codec("tictactoe").game, codec("tictactoe").state_of(observation)
    assert game.format(state) == ".X./O../..."
    assert game.to_move(state) is Player.X
    assert _tictactoe_from_squares(env.unwrapped.board.squares) == ".X./O../..."


def test_the_observation_is_from_the_agent_to_move() -> None:
    env = _replay(make_pettingzoo("tictactoe"), [4])
    observation, _, _, _, _ = env.last()
    assert env.agent_selection == "player_2"
    assert observation["observation"][1, 1, 1] == 1  # the centre X is the opponent's stone for O
    state = codec("tictactoe").state_of(observation)
    assert codec("tictactoe").game.format(state) == ".../.X./..."
    assert codec("tictactoe").game.to_move(state) is Player.O


@pytest.mark.slow  # every position replayed through PettingZoo
def test_values_agree_with_the_solver_on_every_tictactoe_position_reachable_through_pettingzoo() -> None:
    game = make_game("tictactoe")
    table = TranspositionTable()
    env = make_pettingzoo("tictactoe")
    seen: dict[str, list[int]] = {}
    # The squares each side took: two orders of the same moves meet in one position, replayed once.
    taken: set[tuple[frozenset[int], frozenset[int]]] = set()
    frontier: list[list[int]] = [[]]
    at: list[int] | None = None  # the actions the environment has played since its last reset
    finished = 0
    while frontier:
        actions = frontier.pop()
        squares = (frozenset(actions[0::2]), frozenset(actions[1::2]))
        if squares in taken:
            continue
        taken.add(squares)
        if at is not None and actions[:-1] == at:
            env.step(actions[-1])  # a child of the position just visited: one step, no replay from the start
        else:
            _replay(env, actions)
        at = actions
        text = _tictactoe_from_squares(env.unwrapped.board.squares)
        assert text not in seen, f"{text} reached by {seen.get(text)} and by {actions}"
        seen[text] = actions
        observation, _, termination, _, _ = env.last()
        values = pettingzoo_action_values("tictactoe", observation)
        if termination:
            finished += 1
            assert values == [None] * 9
            continue
        analysis = analyze(game, game.parse(text), table=table)
        expected: list[int | None] = [None] * 9
        for entry in analysis.moves:
            row, col = divmod(entry.move, 3)
            expected[col * 3 + row] = entry.score
        assert values == expected, text
        assert [value is not None for value in values] == [bool(bit) for bit in observation["action_mask"]]
        frontier.extend([*actions, action] for action in range(9) if observation["action_mask"][action])
    assert len(seen) == 5478
    assert finished == 958


def test_the_perfect_policy_never_loses_in_pettingzoo_from_either_seat() -> None:
    env = make_pettingzoo("tictactoe")
    results = []
    for seed in range(30):
        perfect = perfect_policy("tictactoe", seed=seed)
        rand = random_policy(seed)
        for perfect_agent in ("player_1", "player_2"):
            env.reset(seed=seed)
            for agent in env.agent_iter():
                observation, reward, termination, truncation, _ = env.last()
                if termination or truncation:
                    if agent == perfect_agent:
                        results.append(reward)
                    env.step(None)
                    continue
                env.step(perfect(observation) if agent == perfect_agent else rand(observation))
    assert len(results) == 60
    assert min(results) >= 0
    assert max(results) == 1


def test_two_perfect_policies_always_draw_in_pettingzoo() -> None:
    env = make_pettingzoo("tictactoe")
    for seed in range(5):
        first, second = perfect_policy("tictactoe", seed=seed), perfect_policy("tictactoe", seed=seed + 50)
        env.reset(seed=seed)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            if termination or truncation:
                assert reward == 0
                env.step(None)
                continue
            env.step((first if agent == "player_1" else second)(observation))


def test_the_perfect_policy_wins_at_once_and_blocks_through_pettingzoo_numbers() -> None:
    # X X .    X to move: the win is row 0, column 2, PettingZoo's action 6
    # O O .
    # . . .
    env = _replay(make_pettingzoo("tictactoe"), [0, 1, 3, 4])
    observation, _, _, _, _ = env.last()
    assert perfect_policy("tictactoe", seed=1)(observation) == 6
    assert pettingzoo_action_values("tictactoe", observation)[6] == 10


def test_the_choice_among_equal_actions_is_seeded_and_epsilon_adds_noise() -> None:
    env = _replay(make_pettingzoo("tictactoe"), [])
    observation, _, _, _, _ = env.last()
    picks = [perfect_policy("tictactoe", seed=7)(observation) for _ in range(3)]
    assert len(set(picks)) == 1
    spread = {perfect_policy("tictactoe", seed=seed)(observation) for seed in range(40)}
    assert len(spread) > 3
    blocked = _replay(make_pettingzoo("tictactoe"), [0, 1, 3])
    #   X X .    O must block at row 0, column 2: PettingZoo's action 6
    #   O . .    (with epsilon 1 it plays any legal action instead)
    #   . . .
    observation, _, _, _, _ = blocked.last()
    assert perfect_policy("tictactoe", seed=3)(observation) == 6
    noisy = perfect_policy("tictactoe", seed=3, epsilon=1.0)
    assert {noisy(observation) for _ in range(60)} > {6}
    with pytest.raises(PerfectplayError, match="epsilon"):
        perfect_policy("tictactoe", epsilon=1.5)


def test_a_malformed_observation_is_refused_with_what_is_wrong() -> None:
    bad = {"observation": np.ones((3, 3, 2), dtype=np.int8), "action_mask": np.zeros(9, dtype=np.int8)}
    with pytest.raises(PositionError):
        pettingzoo_action_values("tictactoe", bad)
    won = _replay(make_pettingzoo("tictactoe"), [0, 1, 3, 4, 6])
    #   X X X    X has won along the top row (PettingZoo's 0, 3, 6): no action is left
    #   O O .
    #   . . .
    finished = won.observe("player_2")
    with pytest.raises(PerfectplayError, match="over"):
        perfect_policy("tictactoe")(finished)
    with pytest.raises(PositionError, match="shape"):
        pettingzoo_action_values("tictactoe", {"observation": np.zeros((6, 7, 2)), "action_mask": np.zeros(9)})


def _pons_positions(count: int) -> list[tuple[str, int]]:
    lines = PONS.read_text(encoding="utf-8").split("\n")[:count]
    return [(sequence, int(score)) for sequence, score in (line.split() for line in lines)]


def test_connect_four_values_near_the_end_agree_with_pons_through_pettingzoo() -> None:
    game = make_game("connect4")
    for sequence, pons in _pons_positions(4):
        env = _replay(make_pettingzoo("connect4"), [int(char) - 1 for char in sequence])
        observation, _, _, _, _ = env.last()
        assert env.agent_selection == ("player_0" if len(sequence) % 2 == 0 else "player_1")
        values = pettingzoo_action_values("connect4", observation)
        state = game.parse(sequence)
        expected: list[int | None] = [None] * 7
        for entry in analyze(game, state).moves:
            expected[entry.move] = entry.score
        assert values == expected
        top = max(value for value in values if value is not None)
        assert analyze(game, state).score == top
        assert str(outcome_of_pons_score(pons, len(sequence))) == str(analyze(game, state).outcome)
        action = perfect_policy("connect4", seed=0)(observation)
        assert action in optimal_actions(values)


def test_pettingzoos_api_test_passes_on_both_games_with_the_oracle() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(pettingzoo_env("tictactoe"), num_cycles=200)
        api_test(pettingzoo_env("connect4", oracle=False), num_cycles=200)


def test_pettingzoos_infos_carry_the_oracle_for_the_agent_to_move_only() -> None:
    env = pettingzoo_env("tictactoe")
    env.reset(seed=0)
    env.step(4)
    assert "action_values" not in env.infos["player_1"]
    assert env.infos["player_2"]["optimal_actions"] == [0, 2, 6, 8]
    assert env.infos["player_2"]["action_values"][4] is None


@pytest.mark.parametrize(("opponent", "play_as"), [("perfect", "first"), ("random", "second"), ("perfect", "O")])
def test_gymnasiums_check_env_passes(opponent: str, play_as: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(gymnasium_env("tictactoe", opponent=opponent, play_as=play_as), skip_render_check=True)


def test_gymnasiums_check_env_passes_on_connect_four_against_a_random_opponent() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(gymnasium_env("connect4", opponent="random", oracle=False), skip_render_check=True)


def test_the_gymnasium_env_reports_the_optimal_actions_and_rewards_a_perfect_agent_never_below_zero() -> None:
    for play_as in ("first", "second", "player_2"):
        env = gymnasium_env("tictactoe", opponent="random", play_as=play_as)
        agent = perfect_policy("tictactoe", seed=5)
        for episode in range(20):
            observation, info = env.reset(seed=episode)
            assert list(info["action_mask"]) == list(observation["action_mask"])
            terminated, reward = False, 0.0
            while not terminated:
                action = agent(observation)
                assert action in info["optimal_actions"]
                observation, reward, terminated, truncated, info = env.step(action)
                assert not truncated
            assert reward >= 0


def test_the_gymnasium_env_ends_an_episode_on_an_illegal_action_with_minus_one() -> None:
    env = gymnasium_env("tictactoe", opponent="perfect", play_as="second")
    observation, _ = env.reset(seed=3)
    taken = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(taken)
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)


def test_the_gymnasium_env_takes_a_callable_opponent_and_refuses_unknown_ones() -> None:
    calls: list[int] = []

    def lowest(observation: Any) -> int:
        action = int(np.flatnonzero(observation["action_mask"])[0])
        calls.append(action)
        return action

    env = gymnasium_env("tictactoe", opponent=lowest, play_as="second")
    env.reset(seed=0)
    assert calls == [0]
    with pytest.raises(PerfectplayError, match="opponent"):
        gymnasium_env("tictactoe", opponent="genius")
    with pytest.raises(PerfectplayError, match="play_as"):
        gymnasium_env("tictactoe", play_as="third")


def test_the_perfect_policy_scores_full_marks_and_never_loses_in_the_evaluation() -> None:
    figures = reference("tictactoe", games=60, seed=1)
    assert (figures.positions, figures.optimal) == (4520, 4520)
    assert all(results.losses == 0 and results.games == 60 for results in figures.results.values())
    assert figures.results["perfect, first"].draws == 60
    assert figures.results["random, first"].wins > 40


def test_a_random_agent_is_measured_far_from_optimal() -> None:
    figures = evaluate(random_policy(0), "tictactoe", games=60, seed=1)
    assert 0.2 < figures.accuracy < 0.8
    assert figures.results["perfect, first"].wins == 0
    assert figures.results["perfect, second"].losses > 0


def test_an_agent_that_plays_illegal_actions_loses_those_games() -> None:
    figures = evaluate(lambda observation: 0, "tictactoe", games=10, seed=0)
    assert figures.results["random, second"].illegal > 0
    assert "illegal" in str(figures)


def test_a_small_mnk_board_uses_row_major_actions() -> None:
    env = gymnasium_env("mnk:3,4,3", opponent="random", play_as="first")
    observation, info = env.reset(seed=0)
    assert observation["observation"].shape == (3, 4, 2)
    assert len(info["action_values"]) == 12
    #   . W W .    a win in 7 for the first player from any middle column (3x4 board: base 14)
    #   . W W .
    #   . W W .
    assert info["optimal_actions"] == [1, 2, 5, 6, 9, 10]
    assert {info["action_values"][action] for action in info["optimal_actions"]} == {14 - 7}


def test_the_reference_command_prints_the_perfect_policys_figures(capsys: pytest.CaptureFixture[str]) -> None:
    from perfectplay.rl.evaluation import main

    assert main(["--games", "20", "--seed", "2"]) == 0
    printed = capsys.readouterr().out
    assert "optimal action in 4,520 of 4,520 positions (100.0%)" in printed
    assert "vs perfect, second" in printed
    assert "exact vs random, second: 77.75% won" in printed
    assert main(["--game", "connect4", "--games", "1"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_exact_chances_against_random_match_the_measured_ones() -> None:
    from fractions import Fraction

    from perfectplay.rl import exact_against_random

    first = exact_against_random("tictactoe", "first")
    second = exact_against_random("tictactoe", "X")
    assert first == second
    assert sum(first) == 1 and first[2] == 0
    win, _, loss = exact_against_random("tictactoe", "second")
    assert loss == 0 and Fraction(7774, 10000) < win < Fraction(7776, 10000)
    measured = reference("tictactoe", games=400, seed=3).results["random, second"]
    assert abs(measured.wins / 400 - float(win)) < 0.07


def test_connect_four_is_evaluated_on_given_positions_only() -> None:
    game = make_game("connect4")
    positions = [game.parse(sequence) for sequence, _ in _pons_positions(2)]
    figures = evaluate(perfect_policy("connect4", seed=0), "connect4", positions=positions, games=0)
    assert (figures.positions, figures.optimal, figures.results) == (2, 2, {})
    with pytest.raises(PerfectplayError, match="too large"):
        evaluate(perfect_policy("connect4"), "connect4", positions=positions, games=1)


def test_the_environment_renders_the_board_as_text() -> None:
    env = gymnasium_env("tictactoe", opponent="random", render_mode="ansi")
    env.reset(seed=0)
    env.step(4)
    shown = env.render()
    assert shown is not None and " X " in shown


def test_the_gymnasium_env_asks_the_oracle_only_when_its_answers_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    from perfectplay.rl import environments

    asked: list[tuple[object, float | None]] = []

    def oracle(game: str, state: object, seconds: float | None = None) -> list[int | None]:
        asked.append((state, seconds))
        return [-1, -1, 0, 1, 0, -1, -1]  # every legal action scored: only then is any called optimal

    monkeypatch.setattr(environments, "action_values", oracle)
    env = gymnasium_env("connect4", opponent="random", oracle_seconds=2.5)
    _, info = env.reset(seed=0)  # the empty 7x6 board: an exact oracle here would take hours
    assert asked == [] and "action_mask" in info and "optimal_actions" in info
    assert info["optimal_actions"] == [3] and len(asked) == 1 and asked[0][1] == 2.5
    assert dict(info)["action_values"][3] == 1 and len(asked) == 1  # asked once, remembered


@pytest.mark.usefixtures("exact_layer_to_ply_5")  # 5-7 moves in: past the ply-5 exact layer
def test_the_oracle_is_bounded_by_default_and_says_none_for_what_it_did_not_prove() -> None:
    from perfectplay.rl.oracle import ORACLE_SECONDS, best_actions

    game = make_game("connect4")
    assert ORACLE_SECONDS is not None and ORACLE_SECONDS <= 10
    empty = game.initial_state()
    # The empty board's moves are in the exact layer solved ahead of time: every score at once, column 4 the win.
    exact = [value for value in action_values("connect4", empty, 0.2) if value is not None]
    assert len(exact) == 7 and exact[3] > 0 and exact[2] == exact[4] == 0 and exact[0] < 0
    assert optimal_actions(exact, legal=7) == [3] == proven_optimal_actions("connect4", empty, 0.2)
    # After 444443 (past the exact layer, 5 moves in) the opening book knows column 3 keeps X's win (3 and 6 win
    # in 35, the rest lose), but no move's score is proven in 0.2 s: each is None, and no action is called optimal.
    opened = Connect4().parse_sequence("444443")
    values = action_values("connect4", opened, 0.2)
    assert values == [None] * 7
    best = best_actions("connect4", opened, 0.2)
    assert 2 in best and set(best) <= {2, 5}
    assert optimal_actions(values, legal=7) == [] and proven_optimal_actions("connect4", opened, 0.2) == []
