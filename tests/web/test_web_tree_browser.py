"""The search-tree panel in a real Chromium: counts are the engine's, the replay fills in as the search did."""

from __future__ import annotations

from typing import Any

from browser_page import ALPHABETA, MINIMAX, PATIENCE, POLL, open_panel, position, wait_idle
from browser_support import screenshot
from perfectplay import parse_position
from perfectplay.teaching.trace import RECORD_LIMIT, Trace, trace_search
from perfectplay.viz.replay import search_events
from perfectplay.words import cut_text


def shown_counts(page: Any) -> tuple[str, str]:
    return page.inner_text(".tcount-minimax"), page.inner_text(".tcount-alphabeta")


def whole_search(text: str, algorithm: str) -> Trace:
    """The search the panel shows by default: to the end, alpha-beta with the textbook root window."""
    game, state = parse_position(text)
    return trace_search(game, state, algorithm, max_nodes=RECORD_LIMIT, find="first")


def engine_counts(text: str) -> tuple[str, str]:
    return f"{whole_search(text, 'minimax').nodes:,}", f"{whole_search(text, 'alphabeta').nodes:,}"


def event_count(page: Any, column: str) -> str:
    text: str = page.inner_text(f"{column} .tposition")
    return text


def rows(page: Any, column: str) -> list[list[Any]]:
    """Each searched node drawn in the column: its id, whether its value is still pending, whether it is current."""
    found: list[list[Any]] = page.eval_on_selector_all(
        f"{column} .tnode:not(.pruned)",
        """nodes => nodes.map(node => [
            Number(node.dataset.id),
            node.querySelector(':scope > .trow .tvalue').classList.contains('pending'),
            node.classList.contains('current'),
        ])""",
    )
    return found


def step(page: Any, column: str, done: int, total: int) -> None:
    """Press Next and wait until the replay has taken step ``done`` (a folded subtree may load first)."""
    page.click(f"{column} button[aria-label='Next event']")
    page.wait_for_function(
        "([column, text]) => document.querySelector(column + ' .tposition').textContent === text",
        arg=[column, f"Event {done:,} of {total:,}"],
        timeout=PATIENCE,
        polling=POLL,
    )


def check_replay(page: Any, column: str, trace: Trace, steps: int) -> None:
    """Step through the start of the search: each step's node is on screen, values appear once computed."""
    events = search_events(trace)
    assert event_count(page, column) == f"Event 0 of {len(events):,}"
    for done in range(1, steps + 1):
        step(page, column, done, len(events))
        entered = {event["node"] for event in events[:done] if event["type"] == "enter"}
        valued = {event["node"] for event in events[:done] if event["type"] in ("leaf", "exit")}
        drawn = rows(page, column)
        assert {node for node, _, _ in drawn} <= entered | {trace.root.id}
        assert [node for node, _, current in drawn if current] == [events[done - 1]["node"]]
        assert {node for node, pending, _ in drawn if not pending} == {node for node, _, _ in drawn} & valued


def test_the_replay_fills_in_as_the_search_did_and_counts_each_algorithms_own_events(page: Any) -> None:
    assert page.is_hidden("#tree-body"), "the panel starts folded"
    for cell in (0, 2):
        page.click(f".cell[data-cell='{cell}']")
        wait_idle(page)
    board = position(page)
    open_panel(page)
    assert shown_counts(page) == engine_counts(board)
    minimax, alphabeta = whole_search(board, "minimax"), whole_search(board, "alphabeta")
    assert minimax.root.steps != alphabeta.root.steps
    assert event_count(page, MINIMAX) == f"Event 0 of {minimax.root.steps:,}"

    # Alpha-beta: nodes appear as the search reaches them (folded subtrees load on the way), values once computed.
    check_replay(page, ALPHABETA, alphabeta, 24)
    check_replay(page, MINIMAX, minimax, 8)
    screenshot(page.locator("#tree-panel"), "web-tree-replay.png")

    # Finish the current node: the replay jumps to its value.
    page.click(f"{ALPHABETA} button[aria-label='Finish node']")
    current = f"{ALPHABETA} .tnode.current > .trow .tvalue"
    assert "pending" not in (page.get_attribute(current, "class") or "")

    # Step on until alpha-beta cuts: the condition is the engine's.
    conditions = {cut_text(node.cut) for node in alphabeta.root.walk() if node.cut is not None}
    steps = 0
    while not page.query_selector(f"{ALPHABETA} .tnow.is-cut"):
        page.click(f"{ALPHABETA} button[aria-label='Next event']")
        page.wait_for_selector(f"{ALPHABETA} button[aria-label='Next event']:not([disabled])", timeout=PATIENCE)
        steps += 1
        assert steps < 300, "no cut was replayed"
    said = page.inner_text(f"{ALPHABETA} .tevent").replace("\u00a0", " ")
    assert "the rest of this node is cut" in said and any(condition in said for condition in conditions)
    assert page.query_selector(f"{ALPHABETA} .tnode.current.cutting")
    screenshot(page.locator("#tree-panel"), "web-tree-desktop.png")

    # Play at 4x runs on by itself; Pause stops it.
    before = event_count(page, ALPHABETA)
    page.select_option(f"{ALPHABETA} .tspeed", "4")
    page.click(f"{ALPHABETA} button[aria-label='Play']")
    page.wait_for_function(
        "([column, text]) => document.querySelector(column + ' .tposition').textContent !== text",
        arg=[ALPHABETA, before],
        timeout=PATIENCE,
        polling=POLL,
    )
    page.click(f"{ALPHABETA} button[aria-label='Pause']")
    paused = event_count(page, ALPHABETA)
    page.wait_for_timeout(600)
    assert event_count(page, ALPHABETA) == paused

    # The whole tree again: every value shown.
    page.click(f"{ALPHABETA} button[aria-label='Stop the replay and show the whole tree']")
    assert not any(pending for _, pending, _ in rows(page, ALPHABETA))

    # The panel follows the game: after the next move it traces the new board.
    page.click(f".cell[data-cell='{position(page).replace('/', '').index('.')}']")
    wait_idle(page)
    page.wait_for_function(
        "([minimax, alphabeta]) => document.querySelector('.tcount-minimax')?.textContent === minimax"
        " && document.querySelector('.tcount-alphabeta')?.textContent === alphabeta",
        arg=list(engine_counts(position(page))),
        timeout=PATIENCE,
        polling=POLL,
    )


def test_a_folded_subtree_opens_on_click_and_folds_by_keyboard(page: Any) -> None:
    page.click(".cell[data-cell='0']")
    wait_idle(page)
    board = position(page)
    open_panel(page)
    trace = whole_search(board, "alphabeta")
    first = trace.root.children[0]
    toggle = f"{ALPHABETA} .ttoggle[data-id='{first.id}']"
    page.click(toggle)
    page.wait_for_selector(f"{toggle}[aria-expanded='true']")
    below = f"{ALPHABETA} .tnode[data-id='{first.id}'] > .tchildren"
    drawn = page.eval_on_selector_all(f"{below} > .tnode:not(.pruned)", "nodes => nodes.map(n => +n.dataset.id)")
    assert drawn == [child.id for child in first.children]
    assert len(page.query_selector_all(f"{below} > .tnode.pruned")) == len(first.pruned)
    # A child that is only summed up is fetched when opened, with its own children.
    child = first.children[0]
    page.click(f"{ALPHABETA} .ttoggle[data-id='{child.id}']")
    page.wait_for_selector(f"{ALPHABETA} .ttoggle[data-id='{child.id}'][aria-expanded='true']", timeout=PATIENCE)
    inner = f"{ALPHABETA} .tnode[data-id='{child.id}'] > .tchildren > .tnode:not(.pruned)"
    assert page.eval_on_selector_all(inner, "nodes => nodes.map(n => +n.dataset.id)") == [
        grandchild.id for grandchild in child.children
    ]
    page.focus(toggle)
    page.keyboard.press("Enter")
    assert page.get_attribute(toggle, "aria-expanded") == "false"


def test_at_phone_width_one_tree_shows_at_a_time_and_nothing_overflows(phone_visit: Any, server: Any) -> None:
    page = phone_visit(server.url)
    page.tap(".cell[data-cell='4']")
    wait_idle(page)
    open_panel(page)
    assert shown_counts(page) == engine_counts(position(page))
    assert page.is_visible(f"{ALPHABETA} .tree") and page.is_hidden(f"{MINIMAX} .tree")
    page.tap(".ttab[data-place='0']")
    assert page.is_visible(f"{MINIMAX} .tree") and page.is_hidden(f"{ALPHABETA} .tree")
    page.tap(f"{MINIMAX} button[aria-label='Next event']")
    page.wait_for_function(f"document.querySelector('{MINIMAX} .tevent').textContent.startsWith('Start at')")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page.locator("#tree-panel"), "web-tree-phone.png")
    # The other views fit too: every order's count, and a textbook tree.
    page.tap("input[name='tree-mode'][value='orders']")
    page.wait_for_selector(".torder-worst-first", timeout=PATIENCE)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.tap("input[name='tree-mode'][value='textbook']")
    page.wait_for_selector("#tree-textbook-minimax .tree", timeout=PATIENCE)  # the tab chosen above
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_pseudocode_beside_the_replay_highlights_each_steps_own_line(page: Any) -> None:
    for cell in (0, 2):
        page.click(f".cell[data-cell='{cell}']")
        wait_idle(page)
    board = position(page)
    open_panel(page)
    events = search_events(whole_search(board, "alphabeta"))
    assert page.query_selector(f"{ALPHABETA} .tline.is-current") is None, "no line lit before the first step"
    for done in range(1, 16):
        step(page, ALPHABETA, done, len(events))
        current = page.eval_on_selector_all(f"{ALPHABETA} .tline.is-current", "lines => lines.map(l => l.dataset.line)")
        assert current == [str(events[done - 1]["line"])]
    listing = page.inner_text(f"{ALPHABETA} .tcode")
    assert listing.startswith("def alphabeta(board, depth, alpha, beta, is_max):")
    screenshot(page.locator(f"{ALPHABETA}"), "web-tree-pseudocode.png")
