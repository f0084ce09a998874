"""The tree MCTS grew, shown: visits, mean rewards, the exact value beside them, the same ids from the same seed."""

from __future__ import annotations

import json
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from perfectplay import PerfectplayError, analyze, mcts, parse_position
from perfectplay.cli import main
from perfectplay.teaching import mcts_tree
from perfectplay.viz import mcts_document, mcts_svg, mcts_text, mcts_tikz

OPEN = "X../.O./..."
"""
 X | . | .
---+---+---
 . | O | .      X to move: every move draws with perfect play
---+---+---
 . | . | .
"""

WON = "XO./.X./..O"
"""
 X | O | .
---+---+---
 . | X | .      X to move: 4 and 7 win, the rest do not
---+---+---
 . | . | O
"""


def test_the_root_is_visited_once_an_iteration_and_its_children_share_the_visits() -> None:
    game, state = parse_position(OPEN)
    tree = mcts_tree(game, state, 400, seed=3, depth=1, max_nodes=4)
    root = tree.root
    assert root.visits == 400
    assert sum(child.visits for child in root.children) + sum(child.visits for child in root.hidden) == 400
    assert len(root.children) == 3 and len(root.hidden) == len(game.legal_moves(state)) - 3
    assert [child.visits for child in root.children] == sorted((child.visits for child in root.children), reverse=True)
    assert min(child.visits for child in root.children) >= max(child.visits for child in root.hidden)


def test_the_statistics_are_those_of_the_search_itself_and_its_choice_is_marked() -> None:
    game, state = parse_position(WON)
    result = mcts(game, state, 600, seed=5)
    tree = mcts_tree(game, state, 600, seed=5, depth=1, max_nodes=20)
    for child in tree.root.children:
        assert child.move is not None
        stats = result.stats(child.move)
        assert (child.visits, child.mean) == (stats.visits, stats.mean)
        assert child.chosen == (child.move == result.best)
    assert tree.best == result.best


def test_beside_each_move_is_the_solvers_exact_outcome_for_the_side_that_made_it() -> None:
    game, state = parse_position(WON)
    exact = {entry.move: entry.outcome.name for entry in analyze(game, state).moves}
    tree = mcts_tree(game, state, 300, seed=0, depth=1, max_nodes=20)
    shown = {child.move: child.exact for child in tree.root.children}
    assert shown == exact
    assert {move for move, outcome in shown.items() if outcome == "win"} == {3, 6}


def test_without_the_solver_no_exact_value_is_claimed() -> None:
    game, state = parse_position(WON)
    tree = mcts_tree(game, state, 100, seed=0, exact=False)
    assert all(node.exact is None for node in tree.root.walk())


def test_a_subtree_asked_for_by_its_path_has_the_ids_and_visits_of_the_whole_tree() -> None:
    game, state = parse_position(OPEN)
    whole = mcts_tree(game, state, 500, seed=2, depth=2, max_nodes=200)
    first = whole.root.children[0]
    assert first.move is not None
    part = mcts_tree(game, state, 500, seed=2, depth=1, max_nodes=200, path=(first.move,))
    assert (part.root.id, part.root.visits, part.root.exact) == (first.id, first.visits, first.exact)
    assert [(c.id, c.move, c.visits) for c in part.root.children] == [(c.id, c.move, c.visits) for c in first.children]
    with pytest.raises(PerfectplayError, match="not a move MCTS expanded"):
        mcts_tree(game, state, 500, seed=2, path=(first.move, first.move))


def test_ids_number_the_whole_grown_tree_depth_first_so_a_subtree_holds_a_block_of_them() -> None:
    game, state = parse_position(OPEN)
    tree = mcts_tree(game, state, 300, seed=1, depth=9, max_nodes=10_000)
    assert tree.shown == tree.nodes  # a tic-tac-toe tree is at most nine plies deep
    for node in tree.root.walk():
        inside = [other.id for other in node.walk()]
        assert inside == list(range(node.id, node.id + len(inside)))


def test_the_page_document_carries_visits_means_and_exact_values_in_the_trace_shape() -> None:
    game, state = parse_position(WON)
    document = mcts_document(mcts_tree(game, state, 300, seed=0, depth=1, max_nodes=3))
    assert document["algorithm"] == "mcts" and document["events"] == [] and document["tree"]["visits"] == 300
    child = document["tree"]["children"][0]
    assert {"visits", "mean", "exact", "exact_reward", "label", "hidden", "children"} <= set(child)
    stubs = document["tree"]["hidden"]
    assert stubs and all({"id", "move", "visits", "mean", "nodes"} <= set(stub) for stub in stubs)
    json.dumps(document)


def test_the_svg_tikz_and_text_name_the_same_moves_and_visits() -> None:
    game, state = parse_position(WON)
    tree = mcts_tree(game, state, 300, seed=0, depth=1, max_nodes=4)
    svg = ElementTree.fromstring(mcts_svg(tree))
    moves = {
        int(node.get("data-move", "-1")) for node in svg.iter("{http://www.w3.org/2000/svg}g") if node.get("data-move")
    }
    assert moves == {child.move for child in tree.root.children}
    text, tikz = mcts_text(tree), mcts_tikz(tree)
    for child in tree.root.children:
        assert f"{child.visits:,} visits" in text and f"{child.visits:,} visits" in tikz
    assert "exact win (1)" in text and r"\begin{forest}" in tikz


def test_perfectplay_tree_draws_the_mcts_tree_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tree", WON, "--algorithm", "mcts", "--iterations", "200", "--format", "text"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Monte Carlo tree search (UCT, seed 0) after 200 iterations")
    assert "<- plays" in out and "exact win (1)" in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--algorithm", "mcts", "--depth", "2"], "--depth is for minimax and alpha-beta"),
        (["--algorithm", "mcts", "--format", "dot"], "an MCTS tree is drawn as json, svg, text, tikz"),
        (["--format", "text"], "--format text is for --algorithm mcts"),
        (["--iterations", "50"], "--iterations and --seed are for --algorithm mcts"),
    ],
)
def test_options_that_do_not_go_with_the_algorithm_are_one_line_naming_them(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tree", OPEN, *args]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


@pytest.mark.integration
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no LaTeX installed (Debian: texlive-pictures)")
def test_the_mcts_tikz_output_compiles_with_latex(tmp_path: Path) -> None:
    game, state = parse_position(WON)
    (tmp_path / "mcts.tex").write_text(mcts_tikz(mcts_tree(game, state, 200, seed=0, max_nodes=8)), encoding="utf-8")
    result = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "mcts.tex"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-2000:]
    assert (tmp_path / "mcts.pdf").stat().st_size > 1000
