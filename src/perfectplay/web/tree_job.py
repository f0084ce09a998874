"""The search-tree job: trace minimax or alpha-beta and return the trace JSON, or one subtree of it.

It runs inside a search worker (``worker.py``), so it imports only the
engine. A job with a ``path`` (moves from the position) returns the node at
the end of that path as the real search saw it: the search always starts at
the position, so values stay in the position's MAX/MIN view, node ids stay
the visiting order of the whole search, and alpha-beta's windows and cuts
are the ones it really used there. Re-searching the subtree's position on
its own would give a different (wider-window) tree.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TypedDict

from perfectplay import Game, parse_position
from perfectplay.teaching import (
    RECORD_LIMIT,
    Trace,
    TraceNode,
    TraceTooLarge,
    compare_cuts,
    move_order,
    trace_document,
    trace_search,
)
from perfectplay.web.teaching import SearchOptions, evaluations_json, search_setup, too_large

TREE_KIND = "tree"
"""The ``kind`` that marks a job as this one in the worker's dispatch."""


class TreeJob(TypedDict):
    kind: str
    game: str
    position: str
    to_move: str
    algorithm: str
    depth: int
    max_nodes: int
    path: list[int]
    options: SearchOptions


class TreeResult(TypedDict):
    """The trace document, or why the asked-for subtree cannot be given (``problem``: field, message)."""

    document: dict[str, Any] | None
    problem: list[str] | None


def trace_for(
    game: Game[Any],
    state: Any,
    algorithm: str,
    options: SearchOptions,
    *,
    depth: int | None,
    max_nodes: int,
    order: str | None = None,
) -> Trace:
    """The traced search the options ask for (``order`` replaces theirs); ``TraceTooLarge`` past the node cap."""
    limit, evaluation, find = search_setup(game, options)
    name = order or options["order"]
    return trace_search(
        game,
        state,
        algorithm,
        depth=depth,
        max_nodes=max_nodes,
        limit=limit,
        order=move_order(name),
        order_name=name,
        find=find,
        **evaluation,
    )


def run_tree_job(job: TreeJob) -> TreeResult:
    game, state = parse_position(job["position"], job["game"], to_move=job["to_move"])
    path, options, algorithm = job["path"], job["options"], job["algorithm"]
    try:
        if path:
            # Every node within reach is kept (up to the engine's record limit), so the
            # focus node is shown whatever its place in breadth-first order.
            trace = trace_for(game, state, algorithm, options, depth=len(path) + job["depth"], max_nodes=RECORD_LIMIT)
        else:
            trace = trace_for(game, state, algorithm, options, depth=job["depth"], max_nodes=job["max_nodes"])
        changes = None
        other = options["compare_order"]
        if other is not None:
            against = trace_for(game, state, algorithm, options, depth=None, max_nodes=RECORD_LIMIT, order=other)
            changes = compare_cuts(trace, against, other)
    except TraceTooLarge as error:
        return {"document": None, "problem": ["position", too_large(algorithm, options, error)]}
    extra = {"path": path, "evaluations": evaluations_json(game)}
    if not path:
        document = trace_document(trace, changes=changes)
        add_views(game, trace.root, document["tree"])
        return {"document": {**document, **extra}, "problem": None}
    line = _line(trace.root, path)
    if line is None:
        return {"document": None, "problem": ["path", _missing(trace, path)]}
    focus = line[-1]
    shown = sum(1 for _ in focus.walk())
    if shown > job["max_nodes"]:
        message = f"this subtree has {shown:,} nodes within depth {job['depth']}; ask for less depth or more max_nodes"
        return {"document": None, "problem": ["depth", message]}
    chosen = {node.id for node in trace.chosen_line()}
    document = trace_document(_only_line(trace, line), changes=changes)
    events = [event for event in document["events"] if focus.id <= event["node"] < focus.id + focus.nodes]
    tree = document["tree"]
    for _ in path:
        tree = tree["children"][0]
    _mark_chosen(tree, chosen)
    add_views(game, focus, tree)
    document.update(tree=tree, events=events, shown=shown, chosen_line=sorted(chosen), **extra)
    document["limits"] = {"depth": job["depth"], "max_nodes": job["max_nodes"]}
    return {"document": document, "problem": None}


def add_views(game: Game[Any], node: TraceNode, drawn: dict[str, Any]) -> None:
    """Give every node of the document, its cut moves and its searched-but-not-drawn children a ``view``.

    The page draws each position from its view (``Game.view``: a grid, heaps,
    or text), so the tree needs no game of its own; the parts of a view that
    make a board playable (``click``, ``labels``) are left out.
    """
    drawn["view"] = _still(game.view(node.state))
    for entry, move in zip(drawn["pruned"], node.pruned, strict=True):
        entry["view"] = _still(game.view(game.play(node.state, move)))
    for entry, hidden in zip(drawn["hidden"], node.hidden, strict=True):
        entry["view"] = _still(game.view(game.play(node.state, hidden.move)))
    for entry, child in zip(drawn["children"], node.children, strict=True):
        add_views(game, child, entry)


def _still(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key not in ("click", "labels")}


def _line(root: TraceNode, path: list[int]) -> list[TraceNode] | None:
    """The shown nodes from the root along ``path``, or None where the path leaves the shown tree."""
    line = [root]
    for move in path:
        child = next((child for child in line[-1].children if child.move == move), None)
        if child is None:
            return None
        line.append(child)
    return line


def _missing(trace: Trace, path: list[int]) -> str:
    node = trace.root
    for number, move in enumerate(path, start=1):
        child = next((child for child in node.children if child.move == move), None)
        if child is not None:
            node = child
            continue
        if any(hidden.move == move for hidden in node.hidden):
            return (
                f"move {number} of the path ({move}) leads to a node beyond the first {RECORD_LIMIT:,} "
                "nodes the tracer keeps; play a move or two first"
            )
        return f"move {number} of the path ({move}) is not a move the search made there"
    raise AssertionError("the whole path was found")


def _only_line(trace: Trace, line: list[TraceNode]) -> Trace:
    """The trace with each ancestor of the focus node keeping only the next node of ``line``.

    So the document is built for the focus subtree alone (fast, small), with
    the root unchanged: the MAX/MIN view and the outcome texts stay the position's.
    """
    node = line[-1]
    for parent in reversed(line[:-1]):
        node = replace(parent, children=(node,), hidden=())
    return replace(trace, root=node)


def _mark_chosen(tree: dict[str, Any], chosen: set[int]) -> None:
    # The trimmed trace would follow the path, not the best line: take the real one.
    tree["chosen"] = tree["id"] in chosen
    for child in tree["children"]:
        _mark_chosen(child, chosen)
