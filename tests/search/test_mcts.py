"""Monte Carlo tree search (UCT), seeded, in the engine's protocol, and held against the exact value."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from perfectplay import LimitError, PerfectplayError, analyze, make_game, mcts, parse_position
from perfectplay.cli import main
from perfectplay.search.mcts import mcts_checkpoints
from perfectplay.teaching import study_convergence
from perfectplay.viz import convergence_svg


def test_the_same_seed_grows_the_same_tree() -> None:
    game, state = parse_position("X../.O./...")
    first, again = mcts(game, state, 300, seed=7), mcts(game, state, 300, seed=7)
    assert first.moves == again.moves and first.best == again.best


def test_every_iteration_visits_the_root_and_exactly_one_of_its_moves() -> None:
    game, state = parse_position("X../.O./...")
    result = mcts(game, state, 500, seed=1)
    assert result.root.visits == 500
    assert sum(entry.visits for entry in result.moves) == 500
    assert {entry.move for entry in result.moves} == set(game.legal_moves(state))


def test_a_continued_search_is_the_same_as_a_fresh_one_of_that_many_iterations() -> None:
    game, state = parse_position("XO./.X./..O")
    grown = [result.moves for result in mcts_checkpoints(game, state, (50, 200), seed=3)]
    assert grown == [mcts(game, state, 50, seed=3).moves, mcts(game, state, 200, seed=3).moves]


def test_it_takes_a_win_in_one() -> None:
    """
    X X .
    O O .     X to move: 3 wins at once
    . . .
    """
    game, state = parse_position("XX./OO./...")
    assert mcts(game, state, 200, seed=0).best == 2


def test_it_blocks_the_only_threat() -> None:
    """
    X . .
    O O .     X to move: only 6 keeps the draw
    X . .
    """
    game, state = parse_position("X../OO./X..")
    assert analyze(game, state).best == (5,)
    assert mcts(game, state, 2000, seed=0).best == 5


@pytest.mark.parametrize("spec", ["tictactoe", "mnk:4,4,3", "connect4", "nim", "connect4:5,4"])
def test_it_plays_a_legal_move_in_every_built_in_game(spec: str) -> None:
    game = make_game(spec)
    state = game.initial_state()
    assert mcts(game, state, 60, seed=2).best in game.legal_moves(state)


def test_bad_limits_and_finished_games_are_errors_that_say_so() -> None:
    game, state = parse_position("X../.O./...")
    with pytest.raises(LimitError, match="iterations"):
        mcts(game, state, 0)
    with pytest.raises(LimitError, match="exploration"):
        mcts(game, state, 10, exploration=float("nan"))
    over_game, over = parse_position("XXX/OO./...")
    with pytest.raises(PerfectplayError, match="game is over"):
        mcts(over_game, over, 10)


@pytest.mark.parametrize("position", ["XO./.X./..O", "X../OO./X..", "X.O/.../...", "XX./OO./..."])
def test_on_tic_tac_toe_every_run_plays_an_exact_best_move_within_3000_iterations(position: str) -> None:
    game, state = parse_position(position)
    study = study_convergence(game, state, (10, 100, 1000, 3000), runs=10, seed=0)
    always = study.first_always_best()
    assert always is not None and always <= 3000
    assert study.points[-1].keeps_value_rate == 1.0
    assert all(0.0 <= point.value_error <= 1.0 for point in study.points)


def test_the_study_matches_its_runs_one_by_one() -> None:
    game, state = parse_position("X.O/.../...")
    study = study_convergence(game, state, (30, 300), runs=4, seed=5)
    exact_best = set(analyze(game, state).best)
    for index, checkpoint in enumerate((30, 300)):
        chosen = [mcts(game, state, checkpoint, seed=5 + run).best for run in range(4)]
        assert study.points[index].best_rate == sum(move in exact_best for move in chosen) / 4


def test_the_convergence_plot_is_an_svg_with_three_lines() -> None:
    game, state = parse_position("XX./OO./...")
    svg = convergence_svg(study_convergence(game, state, (10, 100), runs=2))
    root = ElementTree.fromstring(svg)
    assert len(root.findall("{http://www.w3.org/2000/svg}polyline")) == 3


def test_the_mcts_command_prints_the_study_as_json_and_draws_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plot = tmp_path / "mcts.svg"
    assert main(["mcts", "XX./OO./...", "--iterations", "10,100", "--runs", "3", "--json", "--svg", str(plot)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["exact_best"] == [2] and [p["iterations"] for p in document["points"]] == [10, 100]
    assert plot.read_text().startswith("<svg")
    assert main(["mcts", "XX./OO./...", "--tree", "--iterations", "100"]) == 0
    assert "<- plays" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["mcts", "X../.O./...", "--iterations", "100,10"], "increasing"),
        (["mcts", "X../.O./...", "--runs", "0"], "--runs must be 1 or more"),
        (["mcts", "XXX/OO./..."], "game is over"),
    ],
)
def test_bad_mcts_input_is_one_line_and_status_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(argv)
    except SystemExit as stopped:  # argparse's usage errors exit; the command's own errors return
        status = int(str(stopped.code))
    err = capsys.readouterr().err
    assert status == 2 and words in err and err.count("\n") == 1


def test_an_mcts_player_is_a_level_like_any_other_seeded_and_bounded() -> None:
    import random

    from perfectplay.play import check_level, choose_move

    game, state = parse_position("XX./OO./...")
    assert check_level("mcts:500", game) == "mcts:500"
    assert choose_move(game, state, "mcts:500", random.Random(1)) == 2
    first = [choose_move(game, game.initial_state(), "mcts:50", random.Random(seed)) for seed in range(5)]
    assert first == [choose_move(game, game.initial_state(), "mcts:50", random.Random(seed)) for seed in range(5)]
    for bad in ("mcts:0", "mcts:9999999"):
        with pytest.raises(PerfectplayError, match="iterations a move"):
            check_level(bad, game)
