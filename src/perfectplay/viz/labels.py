"""The words and numbers every trace renderer prints, so SVG, DOT and JSON agree."""

from __future__ import annotations

from perfectplay.game import outcome_of
from perfectplay.search.trace import Bound, HiddenChild, Trace, TraceNode, bound_text

ALGORITHM_NAMES = {"minimax": "minimax", "alphabeta": "alpha-beta"}
"""How people write the algorithms' names."""


def score_text(value: int) -> str:
    """An integer score with a true minus sign, as in the windows."""
    return bound_text(value)


def value_text(value: int, bound: Bound) -> str:
    """``0``, or ``≤ -9`` / ``≥ 3`` (true minus sign) when alpha-beta only proved a bound."""
    prefix = {"exact": "", "upper": "≤ ", "lower": "≥ "}[bound]
    return prefix + score_text(value)


def outcome_text(trace: Trace, value: int) -> str:
    """What a MAX/MIN-view value means: ``X wins at ply 3``, ``draw``, ``O wins at ply 4``.

    Plies count from the root, as the scores do, so the same number means the
    same game end wherever it appears in the tree.
    """
    outcome = outcome_of(value, trace.game.max_plies)
    if outcome.plies is None:
        return "draw"
    winner = trace.maximizer if outcome.name == "win" else trace.maximizer.other
    return f"{winner.value} wins at ply {outcome.plies}"


def hidden_text(hidden: tuple[HiddenChild, ...]) -> str:
    """The stub for searched children that are not drawn: ``+8 more (59,704 nodes)``."""
    nodes = sum(child.nodes for child in hidden)
    noun = "node" if nodes == 1 else "nodes"
    return f"+{len(hidden)} more ({nodes:,} {noun})"


def title_text(trace: Trace) -> str:
    position = trace.game.format(trace.state)
    return f"{ALGORITHM_NAMES[trace.algorithm]} search tree for {position} ({trace.maximizer.value} to move)"


def counts_text(trace: Trace, counts: dict[str, int] | None) -> str:
    """``Nodes searched: minimax 549,946 · alpha-beta 31,621``: this search and the caller's."""
    merged = {ALGORITHM_NAMES[trace.algorithm]: trace.nodes}
    for name, nodes in (counts or {}).items():
        merged.setdefault(ALGORITHM_NAMES.get(name, name), nodes)
    return "Nodes searched for this position: " + " · ".join(f"{name} {nodes:,}" for name, nodes in merged.items())


def shown_text(trace: Trace) -> str:
    """What part of the tree is drawn, and how much alpha-beta cut."""
    parts = [f"{trace.shown:,} of {trace.nodes:,} nodes drawn"]
    if trace.depth_limit is not None:
        parts.append(f"depth ≤ {trace.depth_limit}")
    if trace.algorithm == "alphabeta":
        parts.append(f"{trace.pruned:,} subtrees pruned")
    value = trace.root.value
    parts.append(f"value {score_text(value)} ({outcome_text(trace, value)})")
    return " · ".join(parts)


def node_caption(trace: Trace, node: TraceNode) -> str:
    """One short line under a node's value: its role and side, or ``X wins at ply 3`` at a leaf."""
    if node.terminal:
        return outcome_text(trace, node.value)
    return f"{node.role} ({node.to_move.value})"
