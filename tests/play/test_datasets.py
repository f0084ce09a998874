"""Solved-position data sets: every reachable position, valued exactly, in a fixed order."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter, defaultdict
from functools import reduce
from operator import xor
from pathlib import Path

import pytest

from cli_helpers import InProcess, run_cli
from perfectplay import MNK, PerfectplayError, Player, analyze, make_game
from perfectplay.games.symmetry import symmetries, transform
from perfectplay.play.datasets import (
    CSV_COLUMNS,
    DatasetTooLarge,
    SolvedPosition,
    dataset_text,
    solved_positions,
    split_of,
    symmetry_class,
    write_dataset,
)
from perfectplay.search.solver import TranspositionTable
from repo_paths import ROOT


@pytest.fixture(scope="module")
def tictactoe_rows() -> list[SolvedPosition]:
    return list(solved_positions(make_game("tictactoe")))


def test_tictactoe_has_5478_positions_in_765_symmetry_classes(tictactoe_rows: list[SolvedPosition]) -> None:
    assert len(tictactoe_rows) == 5478
    assert len({row.symmetry_class for row in tictactoe_rows}) == 765
    assert [row.index for row in tictactoe_rows] == list(range(5478))


def test_958_rows_are_finished_games_626_won_by_x_316_by_o_16_drawn(tictactoe_rows: list[SolvedPosition]) -> None:
    endings = Counter(row.winner for row in tictactoe_rows if row.terminal)
    assert endings == {"X": 626, "O": 316, None: 16}
    assert all(row.moves == () and row.best == () and row.depth == 0 for row in tictactoe_rows if row.terminal)


def test_the_empty_board_is_a_draw_where_every_first_move_draws(tictactoe_rows: list[SolvedPosition]) -> None:
    first = tictactoe_rows[0]
    assert (first.position, first.to_move, first.outcome) == (".../.../...", "X", "draw")
    assert (first.score, first.depth) == (0, 9)
    assert [m.score for m in first.moves] == [0] * 9
    assert first.best == tuple(range(9))


def test_every_value_and_move_score_agrees_with_the_solver(tictactoe_rows: list[SolvedPosition]) -> None:
    game = make_game("tictactoe")
    table = TranspositionTable()
    for row in tictactoe_rows:
        analysis = analyze(game, game.parse(row.position, Player(row.to_move)), table=table)
        assert (row.outcome, row.plies, row.score) == (analysis.outcome.name, analysis.outcome.plies, analysis.score)
        assert {m.move: m.score for m in row.moves} == {entry.move: entry.score for entry in analysis.moves}
        assert row.best == analysis.best


def test_decisive_rows_end_in_their_plies_and_drawn_rows_fill_the_board(tictactoe_rows: list[SolvedPosition]) -> None:
    for row in tictactoe_rows:
        if row.outcome == "draw":
            assert row.depth == row.position.count(".")
        else:
            assert row.depth == row.plies


def test_positions_of_one_class_are_symmetric_images_with_the_same_value_and_split(
    tictactoe_rows: list[SolvedPosition],
) -> None:
    game = make_game("tictactoe")
    assert isinstance(game, MNK)
    state = game.parse("X../.O./...")
    #   X . .      . . X      the quarter turn of the first position
    #   . O .  ->  . O .      is in its class, with its value
    #   . . .      . . .
    images = {state._replace(x=transform(perm, state.x), o=transform(perm, state.o)) for perm in symmetries(3, 3)}
    assert len(images) == 4
    assert {symmetry_class(game, image) for image in images} == {symmetry_class(game, state)}
    rows = tictactoe_rows
    by_class: dict[str, set[tuple[int, str]]] = defaultdict(set)
    for row in rows:
        by_class[row.symmetry_class].add((row.score, row.split))
    assert all(len(values) == 1 for values in by_class.values())
    assert {row.position for row in rows if row.symmetry_class == symmetry_class(game, state)} == {
        game.format(image) for image in images
    }


def test_about_a_fifth_of_the_classes_are_held_out_for_testing(tictactoe_rows: list[SolvedPosition]) -> None:
    classes = {row.symmetry_class: row.split for row in tictactoe_rows}
    tested = sum(split == "test" for split in classes.values())
    assert 0.15 * len(classes) < tested < 0.25 * len(classes)
    assert split_of(".../.../... X", 0) == "train"
    assert split_of(".../.../... X", 100) == "test"


def test_nim_rows_follow_boutons_rule() -> None:
    rows = list(solved_positions(make_game("nim")))
    assert len(rows) > 100
    for row in rows:
        heaps = [int(size) for size in row.position.split(",")]
        assert (row.outcome == "loss") == (reduce(xor, heaps, 0) == 0)
    assert symmetry_class(make_game("nim"), make_game("nim").parse("5,3,4")) == "3,4,5"


def test_a_small_mnk_board_is_solved_from_a_given_start() -> None:
    game = make_game("mnk:2,4,2")
    rows = list(solved_positions(game))
    assert rows[0].outcome == "win"
    assert rows[0].plies == 3
    later = list(solved_positions(game, game.parse("X.../.O..")))
    assert later[0].position == "X.../.O.."
    assert len(later) < len(rows)


def test_connect_four_rows_are_classed_with_their_mirror_images() -> None:
    game = make_game("connect4:4,4")
    left, right = game.parse("1"), game.parse("4")
    assert symmetry_class(game, left) == symmetry_class(game, right)
    assert symmetry_class(game, left) != symmetry_class(game, game.parse("2"))


def test_a_game_with_too_many_positions_is_refused_before_any_search() -> None:
    with pytest.raises(DatasetTooLarge, match="more than 1,000 reachable positions"):
        list(solved_positions(make_game("tictactoe"), max_positions=1000))


def text_of(rows: list[SolvedPosition], fmt: str) -> str:
    buffer = io.StringIO()
    write_dataset(rows, buffer, fmt)
    return buffer.getvalue()


def test_the_same_data_set_comes_out_byte_for_byte_twice(tictactoe_rows: list[SolvedPosition]) -> None:
    # Each format from a search of every position of its own, against the module's search written out.
    game = make_game("tictactoe")
    assert dataset_text(game, "jsonl") == text_of(tictactoe_rows, "jsonl")
    assert dataset_text(game, "csv") == text_of(tictactoe_rows, "csv")


def test_the_cli_writes_json_lines_with_the_documented_columns() -> None:
    result = run_cli("dataset", "tictactoe")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 5478
    first = json.loads(lines[0])
    assert list(first) == [*CSV_COLUMNS[:11], "moves", "best", "symmetry_class", "split"]
    assert first["moves"][4] == {"move": 4, "label": "5", "score": 0}
    documented = (ROOT / "docs" / "datasets.md").read_text(encoding="utf-8")
    for column in (*CSV_COLUMNS, "moves"):
        assert f"`{column}`" in documented


def test_the_cli_writes_csv_to_a_file_and_says_so(tmp_path: Path, in_process: InProcess) -> None:
    # The command in this process (the one above starts it as a user does): its output, not its start-up, is tested.
    target = tmp_path / "ttt.csv"
    result = in_process("dataset", "tictactoe", "--format", "csv", "--output", str(target))
    assert result.returncode == 0, result.stderr
    assert result.stderr == "wrote 5,478 positions of Tic-tac-toe to " + str(target) + "\n"
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert len(rows) == 5478
    near_end = next(row for row in rows if row["position"] == "XX./OO./...")
    #   X X .     X to move wins at once in cell 2
    #   O O .
    #   . . .
    assert (near_end["outcome"], near_end["plies"], near_end["score"], near_end["best"]) == ("win", "1", "10", "2")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("nosuchgame",), "unknown game"),
        # A small --max-positions: the default (300,000) is counted up to before the refusal, a second and a half.
        (("connect4", "--max-positions", "1000"), "more than 1,000 reachable positions"),
        (("tictactoe", "--format", "parquet"), "give --output"),
        (("tictactoe", "--output", "/nonexistent/dir/x.jsonl"), "cannot write"),
        (("tictactoe", "--start", "XXX/XXX/XXX"), "stones"),
    ],
)
def test_bad_requests_are_one_line_on_stderr_and_exit_2(
    args: tuple[str, ...], message: str, in_process: InProcess
) -> None:
    result = in_process("dataset", *args)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_parquet_holds_the_same_rows_as_json_lines(tmp_path: Path, tictactoe_rows: list[SolvedPosition]) -> None:
    parquet = pytest.importorskip("pyarrow.parquet")
    target = tmp_path / "ttt.parquet"
    result = run_cli("dataset", "tictactoe", "--format", "parquet", "-o", str(target))
    assert result.returncode == 0, result.stderr
    table = parquet.read_table(target).to_pylist()
    assert table == [json.loads(line) for line in text_of(tictactoe_rows, "jsonl").splitlines()]


def test_parquet_without_pyarrow_says_what_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import sys

    from perfectplay.play.datasets import write_parquet

    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(PerfectplayError, match=r"perfectplay\[parquet\]"):
        write_parquet([], str(tmp_path / "x.parquet"))
