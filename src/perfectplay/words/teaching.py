"""Teaching sentences: alpha-beta's window and its cuts, the root windows a teacher can choose, the pruning
quiz's verdicts, and why the search-tree panel starts depth-limited.
"""

# ruff: noqa: RUF002 - the texts use the Greek letters and signs students read

from __future__ import annotations

from dataclasses import dataclass

from perfectplay.search.alphabeta import RootSearch
from perfectplay.teaching.textbook import CutReason, PruningCheck, cut_reasons
from perfectplay.teaching.trace import Cut, Trace, Window
from perfectplay.teaching.tree_node import node_name
from perfectplay.words.common import ALPHA, BETA, INFINITY, MINUS, about_text, and_list, bound_text

# --- alpha-beta's window and its cuts -------------------------------------------------------------


def score_rule_text(base: int) -> str:
    """How a position's score counts plies: ``a win at ply p scores 11 − p, a loss p − 11, a draw 0``."""
    return f"a win at ply p scores {base} {MINUS} p, a loss p {MINUS} {base}, a draw 0"


def window_text(window: Window) -> str:
    """``α = 3, β = +∞``."""
    return f"{ALPHA} = {bound_text(window.alpha)}, {BETA} = {bound_text(window.beta, upper=True)}"


def window_label(window: Window) -> str:
    """The window as an edge label: ``α 3  β +∞``."""
    return f"{ALPHA} {bound_text(window.alpha)}  {BETA} {bound_text(window.beta, upper=True)}"


def cut_text(cut: Cut) -> str:
    """The condition that met: ``α = 6 ≥ β = 5`` at a MAX node, ``β = 2 ≤ α = 3`` at a MIN node."""
    alpha, beta = bound_text(cut.alpha), bound_text(cut.beta)
    if cut.maximizing:
        return f"{ALPHA} = {alpha} \N{GREATER-THAN OR EQUAL TO} {BETA} = {beta}"
    return f"{BETA} = {beta} \N{LESS-THAN OR EQUAL TO} {ALPHA} = {alpha}"


# --- alpha-beta's root window ---------------------------------------------------------------------

DEFAULT_ROOT_WINDOW: RootSearch = "first"
"""The root window every front end uses unless told otherwise: the textbook's, so that the
same position gives the same alpha-beta count in ``tree``, ``orders`` and the page."""


ROOT_WINDOWS: dict[RootSearch, str] = {
    "first": f"the textbook window: each move searched with {ALPHA} = the best value so far, so a later move "
    "that only ties the best one is cut (the default)",
    "best": f"the engine's window: each move searched with {ALPHA} = best {MINUS} 1, so a move that ties the "
    "best one gets its exact value and every best move is found",
    "all": f"every move searched with the full window ({MINUS}{INFINITY}, +{INFINITY}), so every move gets its "
    "exact value",
}
"""Alpha-beta's root windows by name (``alphabeta(find=...)``), with what each one does."""


def root_window(name: str) -> RootSearch:
    """The root window called ``name`` (one of ``ROOT_WINDOWS``); ValueError for any other name."""
    for window in ROOT_WINDOWS:
        if window == name:
            return window
    raise ValueError(f"unknown root window {name[:40]!r}: use one of {', '.join(ROOT_WINDOWS)}")


# --- the search-tree panel's starting depth -------------------------------------------------------


def tree_too_big_text(estimate: float, depth: int, evaluation: str) -> str:
    """Why the tree panel shows a depth-limited search where none was asked for."""
    return (
        f"The whole search tree of this position has {about_text(estimate)} nodes (estimated from random lines "
        f"of play), too many to search to the end here, so this search stops {depth} plies deep and values the "
        f"positions there with {evaluation}. Choose another search depth to change it."
    )


# --- alpha-beta on a textbook tree ----------------------------------------------------------------


def cut_reason_text(reason: CutReason) -> str:
    """``At MIN 2: β = 2 ≤ α = 3, so 2.2 and 2.3 are never searched.``"""
    verb = "is" if len(reason.pruned) == 1 else "are"
    where = f"At {reason.role} {reason.node}: {cut_text(reason.cut)}"
    return f"{where}, so {and_list(reason.pruned)} {verb} never searched."


@dataclass(frozen=True, slots=True)
class QuizWords:
    """What the quiz says about an answer: the verdict, what was missed or wrongly named, every cut, the value."""

    verdict: str
    details: tuple[str, ...]
    cuts: tuple[str, ...]
    summary: str


def quiz_words(check: PruningCheck, trace: Trace) -> QuizWords:
    """The quiz's answer to ``check`` on the tree of ``trace`` (alpha-beta's textbook trace of it)."""
    pruned = and_list(check.pruned)
    verdict = f"Right: alpha-beta prunes {pruned}." if check.correct else f"Not quite: alpha-beta prunes {pruned}."
    details: list[str] = []
    if not check.correct:
        if check.missed:
            details.append(f"You left out {and_list(check.missed)}.")
        details.extend(searched_text(trace, node_path(name)) for name in check.wrong)
    cuts = tuple(cut_reason_text(reason) for reason in cut_reasons(trace))
    best = and_list([node_name((move,)) for move in trace.best])
    value = bound_text(trace.value)
    summary = f"The root's value is {value} (MAX plays {best}); alpha-beta visited {trace.nodes} nodes."
    return QuizWords(verdict, tuple(details), cuts or ("No cut: alpha-beta visits every node here.",), summary)


def node_path(name: str) -> tuple[int, ...]:
    """The path of the node called ``name`` (``2.1`` -> ``(1, 0)``; ``root`` -> ``()``)."""
    return () if name == "root" else tuple(int(part) - 1 for part in name.split("."))


def searched_text(trace: Trace, path: tuple[int, ...]) -> str:
    """Why alpha-beta visits the node at ``path`` of a textbook tree's trace (every node is shown there).

    A node is searched when the window it is reached with is still open
    (alpha < beta): nothing its parent has seen so far proves it useless.
    """
    name = node_name(path)
    if not path:
        return "The root is always searched: it is where the search starts."
    node = next((node for node in trace.root.walk() if node.state == path), None)
    if node is None or node.entry is None:
        raise ValueError(f"{name} is not a node alpha-beta visited in this trace")
    parent = f"{'MIN' if node.maximizing else 'MAX'} {node_name(path[:-1])}"
    return (
        f"{name} is searched: alpha-beta reaches it with {window_text(node.entry)}, and {ALPHA} < {BETA}, "
        f"so nothing {parent} has seen yet makes it useless."
    )
