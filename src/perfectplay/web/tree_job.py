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

from typing import Any, TypedDict

from perfectplay import Game, parse_position
from perfectplay.teaching import (
    RECORD_LIMIT,
    Trace,
    TraceNode,
    TraceTooLarge,
    compare_cuts,
    move_order,
    subtree_document,
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

    def view(state: Any) -> dict[str, Any]:
        # The parts of a view that make a board playable (click, labels) are left out: a tree's boards are still.
        return {key: value for key, value in game.view(state).items() if key not in ("click", "labels")}

    if not path:
        return {"document": {**trace_document(trace, changes=changes, view=view), **extra}, "problem": None}
    line = _line(trace.root, path)
    if line is None:
        return {"document": None, "problem": ["path", _missing(trace, path)]}
    shown = sum(1 for _ in line[-1].walk())
    if shown > job["max_nodes"]:
        message = f"this subtree has {shown:,} nodes within depth {job['depth']}; ask for less depth or more max_nodes"
        return {"document": None, "problem": ["depth", message]}
    limits = {"depth": job["depth"], "max_nodes": job["max_nodes"]}
    document = subtree_document(trace, line, limits, changes=changes, view=view)
    return {"document": {**document, **extra}, "problem": None}


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


