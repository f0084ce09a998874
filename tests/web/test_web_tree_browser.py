"""The search-tree panel in a real Chromium: both counts are the engine's, nodes open, the replay shows a cut."""

from __future__ import annotations

from typing import Any

from browser_support import ARTIFACTS, phone_context
from test_web_browser import position, wait_idle

from perfectplay import parse_position, trace_alphabeta, trace_minimax
from perfectplay.search.trace import RECORD_LIMIT

ALPHABETA = "#tree-alphabeta"


def open_panel(page: Any) -> None:
    page.click("#tree-toggle")
    assert page.get_attribute("#tree-toggle", "aria-expanded") == "true"
    page.wait_for_selector(".tcount-minimax", timeout=30_000)
    page.wait_for_selector(".tcount-alphabeta", timeout=30_000)


def shown_counts(page: Any) -> tuple[str, str]:
    return page.inner_text(".tcount-minimax"), page.inner_text(".tcount-alphabeta")


def engine_counts(text: str) -> tuple[str, str]:
    game, state = parse_position(text)
    minimax = trace_minimax(game, state, depth=0).nodes
    alphabeta = trace_alphabeta(game, state, depth=0).nodes
    return f"{minimax:,}", f"{alphabeta:,}"


def test_the_panel_shows_the_engines_trees_opens_a_node_and_replays_a_cut(page: Any) -> None:
    assert page.is_hidden("#tree-body"), "the panel starts folded"
    for cell in (0, 2):
        page.click(f".cell[data-cell='{cell}']")
        wait_idle(page)
    board = position(page)
    open_panel(page)
    assert shown_counts(page) == engine_counts(board)

    # Open the first move below the top of the alpha-beta tree: its children are fetched.
    game, state = parse_position(board)
    full = trace_alphabeta(game, state, depth=None, max_nodes=RECORD_LIMIT)
    first = full.root.children[0]
    toggle = f"{ALPHABETA} .ttoggle[data-id='{first.id}']"
    assert page.get_attribute(toggle, "aria-expanded") == "false"
    page.click(toggle)
    page.wait_for_selector(f"{toggle}[aria-expanded='true']")
    below = f"{ALPHABETA} .tnode:has(> .trow[data-id='{first.id}']) > .tchildren"
    drawn = page.eval_on_selector_all(f"{below} > .tnode:not(.pruned) > .trow", "rows => rows.map(r => +r.dataset.id)")
    assert drawn == [child.id for child in first.children]
    assert len(page.query_selector_all(f"{below} > .tnode.pruned")) == len(first.pruned)

    # The keyboard folds it again.
    page.focus(toggle)
    page.keyboard.press("Enter")
    assert page.get_attribute(toggle, "aria-expanded") == "false"

    # Step until alpha-beta cuts, then one back.
    conditions = {str(node.cut) for node in full.root.walk() if node.cut is not None}
    assert conditions, "this position has cuts to show"
    steps = 0
    while not page.query_selector(f"{ALPHABETA} .tnow.is-cut"):
        page.click(f"{ALPHABETA} button[aria-label='Next event']")
        steps += 1
        assert steps < 500, "no cut was replayed"
    said = page.inner_text(f"{ALPHABETA} .tevent")
    assert "the rest of this node is cut" in said
    assert any(condition in said.replace("\u00a0", " ") for condition in conditions)
    assert page.inner_text(f"{ALPHABETA} .tposition").startswith(f"Event {steps} of ")
    assert page.query_selector(f"{ALPHABETA} .tnode.current.cutting")
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#tree-panel").screenshot(path=str(ARTIFACTS / "web-tree-desktop.png"))
    page.click(f"{ALPHABETA} button[aria-label='Previous event']")
    assert page.inner_text(f"{ALPHABETA} .tposition").startswith(f"Event {steps - 1} of ")

    # Play at 4x runs on by itself; Pause stops it.
    page.select_option(f"{ALPHABETA} .tspeed", "4")
    page.click(f"{ALPHABETA} button[aria-label='Play']")
    page.wait_for_function(
        f"document.querySelector('{ALPHABETA} .tposition').textContent.startsWith('Event {steps + 1} of ')",
        timeout=10_000,
    )
    page.click(f"{ALPHABETA} button[aria-label='Pause']")
    paused = page.inner_text(f"{ALPHABETA} .tposition")
    page.wait_for_timeout(600)
    assert page.inner_text(f"{ALPHABETA} .tposition") == paused

    # The panel follows the game: after the next move it traces the new board.
    page.click(f".cell[data-cell='{position(page).replace('/', '').index('.')}']")
    wait_idle(page)
    page.wait_for_function(
        "([minimax, alphabeta]) => document.querySelector('.tcount-minimax')?.textContent === minimax"
        " && document.querySelector('.tcount-alphabeta')?.textContent === alphabeta",
        arg=list(engine_counts(position(page))),
        timeout=30_000,
    )


def test_at_phone_width_one_tree_shows_at_a_time_and_nothing_overflows(browser: Any, server: Any) -> None:
    phone = phone_context(browser)
    try:
        page = phone.new_page()
        page.goto(server.url)
        page.wait_for_selector(".cell")
        page.tap(".cell[data-cell='4']")
        wait_idle(page)
        open_panel(page)
        assert shown_counts(page) == engine_counts(position(page))
        assert page.is_visible(f"{ALPHABETA} .tree") and page.is_hidden("#tree-minimax .tree")
        page.tap(".ttab[data-algorithm='minimax']")
        assert page.is_visible("#tree-minimax .tree") and page.is_hidden(f"{ALPHABETA} .tree")
        page.tap("#tree-minimax button[aria-label='Next event']")
        assert page.inner_text("#tree-minimax .tevent").startswith("Start at the position")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("#tree-panel").screenshot(path=str(ARTIFACTS / "web-tree-phone.png"))
    finally:
        phone.close()
