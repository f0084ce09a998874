"""Limits: a stopped search says so, and still plays a sensible, legal move."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cli_helpers import PATIENCE, InProcess, run_cli
from perfectplay import MNK, Limit, LimitError, analyze, make_game, solve
from perfectplay.documents import analysis_json
from perfectplay.search.base.budget import Progress
from perfectplay.search.solver.exact import score_moves
from perfectplay.search.solver.table import TranspositionTable


def test_a_7x7_k5_search_stopped_by_its_time_limit_is_incomplete_and_plays_a_legal_move() -> None:
    game = MNK(7, 7, 5)
    state = game.parse("......./......./..X..../...O.../......./......./.......")
    result = solve(game, state, Limit(seconds=0.1))  # no limit short of hours proves 7x7: a tenth is as sure as more
    assert result.complete is False
    assert len(result.best) >= 1 and set(result.best) <= set(game.legal_moves(state))
    assert (result.outcome.name, result.score) == ("unknown", None)  # never a made-up score


def test_a_stopped_search_still_takes_an_immediate_win() -> None:
    """X has four in a row with one end open at 18: X must play it.

    . . . . . . .
    O O O . . . .
    X X X X . . .      <- 17 and 14 ... the free cell 18 wins
    O . . . . . .
    """
    game = MNK(7, 7, 5)
    state = game.parse("......./OOO..../XXXX.../O....../......./......./.......")
    for limit in (Limit(nodes=1), Limit(nodes=50), Limit(depth=1), Limit(seconds=0.2)):
        result = solve(game, state, limit)
        assert result.best == (18,), limit
        assert analyze(game, state, limit=limit).best == (18,)


def test_a_stopped_search_blocks_a_forced_loss() -> None:
    """O threatens five at 21 (row 3, col 0); X has no win, so X must block there.

    . . . . . . .
    . . . . . . .
    X . X . . . .
    . O O O O X .
    . X . . . . .
    """
    game = MNK(7, 7, 5)
    state = game.parse("......./......./X.X..../.OOOOX./.X...../......./.......")
    assert game.to_move(state).value == "X"
    for limit in (Limit(nodes=1), Limit(nodes=200), Limit(depth=2), Limit(seconds=0.2)):
        result = solve(game, state, limit)
        assert result.best == (21,), limit


def test_an_incomplete_analysis_marks_unproven_moves_unknown_in_json() -> None:
    game = MNK(7, 7, 5)
    state = game.initial_state()
    document = analysis_json(analyze(game, state, limit=Limit(nodes=3000)))
    assert document["complete"] is False
    assert document["outcome"] == "unknown" and document["plies"] is None
    assert {entry["outcome"] for entry in document["moves"]} == {"unknown"}
    assert all(entry["score"] is None and entry["plies"] is None for entry in document["moves"])
    assert len(document["moves"]) == 49 and len(document["best"]) >= 1


def test_proven_moves_keep_their_outcome_in_an_incomplete_analysis() -> None:
    """X wins at once on 18; the other moves are unproven after a shallow search."""
    game = MNK(7, 7, 5)
    state = game.parse("......./OOO..../XXXX.../O....../......./......./.......")
    analysis = analyze(game, state, limit=Limit(depth=1))
    by_move = {entry.move: entry for entry in analysis.moves}
    assert (by_move[18].outcome.name, by_move[18].outcome.plies, by_move[18].proven) == ("win", 1, True)
    assert analysis.outcome.name == "win" and analysis.best == (18,)
    assert analysis.moves[0].move == 18


def test_a_depth_limit_large_enough_to_see_the_end_gives_the_exact_answer() -> None:
    game = MNK(4, 4, 4)
    state = game.parse("XO../OX../..../....")
    exact = score_moves(game, state)
    deep = score_moves(game, state, Limit(depth=12))
    assert deep.complete and deep.moves == exact.moves


@pytest.mark.parametrize(
    "kwargs",
    [
        {"depth": 0},
        {"depth": -3},
        {"seconds": 0},
        {"seconds": -1.5},
        {"seconds": float("nan")},
        {"seconds": float("inf")},
        {"nodes": 0},
        {"depth": 2.5},
        {"nodes": "100"},
        {"depth": True},
    ],
)
def test_non_positive_or_wrong_typed_limits_raise_limit_error(kwargs: dict[str, object]) -> None:
    with pytest.raises(LimitError):
        Limit(**kwargs)  # type: ignore[arg-type]


def test_limits_are_frozen_values() -> None:
    limit = Limit(seconds=1)
    assert limit == Limit(seconds=1) and not limit.unlimited and Limit().unlimited
    with pytest.raises(AttributeError):
        limit.seconds = 2  # type: ignore[misc]


@pytest.mark.parametrize(
    ("algorithm", "spec"), [("minimax", "tictactoe"), ("alphabeta", "tictactoe"), ("solver", "mnk:5,5,4")]
)
def test_a_node_limit_stops_every_algorithm_and_says_what_it_did_not_prove(algorithm: str, spec: str) -> None:
    game = make_game(spec)
    analysis = analyze(game, game.initial_state(), algorithm, Limit(nodes=3000))
    assert analysis.complete is False and analysis.outcome.name == "unknown" and analysis.score is None
    assert analysis.nodes <= 3000 + 1
    assert {entry.outcome.name for entry in analysis.moves} <= {"draw", "unknown"}
    assert len(analysis.best) >= 1


def test_a_15x15_board_is_answered_within_its_limit_and_the_table_keeps_its_cap() -> None:
    game = MNK(15, 15, 5)
    state = game.parse("/".join(["." * 15] * 7 + ["." * 7 + "X" + "." * 7] + ["." * 15] * 7))
    table = TranspositionTable(capacity=300)
    analysis = solve(game, state, Limit(nodes=20_000), table=table)
    assert analysis.complete is False and len(analysis.best) >= 1
    assert len(table) <= 300 and table.evictions > 0
    assert analysis.table is not None and analysis.table.evictions == table.evictions


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "--game", "mnk:4,4,5"], "k must be"),
        (["solve", "--game", "mnk:4,4", "--time-limit", "0"], "seconds must be a positive"),
        (["analyze", "XO./.../...", "--time-limit", "-1"], "seconds must be a positive"),
    ],
)
def test_bad_solver_input_exits_2_with_one_line_on_stderr(args: list[str], message: str, in_process: InProcess) -> None:
    result = in_process(*args)
    assert result.returncode == 2
    assert message in result.stderr and result.stderr.count("\n") == 1


def test_the_solve_command_solves_4x4_k3_as_a_first_player_win_in_json(in_process: InProcess) -> None:
    result = in_process("solve", "--game", "mnk:4,4,3", "--json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert (document["outcome"], document["complete"], document["best"]) == ("win", True, [5, 6, 9, 10])
    assert document["plies"] == 5 and document["nodes"] > 0 and document["table_size"] > 0


def test_the_solve_command_prints_a_plain_summary_when_not_on_a_terminal(in_process: InProcess) -> None:
    result = in_process("solve", "--game", "mnk:3,3")
    assert result.returncode == 0, result.stderr
    assert "Tic-tac-toe: draw for X (to move) with perfect play." in result.stdout
    assert "Best moves: 1, 2, 3, 4, 5, 6, 7, 8, 9" in result.stdout
    assert "\x1b[" not in result.stdout


def test_the_solve_command_reports_an_unfinished_search_under_a_time_limit(in_process: InProcess) -> None:
    result = in_process("solve", "--game", "mnk:7,7,5", "--time-limit", "0.1", "--json")
    document = json.loads(result.stdout)
    assert (document["complete"], document["outcome"], document["score"]) == (False, "unknown", None)
    assert len(document["best"]) >= 1


def test_analyze_with_a_time_limit_shows_unproven_moves_as_unknown(in_process: InProcess) -> None:
    empty = "/".join(["......."] * 7)
    result = in_process("analyze", empty, "--game", "mnk:7,7,5", "--time-limit", "0.1")
    assert result.returncode == 0, result.stderr
    assert "unknown, the limit ran out before a proof" in result.stdout
    assert "stopped by the limit" in result.stdout


def test_the_progress_callback_sees_the_finished_search() -> None:
    game = MNK(4, 4, 4)
    seen: list[Progress] = []
    result = solve(game, game.initial_state(), progress=seen.append)
    assert seen and seen[-1].phase == "done"
    assert seen[-1].nodes == result.nodes and seen[-1].table_size > 0


def test_the_engine_runs_without_rich() -> None:
    code = (
        "import sys, perfectplay\n"
        "game = perfectplay.MNK(3, 4, 3)\n"
        "perfectplay.solve(game, game.initial_state())\n"
        "print('rich' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=PATIENCE)
    assert result.stdout.strip() == "False", result.stderr


def test_the_solve_command_has_help() -> None:
    result = run_cli("solve", "--help")
    assert result.returncode == 0 and "--time-limit" in result.stdout and "--json" in result.stdout
