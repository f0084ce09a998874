"""``perfectplay analyze`` and ``best`` as a user runs them, errors included."""

from __future__ import annotations

import json

import pytest

from cli_helpers import InProcess, run_cli
from perfectplay import MNKState, TicTacToe, analyze
from perfectplay.documents import analysis_json
from textbook_reference import Answer


def test_analyze_json_prints_exactly_the_shared_schema() -> None:
    """
     X | O | X
    ---+---+---
     O | O | .
    ---+---+---
     . | X | .
    """
    result = run_cli("analyze", "XOX/OO./.X.", "--json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert set(document) == {
        "version",
        "game",
        "position",
        "to_move",
        "outcome",
        "plies",
        "moves",
        "best",
        "nodes",
        "seconds",
        "complete",
        "score",
        "algorithm",
        "depth",
        "outcome_class",
    }
    assert document["game"] == "tictactoe"
    assert document["position"] == "XOX/OO./.X."
    assert (document["to_move"], document["outcome"], document["plies"]) == ("X", "draw", None)
    assert document["best"] == [5]
    assert document["moves"][0] == {
        "move": 5,
        "row": 1,
        "col": 2,
        "label": "6",
        "outcome": "draw",
        "plies": None,
        "score": 0,
        "estimate": None,
        "proven": "score",
    }
    assert document["version"] == 2
    assert (document["score"], document["algorithm"], document["depth"]) == (0, "solver", None)
    assert {entry["move"] for entry in document["moves"]} == {5, 6, 8}
    assert document["complete"] is True
    assert isinstance(document["nodes"], int) and isinstance(document["seconds"], float)


def test_analyze_json_matches_the_textbook_minimax_on_sampled_positions(
    in_process: InProcess, all_positions: list[MNKState], reference: dict[MNKState, Answer]
) -> None:
    game = TicTacToe()
    for state in all_positions[::450]:
        args = ["analyze", game.format(state), "--to-move", state.to_move.value, "--json"]
        document = json.loads(in_process(*args).stdout)
        assert document["best"] == list(reference[state].best)
        assert document == {
            **analysis_json(analyze(game, state)),
            "nodes": document["nodes"],
            "seconds": document["seconds"],
        }


def test_analyze_prints_a_readable_table_with_every_move(in_process: InProcess) -> None:
    result = in_process("analyze", ".X./..X/OOX", "--to-move", "O")
    assert result.returncode == 0
    assert "O to move: loss in 4 with best play. Best: 3" in result.stdout
    assert "loss in 2" in result.stdout


def test_analyze_of_a_finished_game_says_who_won(in_process: InProcess) -> None:
    result = in_process("analyze", "XXX/OO./...")
    assert result.returncode == 0
    assert "Game over: X has won." in result.stdout


def test_best_prints_the_move_as_numbered_on_the_board(in_process: InProcess) -> None:
    result = in_process("best", "XOX/OO./.X.")
    assert (result.returncode, result.stdout) == (0, "6\n")


def test_best_json_is_the_analysis_schema_with_every_best_move_in_library_numbers(in_process: InProcess) -> None:
    """Only 6 (the library's 5) holds the draw here; the document is the one analyze --json prints."""
    result = in_process("best", "XOX/OO./.X.", "--json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert (document["position"], document["to_move"], document["outcome"], document["best"]) == (
        "XOX/OO./.X.",
        "X",
        "draw",
        [5],
    )
    assert document["moves"][0]["label"] == "6"  # the cell as drawn, beside the library's 5
    assert set(document) == set(json.loads(in_process("analyze", "XOX/OO./.X.", "--json").stdout))


def test_analyze_works_on_bigger_boards(in_process: InProcess) -> None:
    result = in_process("analyze", "XXX./OOO./..../....", "--json")
    assert json.loads(result.stdout)["best"] == [3]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["analyze", "XOZ/.../..."], "unknown character 'Z' in row 1, column 3"),
        (["analyze", "XXX/OOO/..."], "both X and O have 3 in a row"),
        (["analyze", "XXX/X../..."], "X has 4 stones and O has 0"),
        (["analyze", "XO./.../...", "--to-move", "Q"], "side to move must be X or O"),
        (["analyze", "XO./.../...", "--game", "mnk:3,3,9"], "k must be"),
        (["analyze", "XO./.../...", "--game", "mnk:abc"], "mnk takes ROWS,COLS or ROWS,COLS,K"),
        (["analyze", "XO./.../...", "--game", "go"], "unknown game 'go'"),
        (["best", "XXX/OO./..."], "the game is over: X has won"),
        (["analyze"], "the following arguments are required: POSITION"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_exits_2_with_one_line_on_stderr_and_no_traceback(
    args: list[str], message: str, in_process: InProcess
) -> None:
    result = in_process(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("command", [[], ["play"], ["analyze"], ["best"]])
def test_every_command_has_help(command: list[str]) -> None:
    result = run_cli(*command, "--help")
    assert result.returncode == 0
    assert "usage: perfectplay" in result.stdout
