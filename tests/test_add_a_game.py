"""A game of your own in one file: ``examples/games/subtraction.py`` registered, solved, analyzed and played.

The example registers itself with ``register_game`` when its file runs;
``load_game_file`` runs it (the CLI's ``--game FILE.py`` does the same), and
every test here unregisters it again so the registry the other tests see is
the built-in one.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess, run_cli
from conformance import check_game
from perfectplay import Game, VariantError, analyze, load_game_file, make_game, register_game, solve
from perfectplay.games import KINDS, GameKind, presets, unregister_game
from perfectplay.viz import position_svg

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "games" / "subtraction.py"


@pytest.fixture
def subtraction() -> Iterator[GameKind]:
    (kind,) = load_game_file(EXAMPLE)
    try:
        yield kind
    finally:
        unregister_game("subtraction")


def test_loading_the_file_registers_the_game_and_its_presets(subtraction: GameKind) -> None:
    assert KINDS["subtraction"] is subtraction
    assert [game.name for game in presets()][-2:] == ["subtraction", "subtraction:1,3,4"]
    assert load_game_file(EXAMPLE) == (subtraction,)  # a file runs once per process
    assert make_game("subtraction:4,1,3").name == "subtraction:1,3,4"


def test_the_solver_finds_the_losing_piles_of_take_1_2_or_3_are_the_multiples_of_4(subtraction: GameKind) -> None:
    game = make_game("subtraction")
    for counters in range(41):
        result = solve(game, game.parse(str(counters)))
        assert result.outcome.name == ("loss" if counters % 4 == 0 else "win"), counters


def test_the_solver_finds_the_losing_piles_of_take_1_3_or_4_are_0_and_2_mod_7(subtraction: GameKind) -> None:
    game = make_game("subtraction:1,3,4")
    for counters in range(50):
        result = solve(game, game.parse(str(counters)))
        assert result.outcome.name == ("loss" if counters % 7 in (0, 2) else "win"), counters


def test_analyze_values_every_move_of_the_21_game(subtraction: GameKind) -> None:
    """21 counters: take 1 and leave 20, a multiple of 4; the other moves leave the opponent the win."""
    game = make_game("subtraction")
    result = analyze(game, game.initial_state())
    assert result.best == (1,)
    assert str(result.outcome) == "win in 11"
    assert {str(entry.outcome) for entry in result.moves if entry.move != 1} == {"loss in 10"}
    assert analyze(game, game.parse("7"), "minimax").moves == analyze(game, game.parse("7")).moves


@pytest.mark.parametrize("spec", ["subtraction", "subtraction:1,3,4"])
def test_the_example_keeps_every_promise_of_the_conformance_test(subtraction: GameKind, spec: str) -> None:
    report = check_game(make_game(spec), seed=f"example {spec}")
    assert report.solved >= report.long_playouts > 0


def test_the_example_is_drawn_from_its_own_view_though_the_drawings_know_nothing_of_it(subtraction: GameKind) -> None:
    """7 counters, one heap of 7 sticks: take 3 and leave 4, a multiple of 4, to win; 1 or 2 lose."""
    game = make_game("subtraction")
    state = game.parse("7")
    result = analyze(game, state)
    svg = position_svg(game, state, outcomes={entry.move: entry.outcome for entry in result.moves}, best=result.best)
    assert svg.count('class="stick"') == 7
    assert "3: W3, 1: L4, 2: L4" in svg


def test_the_cli_analyzes_a_game_from_its_file() -> None:
    result = run_cli("analyze", "--game", str(EXAMPLE), "21")
    assert result.returncode == 0, result.stderr
    assert "X to move: win in 11 with best play. Best: 1" in result.stdout
    assert "21 counters: ooooo ooooo ooooo ooooo o" in result.stdout


def test_the_cli_passes_parameters_after_the_file_name_and_speaks_json() -> None:
    result = run_cli("analyze", "--game", f"{EXAMPLE}:1,3,4", "30", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["game"] == "subtraction:1,3,4"
    assert (report["outcome"], report["plies"]) == ("loss", 18)


def test_the_cli_plays_the_game_from_its_file_to_the_end() -> None:
    """5 counters: take 1, leaving 4; the computer takes some, and the rest are ours."""
    moves = "1\n" + "\n".join(str(take) for take in (3, 2, 1)) + "\nn\n"
    result = run_cli("play", "--game", str(EXAMPLE), "5", stdin=moves)
    assert result.returncode == 0, result.stderr
    assert "No move left: O has won." not in result.stdout
    assert "You win! (X)" in result.stdout


@pytest.mark.parametrize(
    ("game", "says"),
    [
        ("missing/game.py", "is not a Python file"),
        (f"{EXAMPLE}:0", "subtraction takes amounts from 1 to 100"),
        (str(Path(__file__).resolve().parent / "cli_helpers.py"), "registers no game"),
    ],
)
def test_a_bad_game_file_is_one_line_and_exit_2(game: str, says: str, in_process: InProcess) -> None:
    result = in_process("analyze", "--game", game, "3")
    assert result.returncode == 2
    assert says in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_a_file_that_fails_says_which_file_and_why(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("raise RuntimeError('half-written')\n")
    with pytest.raises(VariantError, match=r"broken.py failed to load: RuntimeError: half-written"):
        load_game_file(broken)


def test_register_game_refuses_taken_and_malformed_names_and_broken_presets(subtraction: GameKind) -> None:
    def make(params: str | None, position: str | None) -> Game[Any]:
        return make_game("nim")

    for name in ("subtraction", "nim", "mnk", "tictactoe"):
        with pytest.raises(VariantError, match="already registered"):
            register_game(name, make, summary="")
    for name in ("", "Nim2", "2nim", "a:b", "a b", "x" * 21):
        with pytest.raises(VariantError, match="a game name"):
            register_game(name, make, summary="")
    with pytest.raises(VariantError, match="is not a spec of 'other'"):
        register_game("other", make, summary="", presets=("nim",))
    assert "other" not in KINDS
    with pytest.raises(VariantError, match="built in"):
        unregister_game("nim")
