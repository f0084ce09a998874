"""Notebooks: positions, analyses, trees and reports draw themselves; the example lab runs headless."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

from perfectplay import Analysis, PerfectplayError, analyze, parse_position
from perfectplay.check import Grading, check_ai
from perfectplay.notebook.views import AnalysisView, Position, ReportView, TraceView, position, show
from perfectplay.teaching import trace_minimax
from perfectplay.viz.board import position_svg
from repo_paths import ROOT

LAB = ROOT / "examples" / "minimax_lab.ipynb"
CORRECT = ROOT / "examples" / "correct.py"


def test_a_tictactoe_position_draws_its_stones_and_its_empty_cells_numbers() -> None:
    svg = position("X../.O./...")._repr_svg_()
    #   X . .
    #   . O .
    #   . . .
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert svg.count('class="x"') == 1
    assert svg.count('class="o"') == 1
    assert re.findall(r'class="label"[^>]*>(\d)<', svg) == ["2", "3", "4", "6", "7", "8", "9"]
    assert "X to move" in svg


def test_the_analysis_puts_each_moves_outcome_in_its_cell_and_underlines_the_best() -> None:
    view = position("XX./OO./...").analyze()
    #   X X .    X wins at once in cell 3 (as drawn); 6 only blocks,
    #   O O .    and 7, 8 or 9 let O win in cell 6
    #   . . .
    svg = view._repr_svg_()
    assert re.search(r'class="mark win best"[^>]*>W1<', svg)
    assert svg.count("mark loss") == 3
    html = view._repr_html_()
    assert "<table" in html and "win in 1" in html and "best" in html
    assert repr(view) == "X to move: win in 1 with perfect play; best: 3"


def test_a_finished_game_says_who_won_and_highlights_the_line() -> None:
    won = position("XXX/OO./...")
    assert won.caption == "X has won"
    assert won._repr_svg_().count('class="line"') == 3
    assert repr(won.analyze()) == "X has won"


def test_playing_returns_a_new_position_and_shades_the_last_move() -> None:
    start = position()
    after = start.play("5")
    assert start.text == ".../.../..."
    assert after.text == ".../.X./..."
    assert after.last_move == 4
    assert 'class="last"' in after._repr_svg_()
    assert after.play(0).text == "O../.X./..."


def test_connect_four_and_nim_positions_draw_too() -> None:
    connect4 = position("4455", "connect4")
    svg = connect4._repr_svg_()
    assert svg.count('class="stone-x"') == 2 and svg.count('class="stone-o"') == 2
    near_end = position("2252576253462244111563365343671351441", "connect4").analyze()
    assert "L4" in near_end._repr_svg_()
    nim = position("3,4,5", "nim")
    assert nim._repr_svg_().count('class="stick"') == 12
    assert "W11" in nim.analyze()._repr_svg_()


def test_a_trace_draws_as_the_viz_module_draws_it() -> None:
    game, state = parse_position("XOX/OO./.X.")
    trace = trace_minimax(game, state)
    view = show(trace)
    assert isinstance(view, TraceView)
    assert view._repr_svg_() == TraceView(trace)._repr_svg_()
    assert "minimax tree: 14 nodes searched" in repr(position("XOX/OO./.X.").tree("minimax"))


def test_show_wraps_what_the_library_returns_and_refuses_anything_else() -> None:
    game, state = parse_position("X../.O./...")
    assert isinstance(show(analyze(game, state)), AnalysisView)
    assert isinstance(show(game, state), Position)
    with pytest.raises(PerfectplayError, match="show"):
        show(42)
    assert isinstance(analyze(game, state), Analysis)


@pytest.mark.slow  # a check of examples/correct.py: sandboxed candidate processes
def test_a_check_report_shows_as_the_command_prints_it() -> None:
    # How a report shows is the point, not every position: a seeded sample of 50 and the games.
    view = show(check_ai(CORRECT, grading=Grading(sample=50)))
    assert isinstance(view, ReportView)
    assert "Unbeatable" in view.text()
    assert view._repr_html_().startswith("<pre")


def test_a_game_without_a_board_is_drawn_as_its_notation() -> None:
    from perfectplay.teaching.textbook import TextbookTree

    tree = TextbookTree.parse_text("3 12 8")
    svg = position_svg(tree, tree.initial_state(), caption="a <tree>")
    assert ">root</text>" in svg
    assert "a &lt;tree&gt;" in svg


def _outputs(cell: Any) -> str:
    texts = []
    for output in cell.outputs:
        texts.append(output.get("text", ""))
        for value in output.get("data", {}).values():
            texts.append(value if isinstance(value, str) else "")
    return "\n".join(texts)


@pytest.mark.integration  # a real Jupyter kernel runs the notebook
def test_the_minimax_lab_notebook_runs_headless_and_shows_what_it_says(tmp_path: Path) -> None:
    notebook = nbformat.read(LAB, as_version=4)  # type: ignore[no-untyped-call]  # nbformat is untyped
    where = {"metadata": {"path": str(tmp_path)}}
    NotebookClient(notebook, timeout=300, kernel_name="python3", resources=where).execute()
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert all(not any(out.output_type == "error" for out in cell.outputs) for cell in code)
    board, played, scored, minimax_tree, alphabeta_tree, _, first_check, _, second_check, widgets = code
    assert "image/svg+xml" in board.outputs[0].data
    assert "X.X/.O./..." in _outputs(played)
    assert "text/html" in scored.outputs[0].data and "draw" in _outputs(scored)
    assert "<minimax tree: 14 nodes searched" in _outputs(minimax_tree)
    assert "<alphabeta tree: 10 nodes searched" in _outputs(alphabeta_tree)
    assert "Wins slower than it could" in _outputs(first_check)
    assert "Unbeatable" in _outputs(second_check)
    assert (tmp_path / "my_minimax.py").exists()
    view = "application/vnd.jupyter.widget-view+json"
    assert [view in output.get("data", {}) for output in widgets.outputs] == [True, True]


def test_a_position_shows_mcts_held_against_the_exact_value() -> None:
    from perfectplay.notebook import position

    view = position("XX./OO./...").mcts((10, 100), runs=3)
    assert view._repr_svg_().startswith("<svg") and "MCTS study: 3 runs" in repr(view)


def test_a_hand_search_is_graded_node_by_node_in_a_notebook() -> None:
    from perfectplay.notebook import practice

    answers = {"1.1": "3", "1.2": "12", "1.3": "8", "1": "3 -inf 3", "2.1": "2", "2.2": "x", "2.3": "x",
               "2": "2 3 2", "3.1": "14", "3.2": "5", "3.3": "2", "3": "2 3 5", "root": "3 3 +inf"}
    view = practice("3 12 8 | 2 4 6 | 14 5 2", answers)
    assert repr(view).startswith("31 of 32 answers right.") and "3 beta: you gave 5, it is 2" in repr(view)
    assert "<b>3 beta</b>" in view._repr_html_()
    with pytest.raises(PerfectplayError):
        practice("3 12 8 | 2 4 6 | 14 5 2", {"9.9": "1"})


def test_a_position_shows_the_tree_mcts_grew_with_the_exact_value_beside_each_move() -> None:
    from perfectplay.notebook import position

    view = position("XO./.X./..O").mcts_tree(300, depth=1)
    svg = view._repr_svg_()
    assert svg.startswith("<svg") and "exact win (1)" in svg
    assert repr(view).startswith("Monte Carlo tree search (UCT, seed 0) after 300 iterations on XO./.X./..O")
