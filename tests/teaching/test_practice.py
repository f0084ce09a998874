"""Alpha-beta practice graded node by node, under the convention a teacher picks, and printable exercises.

        MAX root
    MIN 1   MIN 2   MIN 3        3 12 8 | 2 4 6 | 14 5 2: the classic tree
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from perfectplay.cli import main
from perfectplay.teaching import (
    Convention,
    NodeAnswer,
    TextbookTree,
    answer_key,
    grade_practice,
    parse_node_answer,
    random_tree,
    returning_order,
)
from perfectplay.teaching.trace import trace_search
from perfectplay.teaching.tree_node import TreeNode

CLASSIC = TextbookTree.parse_text("3 12 8 | 2 4 6 | 14 5 2").root


def right_answers(root: TreeNode, convention: Convention) -> dict[tuple[int, ...], NodeAnswer]:
    return {
        path: NodeAnswer(node.visited, node.value, node.alpha, node.beta) if node.visited else NodeAnswer(False)
        for path, node in answer_key(root, convention).items()
    }


@pytest.mark.parametrize("root_window", ["first", "best"])
@pytest.mark.parametrize("seed", range(40))
def test_the_key_under_the_engines_convention_is_the_real_search_node_for_node(seed: int, root_window: str) -> None:
    rng = random.Random(seed)
    tree = random_tree(rng, rng.randint(2, 4), (2, 3), 9)
    trace = trace_search(
        tree, (), "alphabeta", max_nodes=2000, limit=tree.limit, evaluate=tree.evaluate,
        evaluation="leaf values", find="first" if root_window == "first" else "best",
    )
    searched = {node.state: node for node in trace.root.walk()}
    key = answer_key(tree.root, Convention(root_window="first" if root_window == "first" else "best"))
    for path, node in key.items():
        real = searched.get(path)
        assert (real is not None) == node.visited, path
        if real is not None:
            assert real.exit is not None
            assert (real.value, real.exit.alpha, real.exit.beta) == (node.value, node.alpha, node.beta), path


def test_on_the_classic_tree_the_two_cut_conventions_differ_exactly_where_the_books_do() -> None:
    """At MIN 2, beta falls to 2 <= alpha 3: both cut. At MIN 3 the last leaf ties nothing; no difference.

    A tree where a MIN node reaches exactly alpha shows the difference: [[3 5] [3 9]].
    """
    assert not answer_key(CLASSIC)[(1, 1)].visited
    assert not answer_key(CLASSIC, Convention(cut_on_equal=False))[(1, 1)].visited
    tie = TextbookTree.parse_text("[[3 5] [3 9]]").root
    assert not answer_key(tie)[(1, 1)].visited
    assert answer_key(tie, Convention(cut_on_equal=False))[(1, 1)].visited


def test_the_engines_root_window_gives_a_tied_move_its_exact_value() -> None:
    tie = TextbookTree.parse_text("[[3 5] [3 9]]").root
    assert answer_key(tie, Convention(root_window="best"))[(1,)].value == 3
    assert answer_key(tie, Convention(root_window="best"))[(1, 1)].visited


@pytest.mark.parametrize(
    "convention",
    [Convention(), Convention(cut_on_equal=False), Convention(root_window="best"), Convention(algorithm="minimax")],
    ids=["textbook", "strict", "engine-root", "minimax"],
)
def test_right_answers_get_full_marks_under_every_convention(convention: Convention) -> None:
    result = grade_practice(CLASSIC, right_answers(CLASSIC, convention), convention)
    assert result.perfect and result.right == result.asked > 13


def test_every_wrong_answer_comes_back_with_its_reason() -> None:
    answers = right_answers(CLASSIC, Convention())
    answers[(1, 1)] = NodeAnswer(True, 4, 3, None)  # pruned, but the student searched it
    answers[(0,)] = NodeAnswer(True, 8, None, 3)  # MIN 1 is min(3, 12, 8) = 3
    answers[(2,)] = NodeAnswer(True, 2, 3, 5)  # beta at MIN 3 falls to 2
    result = grade_practice(CLASSIC, answers)
    reasons = {(mistake.name, mistake.field): mistake for mistake in result.mistakes}
    assert set(reasons) == {("2.2", "visited"), ("1", "value"), ("3", "beta")}
    assert "after 2.1, MIN 2 had value 2 <= alpha = 3" in reasons[("2.2", "visited")].reason
    assert "min(3, 12, 8) = 3" in reasons[("1", "value")].reason
    assert reasons[("3", "beta")].expected == "2" and "lowers beta" in reasons[("3", "beta")].reason


def test_a_node_left_unanswered_is_wrong_and_a_bound_not_given_is_not_graded() -> None:
    answers = right_answers(CLASSIC, Convention())
    del answers[(0, 0)]
    answers[(0, 1)] = NodeAnswer(True, 12)  # value only: alpha and beta not asked
    result = grade_practice(CLASSIC, answers)
    assert [(m.name, m.field) for m in result.mistakes] == [("1.1", "value")]


def test_the_order_asked_is_the_order_the_search_returns() -> None:
    names = [node.name for node in returning_order(answer_key(CLASSIC))]
    assert names[:4] == ["1.1", "1.2", "1.3", "1"] and names[-1] == "root"


@pytest.mark.parametrize(
    ("text", "answer"),
    [("3", NodeAnswer(True, 3)), ("3 -inf +inf", NodeAnswer(True, 3, None, None)), ("x", NodeAnswer(False)),
     ("2, 3, 2", NodeAnswer(True, 2, 3, 2))],
)
def test_typed_answers_are_read(text: str, answer: NodeAnswer) -> None:
    assert parse_node_answer(text, with_window=True) == answer


@pytest.mark.parametrize("text", ["", "abc", "3 4", "3 a b", "1 2 3 4"])
def test_a_typed_answer_that_is_not_one_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_node_answer(text, with_window=True)


def test_the_terminal_practice_grades_a_whole_search(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = iter(["3", "12", "8", "3 -inf 3", "2", "x", "x", "2 3 2", "14", "5", "2", "2 3 2", "3 3 +inf"])
    monkeypatch.setattr("perfectplay.cli.quiz.line_reader", lambda interactive: lambda prompt: next(typed))
    assert main(["quiz", "--practice", "3 12 8 | 2 4 6 | 14 5 2"]) == 0
    out = capsys.readouterr().out
    assert "Every node right." in out and "1 of 1 right." in out


def test_an_exercise_is_a_sheet_and_a_key_from_a_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["exercise", "--seed", "7", "--out", str(tmp_path / "ex"), "--format", "tex"]) == 0
    sheet, key = (tmp_path / "ex-sheet.tex").read_text(), (tmp_path / "ex-key.tex").read_text()
    assert sheet.splitlines()[0] == key.splitlines()[0]  # the same tree, named in the first line
    assert r"\underline" in sheet and r"\underline" not in key
    assert "cut" in key and "pruned" in key
    assert main(["exercise", "--seed", "7", "--out", str(tmp_path / "again"), "--format", "tex"]) == 0
    assert (tmp_path / "again-key.tex").read_text() == key


@pytest.mark.parametrize("argv", [["exercise", "--out", ""], ["exercise", "--out", "x", "--branching", "3,2"]])
def test_bad_exercise_options_are_one_line_and_status_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(argv)
    except SystemExit as stopped:
        status = int(str(stopped.code))
    assert status == 2 and capsys.readouterr().err.count("\n") == 1

