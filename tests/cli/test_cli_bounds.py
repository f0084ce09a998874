"""Every command that searches is bounded by default on big boards, says so in --help, needs no optional library."""

from __future__ import annotations

import io
import json
import math
import sys

import pytest

from perfectplay import Connect4, TicTacToe, make_game
from perfectplay.cli import build_parser, main
from perfectplay.cli.bounds import BIG_BOARD_SECONDS, time_limit, time_limit_for


def help_of(command: str) -> str:
    parser = build_parser([command, "--help"])
    subparsers = next(action for action in parser._actions if action.choices and command in action.choices)
    text: str = subparsers.choices[command].format_help()  # type: ignore[index]
    return " ".join(text.split())


@pytest.mark.parametrize("command", ["analyze", "best", "solve"])
def test_each_searching_command_says_its_default_time_and_table_bounds_in_its_help(command: str) -> None:
    text = help_of(command)
    assert f"{BIG_BOARD_SECONDS:g} s on bigger ones such as Connect Four" in text
    assert "'none' for an exact search however long it takes" in text
    assert "--table-size N" in text and "at most 1 GB" in text


def test_big_boards_get_the_default_limit_small_ones_none_and_none_means_none() -> None:
    assert time_limit_for(Connect4(), None) == BIG_BOARD_SECONDS
    assert time_limit_for(make_game("connect4:8,8"), None) == BIG_BOARD_SECONDS
    assert time_limit_for(TicTacToe(), None) is None and time_limit_for(make_game("mnk:4,4,4"), None) is None
    assert time_limit_for(Connect4(), time_limit("none")) is None and math.isinf(time_limit("NONE"))
    assert time_limit_for(Connect4(), time_limit("2.5")) == 2.5


@pytest.mark.usefixtures("exact_layer_to_ply_5")  # 5-7 moves in: past the ply-5 exact layer
def test_best_on_an_early_connect_four_position_answers_within_its_limit_and_says_it_is_not_proven(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Six moves in: past the exact layer (every position after 5 moves), whose answers are exact at once.
    assert main(["best", "--game", "connect4", "444444", "--time-limit", "0.3", "--table-size", "100000"]) == 0
    out, err = capsys.readouterr()
    assert out.strip() == "3"  # the book: 3 and 5 keep X's win after 444444; the book's line plays 3
    assert "not proven" in err and "--time-limit none" in err


def test_solve_without_rich_on_a_terminal_prints_plain_progress_instead_of_crashing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("rich", "rich.console", "rich.live", "rich.table"):
        monkeypatch.setitem(sys.modules, name, None)  # importing it now raises ImportError, as when not installed

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    assert main(["solve", "--game", "tictactoe"]) == 0
    assert "Solving Tic-tac-toe" in screen.getvalue() and "draw for X" in screen.getvalue()


def test_solve_json_of_a_big_board_stops_at_its_limit(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--game", "connect4:8,8", "--time-limit", "0.3", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["complete"] is False and document["seconds"] < 30


def test_the_help_says_the_solvers_own_default_table_sizes() -> None:
    from perfectplay.cli.bounds import COMPILED_TABLE_HELP, PURE_TABLE_HELP
    from perfectplay.search.solver import COMPILED_CAPACITY, DEFAULT_CAPACITY

    assert (f"{COMPILED_CAPACITY:,}", f"{DEFAULT_CAPACITY:,}") == (COMPILED_TABLE_HELP, PURE_TABLE_HELP)
