"""``perfectplay match`` run as a user runs it: computer against computer, tallied."""

from __future__ import annotations

import json

from cli_helpers import InProcess, run_cli


def test_json_gives_the_four_counts_and_they_add_up(in_process: InProcess) -> None:
    result = in_process("match", "--x", "hard", "--o", "random", "--games", "60", "--seed", "4", "--json")
    assert result.returncode == 0, result.stderr
    tally = json.loads(result.stdout)
    assert set(tally) == {"x_wins", "o_wins", "draws", "games"}
    assert tally["games"] == 60
    assert tally["x_wins"] + tally["o_wins"] + tally["draws"] == 60
    assert tally["x_wins"] > tally["o_wins"]


def test_perfect_against_perfect_draws_every_game(in_process: InProcess) -> None:
    result = in_process("match", "--x", "perfect", "--o", "perfect", "--games", "40", "--seed", "1", "--json")
    assert json.loads(result.stdout) == {"x_wins": 0, "o_wins": 0, "draws": 40, "games": 40}


def test_a_seeded_match_repeats_exactly_and_another_seed_differs(in_process: InProcess) -> None:
    def run(seed: str) -> str:
        return in_process("match", "--x", "easy", "--o", "medium", "--games", "50", "--seed", seed, "--json").stdout

    assert run("9") == run("9")
    assert len({run(seed) for seed in ("1", "2", "3")}) > 1


def test_piped_output_is_plain_text_without_a_progress_bar() -> None:
    result = run_cli("match", "--x", "random", "--o", "random", "--games", "30", "--seed", "2")
    assert result.returncode == 0
    assert result.stdout.startswith("X (random) against O (random): 30 games of Tic-tac-toe\n")
    assert "X wins" in result.stdout and "draws" in result.stdout and "O wins" in result.stdout
    assert "\x1b" not in result.stdout + result.stderr


def test_other_board_sizes_play_too(in_process: InProcess) -> None:
    result = in_process("match", "--x", "perfect", "--o", "easy", "--game", "mnk:2,4,3", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["games"] == 100


def test_bad_arguments_are_one_line_and_exit_2(in_process: InProcess) -> None:
    for args, message in (
        (["--games", "0"], "--games must be 1 or more, not 0"),
        (["--games", "1000000000"], "--games must be at most 1,000,000, not 1,000,000,000"),
        (["--x", "genius"], "unknown level 'genius'"),
        (["--o", "depth0:open-lines"], "a depth player searches 1 to 30 plies, not 0"),
        (["--o", "depth99999"], "a depth player searches 1 to 30 plies, not 99999"),  # its range named, however far
        (["--x", "mcts:99999999999"], "an mcts player runs 1 to 200,000 iterations a move, not 99,999,999,999"),
        (["--x", "mcts:" + "9" * 30], "unknown level"),  # a number past any range is no level's
        (["--o", "depth2:charm"], "unknown evaluation 'charm'"),
        (["--game", "mnk:0,0"], "rows must be a whole number from 1 to 15, not 0"),
        (["--game", "mnk:20,3,3"], "rows must be a whole number from 1 to 15"),
        (["--game", "chess"], "unknown game 'chess'"),
    ):
        result = in_process("match", *args)
        assert result.returncode == 2, args
        assert message in result.stderr
        assert result.stderr.count("\n") == 1


def test_a_match_on_4x4_uses_the_time_budget_and_perfect_never_loses(in_process: InProcess) -> None:
    result = in_process(
        "match",
        "--game",
        "mnk:4,4,4",
        "--x",
        "random",
        "--o",
        "perfect",
        "--games",
        "4",
        "--seed",
        "3",
        # Generous: every search finishes and is exact on any machine, so
        # "never loses" does not hang on this machine's speed.
        "--time-limit",
        "60",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    tally = json.loads(result.stdout)
    assert tally["games"] == 4
    assert tally["x_wins"] == 0


def test_the_budgeted_analyst_starts_each_search_from_what_the_earlier_ones_proved() -> None:
    from perfectplay.games.connect4 import Connect4
    from perfectplay.play.matches import budgeted_analyst
    from perfectplay.search.analysis import analyze

    game = Connect4(5, 4)
    state = game.parse("33")
    analyst = budgeted_analyst(600.0)  # far more than either search needs: both finish, so node counts are exact
    first = analyst(game, state)
    assert first.complete
    after = game.play(state, first.best[0])
    shared = analyst(game, after)
    fresh = analyze(game, after)
    assert shared.complete and shared.moves == fresh.moves
    assert shared.nodes < fresh.nodes
