"""Issue 12 on the command line: depth-limited search with an evaluation, comparison with perfect
play, move orders, textbook trees drawn, depth players in matches, and the terminal's defects fixed."""

# ruff: noqa: RUF001 - expected texts use the Greek letters and minus sign students read

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cli_helpers import InProcess, run_cli, run_in_terminal

SVG = "{http://www.w3.org/2000/svg}"

FORK = ".../.OX/.X."
"""
 . | . | .      O to move. A depth-2 open-lines minimax likes the corner 1 best,
---+---+---     but X then forks with 9 and wins: draw -> loss in 4. Perfect
 . | O | X      play blocks the fork with 3, 7 or 9.
---+---+---
 . | X | .
"""


def test_analyze_depth_json_lists_every_moves_depth_limited_value_and_the_choice(in_process: InProcess) -> None:
    result = in_process("analyze", FORK, "--depth", "2", "--eval", "open-lines", "--json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert (document["algorithm"], document["depth"], document["evaluation"]) == ("minimax", 2, "open-lines")
    assert document["best"] == [0]
    assert {entry["label"]: entry["estimate"] for entry in document["moves"]} == {
        "1": 0,
        "3": -1,
        "7": -1,
        "9": -1,
        "2": -2,
        "4": -2,
    }
    assert all(entry["outcome"] == "unknown" for entry in document["moves"])


def test_analyze_compare_shows_where_the_depth_limited_choice_differs_and_what_it_costs(in_process: InProcess) -> None:
    result = in_process("analyze", FORK, "--depth", "2", "--compare")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "depth-2 minimax with open-lines" in out
    assert re.search(r"^\s+1  ≈ 0\s+loss in 4\s+<- depth-limited choice$", out, re.MULTILINE)
    assert re.search(r"^\s+3  ≈ −1\s+draw\s+<- best$", out, re.MULTILINE)
    assert "The depth-2 minimax with open-lines plays 1: draw -> loss in 4." in out
    document = json.loads(in_process("analyze", FORK, "--depth", "2", "--compare", "--json").stdout)
    assert document["agrees"] is False
    assert document["choices"] == [
        {
            "move": 0,
            "row": 0,
            "col": 0,
            "label": "1",
            "outcome": "loss",
            "plies": 4,
            "perfect": False,
            "cost": "draw -> loss in 4",
        }
    ]
    assert document["exact"]["best"] == [2, 6, 8]


def test_a_deeper_search_or_another_evaluation_sees_the_fork(in_process: InProcess) -> None:
    for args in (["--depth", "4"], ["--depth", "2", "--eval", "threats"]):
        out = in_process("analyze", FORK, *args, "--compare").stdout
        assert "Here the depth limit costs nothing." in out, args


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--eval", "open-lines"], "--eval needs --depth D"),
        (["--compare"], "--compare needs --depth D"),
        (["--depth", "2", "--eval", "charm"], "unknown evaluation 'charm'"),
        (["--depth", "2", "--eval", "nowhere:f"], "no module named 'nowhere'"),
        (["--depth", "2", "--algorithm", "solver", "--eval", "none"], "work with --algorithm minimax or alphabeta"),
    ],
)
def test_depth_options_that_make_no_sense_are_one_line(in_process: InProcess, args: list[str], message: str) -> None:
    result = in_process("analyze", FORK, *args)
    assert result.returncode == 2 and message in result.stderr and result.stderr.count("\n") == 1


def test_your_own_evaluation_works_from_the_command_line_by_file_or_module_name(tmp_path: Path) -> None:
    (tmp_path / "corners.py").write_text(
        "def evaluate(game, state):\n"
        "    me = game.to_move(state)\n"
        "    mine = game.stones(state, me)\n"
        "    return sum(1 for cell in (0, 2, 6, 8) if mine >> cell & 1)\n"
    )
    by_file = run_cli(
        "analyze", ".../.../...", "--depth", "2", "--eval", f"{tmp_path / 'corners.py'}:evaluate", "--json"
    )
    assert json.loads(by_file.stdout)["evaluation"].endswith("corners.py:evaluate")
    (tmp_path / "broken.py").write_text("def evaluate(game, state):\n    return 'high'\n")
    broken = run_cli("analyze", ".../.../...", "--depth", "1", "--eval", f"{tmp_path / 'broken.py'}:evaluate")
    assert broken.returncode == 2 and "must return a whole number (int)" in broken.stderr
    assert broken.stderr.count("\n") == 1


def svg_of(run: InProcess, *args: str) -> ET.Element:
    result = run("tree", *args)
    assert result.returncode == 0, result.stderr
    return ET.fromstring(result.stdout)


def test_a_depth_limited_tree_marks_horizon_nodes_and_writes_heuristic_values_apart(in_process: InProcess) -> None:
    svg = svg_of(in_process, FORK, "--depth", "2", "--algorithm", "minimax", "--max-nodes", "200")
    horizon = [g for g in svg.iter(SVG + "g") if "horizon" in (g.get("class") or "").split()]
    assert len(horizon) == 30
    guesses = [t.text for t in svg.iter(SVG + "text") if t.get("class") == "value guess"]
    assert guesses and all((text or "").startswith("≈") for text in guesses)
    texts = " ".join(t.text or "" for t in svg.iter(SVG + "text"))
    assert "depth-2 minimax with open-lines search tree for .../.OX/.X. (O to move)" in texts
    assert "horizon: valued by open-lines" in texts and "≈v: a heuristic estimate" in texts
    document = json.loads(in_process("tree", FORK, "--depth", "2", "--format", "json", "--max-nodes", "300").stdout)
    assert document["search"]["depth"] == 2 and document["search"]["evaluation"] == "open-lines"
    leaf = document["tree"]["children"][0]["children"][0]
    assert (leaf["horizon"], leaf["guess"], leaf["text"][0]) == (True, True, "≈")
    dot = in_process("tree", FORK, "--depth", "1", "--format", "dot").stdout
    assert 'style="rounded,filled,dashed"' in dot and "horizon: open-lines" in dot


def test_the_default_tree_is_small_enough_to_read_and_says_how_to_see_more(in_process: InProcess) -> None:
    """It was 1680 x 14,732 px for this position; now the first 25 nodes, level by level (1276 x 2414)."""
    svg = svg_of(in_process, "X../.O./...")
    width, height = int(svg.get("width") or 0), int(svg.get("height") or 0)
    assert width <= 1600 and height <= 2600, (width, height)
    notes = [t.text or "" for t in svg.iter(SVG + "text") if t.get("class") == "note"]
    assert notes == [
        "Drawn: the first 25 of 871 nodes, level by level. To draw more, add --max-nodes 200 to the command; "
        "--depth 2 draws a depth-limited search instead."
    ]


def test_tree_and_replay_texts_number_moves_as_on_the_board(in_process: InProcess) -> None:
    """
     X | O | X      Alpha-beta cuts cell 9 under 7 and cell 7 under 9: the tooltips say so in the
    ---+---+---     board's numbers, the JSON keeps the library's 0-based moves beside the labels.
     O | O | .
    ---+---+---
     . | X | .
    """
    svg = svg_of(in_process, "XOX/OO./.X.")
    tips = [t.text or "" for t in svg.iter(SVG + "title")]
    assert "pruned, never searched: moves 9" in tips and "pruned, never searched: moves 7" in tips
    assert any(tip.startswith("move 6 · XOX/OO./.XX") is False and tip.startswith("move 6 · ") for tip in tips)
    document = json.loads(in_process("tree", "XOX/OO./.X.", "--format", "json").stdout)
    first = document["tree"]["children"][0]
    assert (first["move"], first["label"], first["row"], first["col"]) == (5, "6", 1, 2)


def test_tree_order_changes_the_cuts_and_compare_order_marks_those_that_appear_and_vanish(
    in_process: InProcess,
) -> None:
    natural = json.loads(in_process("tree", "X../.O./...", "--format", "json", "--show-depth", "0").stdout)
    assert natural["nodes"] == 871  # the textbook root window, the default
    best = in_process(
        "tree",
        "X../.O./...",
        "--order",
        "best-first",
        "--compare-order",
        "natural",
        "--format",
        "json",
        "--max-nodes",
        "500",
        "--root-window",
        "best",
    )
    document = json.loads(best.stdout)
    assert document["nodes"] == 464
    assert document["compare_order"] == "natural" and document["search"]["order"] == "best-first"

    def walk(node: dict[str, object]) -> list[dict[str, object]]:
        children = node["children"]
        assert isinstance(children, list)
        return [node, *(item for child in children for item in walk(child))]

    nodes = walk(document["tree"])
    assert any(entry["new"] for node in nodes for entry in node["pruned"])  # type: ignore[attr-defined]
    assert any(node["cut_by_other_order"] for node in nodes)
    svg = svg_of(in_process, "X../.O./...", "--order", "best-first", "--compare-order", "natural")
    assert [g for g in svg.iter(SVG + "g") if {"pruned", "new"} <= set((g.get("class") or "").split())]
    assert "alpha-beta (best-first order) search tree" in " ".join(t.text or "" for t in svg.iter(SVG + "text"))


def test_orders_puts_every_orders_node_count_beside_minimax_and_the_best_case(in_process: InProcess) -> None:
    result = in_process("orders", "X../.O./...", "--json")
    document = json.loads(result.stdout)
    assert document["minimax"]["nodes"] == 7332
    nodes = {name: count["nodes"] for name, count in document["orders"].items()}
    assert nodes["best-first"] < nodes["engine"] < nodes["natural"] < nodes["worst-first"] < 7332
    assert document["best_case_leaves"] == 152
    text = in_process("orders", "--game", "textbook", "3 12 8 | 2 4 6 | 14 5 2").stdout
    assert "Best case (Knuth and Moore): about 5 leaves" in text


def test_a_textbook_tree_is_drawn_with_its_names_values_and_cuts(in_process: InProcess) -> None:
    svg = svg_of(in_process, "--game", "textbook", "3 12 8 | 2 4 6 | 14 5 2")
    values = [t.text for t in svg.iter(SVG + "text") if (t.get("class") or "").startswith("value")]
    assert values == ["3", "3", "3", "12", "8", "≤ 2", "2", "≤ 2", "14", "5", "2"]
    names = [t.text for g in svg.iter(SVG + "g") if "treenode" in (g.get("class") or "") for t in g.iter(SVG + "text")]
    assert names[:3] == ["root", "1", "1.1"] and "2.2" in names and "2.3" in names  # the pruned ones too
    texts = " ".join(t.text or "" for t in svg.iter(SVG + "text"))
    assert "alpha-beta on the textbook tree [[3 12 8] [2 4 6] [14 5 2]]" in texts
    assert "✂ β = 2 ≤ α = 3" in texts and "as the textbooks do" in texts


def test_match_measures_two_evaluations_against_each_other_on_both_sides(in_process: InProcess) -> None:
    args = ("match", "--x", "depth1:open-lines", "--o", "depth1:none", "--alternate", "--games", "20", "--seed", "3")
    document = json.loads(in_process(*args, "--json").stdout)
    first, second = document["players"]
    assert (first["player"], second["player"], document["games"]) == ("depth1:open-lines", "depth1:none", 20)
    for record in (first, second):
        assert sum(record["as_x"].values()) == sum(record["as_o"].values()) == 10
    assert first["total"]["wins"] == second["total"]["losses"]
    text = in_process(*args).stdout
    assert "depth1:open-lines against depth1:none, taking turns as X: 20 games" in text
    assert "W = wins, D = draws, L = losses" in text


def test_play_takes_a_depth_player_as_the_computer(in_process: InProcess, tmp_path: Path) -> None:
    result = in_process("play", "--depth", "2", "--eval", "threats", stdin="5\nquit\n")
    assert "You are X, the computer is O (depth2:threats). X moves first." in result.stdout
    assert re.search(r"The computer \(O\) plays [1-9]\.", result.stdout)


def test_line_editing_at_the_prompt_turns_arrow_keys_into_cursor_moves() -> None:
    """Left arrow, then 5: with line editing the line is '5' and the move is played; without it the
    escape sequence would become part of the line ('^[[D5' is not a cell)."""
    screen = run_in_terminal("play", keys=[b"\x1b[D5\r", b"quit\r"])
    assert "is not a cell" not in screen
    assert "The computer (O) plays" in screen


def test_colour_on_a_terminal_and_plain_text_when_piped() -> None:
    screen = run_in_terminal("play", keys=[b"5\r", b"quit\r"])
    assert "\x1b[" in screen and re.search(r"\x1b\[[0-9;]*m", screen)
    piped = run_cli("play", stdin="5\nquit\n")
    assert "\x1b" not in piped.stdout


def test_scores_explain_every_abbreviation_they_use(in_process: InProcess) -> None:
    """Whatever marks the board shows (W3, D, L4, ?), the heading says what each means."""
    out = in_process("play", "--two-players", stdin="1\n2\n5\nscores\n").stdout
    heading = out[out.index("What each move") :].splitlines()[0]
    grid = out[out.index("What each move") :].splitlines()[2:7:2]
    marks = {cell.strip() for row in grid for cell in row.split("|")} - {"X", "O"}
    assert marks == {"L2", "L4"}
    for mark in marks:
        assert f"{mark[0]}" in heading and re.search(rf"\b{mark[0]}\d* = ", heading)
