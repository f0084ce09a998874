"""Textbook trees in s-expression notation, the one tree visualisers such as Minimax-Visualizer read.

A node is a parenthesised list: an optional name, then its children; a child
is a leaf value or another list. A list holding a name and one whole number
is a named leaf::

    (A (B 3 12 8) (C 2 4 6) (D 14 5 2))        the classic three-by-three tree
    (root (a (a1 3) (a2 12)) (b (b1 2) (b2 4)))  every leaf named

Names are read and dropped: perfectplay names every node by its path from
the root (``2.1``), as the quiz and the drawings do. Written back, a tree
takes those names (``sexpr_text``), so a teacher's file round-trips to the
same shape and values.
"""

from __future__ import annotations

import re

from perfectplay.teaching.tree_node import MAX_DEPTH, MAX_TEXT, MAX_VALUE, TreeError, TreeNode, node_name, scan

_TOKEN = re.compile(r"\s*(?:(\()|(\))|([^\s()]+))")
_NUMBER = re.compile(r"[+-]?[0-9]+")


def looks_like_sexpr(text: str) -> bool:
    """True when the text opens with a parenthesis: the s-expression notation, not the bracket one."""
    return text.lstrip().startswith("(")


def parse_sexpr(text: str) -> TreeNode:
    """Read one tree in s-expression notation; ``TreeError`` says what is wrong and where."""
    if len(text) > MAX_TEXT:
        raise TreeError(f"a tree is at most {MAX_TEXT:,} characters")
    tokens = _tokens(text)
    if not tokens or tokens[0][0] != "(":
        raise TreeError("an s-expression tree starts with '(': e.g. (A (B 3 12 8) (C 2 4 6))")
    root, end = _node(tokens, 0)
    if end != len(tokens):
        raise TreeError(f"unexpected {tokens[end][1]!r} at character {tokens[end][2] + 1} after the tree's end")
    if root.is_leaf:
        raise TreeError("a tree needs at least one move: give the root two or more leaves, e.g. (A 3 5)")
    return root


def _tokens(text: str) -> list[tuple[str, str, int]]:
    tokens: list[tuple[str, str, int]] = []
    for match in scan(_TOKEN, text):
        opening, closing, atom = match.groups()
        start = match.start(match.lastindex or 0)
        if atom is not None:
            tokens.append(("n" if _NUMBER.fullmatch(atom) else "name", atom, start))
        else:
            symbol = opening or closing or ""
            tokens.append((symbol, symbol, start))
    return tokens


def _leaf(word: str, start: int) -> TreeNode:
    value = int(word)
    if abs(value) > MAX_VALUE:
        raise TreeError(f"leaf {word[:12]} at character {start + 1} is too large: from -{MAX_VALUE:,} to {MAX_VALUE:,}")
    return TreeNode(value)


def _node(tokens: list[tuple[str, str, int]], index: int) -> tuple[TreeNode, int]:
    """The node that starts at ``tokens[index]`` (a leaf value or a list), and the index after it.

    Iterative over the nesting, so a deeply nested file is an error about its
    depth (``TextbookTree`` checks it) and never a recursion limit.
    """
    kind, word, start = tokens[index]
    if kind == "n":
        return _leaf(word, start), index + 1
    if kind != "(":
        raise TreeError(f"unexpected {word!r} at character {start + 1}: a child is a number or a '(' list")
    stack: list[tuple[int, list[TreeNode], bool]] = []  # (start, children, named)
    while True:
        kind, word, start = tokens[index]
        if kind == "(":
            named = index + 1 < len(tokens) and tokens[index + 1][0] == "name"
            stack.append((start, [], named))
            if len(stack) > MAX_DEPTH + 1:
                raise TreeError(f"the tree is more than {MAX_DEPTH} levels deep; at most {MAX_DEPTH} are searched")
            index += 2 if named else 1
        elif kind == "n":
            stack[-1][1].append(_leaf(word, start))
            index += 1
        elif kind == ")":
            opened, children, named = stack.pop()
            if not children:
                raise TreeError(f"the list at character {opened + 1} is empty: a node needs a value or children")
            named_leaf = named and len(children) == 1 and children[0].is_leaf
            node = children[0] if named_leaf else TreeNode(None, tuple(children))
            index += 1
            if not stack:
                return node, index
            stack[-1][1].append(node)
        else:
            raise TreeError(f"{word[:12]!r} at character {start + 1} is not a number: names come first in a list")
        if index >= len(tokens):
            raise TreeError(f"the '(' at character {stack[-1][0] + 1} is never closed: add a ')'")


def sexpr_text(root: TreeNode) -> str:
    """The tree in s-expression notation, each node named by its path (``root``, ``n2``, ``n2.1``).

    The ``n`` keeps a name from reading as a leaf value (``2`` would be one).
    """

    def write(node: TreeNode, path: tuple[int, ...]) -> str:
        name = "n" + node_name(path) if path else "root"
        if node.is_leaf:
            return f"({name} {node.value})" if path else str(node.value)
        inner = " ".join(write(child, (*path, index)) for index, child in enumerate(node.children))
        return f"({name} {inner})"

    return write(root, ()) + "\n"
