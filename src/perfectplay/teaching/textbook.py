"""Textbook game trees: an abstract tree with leaf values, searched exactly as the textbooks show.

The classic example (Russell and Norvig, figure 5.2) is a MAX root with three
MIN children and nine leaves::

    3 12 8 | 2 4 6 | 14 5 2          or, the same tree:   [[3 12 8] [2 4 6] [14 5 2]]

**Notation.** Brackets nest to any depth (``[[[3 5] [6 9]] [[1 2] [0 -1]]]``);
leaves are whole numbers (``-7`` too) separated by spaces or commas. Without
brackets, ``|`` separates the groups of a two-level tree and a plain list of
numbers is a one-level tree. The root is MAX; leaf values are in MAX's view;
every leaf must lie at the same depth (the searches stop at one depth).
Text that opens with ``(`` is read in s-expression notation instead
(``sexpr.py``: ``(A (B 3 12 8) (C 2 4 6))``, the visualisers' notation).

**How it is searched.** A ``TextbookTree`` is a small ``Game`` whose leaves
are the horizon of a depth-limited search and whose evaluation is the leaf
value, so the very ``minimax``, ``alphabeta``, tracer and renderers that
search real games search it, unchanged: no wins, no losses, no depth bonus,
only the numbers on the leaves. Alpha-beta's root is the textbook's, each
move searched with the window ``(best so far, +inf)`` (``find="first"``).

**Names.** A node is named by the path of child numbers from the root,
counting from 1: ``2.1`` is the first child of the second child; the root is
``root``. The quiz asks for the nodes alpha-beta prunes by these names
(``pruned_nodes``, ``check_pruning``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from perfectplay.errors import IllegalMoveError, PositionError
from perfectplay.game import Game, Player
from perfectplay.search.alphabeta import MoveOrder
from perfectplay.search.base.limits import Limit
from perfectplay.teaching.sexpr import looks_like_sexpr, parse_sexpr
from perfectplay.teaching.trace import Cut, Trace, TraceNode, trace_search
from perfectplay.teaching.tree_node import (
    MAX_DEPTH,
    MAX_LEAVES,
    MAX_TEXT,
    MAX_VALUE,
    TreeError,
    TreeNode,
    node_name,
    scan,
)

LEAF_VALUES = "leaf values"
"""The evaluation's name in a textbook tree's trace."""

Path = tuple[int, ...]


_TOKEN = re.compile(r"\s*(?:(\[)|(\])|(\|)|(-?[0-9]+)(?![0-9])|([^\s,\[\]|]+)|(,))")


def parse_tree(text: str) -> TreeNode:
    """Read a tree in the notation of the module notes; ``TreeError`` says what is wrong and where."""
    if not isinstance(text, str):
        raise TreeError(f"a tree must be text, not {type(text).__name__}")
    if looks_like_sexpr(text):
        root = parse_sexpr(text)
        _check_shape(root)
        return root
    if len(text) > MAX_TEXT:
        raise TreeError(f"a tree is at most {MAX_TEXT:,} characters")
    tokens = _tokens(text)
    if not tokens:
        raise TreeError("the tree is empty: give leaf values such as '3 12 8 | 2 4 6 | 14 5 2'")
    if any(kind == "[" for kind, _, _ in tokens):
        if any(kind == "|" for kind, _, _ in tokens):
            raise TreeError("use either brackets or '|', not both: [[3 12 8] [2 4 6]] or 3 12 8 | 2 4 6")
        _check_nesting(tokens)
        root, end = _bracketed(tokens, 0)
        if end != len(tokens):
            raise TreeError(f"unexpected {tokens[end][1]!r} at character {tokens[end][2] + 1} after the tree's end")
    else:
        groups: list[list[TreeNode]] = [[]]
        for kind, word, start in tokens:
            if kind == "|":
                groups.append([])
            elif kind == "]":  # found by fuzzing (issue 43): int("]") was a traceback
                raise TreeError(f"the ']' at character {start + 1} closes no '['")
            else:
                groups[-1].append(TreeNode(int(word)))
        for index, group in enumerate(groups):
            if not group:
                raise TreeError(f"group {index + 1} between the '|' is empty")
        root = (
            TreeNode(None, tuple(groups[0]))
            if len(groups) == 1
            else TreeNode(None, tuple(TreeNode(None, tuple(group)) for group in groups))
        )
    _check_shape(root)
    return root


def _tokens(text: str) -> list[tuple[str, str, int]]:
    tokens: list[tuple[str, str, int]] = []
    for match in scan(_TOKEN, text):
        opening, closing, bar, number, other, _comma = match.groups()
        start = match.start(match.lastindex or 0)
        if other is not None:
            raise TreeError(
                f"{other[:12]!r} at character {start + 1} is not a number: leaves are whole numbers such as 3 or -2"
            )
        if number is not None:
            if abs(int(number)) > MAX_VALUE:
                raise TreeError(f"leaf {number[:12]} is too large: leaf values go from -{MAX_VALUE:,} to {MAX_VALUE:,}")
            tokens.append(("n", number, start))
        elif opening or closing or bar:
            symbol = opening or closing or bar or ""
            tokens.append((symbol, symbol, start))
    return tokens


def _check_nesting(tokens: list[tuple[str, str, int]]) -> None:
    """Refuse a tree nested deeper than ``MAX_DEPTH`` before reading it (the reader recurses per level)."""
    depth = 0
    for kind, _, start in tokens:
        depth += {"[": 1, "]": -1}.get(kind, 0)
        if depth > MAX_DEPTH + 1:
            raise TreeError(
                f"the tree is more than {MAX_DEPTH} levels deep at character {start + 1}; "
                f"at most {MAX_DEPTH} are searched"
            )


def _bracketed(tokens: list[tuple[str, str, int]], index: int) -> tuple[TreeNode, int]:
    kind, word, start = tokens[index]
    if kind == "n":
        return TreeNode(int(word)), index + 1
    if kind != "[":
        raise TreeError(f"unexpected {word!r} at character {start + 1}")
    children: list[TreeNode] = []
    index += 1
    while True:
        if index >= len(tokens):
            raise TreeError(f"the '[' at character {start + 1} is never closed: add a ']'")
        if tokens[index][0] == "]":
            break
        child, index = _bracketed(tokens, index)
        children.append(child)
    if not children:
        raise TreeError(f"the brackets at character {start + 1} are empty: a node needs a value or children")
    return TreeNode(None, tuple(children)), index + 1


def _check_shape(root: TreeNode) -> None:
    if root.is_leaf:
        raise TreeError("a tree needs at least one move: give the root two or more leaves, e.g. [3 5]")
    depths = {len(path) for path, _ in _leaves(root, ())}
    leaves = sum(1 for _ in _leaves(root, ()))
    if len(depths) > 1:
        shallow, deep = min(depths), max(depths)
        example = next(path for path, _ in _leaves(root, ()) if len(path) == shallow)
        raise TreeError(
            f"every leaf must be at the same depth: leaf {node_name(example)} is at depth {shallow}, "
            f"others at depth {deep}"
        )
    if max(depths) > MAX_DEPTH:
        raise TreeError(f"the tree is {max(depths)} levels deep; at most {MAX_DEPTH} are drawn and searched")
    if leaves > MAX_LEAVES:
        raise TreeError(f"the tree has {leaves:,} leaves; at most {MAX_LEAVES} are drawn and searched")


def _leaves(node: TreeNode, path: Path) -> Iterator[tuple[Path, TreeNode]]:
    if node.is_leaf:
        yield path, node
    for index, child in enumerate(node.children):
        yield from _leaves(child, (*path, index))


def tree_text(node: TreeNode) -> str:
    """The tree in bracket notation (``parse_tree`` reads it back)."""
    if node.is_leaf:
        return str(node.value)
    return "[" + " ".join(tree_text(child) for child in node.children) + "]"


class TextbookTree(Game[Path]):
    """A textbook tree as a game: a state is the path from the root, MAX (X) moves at even depths.

    Only meaningful under its depth limit (``limit``), where the leaves are
    the horizon and ``evaluate`` gives their values; a leaf has no moves.
    """

    def __init__(self, root: TreeNode) -> None:
        _check_shape(root)
        self.root = root
        self.depth = max(len(path) for path, _ in _leaves(root, ()))
        self._values = {path: self._minimax(node, len(path)) for path, node in self._nodes(root, ())}

    @classmethod
    def parse_text(cls, text: str) -> TextbookTree:
        """The tree written in the module's notation."""
        return cls(parse_tree(text))

    def _nodes(self, node: TreeNode, path: Path) -> Iterator[tuple[Path, TreeNode]]:
        yield path, node
        for index, child in enumerate(node.children):
            yield from self._nodes(child, (*path, index))

    def _minimax(self, node: TreeNode, depth: int) -> int:
        if node.is_leaf:
            assert node.value is not None
            return node.value
        values = [self._minimax(child, depth + 1) for child in node.children]
        return max(values) if depth % 2 == 0 else min(values)

    def __repr__(self) -> str:
        return f"TextbookTree.parse_text({tree_text(self.root)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TextbookTree) and other.root == self.root

    def __hash__(self) -> int:
        return hash(self.root)

    @property
    def name(self) -> str:
        return "textbook"

    @property
    def title(self) -> str:
        return f"textbook tree {tree_text(self.root)}"

    @property
    def max_plies(self) -> int:
        return self.depth

    @property
    def limit(self) -> Limit:
        """The depth limit that makes the leaves the horizon: search the tree with it."""
        return Limit(depth=self.depth)

    def node(self, path: Path) -> TreeNode:
        node = self.root
        for index in path:
            node = node.children[index]
        return node

    def paths(self) -> Iterator[Path]:
        """Every node's path, in depth-first order (the natural search order)."""
        for path, _ in self._nodes(self.root, ()):
            yield path

    def value(self, path: Path) -> int:
        """The node's minimax value in MAX's view (a leaf's own value)."""
        return self._values[path]

    def move_values(self, game: Game[Any], state: Path) -> dict[int, int]:
        """Every move's exact value for the side to move at ``state`` (for best-first ordering)."""
        sign = 1 if len(state) % 2 == 0 else -1
        # tuple((*state, index)) rather than [(*state, index)]: mypy reads a starred subscript as 3.11 syntax.
        return {index: sign * self._values[tuple((*state, index))] for index in range(len(self.node(state).children))}

    def evaluate(self, game: Game[Any], state: Path) -> int:
        """A leaf's value for the side to move there (MAX's value at MAX nodes, its negation at MIN's)."""
        value = self.node(state).value
        if value is None:
            raise PositionError(f"node {node_name(state)} is not a leaf")
        return value if len(state) % 2 == 0 else -value

    # --- the Game protocol -------------------------------------------------

    def initial_state(self, first: Player = Player.X) -> Path:
        return ()

    def to_move(self, state: Path) -> Player:
        return Player.X if len(state) % 2 == 0 else Player.O

    def legal_moves(self, state: Path) -> tuple[int, ...]:
        node = self.node(state)
        if node.is_leaf:
            raise IllegalMoveError(
                f"leaf {node_name(state)} has no moves: search a textbook tree with its depth limit (tree.limit)"
            )
        return tuple(range(len(node.children)))

    def play(self, state: Path, move: int) -> Path:
        node = self.node(state)
        if not isinstance(move, int) or not 0 <= move < len(node.children):
            raise IllegalMoveError(f"node {node_name(state)} has no child {move!r}")
        return (*state, move)

    def winner(self, state: Path) -> Player | None:
        return None

    def is_over(self, state: Path) -> bool:
        return False

    def parse(self, text: str, to_move: Player | None = None) -> Path:
        """A node by its name: ``root`` or ``2.1`` (child numbers from 1)."""
        words = text.strip().lower()
        if words in ("", "root"):
            return ()
        path: list[int] = []
        node = self.root
        for part in words.split("."):
            number = int(part) if part.isascii() and part.isdigit() and len(part) <= 3 else 0
            if not 1 <= number <= len(node.children):
                raise PositionError(
                    f"there is no node {text.strip()[:20]!r}: name nodes like 2.1 (child numbers from 1)"
                )
            path.append(number - 1)
            node = node.children[number - 1]
        return tuple(path)

    def format(self, state: Path) -> str:
        return node_name(state)

    def move_label(self, move: int) -> str:
        return str(move + 1)


def textbook_trace(
    tree: TextbookTree,
    algorithm: str = "alphabeta",
    order: MoveOrder | None = None,
    *,
    max_nodes: int = 2_000,
    order_name: str | None = None,
) -> Trace:
    """Run minimax or alpha-beta over the whole tree, recorded for drawing (every node shown).

    ``order`` is alpha-beta's move order and ``order_name`` its name in the drawing.
    """
    return trace_search(
        tree,
        (),
        algorithm,
        max_nodes=max_nodes,
        limit=tree.limit,
        evaluate=tree.evaluate,
        evaluation=LEAF_VALUES,
        order=order,
        find="first",
        order_name=order_name,
    )


def pruned_nodes(tree: TextbookTree, order: MoveOrder | None = None) -> tuple[str, ...]:
    """The nodes alpha-beta never visits because of a cut: the tops of the pruned subtrees, in search order.

    Everything below a named node is pruned with it. This is the answer to
    "which nodes does alpha-beta prune?" (the quiz).
    """
    trace = textbook_trace(tree, "alphabeta", order)
    names: list[str] = []
    for node in trace.root.walk():
        names.extend(node_name((*node.state, move)) for move in node.pruned)
    return tuple(names)


@dataclass(frozen=True, slots=True)
class CutReason:
    """One cut of alpha-beta on a textbook tree: where, the bounds that met, and the nodes never searched.

    ``words.cut_reason_text`` says it in a sentence.
    """

    node: str
    role: str
    cut: Cut
    pruned: tuple[str, ...]


def cut_reasons(trace: Trace) -> tuple[CutReason, ...]:
    """Every cut of a textbook tree's alpha-beta trace, in the order the search made them (children first)."""
    reasons: list[CutReason] = []

    def visit(node: TraceNode) -> None:
        for child in node.children:
            visit(child)
        if node.cut is not None and node.pruned:
            pruned = tuple(node_name((*node.state, move)) for move in node.pruned)
            reasons.append(CutReason(node_name(node.state), node.role, node.cut, pruned))

    visit(trace.root)
    return tuple(reasons)


@dataclass(frozen=True, slots=True)
class PruningCheck:
    """How an answer to "which nodes are pruned?" compares with alpha-beta's real cuts.

    ``missed``: pruned subtrees the answer left out; ``wrong``: named nodes
    that alpha-beta visits. A named node stands for its whole subtree, so
    naming ``2.2`` or its leaves ``2.2.1 2.2.2`` is the same answer.
    """

    correct: bool
    answer: tuple[str, ...]
    pruned: tuple[str, ...]
    missed: tuple[str, ...]
    wrong: tuple[str, ...]


def check_pruning(tree: TextbookTree, answer: str | Sequence[str], order: MoveOrder | None = None) -> PruningCheck:
    """Check an answer (node names separated by spaces or commas; ``none`` for no cut) against alpha-beta.

    Raises ``PositionError`` for a name that is not a node of the tree, or an answer of no words at all (a
    blank line is no answer: ``none`` says that nothing is pruned).
    """
    words = answer.replace(",", " ").split() if isinstance(answer, str) else list(answer)
    if isinstance(answer, str) and not words:
        raise PositionError("no answer: name the nodes it prunes (e.g. 2.2 3.1), or 'none' if it prunes nothing")
    if [word.lower() for word in words] in (["none"], ["nothing"], ["-"]):
        words = []
    named = [tree.parse(word) for word in words]
    pruned = pruned_nodes(tree, order)
    pruned_paths = [tree.parse(name) for name in pruned]

    def under(path: Path, tops: Sequence[Path]) -> bool:
        return any(path[: len(top)] == top for top in tops)

    leaves = [path for path in tree.paths() if tree.node(path).is_leaf]
    cut_leaves = {leaf for leaf in leaves if under(leaf, pruned_paths)}
    named_leaves = {leaf for leaf in leaves if under(leaf, named)}
    missed = tuple(name for name, path in zip(pruned, pruned_paths, strict=True) if not under(path, named))
    missed_partly = tuple(
        name
        for name, path in zip(pruned, pruned_paths, strict=True)
        if name not in missed and not {leaf for leaf in cut_leaves if leaf[: len(path)] == path} <= named_leaves
    )
    wrong = tuple(node_name(path) for path in named if not under(path, pruned_paths))
    return PruningCheck(
        cut_leaves == named_leaves,
        tuple(node_name(path) for path in named),
        pruned,
        missed + missed_partly,
        wrong,
    )


def random_tree(rng: random.Random, depth: int = 3, branching: tuple[int, int] = (2, 3), top: int = 20) -> TextbookTree:
    """A tree for practice: ``depth`` levels, ``branching`` children each (inclusive range), leaves 0..``top``."""

    def grow(level: int) -> TreeNode:
        if level == depth:
            return TreeNode(rng.randint(0, top))
        return TreeNode(None, tuple(grow(level + 1) for _ in range(rng.randint(*branching))))

    return TextbookTree(grow(0))
