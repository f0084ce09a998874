"""Alpha-beta practice graded node by node: every node's value, alpha and beta, and which nodes are cut.

Published worked solutions of the same textbook exercise disagree in two
places, so the teacher picks both and the grade says which was used:

* **cutting on equality**: a MIN node stops when its value falls to
  ``<= alpha`` (and a MAX node when it reaches ``>= beta``), as the engine
  and most textbooks do; or only when it passes strictly (``< alpha``,
  ``> beta``), as some course notes do;
* **the root's window**: the textbook one, each root move searched with
  ``alpha`` = the best value so far (a later move that only ties is cut); or
  the engine's, ``alpha`` = best - 1, so a move that ties gets its exact
  value (``words.ROOT_WINDOWS`` says both in full).

``answer_key`` runs alpha-beta over a textbook tree under a convention and
records, for every node, whether it is visited, the value it returns (the
best of its searched children: fail-soft, as in the textbooks), and alpha
and beta as they stand when it returns (a leaf keeps the window it was given;
the engine's trace calls that the exit window). Under the engine's own
convention the key equals the real search's trace node for node (tested).
``grade_practice`` compares a student's answers with the key and gives the reason for
every wrong one. ``minimax`` keys have values only: every node is visited.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from perfectplay.errors import PerfectplayError
from perfectplay.teaching.tree_node import TreeNode, node_name

Path = tuple[int, ...]
RootWindow = Literal["first", "best"]


@dataclass(frozen=True, slots=True)
class Convention:
    """How the alpha-beta to practise is run: cut on equality or only strictly, and the root's window."""

    cut_on_equal: bool = True
    root_window: RootWindow = "first"
    algorithm: Literal["alphabeta", "minimax"] = "alphabeta"

    def describe(self) -> str:
        if self.algorithm == "minimax":
            return "minimax: every node searched, no window"
        cut = "cuts on equality (beta <= alpha)" if self.cut_on_equal else "cuts only strictly (beta < alpha)"
        root = (
            "the textbook root window (alpha = the best value so far)"
            if self.root_window == "first"
            else "the engine's root window (alpha = best - 1, ties get exact values)"
        )
        return f"alpha-beta that {cut}, with {root}"


@dataclass(frozen=True, slots=True)
class NodeKey:
    """The right answers for one node. ``alpha``/``beta`` None mean minus and plus infinity."""

    path: Path
    maximizing: bool
    visited: bool
    value: int | None
    alpha: int | None
    beta: int | None
    children_values: tuple[int, ...] = ()
    """The values of the children it searched, in order (what its value is the best of)."""
    cut_after: int | None = None
    """For a node that cut: the child after which it stopped (the rest are pruned)."""
    entry_alpha: int | None = None
    entry_beta: int | None = None

    @property
    def name(self) -> str:
        return node_name(self.path)

    @property
    def role(self) -> str:
        return "MAX" if self.maximizing else "MIN"


def _bigger(a: int | None, b: int) -> int:
    return b if a is None else max(a, b)


def _smaller(a: int | None, b: int) -> int:
    return b if a is None else min(a, b)


def answer_key(root: TreeNode, convention: Convention = Convention()) -> dict[Path, NodeKey]:
    """Every node's right answers under ``convention``, keyed by path (unvisited nodes too)."""
    key: dict[Path, NodeKey] = {}

    def unvisited(node: TreeNode, path: Path, maximizing: bool) -> None:
        key[path] = NodeKey(path, maximizing, False, None, None, None)
        for index, child in enumerate(node.children):
            unvisited(child, (*path, index), not maximizing)

    def cuts(value: int, bound: int | None, maximizing: bool) -> bool:
        if bound is None or convention.algorithm == "minimax":
            return False
        if maximizing:
            return value >= bound if convention.cut_on_equal else value > bound
        return value <= bound if convention.cut_on_equal else value < bound

    def search(node: TreeNode, path: Path, alpha: int | None, beta: int | None, maximizing: bool) -> int:
        if node.is_leaf:
            assert node.value is not None
            window = (None, None) if convention.algorithm == "minimax" else (alpha, beta)
            key[path] = NodeKey(path, maximizing, True, node.value, *window, (), None, *window)
            return node.value
        entry = (alpha, beta)
        value: int | None = None
        values: list[int] = []
        cut_after: int | None = None
        for index, child in enumerate(node.children):
            if cut_after is not None:
                unvisited(child, (*path, index), not maximizing)
                continue
            child_alpha = alpha
            if not path and convention.root_window == "best" and alpha is not None:
                child_alpha = alpha - 1  # the engine's root: a move that ties the best gets its exact value
            result = search(child, (*path, index), child_alpha, beta, not maximizing)
            values.append(result)
            value = _bigger(value, result) if maximizing else _smaller(value, result)
            if maximizing:
                if cuts(value, beta, True) and index < len(node.children) - 1:
                    cut_after = index
                alpha = _bigger(alpha, value) if convention.algorithm == "alphabeta" else None
            else:
                if cuts(value, alpha, False) and index < len(node.children) - 1:
                    cut_after = index
                beta = _smaller(beta, value) if convention.algorithm == "alphabeta" else None
        assert value is not None
        key[path] = NodeKey(path, maximizing, True, value, alpha, beta, tuple(values), cut_after, *entry)
        return value

    search(root, (), None, None, True)
    return key


@dataclass(frozen=True, slots=True)
class NodeAnswer:
    """A student's answers for one node: ``visited`` False for a node marked as cut; None means not answered."""

    visited: bool = True
    value: int | None = None
    alpha: int | Literal["?"] | None = "?"
    beta: int | Literal["?"] | None = "?"


@dataclass(frozen=True, slots=True)
class Mistake:
    """One wrong answer: the node, what was asked, what was given, what is right, and why."""

    path: Path
    field: Literal["visited", "value", "alpha", "beta"]
    given: str
    expected: str
    reason: str

    @property
    def name(self) -> str:
        return node_name(self.path)


@dataclass(frozen=True, slots=True)
class PracticeGrade:
    """How a student's answers compare with the key: how many were asked, how many right, and every mistake."""

    convention: Convention
    asked: int
    right: int
    mistakes: tuple[Mistake, ...]

    @property
    def perfect(self) -> bool:
        return not self.mistakes


_BOUNDS = {"-inf": None, "-infinity": None, "+inf": None, "inf": None, "+infinity": None, "infinity": None}


def parse_node_answer(text: str, with_window: bool) -> NodeAnswer:
    """``3``, ``3 -inf 3`` or ``x``: a node's answer as a person types it; PerfectplayError says what is wrong."""
    words = text.replace(",", " ").split()
    if [word.lower() for word in words] in (["x"], ["cut"], ["-"]):
        return NodeAnswer(visited=False)
    if not words or len(words) > (3 if with_window else 1):
        shape = "a value, then alpha and beta if you like (e.g. 3 -inf 3)," if with_window else "a value"
        raise PerfectplayError(f"type {shape} or x for a node that is never visited")

    def number(word: str, what: str) -> int | None:
        if word.lower() in _BOUNDS and what != "value":
            return _BOUNDS[word.lower()]
        try:
            return int(word)
        except ValueError:
            raise PerfectplayError(f"{word[:12]!r} is not a {what}: type a whole number"
                                   + (" or -inf / +inf" if what != "value" else "")) from None

    value = number(words[0], "value")
    if len(words) == 1:
        return NodeAnswer(value=value)
    if len(words) != 3:
        raise PerfectplayError("give both alpha and beta after the value, or neither")
    return NodeAnswer(value=value, alpha=number(words[1], "bound"), beta=number(words[2], "bound"))


def bound_word(bound: int | None, *, upper: bool) -> str:
    """A window bound as a person types it: ``-inf``, ``+inf`` or the number."""
    if bound is None:
        return "+inf" if upper else "-inf"
    return str(bound)


def returning_order(key: Mapping[Path, NodeKey]) -> list[NodeKey]:
    """The nodes in the order the search returns from them (children before parents, left to right)."""
    order: list[NodeKey] = []

    def visit(path: Path) -> None:
        index = 0
        while (*path, index) in key:
            visit((*path, index))
            index += 1
        order.append(key[path])

    visit(())
    return order


def _value_reason(node: NodeKey, key: Mapping[Path, NodeKey]) -> str:
    if not node.children_values:
        return f"{node.name} is a leaf: its value is the one written under it"
    pick = "max" if node.maximizing else "min"
    searched = ", ".join(str(value) for value in node.children_values)
    rest = " (the rest were cut)" if node.cut_after is not None else ""
    return f"{node.name} is {node.role}: {pick}({searched}) = {node.value} over the children it searched{rest}"


def _bound_reason(node: NodeKey, which: Literal["alpha", "beta"], key: Mapping[Path, NodeKey]) -> str:
    entry = node.entry_alpha if which == "alpha" else node.entry_beta
    upper = which == "beta"
    passed = bound_word(entry, upper=upper)
    parent = node_name(node.path[:-1]) if node.path else None
    source = f"from {parent}" if parent else "at the root"
    if not node.children_values:
        return f"a leaf keeps the {which} it was given {source}: {passed}"
    updates = (which == "alpha") == node.maximizing
    if not updates:
        return f"{node.role} nodes never change {which}: it keeps {passed}, given {source}"
    pick = "max" if which == "alpha" else "min"
    assert node.value is not None
    verb = "raises" if which == "alpha" else "lowers"
    return f"{node.role} {verb} {which} to its value as it goes: {pick}({passed}, {node.value})"


def _cut_reason(node: NodeKey, key: Mapping[Path, NodeKey], convention: Convention) -> str:
    parent = key[node.path[:-1]]
    assert parent.cut_after is not None and parent.value is not None
    last = node_name((*parent.path, parent.cut_after))
    if parent.maximizing:
        sign = ">=" if convention.cut_on_equal else ">"
    else:
        sign = "<=" if convention.cut_on_equal else "<"
    bound = bound_word(parent.entry_alpha if not parent.maximizing else parent.entry_beta, upper=parent.maximizing)
    which = "alpha" if not parent.maximizing else "beta"
    return (
        f"never visited: after {last}, {parent.role} {parent.name} had value {parent.value} {sign} "
        f"{which} = {bound}, so its remaining children are cut"
    )


def grade_practice(
    root: TreeNode, answers: Mapping[Path, NodeAnswer], convention: Convention = Convention()
) -> PracticeGrade:
    """Grade ``answers`` (by path; a missing node counts as unanswered, and wrong) against the key."""
    key = answer_key(root, convention)
    asked = right = 0
    mistakes: list[Mistake] = []
    for node in returning_order(key):
        answer = answers.get(node.path, NodeAnswer(visited=True, value=None))
        asked += 1
        if answer.visited != node.visited:
            if node.visited:
                reason = f"{node.name} is searched: no cut happened at its parent before it"
                mistakes.append(Mistake(node.path, "visited", "cut", "searched", reason))
            else:
                reason = _prune_reason(node, key, convention)
                mistakes.append(Mistake(node.path, "visited", "searched", "cut", reason))
            continue
        right += 1
        if not node.visited:
            continue
        asked += 1
        if answer.value == node.value:
            right += 1
        else:
            given = "nothing" if answer.value is None else str(answer.value)
            mistakes.append(Mistake(node.path, "value", given, str(node.value), _value_reason(node, key)))
        if convention.algorithm == "minimax":
            continue
        for which, expected, given_bound in (("alpha", node.alpha, answer.alpha), ("beta", node.beta, answer.beta)):
            if given_bound == "?":
                continue  # not asked for on this node
            asked += 1
            if given_bound == expected:
                right += 1
                continue
            upper = which == "beta"
            mistakes.append(
                Mistake(
                    node.path,
                    "alpha" if which == "alpha" else "beta",
                    bound_word(given_bound, upper=upper),
                    bound_word(expected, upper=upper),
                    _bound_reason(node, "alpha" if which == "alpha" else "beta", key),
                )
            )
    return PracticeGrade(convention, asked, right, tuple(mistakes))


def _prune_reason(node: NodeKey, key: Mapping[Path, NodeKey], convention: Convention) -> str:
    """Why a node is never visited: its parent cut, or an ancestor of it did."""
    path = node.path
    while path and key[path[:-1]].visited is False:
        path = path[:-1]
    return _cut_reason(key[path], key, convention)
