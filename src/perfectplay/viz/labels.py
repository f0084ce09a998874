"""The words and numbers every trace renderer prints, so SVG, DOT and JSON agree."""

from __future__ import annotations

from typing import Any

from perfectplay.game import outcome_of
from perfectplay.search.analysis import ALGORITHMS
from perfectplay.teaching.trace import Bound, HiddenChild, Trace, TraceNode
from perfectplay.words import bound_text

ALGORITHM_NAMES = {name: algorithm.title for name, algorithm in ALGORITHMS.items()}
"""How people write the algorithms' names (from the one table, ``ALGORITHMS``)."""


def is_textbook(trace: Trace) -> bool:
    """True for a textbook tree, whose leaf values are given (not guesses) and whose nodes have names."""
    from perfectplay.teaching.textbook import TextbookTree

    return isinstance(trace.game, TextbookTree)


def score_text(value: int) -> str:
    """An integer score with a true minus sign, as in the windows."""
    return bound_text(value)


def value_text(value: int, bound: Bound, guess: bool = False) -> str:
    """``0``, or ``≤ -9`` / ``≥ 3`` (true minus sign) when alpha-beta only proved a bound.

    A ``guess`` (a value an evaluation function gave at the horizon, or
    backed up from one) is written ``≈3``: a heuristic estimate, not a proof.
    """
    prefix = {"exact": "", "upper": "≤ ", "lower": "≥ "}[bound]
    return prefix + ("≈" if guess else "") + score_text(value)


def node_value_text(trace: Trace, node: TraceNode | HiddenChild) -> str:
    """A node's value as drawn: proven scores plain, heuristic ones ``≈v`` (a textbook tree's are all plain)."""
    return value_text(node.value, node.bound, node.guess and not is_textbook(trace))


def move_text(trace: Trace, moves: tuple[int, ...] | list[int]) -> str:
    """Moves as people see them on the board (``game.move_label``): ``3, 7``."""
    return ", ".join(trace.game.move_label(move) for move in moves)


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


def node_outcome(trace: Trace, node: TraceNode) -> str | None:
    """The words for a node's exact value; None for a bound, a heuristic estimate or a textbook value."""
    if node.bound != "exact" or is_textbook(trace) or node.guess:
        return None
    return outcome_text(trace, node.value)


def hidden_text(hidden: tuple[HiddenChild, ...]) -> str:
    """The stub for searched children that are not drawn: ``+8 more (59,704 nodes)``."""
    nodes = sum(child.nodes for child in hidden)
    noun = "node" if nodes == 1 else "nodes"
    return f"+{len(hidden)} more ({nodes:,} {noun})"


def search_name(trace: Trace) -> str:
    """``alpha-beta``, ``depth-2 minimax with open-lines``, ``alpha-beta (best-first order)``."""
    name = ALGORITHM_NAMES[trace.algorithm]
    if trace.search_depth is not None and not is_textbook(trace):
        name = f"depth-{trace.search_depth} {name} with {trace.evaluation}"
    if trace.algorithm == "alphabeta" and trace.order != "natural":
        name += f" ({trace.order} order)"
    return name


def title_text(trace: Trace) -> str:
    if is_textbook(trace):
        return f"{search_name(trace)} on the textbook tree {trace.game.title.removeprefix('textbook tree ')}"
    position = trace.game.format(trace.state)
    return f"{search_name(trace)} search tree for {position} ({trace.maximizer.value} to move)"


def counts_text(trace: Trace, counts: dict[str, int] | None) -> str:
    """``Nodes searched: minimax 549,946 · alpha-beta 31,621``: this search and the caller's."""
    merged = {ALGORITHM_NAMES[trace.algorithm]: trace.nodes}
    for name, nodes in (counts or {}).items():
        merged.setdefault(ALGORITHM_NAMES.get(name, name), nodes)
    return "Nodes searched for this position: " + " · ".join(f"{name} {nodes:,}" for name, nodes in merged.items())


def root_value_text(trace: Trace) -> str:
    """The root's value with what it means: ``value 0 (draw)``, ``value ≈2 (a heuristic estimate)``."""
    root = trace.root
    text = f"value {node_value_text(trace, root)}"
    if is_textbook(trace):
        return text
    if root.guess:
        return text + f" (an estimate: {trace.evaluation} at depth {trace.search_depth})"
    return text + f" ({outcome_text(trace, root.value)})"


def shown_text(trace: Trace) -> str:
    """What part of the tree is drawn, and how much alpha-beta cut."""
    parts = [f"{trace.shown:,} of {trace.nodes:,} nodes drawn"]
    if trace.depth_limit is not None:
        parts.append(f"depth ≤ {trace.depth_limit}")
    if trace.algorithm == "alphabeta":
        parts.append(f"{trace.pruned:,} subtrees pruned")
    parts.append(root_value_text(trace))
    best = trace.best
    if best and not trace.game.is_over(trace.state):
        parts.append(f"best {move_text(trace, best)}")
    return " · ".join(parts)


def header_lines(trace: Trace, counts: dict[str, int] | None, note: str | None) -> list[str]:
    """A drawing's header, a line each: title, node counts, what is drawn, then the caller's ``note`` if any.

    One list so that the text formats (DOT's graph label, TikZ's comments) say the same, in the same order.
    """
    return [title_text(trace), counts_text(trace, counts), shown_text(trace), *([note] if note else [])]


def node_caption(trace: Trace, node: TraceNode) -> str:
    """One short line under a node's value: its role and side, ``horizon`` or how the game ended at a leaf."""
    if is_textbook(trace):
        return "leaf" if node.horizon else node.role
    if node.terminal:
        return outcome_text(trace, node.value)
    if node.horizon:
        return f"horizon: {trace.evaluation}"
    return f"{node.role} ({node.to_move.value})"


def node_name(trace: Trace, node: TraceNode) -> str:
    """How a node is named for people: a textbook node's path (``2.1``), else its position."""
    return trace.game.format(node.state)


def label_fields(trace: Trace, move: int | None) -> dict[str, Any]:
    """``{"label": "3"}``: the move as people see it, for JSON beside the library's index."""
    return {} if move is None else {"label": trace.game.move_label(move)}
