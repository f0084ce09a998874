"""Issue 11 for the command line: one-shot answers load and search only what they need, every long
command is bounded and shows progress, and bad input or a broken output is one line, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from cli_helpers import PATIENCE, PROGRESS_AT_ONCE, InProcess, run_in_terminal
from perfectplay.cli import main
from perfectplay.errors import IllegalMoveError
from perfectplay.games import KINDS, make_game

HEAVY = (
    "rich",
    "fastapi",
    "uvicorn",
    "perfectplay.web",
    "perfectplay.viz",
    "perfectplay.play.players",
    "perfectplay.play.tiebreak",
)


def loaded_after(code: str) -> list[str]:
    """The perfectplay and front-end modules a fresh interpreter holds after running ``code``."""
    script = code + "\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=PATIENCE)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1].split()


def test_importing_the_package_loads_none_of_its_modules_until_a_name_is_used() -> None:
    modules = loaded_after("import perfectplay")
    assert [name for name in modules if name.startswith("perfectplay.")] == ["perfectplay._lazy"]
    used = loaded_after("import perfectplay\nperfectplay.TicTacToe()")
    assert "perfectplay.games.mnk" in used and "perfectplay.viz" not in used


def test_best_loads_only_the_solver_not_the_web_the_drawings_or_rich() -> None:
    modules = loaded_after("from perfectplay.cli import main\nmain(['best', 'X../.O./...'])")
    assert "perfectplay.search.solver.exact" in modules
    assert [name for name in modules if name.startswith(HEAVY)] == []


def test_best_on_the_empty_board_runs_one_solver_search(monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    """~141 nodes for the empty board: no table of all 5,478 positions, no look-ahead among equal moves."""
    from perfectplay.search.solver import exact as solver

    calls: list[int] = []
    real = solver._run

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(solver, "_run", counted)
    assert main(["best", ".../.../..."]) == 0
    assert capsys.readouterr().out == "1\n"
    assert len(calls) == 1


def test_best_all_lists_every_best_move_as_numbered_on_the_board(in_process: InProcess) -> None:
    """
     X | . | .
    ---+---+---      every reply to the corner-and-centre opening draws
     . | O | .
    ---+---+---
     . | . | .
    """
    result = in_process("best", "X../.O./...", "--all")
    assert (result.returncode, result.stdout) == (0, "2 3 4 6 7 8 9\n")


def test_best_takes_a_time_limit_on_a_board_it_cannot_solve(in_process: InProcess) -> None:
    result = in_process("best", "...../...../..X../...../.....", "--game", "mnk:5,5,4", "--time-limit", "0.3")
    assert result.returncode == 0, result.stderr
    game = make_game("mnk:5,5,4")
    state = game.parse("...../...../..X../...../.....")
    assert game.parse_move(result.stdout.strip(), state) in game.legal_moves(state)


NASTY = [
    "²",
    "①",
    "9" * 4301,
    "",
    "   ",
    "\x00",
    "-1",
    "1e3",
    "\N{ARABIC-INDIC DIGIT THREE}",
    "1 2 3",
    "0x1",
    "\udcff",
    "+1",
    "1_0",
    "🙂",
    "5,",
]


@pytest.mark.parametrize("spec", [spec for kind in KINDS.values() for spec in kind.presets])
def test_every_registered_game_reads_any_text_as_a_legal_move_or_a_one_line_illegal_move_error(spec: str) -> None:
    game = make_game(spec)
    state = game.initial_state()
    for text in NASTY + [game.move_label(move) for move in game.legal_moves(state)]:
        try:
            move = game.parse_move(text, state)
        except IllegalMoveError as error:
            assert "\n" not in str(error) and len(str(error)) < 300, (spec, text[:20])
        else:
            assert move in game.legal_moves(state), (spec, text[:20])


def test_play_survives_superscripts_circled_digits_a_4301_digit_number_and_bytes_that_are_not_utf8() -> None:
    typed = "\n".join(["²", "①", "9" * 4301, "\N{ARABIC-INDIC DIGIT ONE}", "quit"]).encode() + b"\n"
    result = subprocess.run(
        [sys.executable, "-m", "perfectplay", "play"],
        input=b"\xff\xfe\n" + typed,
        capture_output=True,
        timeout=PATIENCE,
    )
    out = result.stdout.decode()
    assert result.returncode == 0, result.stderr
    assert out.count("is not a cell") == 5
    assert result.stderr == b""


@pytest.mark.parametrize(
    "command",
    [
        ["analyze", "..../..../..../...."],
        ["best", "..../..../..../...."],
        ["solve"],
        ["match"],
        ["play"],
        ["tree", "..../..../..../...."],
        ["orders", "..../..../..../...."],
    ],
)
def test_an_empty_board_spec_is_a_clear_error_in_every_command(command: list[str], in_process: InProcess) -> None:
    result = in_process(*command, "--game", "mnk:0,0", stdin="")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "rows must be a whole number from 1 to 15, not 0" in result.stderr


def test_the_old_size_options_are_refused(in_process: InProcess) -> None:
    result = in_process("match", "--rows", "0", "--cols", "0")
    assert result.returncode == 2 and "unrecognized arguments: --rows 0 --cols 0" in result.stderr


def test_output_to_a_full_disk_is_one_line_on_stderr_and_status_1() -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "perfectplay", "analyze", "XOX/OO./.X.", "--json"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=PATIENCE,
        )
    assert result.returncode == 1
    assert result.stderr == "perfectplay analyze: error: cannot write the output: No space left on device\n"


def test_a_reader_that_stops_early_ends_the_command_quietly() -> None:
    read, write = os.pipe()
    os.close(read)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "perfectplay", "tree", "X../.O./...", "--format", "json"],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=PATIENCE,
        )
    finally:
        os.close(write)
    assert (result.returncode, result.stderr) == (0, "")


def test_tree_stops_at_its_search_node_cap_with_one_line(in_process: InProcess) -> None:
    # The empty 3x3 board: small enough to be tried to the end (an empty 4x4 board now starts at depth 2).
    result = in_process("tree", ".../.../...", "--max-search-nodes", "5000")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "needs more than 5,000 nodes" in result.stderr


def test_analyze_bounds_the_textbook_searches_by_time_and_says_what_it_did_not_prove(in_process: InProcess) -> None:
    for algorithm in ("minimax", "alphabeta"):
        args = ("analyze", "..../..../..../....", "--game", "mnk:4,4,4", "--algorithm", algorithm)
        result = in_process(*args, "--time-limit", "0.3", "--json")
        assert result.returncode == 0, result.stderr
        document = json.loads(result.stdout)
        assert document["complete"] is False and document["algorithm"] == algorithm


def test_analyze_says_when_the_solver_table_filled_up(in_process: InProcess) -> None:
    """A 4x4 four-in-a-row opening with room for 500 entries: the answer stays exact, and the report says so."""
    result = in_process("analyze", "X.../.O../..../....", "--game", "mnk:4,4,4", "--table-size", "500")
    assert result.returncode == 0, result.stderr
    assert "The solver's table filled up (500 entries) and dropped" in result.stdout


def test_long_searches_show_progress_on_a_terminal_only(in_process: InProcess) -> None:
    """An 8x8 board under a time limit: a live line on the terminal, nothing extra when piped."""
    args = ("analyze", "......../......../......../......../......../......../......../........")
    # The line due at the search's first check (thousands of nodes in 0.3 s), not after its period.
    screen = run_in_terminal(*args, "--game", "mnk:8,8,5", "--time-limit", "0.3", keys=[], prelude=PROGRESS_AT_ONCE)
    assert "solver on 8x8, 5 in a row:" in screen and "nodes" in screen and "table" in screen
    # Piped, 0.3 s is three times the progress line's period (PROGRESS_EVERY): a line would have been due.
    piped = in_process(*args, "--game", "mnk:8,8,5", "--time-limit", "0.3")
    assert "solver on" not in piped.stdout + piped.stderr


def test_tree_shows_progress_on_a_terminal() -> None:
    """A traced minimax of 7,332 nodes: its line due at its first check (not a tenth of a second in, which only a
    search of the whole empty board, 549,946 nodes, outlasts for sure)."""
    args = ("tree", "X../.O./...", "--algorithm", "minimax", "--format", "json")
    screen = run_in_terminal(*args, keys=[], prelude=PROGRESS_AT_ONCE)
    assert "tracing minimax:" in screen
