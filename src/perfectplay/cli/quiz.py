"""``perfectplay quiz``: which nodes does alpha-beta prune? Practice on textbook trees.

The tree is drawn as an outline (MAX and MIN nodes by name, leaves with
their values); you type the nodes alpha-beta never visits, by name
(``2.2 2.3``; a node stands for everything below it; ``none`` if nothing is
cut). The answer is checked against the real alpha-beta
(``textbook.check_pruning``), then explained cut by cut. Without a tree,
random ones are drawn one after another (``--seed`` repeats them).
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from perfectplay.cli.options import whole
from perfectplay.cli.play import line_reader
from perfectplay.errors import PerfectplayError
from perfectplay.teaching.textbook import (
    TextbookTree,
    TreeNode,
    check_pruning,
    cut_reasons,
    node_name,
    random_tree,
    textbook_trace,
)


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.description = (
        "A quiz: which nodes does alpha-beta prune on this tree? Give a textbook tree of leaf values "
        "('3 12 8 | 2 4 6 | 14 5 2' or '[[3 12 8] [2 4 6] [14 5 2]]'), or none for random trees."
    )
    parser.add_argument("tree", nargs="?", metavar="TREE", help="the tree (default: random trees, one after another)")
    parser.add_argument("--depth", type=whole(1, "--depth", 5), default=3, metavar="D", help="depth of random trees")
    parser.add_argument("--seed", type=int, help="seed the random trees, to repeat them")
    parser.set_defaults(run=run_quiz)


def run_quiz(args: argparse.Namespace) -> int:
    import sys

    read = line_reader(sys.stdin.isatty() and sys.stdout.isatty())
    rng = random.Random(args.seed)
    fixed = None if args.tree is None else TextbookTree.parse_text(args.tree)
    score = asked = 0
    try:
        while True:
            tree = fixed or random_tree(rng, args.depth)
            asked += 1
            score += ask(tree, read)
            if fixed is not None or not _again(read):
                break
    except (EOFError, KeyboardInterrupt):
        print()
    print(f"{score} of {asked} right.")
    return 0


def _again(read: Any) -> bool:
    while True:
        answer = read("Another tree? [y/n] ").strip().lower()
        if answer in ("y", "yes"):
            return True
        if answer in ("n", "no", "q", "quit"):
            return False
        print("Please answer y or n.")


def outline(tree: TextbookTree) -> str:
    """The tree as an indented outline: ``MAX root``, ``MIN 1``, ``1.2: 12`` for a leaf."""
    lines: list[str] = []

    def visit(node: TreeNode, path: tuple[int, ...], prefix: str, last: bool) -> None:
        joint = "" if not path else ("└── " if last else "├── ")
        role = "MAX" if len(path) % 2 == 0 else "MIN"
        text = f"{node_name(path)}: {node.value}" if node.is_leaf else f"{role} {node_name(path)}"
        lines.append(prefix + joint + text)
        inner = prefix + ("" if not path else ("    " if last else "│   "))
        for index, child in enumerate(node.children):
            visit(child, (*path, index), inner, index == len(node.children) - 1)

    visit(tree.root, (), "", True)
    return "\n".join(lines)


def explain(tree: TextbookTree) -> str:
    """Every cut alpha-beta makes, in search order, with the values that caused it, and the root's value."""
    trace = textbook_trace(tree)
    lines = [f"  {reason}" for reason in cut_reasons(trace)]
    best = ", ".join(node_name((move,)) for move in trace.best)
    lines.append(f"  The root's value is {trace.value} (MAX plays {best}); alpha-beta visited {trace.nodes} nodes.")
    return "\n".join(lines) if len(lines) > 1 else "  No cut: alpha-beta visits every node here.\n" + lines[-1]


def ask(tree: TextbookTree, read: Any) -> int:
    """One question; 1 for a right answer, 0 otherwise."""
    print()
    print(outline(tree))
    print()
    print("Alpha-beta searches this tree left to right. Which nodes does it prune (never visit)?")
    while True:
        text = read("Nodes, e.g. 2.2 3.1, or 'none': ")
        try:
            result = check_pruning(tree, text)
        except PerfectplayError as error:
            print(error)
            continue
        break
    pruned = " ".join(result.pruned) or "none"
    if result.correct:
        print(f"Right: alpha-beta prunes {pruned}.")
    else:
        print(f"Not quite: alpha-beta prunes {pruned}.")
        if result.missed:
            print(f"  You left out {', '.join(result.missed)}.")
        if result.wrong:
            print(f"  {', '.join(result.wrong)} {'is' if len(result.wrong) == 1 else 'are'} searched.")
    print(explain(tree))
    return int(result.correct)
