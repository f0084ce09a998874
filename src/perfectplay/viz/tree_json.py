"""A trace as JSON: totals, the shown tree and the replayable events, for front ends.

The document is self-sufficient: a front end can draw every node (position,
move, row and column), expand and fold subtrees (``children``, ``hidden``),
grey out cut ones (``pruned``) and step through ``events`` without calling
the engine again. Values are in the MAX/MIN view (see ``values``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from perfectplay.teaching.orders import CutChanges
from perfectplay.teaching.pseudocode import pseudocode_lines
from perfectplay.teaching.trace import HiddenChild, Trace, TraceNode, Window
from perfectplay.viz.labels import label_fields, node_outcome, node_value_text, root_value_text
from perfectplay.viz.replay import search_events
from perfectplay.words import cut_text, score_rule_text


def _window(window: Window | None) -> dict[str, int | None] | None:
    return None if window is None else {"alpha": window.alpha, "beta": window.beta}


Viewer = Callable[[Any], dict[str, Any]]
"""Draws a state for a front end (the web's ``view`` of each node); None leaves views out."""


def _view(view: Viewer | None, state: Any) -> dict[str, Any]:
    return {} if view is None else {"view": view(state)}


def _view_after(view: Viewer | None, trace: Trace, state: Any, move: int) -> dict[str, Any]:
    """The view of the position after ``move``, played only when there is a view to draw."""
    return {} if view is None else {"view": view(trace.game.play(state, move))}


def _hidden(
    trace: Trace,
    child: HiddenChild,
    changes: CutChanges | None,
    path: tuple[int, ...],
    view: Viewer | None,
    parent: Any,
) -> dict[str, Any]:
    extra: dict[str, Any] = _view_after(view, trace, parent, child.move)
    if changes is not None:
        extra["cut_by_other_order"] = (*path, child.move) in changes.vanished
    return {
        "id": child.id,
        "move": child.move,
        **trace.game.move_fields(child.move),
        **label_fields(trace, child.move),
        "value": child.value,
        "bound": child.bound,
        "text": node_value_text(trace, child),
        "guess": child.guess,
        "entry": _window(child.entry),
        "nodes": child.nodes,
        "pruned_subtrees": child.pruned_subtrees,
        "steps": child.steps,
        **extra,
    }


def _node(
    trace: Trace,
    node: TraceNode,
    chosen: set[int],
    changes: CutChanges | None,
    path: tuple[int, ...],
    view: Viewer | None = None,
) -> dict[str, Any]:
    game = trace.game
    extra: dict[str, Any] = _view(view, node.state)
    if changes is not None:
        extra["cut_by_other_order"] = path in changes.vanished
    return {
        "id": node.id,
        "move": node.move,
        **(game.move_fields(node.move) if node.move is not None else {}),
        **label_fields(trace, node.move),
        "position": game.format(node.state),
        "to_move": node.to_move.value,
        "role": node.role,
        "depth": node.depth,
        "value": node.value,
        "bound": node.bound,
        "text": node_value_text(trace, node),
        "outcome": node_outcome(trace, node),
        "guess": node.guess,
        "horizon": node.horizon,
        **extra,
        "terminal": node.terminal,
        "chosen": node.id in chosen,
        "entry": _window(node.entry),
        "exit": _window(node.exit),
        "cut": None
        if node.cut is None
        else {"condition": cut_text(node.cut), "alpha": node.cut.alpha, "beta": node.cut.beta},
        "pruned": [
            {
                "move": move,
                **game.move_fields(move),
                **label_fields(trace, move),
                "position": game.format(game.play(node.state, move)),
                **({} if changes is None else {"new": (*path, move) in changes.appeared}),
                **_view_after(view, trace, node.state, move),
            }
            for move in node.pruned
        ],
        "nodes": node.nodes,
        "pruned_subtrees": node.pruned_subtrees,
        "steps": node.steps,
        "children": [
            _node(trace, child, chosen, changes, (*path, child.move or 0), view) for child in node.children
        ],
        "hidden": [_hidden(trace, child, changes, path, view, node.state) for child in node.hidden],
    }


def trace_document(
    trace: Trace,
    counts: dict[str, int] | None = None,
    *,
    note: str | None = None,
    changes: CutChanges | None = None,
    view: Viewer | None = None,
) -> dict[str, Any]:
    """The trace as a JSON-ready dict; ``counts`` adds other searches' node counts by name.

    With ``view``, every node, pruned move and hidden child carries the
    ``view`` of its position (how the web page draws it).

    Besides the fields in ``docs/trace.md``: ``search``
    (depth, evaluation, order, root), each node's ``label`` (the move as
    people see it), ``guess`` (a heuristic value) and ``horizon``; with
    ``changes``, ``compare_order``, each node's ``cut_by_other_order`` and
    each pruned move's ``new``.
    """
    chosen = {node.id for node in trace.chosen_line()}
    extra: dict[str, Any] = {}
    if changes is not None:
        extra["compare_order"] = changes.other
    return {
        "nodes": trace.nodes,
        "pruned": trace.pruned,
        "game": trace.game.name,
        "position": trace.game.format(trace.state),
        "to_move": trace.maximizer.value,
        "algorithm": trace.algorithm,
        "values": f"MAX/MIN view: MAX is {trace.maximizer.value}, the side to move at the root; "
        f"a win at ply p scores {trace.game.max_plies + 2} - p, a loss p - {trace.game.max_plies + 2}, a draw 0",
        "scores": score_rule_text(trace.game.max_plies + 2),
        "value": trace.value,
        "outcome": node_outcome(trace, trace.root),
        "best": list(trace.best),
        "counts": {trace.algorithm: trace.nodes, **{k: v for k, v in (counts or {}).items() if k != trace.algorithm}},
        "shown": trace.shown,
        "limits": {"depth": trace.depth_limit, "max_nodes": trace.node_limit},
        "seconds": trace.seconds,
        "chosen_line": [node.id for node in trace.chosen_line()],
        "tree": _node(trace, trace.root, chosen, changes, (), view),
        "events": search_events(trace),
        "pseudocode": list(pseudocode_lines(trace.algorithm)),
        "search": {
            "depth": trace.search_depth,
            "evaluation": trace.evaluation,
            "order": trace.order,
            "root": trace.find,
            "value_text": root_value_text(trace),
        },
        "note": note,
        **extra,
    }


def subtree_document(
    trace: Trace,
    line: Sequence[TraceNode],
    limits: dict[str, int],
    *,
    changes: CutChanges | None = None,
    view: Viewer | None = None,
) -> dict[str, Any]:
    """The document of one node of the search and what lies below it, as the whole search saw it.

    ``line`` is the shown nodes from the root to that node. The header is the
    whole search's (values stay in the root's MAX/MIN view); ``tree`` is the
    node, ``events`` its part of the replay, ``chosen_line`` the whole
    search's best line; ``limits`` says how much below the node is shown.
    """
    focus = line[-1]
    path = tuple(node.move for node in line[1:] if node.move is not None)
    chosen = {node.id for node in trace.chosen_line()}
    # The header and the events from the trace cut down to the line (fast, small): the root unchanged.
    header = trace_document(_only_line(trace, line), changes=changes)
    inside = range(focus.id, focus.id + focus.nodes)
    return {
        **header,
        "tree": _node(trace, focus, chosen, changes, path, view),
        "events": [event for event in header["events"] if event["node"] in inside],
        "shown": sum(1 for _ in focus.walk()),
        "chosen_line": sorted(chosen),
        "limits": limits,
    }


def _only_line(trace: Trace, line: Sequence[TraceNode]) -> Trace:
    """The trace with each ancestor of the last node of ``line`` keeping only the next node of the line."""
    node = line[-1]
    for parent in reversed(line[:-1]):
        node = replace(parent, children=(node,), hidden=())
    return replace(trace, root=node)


def trace_json(
    trace: Trace,
    counts: dict[str, int] | None = None,
    *,
    note: str | None = None,
    changes: CutChanges | None = None,
) -> str:
    """``trace_document`` as compact JSON text."""
    document = trace_document(trace, counts, note=note, changes=changes)
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))
