"""The search as a list of steps, so a front end can replay it one event at a time.

Events come from the shown tree in search order (children are kept in the
order they were searched), which is the order the search did them:

* ``enter``: the search arrives at a node (with its window for alpha-beta);
* ``leaf``: a finished game is scored;
* ``hidden``: a searched child that is not drawn, with its value and size;
* ``update``: a child's value is backed up; the node's best so far and,
  for alpha-beta, its window after the child;
* ``cut``: alpha-beta stops at a node; the condition and the pruned moves;
* ``exit``: the node's value is final (or a bound) and goes to its parent.

Each event also says which ``line`` of the algorithm's pseudocode it is on
(``teaching/pseudocode.py``), so a front end can highlight the code in step.
"""

from __future__ import annotations

from typing import Any

from perfectplay.teaching.pseudocode import line_of
from perfectplay.teaching.trace import HiddenChild, Trace, TraceNode, Window
from perfectplay.viz.labels import node_value_text
from perfectplay.words import cut_text


def window_fields(window: Window | None) -> dict[str, int | None]:
    """``alpha``/``beta`` for alpha-beta (None is infinite); nothing for minimax."""
    if window is None:
        return {}
    return {"alpha": window.alpha, "beta": window.beta}


def search_events(trace: Trace) -> list[dict[str, Any]]:
    """Every step of the shown part of the search, in the order the search took them."""
    events: list[dict[str, Any]] = []
    algorithm = trace.algorithm

    def visit(node: TraceNode) -> None:
        role = node.maximizing
        events.append(
            {
                "type": "enter",
                "node": node.id,
                "depth": node.depth,
                **window_fields(node.entry),
                "line": line_of(algorithm, "enter", role),
            }
        )
        if node.terminal:
            leaf = line_of(algorithm, "leaf", role)
            events.append({"type": "leaf", "node": node.id, "value": node.value, "line": leaf})
        searched: list[TraceNode | HiddenChild] = [*node.children, *node.hidden]
        # After each child the node's window is the one its next child gets.
        windows = [child.entry for child in searched[1:]] + [node.exit] if searched else []
        best: int | None = None
        for child, after in zip(searched, windows, strict=True):
            if isinstance(child, TraceNode):
                visit(child)
            else:
                events.append(
                    {
                        "type": "hidden",
                        "node": child.id,
                        "parent": node.id,
                        "move": child.move,
                        "value": child.value,
                        "bound": child.bound,
                        "nodes": child.nodes,
                        "line": line_of(algorithm, "hidden", role),
                    }
                )
            pick = max if node.maximizing else min
            best = child.value if best is None else pick(best, child.value)
            events.append(
                {
                    "type": "update",
                    "node": node.id,
                    "move": child.move,
                    "child_value": child.value,
                    "value": best,
                    **window_fields(after),
                    "line": line_of(algorithm, "update", role),
                }
            )
        if node.cut is not None:
            events.append(
                {
                    "type": "cut",
                    "node": node.id,
                    "condition": cut_text(node.cut),
                    "alpha": node.cut.alpha,
                    "beta": node.cut.beta,
                    "pruned": list(node.pruned),
                    "line": line_of(algorithm, "cut", role),
                }
            )
        events.append(
            {
                "type": "exit",
                "node": node.id,
                "value": node.value,
                "bound": node.bound,
                "text": node_value_text(trace, node),
                # a node with nothing searched below it returns its score from the leaf's line
                "line": line_of(algorithm, "exit" if searched else "leaf" if node.terminal else "horizon", role),
            }
        )

    visit(trace.root)
    return events
