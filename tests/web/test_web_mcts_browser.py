"""Monte Carlo tree search in the page's tree panel, in a real Chromium: the engine's tree, opened, and its plot."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from browser_page import PATIENCE, position, wait_idle
from browser_support import screenshot
from perfectplay import parse_position
from perfectplay.teaching import STUDY_POSITIONS, mcts_tree

STATIC = Path(__file__).resolve().parents[2] / "src" / "perfectplay" / "web" / "static"


def open_mcts(page: Any) -> None:
    page.click("#tree-toggle")
    page.check("input[name='tree-mode'][value='mcts']")
    page.wait_for_selector("#tree-mcts .tnode .texact", timeout=PATIENCE)


def test_the_mcts_tree_on_the_page_is_the_engines_and_opens_into_the_replies_it_grew(page: Any) -> None:
    page.click(".cell[data-cell='0']")
    wait_idle(page)
    board = position(page)
    open_mcts(page)
    game, state = parse_position(board)
    tree = mcts_tree(game, state, 1000, seed=0, depth=1, max_nodes=200)
    shown = page.eval_on_selector_all(
        "#tree-mcts .tree > .tnode > .tchildren > .tnode > .trow .tmeta", "metas => metas.map(m => m.textContent)"
    )
    assert shown == [f"{child.visits:,} visits" for child in tree.root.children]
    exact = page.eval_on_selector_all(
        "#tree-mcts .tree > .tnode > .tchildren > .tnode > .trow .texact", "spans => spans.map(s => s.textContent)"
    )
    rewards = {"win": 1, "draw": 0.5, "loss": 0}
    assert exact == [f"exact: {child.exact} ({rewards[child.exact or 'draw']:g})" for child in tree.root.children]
    assert page.inner_text("#tree-mcts .tbest") == "★ MCTS plays this"

    # The most visited move opens into the replies MCTS grew below it, fetched by its path.
    first = tree.root.children[0]
    page.click(f"#tree-mcts .ttoggle[data-id='{first.id}']")
    below = mcts_tree(game, state, 1000, seed=0, depth=1, max_nodes=200, path=(first.move or 0,))
    page.wait_for_selector(f"#tree-mcts .tnode[data-id='{below.root.children[0].id}']", timeout=PATIENCE)
    ids = page.eval_on_selector_all(
        f"#tree-mcts .tnode[data-id='{first.id}'] > .tchildren > .tnode", "nodes => nodes.map(n => +n.dataset.id)"
    )
    assert ids == [child.id for child in below.root.children]
    screenshot(page.locator("#tree-panel"), "web-tree-mcts.png")


def test_the_convergence_plot_on_the_page_reaches_every_run_choosing_a_best_move_on_tic_tac_toe(page: Any) -> None:
    open_mcts(page)
    page.select_option(".tmcts-study select", "1")
    page.click(".tmcts-plot")
    page.wait_for_selector(".tmcts-plot-figure svg", timeout=PATIENCE)
    assert "exact best move chosen" in page.inner_text(".tmcts-plot-figure")
    summary = page.inner_text(".tmcts-summary")
    assert summary.startswith("Exact value: win; exact best moves: 4, 7.")
    assert re.search(r"Every run plays an exact best move from [\d,]+ iterations on\.", summary)
    screenshot(page.locator(".tmcts"), "web-mcts-convergence.png")


def test_the_pages_study_positions_are_the_librarys() -> None:
    script = (STATIC / "tree-mcts.js").read_text(encoding="utf-8")
    listed = re.findall(r'\["(\w+)", "([^"]+)"\]', script[script.index("STUDY_POSITIONS") :])
    assert tuple(listed) == STUDY_POSITIONS


def test_the_mcts_view_fits_a_phone_held_upright(phone_visit: Any, server: Any) -> None:
    page = phone_visit(server.url)
    page.tap("#tree-toggle")
    page.tap("input[name='tree-mode'][value='mcts']")
    page.wait_for_selector("#tree-mcts .tnode .texact", timeout=PATIENCE)
    assert page.is_visible("#tree-mcts .tree")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
