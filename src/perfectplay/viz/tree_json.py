"""A trace as JSON: totals, the shown tree and the replayable events, for front ends.

The document is self-sufficient: a front end can draw every node (position,
move, row and column), expand and fold subtrees (``children``, ``hidden``),
grey out cut ones (``pruned``) and step through ``events`` without calling
the engine again. Values are in the MAX/MIN view (see ``values``).
"""

from __future__ import annotations

import json
from typing import Any

from perfectplay.search.trace import HiddenChild, Trace, TraceNode, Window
from perfectplay.viz.labels import outcome_text, value_text
from perfectplay.viz.replay import search_events


def _window(window: Window | None) -> dict[str, int | None] | None:
    return None if window is None else {"alpha": window.alpha, "beta": window.beta}


def _hidden(trace: Trace, child: HiddenChild) -> dict[str, Any]:
    return {
        "id": child.id,
        "move": child.move,
        **trace.game.move_fields(child.move),
        "value": child.value,
        "bound": child.bound,
        "text": value_text(child.value, child.bound),
        "entry": _window(child.entry),
        "nodes": child.nodes,
        "pruned_subtrees": child.pruned_subtrees,
    }


def _node(trace: Trace, node: TraceNode, chosen: set[int]) -> dict[str, Any]:
    game = trace.game
    return {
        "id": node.id,
        "move": node.move,
        **(game.move_fields(node.move) if node.move is not None else {}),
        "position": game.format(node.state),
        "to_move": node.to_move.value,
        "role": node.role,
        "depth": node.depth,
        "value": node.value,
        "bound": node.bound,
        "text": value_text(node.value, node.bound),
        "outcome": outcome_text(trace, node.value) if node.bound == "exact" else None,
        "terminal": node.terminal,
        "chosen": node.id in chosen,
        "entry": _window(node.entry),
        "exit": _window(node.exit),
        "cut": None
        if node.cut is None
        else {"condition": str(node.cut), "alpha": node.cut.alpha, "beta": node.cut.beta},
        "pruned": [
            {"move": move, **game.move_fields(move), "position": game.format(game.play(node.state, move))}
            for move in node.pruned
        ],
        "nodes": node.nodes,
        "pruned_subtrees": node.pruned_subtrees,
        "children": [_node(trace, child, chosen) for child in node.children],
        "hidden": [_hidden(trace, child) for child in node.hidden],
    }


def trace_document(trace: Trace, counts: dict[str, int] | None = None) -> dict[str, Any]:
    """The trace as a JSON-ready dict; ``counts`` adds other searches' node counts by name."""
    chosen = {node.id for node in trace.chosen_line()}
    return {
        "nodes": trace.nodes,
        "pruned": trace.pruned,
        "game": trace.game.name,
        "position": trace.game.format(trace.state),
        "to_move": trace.maximizer.value,
        "algorithm": trace.algorithm,
        "values": f"MAX/MIN view: MAX is {trace.maximizer.value}, the side to move at the root; "
        f"a win at ply p scores {trace.game.max_plies + 2} - p, a loss p - {trace.game.max_plies + 2}, a draw 0",
        "value": trace.value,
        "outcome": outcome_text(trace, trace.value),
        "best": list(trace.best),
        "counts": {trace.algorithm: trace.nodes, **{k: v for k, v in (counts or {}).items() if k != trace.algorithm}},
        "shown": trace.shown,
        "limits": {"depth": trace.depth_limit, "max_nodes": trace.node_limit},
        "seconds": trace.seconds,
        "chosen_line": [node.id for node in trace.chosen_line()],
        "tree": _node(trace, trace.root, chosen),
        "events": search_events(trace),
    }


def trace_json(trace: Trace, counts: dict[str, int] | None = None) -> str:
    """``trace_document`` as compact JSON text."""
    return json.dumps(trace_document(trace, counts), ensure_ascii=False, separators=(",", ":"))
