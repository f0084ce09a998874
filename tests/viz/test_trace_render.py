"""SVG, DOT and JSON drawings of a trace: well-formed, complete and faithful to the search."""

# ruff: noqa: RUF001, RUF002 - expected texts use the Greek letters and minus sign students read

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from perfectplay import parse_position
from perfectplay.teaching.trace import Trace, trace_alphabeta, trace_minimax
from perfectplay.viz import trace_document, trace_dot, trace_json, trace_svg
from perfectplay.viz.replay import search_events

SVG = "{http://www.w3.org/2000/svg}"


def cut_position_trace() -> Trace:
    """
     X | O | X
    ---+---+---      X must block at 5; 6 and 8 lose to O at 5, and alpha-beta
     O | O | .       cuts the other reply at each of them.
    ---+---+---
     . | X | .
    """
    game, state = parse_position("XOX/OO./.X.")
    return trace_alphabeta(game, state)


def svg_structure(svg: str) -> list[tuple[str, str | None, str | None, list[str | None]]]:
    """The drawn groups in document order: class, node id (or parent id), move, and their texts."""
    rows = []
    for group in ET.fromstring(svg).iter(SVG + "g"):
        classes = (group.get("class") or "").split()
        if classes[:1] in (["node"], ["stub"], ["cut"]):
            texts = [text.text for text in group.findall(SVG + "text")]
            rows.append(
                (" ".join(classes), group.get("data-id") or group.get("data-parent"), group.get("data-move"), texts)
            )
    return rows


def test_the_svg_of_a_small_alphabeta_search_draws_every_node_value_cut_and_window() -> None:
    """
    MAX 0 ─┬─ 5 MIN 0 ─┬─ 6 MAX 8 ── 8 X wins at ply 3
           │           └─ 8 MAX 0 ── 6 draw               (chosen: 5, 8, 6)
           ├─ 6 MIN ≤ −9 ── 5 O wins at ply 2   ✂ 8
           └─ 8 MIN ≤ −9 ── 5 O wins at ply 2   ✂ 6
    """
    svg = trace_svg(cut_position_trace(), {"minimax": 15})
    assert svg_structure(svg) == [
        ("node max chosen", "0", None, ["0", "MAX (X)", "10 nodes"]),
        ("node min chosen", "1", "5", ["0", "MIN (O)", "5 nodes"]),
        ("node max", "2", "6", ["8", "MAX (X)", "2 nodes"]),
        ("node min leaf", "3", "8", ["8", "X wins at ply 3"]),
        ("node max chosen", "4", "8", ["0", "MAX (X)", "2 nodes"]),
        ("node min chosen leaf", "5", "6", ["0", "draw"]),
        ("node min", "6", "6", ["≤ −9", "MIN (O)", "2 nodes · ✂ cut"]),
        ("node max leaf", "7", "5", ["−9", "O wins at ply 2"]),
        ("node min", "8", "8", ["≤ −9", "MIN (O)", "2 nodes · ✂ cut"]),
        ("node max leaf", "9", "5", ["−9", "O wins at ply 2"]),
        ("cut", "6", None, ["✂ β = −9 ≤ α = −1", "pruned: never searched"]),
        ("cut", "8", None, ["✂ β = −9 ≤ α = −1", "pruned: never searched"]),
    ]
    document = ET.fromstring(svg)
    edges = [path.get("class", "") for path in document.iter(SVG + "path") if "edge" in path.get("class", "")]
    assert sorted(edges) == ["edge"] * 6 + ["edge chosen"] * 3 + ["edge cut"] * 2
    pruned_boards = [group.get("data-move") for group in document.iter(SVG + "g") if group.get("class") == "pruned max"]
    assert pruned_boards == ["8", "6"]
    header = [text.text for text in document.iter(SVG + "text") if text.get("class") in ("title", "counts", "info")]
    assert header == [
        "alpha-beta search tree for XOX/OO./.X. (X to move)",
        "Nodes searched for this position: alpha-beta 10 · minimax 15",
        "10 of 10 nodes drawn · 2 subtrees pruned · value 0 (draw) · best 6",
    ]
    windows = sorted(text.text or "" for text in document.iter(SVG + "text") if text.get("class") == "window")
    assert windows == sorted(["α −∞  β +∞"] * 3 + ["α −1  β +∞"] * 4 + ["α −∞  β 8"] * 2)


@pytest.mark.parametrize(
    ("position", "tracer", "depth", "max_nodes"),
    [
        ("X../.O./...", trace_alphabeta, None, 200),
        ("X../.O./...", trace_minimax, 2, 60),
        ("XO./.X./O..", trace_minimax, None, 10_000),
        ("XXX/OO./...", trace_alphabeta, None, 200),
        ("XOX./.OX./O...", trace_alphabeta, 1, 30),
    ],
)
def test_every_svg_is_well_formed_xml_with_one_group_per_shown_node(
    position: str, tracer: Any, depth: int | None, max_nodes: int
) -> None:
    game, state = parse_position(position)
    trace = tracer(game, state, depth=depth, max_nodes=max_nodes)
    rows = svg_structure(trace_svg(trace))
    assert [row[1] for row in rows if row[0].startswith("node")] == [str(node.id) for node in trace.root.walk()]
    stubs = [row for row in rows if row[0] == "stub"]
    assert len(stubs) == sum(1 for node in trace.root.walk() if node.hidden)


def test_the_empty_board_summary_shows_each_first_move_with_the_size_of_its_subtree(empty_board_trace: Trace) -> None:
    """
    . . .      one level: nine MIN nodes, each "+8 more (N nodes)", the N adding up
    . . .      to 549,945 below the root
    . . .
    """
    trace = empty_board_trace
    rows = svg_structure(trace_svg(trace))
    stub_nodes = [int((row[3][0] or "").split("(")[1].split()[0].replace(",", "")) for row in rows if row[0] == "stub"]
    assert len(stub_nodes) == 9 and sum(stub_nodes) == 549_945 - 9
    assert rows[0][3] == ["0", "MAX (X)", "549,946 nodes"]


def test_the_dot_graph_has_every_shown_node_the_pruned_moves_and_the_cut_conditions() -> None:
    trace = cut_position_trace()
    dot = trace_dot(trace)
    assert dot.startswith("digraph search {") and dot.rstrip().endswith("}")
    for node in trace.root.walk():
        assert f"  n{node.id} [label=" in dot
    assert "cut6_8 [" in dot and "cut8_6 [" in dot
    assert dot.count('label="✂ β = −9 ≤ α = −1", style=dashed') == 2
    edges = [line for line in dot.splitlines() if " -> " in line]
    assert sum(line.startswith("  n0 -> n") for line in edges) == 3
    assert [line.split(" [")[0].strip() for line in edges if "penwidth=3" in line] == [
        "n4 -> n5",
        "n1 -> n4",
        "n0 -> n1",
    ]
    assert '"X O X\\nO O .\\n. X .\\n0  MAX (X)\\n10 nodes"' in dot


def test_the_json_document_has_exact_totals_the_whole_shown_tree_and_the_events() -> None:
    trace = cut_position_trace()
    document = json.loads(trace_json(trace, {"minimax": 15}))
    assert list(document)[:2] == ["nodes", "pruned"]
    assert (document["nodes"], document["pruned"], document["shown"]) == (10, 2, 10)
    assert document["counts"] == {"alphabeta": 10, "minimax": 15}
    assert document["chosen_line"] == [0, 1, 4, 5]
    root = document["tree"]
    assert (root["position"], root["role"], root["value"], root["entry"]) == (
        "XOX/OO./.X.",
        "MAX",
        0,
        {"alpha": None, "beta": None},
    )
    cut = root["children"][1]
    assert (cut["move"], cut["row"], cut["col"], cut["label"], cut["text"]) == (6, 2, 0, "7", "≤ −9")
    assert cut["cut"] == {"condition": "β = −9 ≤ α = −1", "alpha": -1, "beta": -9}
    assert cut["pruned"] == [{"move": 8, "row": 2, "col": 2, "label": "9", "position": "XOX/OO./XXO"}]
    assert cut["entry"] == {"alpha": -1, "beta": None} and cut["exit"] == {"alpha": -1, "beta": -9}
    assert document == trace_document(trace, {"minimax": 15})


def replay(events: list[dict[str, Any]]) -> dict[int, int]:
    """Play the events back as a front end would: each node's final value, from its updates alone."""
    best: dict[int, int] = {}
    values: dict[int, int] = {}
    for event in events:
        if event["type"] in ("leaf", "update"):
            best[event["node"]] = event["value"]
        elif event["type"] == "exit":
            values[event["node"]] = best[event["node"]]
    return values


@pytest.mark.parametrize("tracer", [trace_minimax, trace_alphabeta])
def test_replaying_the_events_gives_every_shown_node_its_value_in_search_order(tracer: Any) -> None:
    """
     . | X | .
    ---+---+---
     . | O | .
    ---+---+---
     X | . | O
    """
    game, state = parse_position(".X./.O./X.O")
    trace = tracer(game, state, depth=3, max_nodes=60)
    events = search_events(trace)
    entered = [event["node"] for event in events if event["type"] == "enter"]
    assert entered == [node.id for node in trace.root.walk()]
    assert replay(events) == {node.id: node.value for node in trace.root.walk()}
    cuts = [(event["node"], event["pruned"]) for event in events if event["type"] == "cut"]
    assert cuts == [(node.id, list(node.pruned)) for node in trace.root.walk() if node.cut is not None]
    hidden = sum(1 for event in events if event["type"] == "hidden")
    assert hidden == sum(len(node.hidden) for node in trace.root.walk())


@pytest.mark.parametrize("tracer", [trace_minimax, trace_alphabeta])
def test_steps_count_the_whole_replay_even_where_a_subtree_is_not_drawn(tracer: Any) -> None:
    """A front end that draws only the top of the tree still says how long the whole replay is.

     . | X | .
    ---+---+---      drawn one level deep, every child a stub; drawn whole, every event
     . | O | .       listed: each stub's steps are exactly the events its subtree has
    ---+---+---
     X | . | O
    """
    game, state = parse_position(".X./.O./X.O")
    whole = tracer(game, state, max_nodes=10_000)
    events = search_events(whole)
    assert whole.root.steps == len(events)
    for node in whole.root.walk():
        inside = [event for event in events if node.id <= event["node"] < node.id + node.nodes]
        assert node.steps == len(inside)
    top = tracer(game, state, depth=1, max_nodes=10_000)
    assert [child.steps for child in top.root.children] == [child.steps for child in whole.root.children]
    stubs = tracer(game, state, depth=0)
    assert [child.steps for child in stubs.root.hidden] == [child.steps for child in whole.root.children]
    shown = search_events(stubs)
    assert len(shown) - len(stubs.root.hidden) + sum(child.steps for child in stubs.root.hidden) == len(events)
    assert trace_document(stubs)["tree"]["hidden"][0]["steps"] == whole.root.children[0].steps
