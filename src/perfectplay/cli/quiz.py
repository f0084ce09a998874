"""``perfectplay quiz``: which nodes does alpha-beta prune? Practice on textbook trees.

The tree is drawn as an outline (MAX and MIN nodes by name, leaves with
their values); you type the nodes alpha-beta never visits, by name
(``2.2 2.3``; a node stands for everything below it; ``none`` if nothing is
cut). The answer is checked against the real alpha-beta
(``textbook.check_pruning``), then explained cut by cut. Without a tree,
random ones are drawn one after another (``--seed`` repeats them).

``--practice`` grades a whole hand search node by node instead: for every
node, in the order the search returns from it, the value (and alpha and
beta), or ``x`` for a node never visited; each wrong answer comes back with
its reason, under the convention chosen (``--strict``, ``--root-window``).
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from perfectplay import PerfectplayError
from perfectplay.cli.options import add_whole, seed
from perfectplay.cli.play import line_reader
from perfectplay.teaching import (
    Convention,
    TextbookTree,
    TreeNode,
    answer_key,
    check_pruning,
    grade_practice,
    node_name,
    parse_node_answer,
    random_tree,
    returning_order,
    textbook_trace,
)
from perfectplay.words import quiz_words


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.description = (
        "A quiz: which nodes does alpha-beta prune on this tree? Give a textbook tree of leaf values "
        "('3 12 8 | 2 4 6 | 14 5 2' or '[[3 12 8] [2 4 6] [14 5 2]]'), or none for random trees."
    )
    parser.add_argument("tree", nargs="?", metavar="TREE", help="the tree (default: random trees, one after another)")
    add_whole(parser, "--depth", 1, 5, default=3, metavar="D", help="depth of random trees (1 to 5, default 3)")
    parser.add_argument("--seed", type=seed, metavar="N", help="seed the random trees, to repeat them (0 to 2**63-1)")
    parser.add_argument(
        "--practice", action="store_true", help="grade every node's value, alpha and beta, and the cuts"
    )
    parser.add_argument(
        "--algorithm", choices=("alphabeta", "minimax"), default="alphabeta", help="with --practice: the search"
    )
    parser.add_argument(
        "--strict", action="store_true", help="with --practice: cut only when a bound is passed, not on equality"
    )
    parser.add_argument(
        "--root-window",
        choices=("first", "best"),
        default="first",
        help="with --practice: the textbook root window (first, default) or the engine's (best)",
    )
    parser.set_defaults(run=run_quiz)


def run_quiz(args: argparse.Namespace) -> int:
    import sys

    read = line_reader(sys.stdin.isatty() and sys.stdout.isatty())
    rng = random.Random(args.seed)
    fixed = None if args.tree is None else TextbookTree.parse_text(args.tree)
    score = answered = 0
    try:
        while True:
            tree = fixed or random_tree(rng, args.depth)
            # a question left at the end of input is not counted
            score += practise(tree, read, convention_of(args)) if args.practice else ask(tree, read)
            answered += 1
            if fixed is not None or not _again(read):
                break
    except (EOFError, KeyboardInterrupt):
        print()
    print(f"{score} of {answered} right." if answered else "No answer given.")
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
    words = quiz_words(result, textbook_trace(tree))
    print(words.verdict)
    for line in (*words.details, *words.cuts, words.summary):
        print(f"  {line}")
    return int(result.correct)


def convention_of(args: argparse.Namespace) -> Convention:
    return Convention(cut_on_equal=not args.strict, root_window=args.root_window, algorithm=args.algorithm)


def practise(tree: TextbookTree, read: Any, convention: Convention) -> int:
    """A whole hand search graded node by node; 1 when every answer is right."""
    print()
    print(outline(tree))
    print()
    print(f"Search this tree by hand: {convention.describe()}.")
    with_window = convention.algorithm == "alphabeta"
    ask_for = "its value, alpha and beta as it returns (e.g. 3 -inf 3)" if with_window else "its value"
    print(f"For each node, in the order the search returns from it: {ask_for}, or x if it is never visited.")
    answers = {}
    for node in returning_order(answer_key(tree.root, convention)):
        while True:
            role = "leaf" if tree.node(node.path).is_leaf else node.role
            text = read(f"{node_name(node.path)} ({role}): ")
            try:
                answers[node.path] = parse_node_answer(text, with_window)
            except PerfectplayError as error:
                print(error)
                continue
            break
    result = grade_practice(tree.root, answers, convention)
    print(f"{result.right} of {result.asked} answers right.")
    for mistake in result.mistakes:
        print(f"  {mistake.name} {mistake.field}: you gave {mistake.given}, it is {mistake.expected}: {mistake.reason}")
    if result.perfect:
        print("Every node right.")
    return int(result.perfect)
