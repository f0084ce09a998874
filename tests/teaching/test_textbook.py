"""Textbook trees: the notation, the values, exactly the cuts the textbooks show, and the quiz's checks."""

# ruff: noqa: RUF001, RUF002, RUF043 - expected texts use the Greek letters and minus sign students read

from __future__ import annotations

import random

import pytest

from cli_helpers import InProcess
from perfectplay import PositionError, alphabeta, minimax
from perfectplay.teaching.orders import move_order, order_counts
from perfectplay.teaching.textbook import (
    TextbookTree,
    check_pruning,
    cut_reasons,
    pruned_nodes,
    random_tree,
    textbook_trace,
    tree_text,
)
from perfectplay.teaching.tree_node import TreeError
from perfectplay.words import cut_reason_text, cut_text

CLASSIC = "3 12 8 | 2 4 6 | 14 5 2"


def test_the_flat_and_the_bracket_notation_give_the_same_tree() -> None:
    flat = TextbookTree.parse_text(CLASSIC)
    assert flat == TextbookTree.parse_text("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    assert tree_text(flat.root) == "[[3 12 8] [2 4 6] [14 5 2]]"
    assert TextbookTree.parse_text(tree_text(flat.root)) == flat


def test_the_classic_tree_is_worth_3_and_alpha_beta_prunes_exactly_the_two_leaves_the_textbook_does() -> None:
    """
    MAX root = 3
    ├── MIN 1 = 3:  3 12 8
    ├── MIN 2 ≤ 2:  2, then 4 and 6 are never looked at (β = 2 ≤ α = 3)
    └── MIN 3 = 2:  14 5 2
    """
    tree = TextbookTree.parse_text(CLASSIC)
    assert (tree.value(()), tree.value((0,)), tree.value((1,)), tree.value((2,))) == (3, 3, 2, 2)
    assert pruned_nodes(tree) == ("2.2", "2.3")
    trace = textbook_trace(tree)
    assert (trace.nodes, trace.pruned, trace.value, trace.best) == (11, 2, 3, (0,))
    cut = trace.root.children[1].cut
    assert cut is not None and cut_text(cut) == "β = 2 ≤ α = 3"
    assert minimax(tree, (), tree.limit, evaluate=tree.evaluate).nodes == 13


def test_a_deeper_tree_cuts_at_max_and_at_min_nodes() -> None:
    """
    MAX root ─ MIN 1 ─ MAX 1.1: 3 5 (= 5);  MAX 1.2: 6, then 9 is cut (α = 6 ≥ β = 5)
             └ MIN 2 ─ MAX 2.1: 1 2 (= 2 ≤ α = 5): MIN 2 cuts 2.2
    """
    tree = TextbookTree.parse_text("[[[3 5] [6 9]] [[1 2] [0 -1]]]")
    assert pruned_nodes(tree) == ("1.2.2", "2.2")
    assert tree.value(()) == 5


def test_best_first_order_prunes_the_most_and_worst_first_nothing_on_the_classic_tree() -> None:
    tree = TextbookTree.parse_text(CLASSIC)
    counts = order_counts(tree, (), tree.limit, evaluate=tree.evaluate, values=tree.move_values, find="first")
    assert counts.minimax.nodes == 13 and counts.best_case == 5
    assert (counts.orders["best-first"].leaves, counts.orders["natural"].leaves) == (5, 7)
    assert counts.orders["worst-first"].pruned == 0
    best_first = move_order("best-first", tree.move_values)
    # Best first for MIN 3 is its smallest leaf, 3.3 (2): then 5 and 14 are cut.
    assert pruned_nodes(tree, best_first) == ("2.2", "2.3", "3.2", "3.1")


def test_every_order_finds_the_same_value_on_random_trees() -> None:
    rng = random.Random(7)
    for _ in range(30):
        tree = random_tree(rng, depth=rng.randint(1, 4))
        expected = tree.value(())
        for name in ("natural", "best-first", "worst-first", "engine"):
            order = move_order(name, tree.move_values)
            analysis = alphabeta(tree, (), tree.limit, evaluate=tree.evaluate, order=order, find="first")
            assert max(entry.estimate or 0 for entry in analysis.moves if entry.move in analysis.best) == expected


def test_an_answer_names_subtrees_and_is_checked_leaf_by_leaf() -> None:
    tree = TextbookTree.parse_text(CLASSIC)
    assert check_pruning(tree, "2.2 2.3").correct
    assert check_pruning(tree, "2.3, 2.2").correct
    missed = check_pruning(tree, "2.2")
    assert (missed.correct, missed.missed, missed.wrong) == (False, ("2.3",), ())
    wrong = check_pruning(tree, "2.2 2.3 3.3")
    assert (wrong.correct, wrong.wrong) == (False, ("3.3",))
    assert not check_pruning(tree, "none").correct
    deeper = TextbookTree.parse_text("[[[3 5] [6 9]] [[1 2] [0 -1]]]")
    assert check_pruning(deeper, "1.2.2 2.2.1 2.2.2").correct  # a subtree named by its leaves
    with pytest.raises(PositionError, match="there is no node '4.1'"):
        check_pruning(tree, "4.1")
    for blank in ("", "  ", " , "):  # a blank line is no answer, not "none": it is asked again
        with pytest.raises(PositionError, match="no answer: name the nodes it prunes"):
            check_pruning(tree, blank)
    assert not check_pruning(tree, []).correct  # from Python, an empty list names no node


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the tree is empty"),
        ("3 x 8", "'x' at character 3 is not a number"),
        ("[[3 12] [2 4]", "is never closed"),
        ("[[3 12]] 4]", "unexpected '4' at character 10 after the tree's end"),
        ("[[3 12] []]", "are empty"),
        ("[[3 12] 4]", "every leaf must be at the same depth: leaf 2 is at depth 1"),
        ("3 | | 4", "group 2 between the '|' is empty"),
        ("[[3] | [4]]", "either brackets or '|'"),
        ("1 2 | 99999999", "too large"),
    ],
)
def test_a_tree_that_cannot_be_read_says_what_is_wrong_and_where(text: str, message: str) -> None:
    with pytest.raises(TreeError, match=message):
        TextbookTree.parse_text(text)


def test_the_quiz_checks_an_answer_and_explains_the_cuts(in_process: InProcess) -> None:
    result = in_process("quiz", CLASSIC, stdin="2.2 2.3\n")
    assert result.returncode == 0, result.stderr
    assert "├── MIN 1" in result.stdout and "│   ├── 1.2: 12" in result.stdout
    assert "Right: alpha-beta prunes 2.2 and 2.3." in result.stdout
    assert "At MIN 2: β = 2 ≤ α = 3, so 2.2 and 2.3 are never searched." in result.stdout
    assert result.stdout.rstrip().endswith("1 of 1 right.")
    wrong = in_process("quiz", CLASSIC, stdin="nine\n\n2.2\n")
    assert "there is no node 'nine'" in wrong.stdout
    assert "no answer: name the nodes it prunes (e.g. 2.2 3.1), or 'none' if it prunes nothing" in wrong.stdout
    assert wrong.stdout.count("Nodes, e.g. 2.2 3.1, or 'none': ") == 3  # asked again after each, then graded once
    assert "Not quite: alpha-beta prunes 2.2 and 2.3." in wrong.stdout and "You left out 2.3." in wrong.stdout


def test_the_quiz_says_why_a_leaf_it_visits_is_searched(in_process: InProcess) -> None:
    """After 3.1 = 14 and 3.2 = 5, MIN 3 holds β = 5 against α = 3: still open, so 3.3 must be looked at."""
    result = in_process("quiz", CLASSIC, stdin="2.2 2.3 3.3\n")
    assert (
        "3.3 is searched: alpha-beta reaches it with α = 3, β = 5, and α < β, so nothing MIN 3 has seen yet "
        "makes it useless." in result.stdout
    )
    assert result.stdout.rstrip().endswith("0 of 1 right.")


def test_end_of_input_at_a_question_quits_the_quiz_without_counting_a_wrong_answer(in_process: InProcess) -> None:
    result = in_process("quiz", CLASSIC, stdin="")
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip().endswith("No answer given.")
    assert "Not quite" not in result.stdout
    second = in_process("quiz", "--seed", "4", stdin="none\ny\n")
    assert second.stdout.rstrip().endswith(" of 1 right.")


def test_random_quiz_trees_repeat_with_a_seed(in_process: InProcess) -> None:
    first = in_process("quiz", "--seed", "4", stdin="none\nn\n").stdout
    assert first == in_process("quiz", "--seed", "4", stdin="none\nn\n").stdout
    assert "Another tree? [y/n]" in first


def test_each_cut_is_explained_with_the_bounds_that_met_in_the_order_the_search_made_it() -> None:
    """
    MAX ─┬─ MIN ─┬─ MAX [3 5] = 5
         │       └─ MAX [6 9]: α = 6 ≥ β = 5 at 1.2, so 1.2.2 is never searched
         └─ MIN ─── MAX [1 2] = 2: β = 2 ≤ α = 5 at 2, so 2.2 is never searched
    """
    tree = TextbookTree.parse_text("[[[3 5] [6 9]] [[1 2] [0 -1]]]")
    reasons = cut_reasons(textbook_trace(tree))
    assert [(reason.node, reason.role, reason.pruned) for reason in reasons] == [
        ("1.2", "MAX", ("1.2.2",)),
        ("2", "MIN", ("2.2",)),
    ]
    assert cut_reason_text(reasons[0]) == "At MAX 1.2: α = 6 ≥ β = 5, so 1.2.2 is never searched."
    assert [name for reason in reasons for name in reason.pruned] == list(pruned_nodes(tree))
