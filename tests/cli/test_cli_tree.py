"""``perfectplay tree`` as a user runs it: JSON, DOT and SVG, to a file, and bad input."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cli_helpers import InProcess
from perfectplay import MNK, MNKState
from textbook_reference import Answer


def test_tree_json_of_x_in_the_centre_counts_every_minimax_node_and_draws_one_level(
    in_process: InProcess, tictactoe: MNK, reference: dict[MNKState, Answer]
) -> None:
    """
     . | . | .
    ---+---+---     55,505 nodes, the stored textbook answer (the empty board's 549,946 are the library's
     . | X | .      tests/teaching/test_trace.py, on one shared trace: not traced again here, ten times the work)
    ---+---+---
     . | . | .
    """
    result = in_process("tree", ".../.X./...", "--algorithm", "minimax", "--show-depth", "1", "--format", "json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    nodes = reference[tictactoe.parse(".../.X./...")].nodes
    assert (nodes, document["nodes"], document["pruned"], document["shown"]) == (55_505, 55_505, 0, 9)
    assert document["counts"]["minimax"] == nodes
    assert 0 < document["counts"]["alphabeta"] < nodes
    tree = document["tree"]
    assert [child["move"] for child in tree["children"]] == [0, 1, 2, 3, 5, 6, 7, 8]
    assert sum(child["nodes"] for child in tree["children"]) == nodes - 1
    assert all(len(child["hidden"]) == 7 and child["children"] == [] for child in tree["children"])
    assert document["events"][0] == {"type": "enter", "node": 0, "depth": 0, "line": 1}


def test_tree_dot_of_a_mid_game_position_marks_the_cuts(in_process: InProcess) -> None:
    """
     X | O | X
    ---+---+---
     O | O | .
    ---+---+---
     . | X | .
    """
    result = in_process("tree", "XOX/OO./.X.", "--format", "dot")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("digraph search {")
    assert "alpha-beta 10 · minimax 14" in result.stdout
    assert result.stdout.count("style=dashed,") == 2


def test_tree_writes_an_svg_file_with_o_and_prints_nothing(in_process: InProcess, tmp_path: Path) -> None:
    """
     X | . | .
    ---+---+---
     . | O | .
    ---+---+---
     . | . | .
    """
    target = tmp_path / "tree.svg"
    result = in_process("tree", "X../.O./...", "--max-nodes", "40", "-o", str(target))
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    svg = ET.fromstring(target.read_text(encoding="utf-8"))
    nodes = [g for g in svg.iter("{http://www.w3.org/2000/svg}g") if (g.get("class") or "").startswith("node ")]
    assert len(nodes) == 40


def test_tree_of_o_to_move_on_a_bigger_board_is_drawn_from_o_side(in_process: InProcess) -> None:
    result = in_process("tree", "XX./O../O.X", "--to-move", "O", "--format", "json", "--show-depth", "0")
    document = json.loads(result.stdout)
    assert (document["to_move"], document["tree"]["role"], document["shown"]) == ("O", "MAX", 1)
    assert len(document["tree"]["hidden"]) == 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["XOX/OO./.X.", "--show-depth", "-1"], "--show-depth must be 0 or more"),
        (["XOX/OO./.X.", "--depth", "0"], "--depth must be 1 or more"),
        (["XOX/OO./.X.", "--max-nodes", "0"], "--max-nodes must be 1 or more"),
        (["XOX/OO./.X.", "--max-nodes", "many"], "--max-nodes must be a whole number"),
        (["XOX/OO./.X.", "--format", "png"], "invalid choice: 'png'"),
        (["XOX/OO./.X.", "--algorithm", "expectimax"], "invalid choice: 'expectimax'"),
        (["XOZ/OO./.X."], "unknown character 'Z'"),
        (["XOX/OO./.X.", "-o", "/no/such/folder/tree.svg"], "cannot write /no/such/folder/tree.svg"),
    ],
)
def test_bad_tree_options_print_one_line_and_exit_2(args: list[str], message: str, in_process: InProcess) -> None:
    result = in_process("tree", *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert message in result.stderr and result.stderr.count("\n") == 1, result.stderr


def test_tree_of_a_position_far_too_big_to_search_to_the_end_starts_with_a_depth_limit(in_process: InProcess) -> None:
    """Connect Four from the empty board: a search to the end would run into the node cap; depth 2 is drawn at once."""
    result = in_process("tree", "--game", "connect4", "", "--format", "json", "--show-depth", "1")
    assert result.returncode == 0, result.stderr
    assert "far too big to search to the end; drawing a search 2 plies deep" in result.stderr
    document = json.loads(result.stdout)
    assert document["nodes"] < 100
    assert len(document["tree"]["children"]) == 7


def test_tree_size_is_estimated_near_the_549946_nodes_of_tic_tac_toe_and_far_beyond_for_four_by_four() -> None:
    from perfectplay.cli.tree import far_too_big
    from perfectplay.games.mnk import MNK
    from perfectplay.teaching import estimated_tree_size as tree_size_estimate

    small, big = MNK(3, 3, 3), MNK(4, 4, 4)
    assert 200_000 < tree_size_estimate(small, small.initial_state()) < 1_500_000
    assert not far_too_big(small, small.initial_state(), "minimax", 2_000_000)
    assert far_too_big(big, big.initial_state(), "alphabeta", 2_000_000)
