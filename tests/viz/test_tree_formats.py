"""Trees for slides and visualisers: the s-expression notation in and out, and the TikZ forest picture.

    (A (B 3 12 8) (C 2 4 6) (D 14 5 2))   the classic tree, as visualisers write it
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from perfectplay import parse_position
from perfectplay.cli import main
from perfectplay.teaching import TextbookTree, trace_search
from perfectplay.teaching.sexpr import parse_sexpr, sexpr_text
from perfectplay.teaching.textbook import parse_tree, textbook_trace
from perfectplay.teaching.tree_node import TreeError, TreeNode
from perfectplay.viz import trace_sexpr, trace_svg, trace_tikz

CLASSIC_SEXPR = "(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"
CLASSIC = "3 12 8 | 2 4 6 | 14 5 2"


def leaves(node: TreeNode) -> list[int | None]:
    return [node.value] if node.is_leaf else [value for child in node.children for value in leaves(child)]


def test_the_classic_tree_reads_the_same_in_s_expressions_as_in_brackets() -> None:
    assert parse_tree(CLASSIC_SEXPR) == parse_tree(CLASSIC)
    assert TextbookTree.parse_text(CLASSIC_SEXPR).value(()) == 3


def test_named_leaves_are_leaves_and_names_are_dropped() -> None:
    tree = parse_sexpr("(root (a (a1 3) (a2 12)) (b (b1 2) (b2 -4)))")
    assert tree == parse_tree("[[3 12] [2 -4]]")


def test_a_tree_written_as_an_s_expression_reads_back_the_same() -> None:
    tree = parse_tree("[[[3 5] [6 9]] [[1 2] [0 -1]]]")
    text = sexpr_text(tree)
    assert text.startswith("(root (n1 (n1.1 (n1.1.1 3)")
    assert parse_tree(text) == tree


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("(A (B 3 12 8", "never closed"),
        ("(A () 3)", "is empty"),
        ("(A 3 B 4)", "names come first"),
        ("(A 3 5) 7", "after the tree's end"),
        ("(A 3 9999999)", "too large"),
        ("(A 3)", "at least one move"),
    ],
)
def test_a_malformed_s_expression_says_what_is_wrong_and_where(text: str, words: str) -> None:
    with pytest.raises(TreeError, match=re.escape(words)):
        parse_tree(text)


@pytest.mark.parametrize("opening", ["(", "["])
def test_a_deeply_nested_tree_is_an_error_about_its_depth_not_a_crash(opening: str) -> None:
    closing = {"(": ")", "[": "]"}[opening]
    text = opening * 2400 + "1 2" + closing * 2400
    with pytest.raises(TreeError, match="levels deep"):
        parse_tree(text)


def test_sexpr_output_refuses_a_game_tree_with_a_reason() -> None:
    game, state = parse_position("XO./XO./...")
    with pytest.raises(ValueError, match="textbook trees"):
        trace_sexpr(trace_search(game, state, "alphabeta"))


def forest_nodes(tikz: str) -> list[str]:
    """Every node line of the forest picture, one per opening bracket at a line start."""
    return [line.strip() for line in tikz.splitlines() if line.strip().startswith("[{")]


def test_the_tikz_picture_draws_the_same_tree_as_the_svg() -> None:
    trace = textbook_trace(TextbookTree.parse_text(CLASSIC), "alphabeta")
    tikz, svg = trace_tikz(trace), trace_svg(trace)
    nodes = forest_nodes(tikz)
    shown = sum(1 for _ in trace.root.walk())
    pruned = sum(len(node.pruned) for node in trace.root.walk())
    assert len(nodes) == shown + pruned == 13
    assert sum(node.endswith(", pruned]") for node in nodes) == pruned == 2
    assert sum("chosen" in node for node in nodes) == len(trace.chosen_line()) == 3
    # the values, in search order, are the SVG's too
    values = [node.value for node in trace.root.walk()]
    searched = [node for node in nodes if not node.endswith(", pruned]")]
    assert [re.sub(r"\$\\leq\$ ", "≤ ", node[2:].split("}", 1)[0]) for node in searched] == [
        ("≤ " if node.bound == "upper" else "") + str(node.value) for node in trace.root.walk()
    ]
    assert all(str(value) in svg for value in values)
    assert tikz.count("[") - tikz.count("{[}") == tikz.count("]") - tikz.count("{]}")


def test_a_game_trees_tikz_shows_boards_and_escapes_what_latex_would_read() -> None:
    game, state = parse_position("XO./XO./...")
    tikz = trace_tikz(trace_search(game, state, "alphabeta", max_nodes=6))
    assert r"\texttt{XO.}" in tikz and "{+" in tikz  # boards, and the '+N more' stub
    assert not {"≥", "≤", "\u03b1", "\u221e"} & set(tikz)
    assert tikz.startswith("% ") and tikz.rstrip().endswith(r"\end{document}")


def test_the_tree_command_reads_a_teachers_file_and_writes_it_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = tmp_path / "tree.txt"
    typed.write_text(CLASSIC_SEXPR + "\n")
    assert main(["tree", "--from", str(typed), "--format", "sexpr"]) == 0
    assert parse_tree(capsys.readouterr().out) == parse_tree(CLASSIC)
    assert main(["tree", "--from", str(typed), "--format", "tikz"]) == 0
    assert r"\begin{forest}" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["tree", "--from", "/no/such/file"], "cannot read /no/such/file"),
        (["tree"], "give a POSITION"),
        (["tree", "X../.O./...", "--format", "sexpr"], "writes textbook trees"),
        (["tree", "--from", "FILE", "--game", "connect4"], "--from reads a textbook tree"),
    ],
)
def test_bad_tree_input_is_one_line_and_status_2(
    argv: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [str(tmp_path / "t.txt") if arg == "FILE" else arg for arg in argv]
    (tmp_path / "t.txt").write_text(CLASSIC)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


@pytest.mark.integration
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no LaTeX installed (Debian: texlive-pictures)")
@pytest.mark.parametrize("source", ["textbook", "game"])
def test_the_tikz_output_compiles_with_latex(source: str, tmp_path: Path) -> None:
    if source == "textbook":
        trace = textbook_trace(TextbookTree.parse_text(CLASSIC), "alphabeta")
    else:
        game, state = parse_position("XO./XO./...")
        trace = trace_search(game, state, "alphabeta", max_nodes=8)
    (tmp_path / "tree.tex").write_text(trace_tikz(trace), encoding="utf-8")
    result = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "tree.tex"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-2000:]
    assert (tmp_path / "tree.pdf").stat().st_size > 1000
