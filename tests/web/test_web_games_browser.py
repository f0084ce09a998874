"""Connect Four and Nim played through the page in Chromium: the page names neither game, it draws their views."""

from __future__ import annotations

from typing import Any

from browser_page import status, tally, wait_idle, wait_status
from browser_support import screenshot
from perfectplay import analyze, parse_position
from perfectplay.game import Outcome


def heaps(page: Any) -> list[int]:
    """The heap sizes the page shows (objects a click can still take)."""
    sizes: list[int] = page.eval_on_selector_all(
        "#board .heap", "rows => rows.map(row => row.querySelectorAll('button.object').length)"
    )
    return sizes


def nim_position(page: Any) -> str:
    return ",".join(str(size) for size in heaps(page))


def follow_the_hint(page: Any) -> None:
    """Ask for a hint and play the (first) hinted move; wait until the computer has answered."""
    page.click("#hint")
    page.wait_for_selector("#board .hinted")
    page.click("#board .hinted >> nth=0")
    wait_idle(page)


def open_game(visit: Any, url: str) -> Any:
    """The game at ``url`` as a first visit sees it, once the page has settled."""
    page = visit(url)
    wait_idle(page)
    return page


# --- Nim ------------------------------------------------------------------------------------


def test_nim_is_won_by_following_the_hints_and_undo_keeps_the_win(visit: Any, server: Any) -> None:
    # 3,4,5: the first player wins (the heaps' XOR is 2, not 0). You move first.
    page = open_game(visit, f"{server.url}?game=nim&mode=computer&you=X&first=you&level=perfect")
    assert heaps(page) == [3, 4, 5]
    assert page.inner_text(".heaps-rule") == "Whoever takes the last object wins."
    page.click("#hint")
    page.wait_for_selector("#hint-text", state="visible")
    game, state = parse_position("3,4,5", "nim")
    engine = analyze(game, state)
    best = " or ".join(game.move_label(move) for move in sorted(engine.best))
    assert page.inner_text("#hint-text").startswith(f"Hint for X: play {best} ({engine.outcome}")
    while status(page) == "Your move (X)":
        follow_the_hint(page)
    assert status(page) == "You win!"
    assert heaps(page) == [0, 0, 0]
    assert tally(page) == {"win": 1, "draw": 0, "loss": 0}
    page.click("#undo")
    wait_status(page, "Your move (X)")
    assert sum(heaps(page)) > 0
    assert tally(page) == {"win": 1, "draw": 0, "loss": 0}


def test_a_nim_object_takes_itself_and_every_object_after_it_and_outcomes_match_the_engine(
    visit: Any, server: Any
) -> None:
    page = open_game(visit, f"{server.url}?game=nim&position=3,4,5&to_move=X&mode=computer&you=X&level=perfect")
    page.hover(".heap[data-heap='1'] .object[data-index='1']")
    taking = page.eval_on_selector_all(".heap[data-heap='1'] .object.taking", "objects => objects.length")
    assert taking == 3, "pointing at the second object of four shows that three go"
    page.click(".heap[data-heap='1'] .object[data-index='1']")
    wait_idle(page)
    steps = page.eval_on_selector_all(".move-step", "buttons => buttons.map(button => button.textContent)")
    assert steps[1] == "1. X 2:3 (you)", "the move is named by its label, as in the terminal"
    assert page.query_selector_all("#board .object.gone"), "what the last move took stays as outlines"

    page.check("#overlay")
    page.wait_for_selector("#board .object.shows-win, #board .object.shows-loss")
    game, state = parse_position(nim_position(page), "nim", to_move="X")
    outcomes = {value.move: value.outcome for value in analyze(game, state).moves}
    view = game.view(state)
    for heap, moves in enumerate(view["click"]):
        for index, move in enumerate(moves):
            shown = page.inner_text(f".heap[data-heap='{heap}'] .object[data-index='{index}']")
            assert shown == mark(outcomes[move])


def mark(outcome: Outcome) -> str:
    return outcome.name[0].upper() + ("" if outcome.plies is None else str(outcome.plies))


def test_nim_is_played_with_the_keyboard_and_misere_says_its_rule(visit: Any, server: Any) -> None:
    page = open_game(visit, f"{server.url}?game=nim:misere&position=2,2&to_move=X&mode=computer&you=X")
    assert "whoever takes the last object loses" in page.inner_text(".heaps-rule")
    page.focus(".heap[data-heap='0'] .object[data-index='0']")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')").startswith("Heap 2: take 1 (leaves 1)")
    page.keyboard.press("Enter")
    wait_idle(page)
    steps = page.eval_on_selector_all(".move-step", "buttons => buttons.map(button => button.textContent)")
    assert steps[1] == "1. X 2:1 (you)" and len(steps) == 3
    #  2,1 misère: the computer empties the first heap and leaves you the last object.
    assert heaps(page) == [0, 1]


def test_nim_set_up_in_the_editor(visit: Any, server: Any) -> None:
    page = open_game(visit, f"{server.url}?game=nim")
    page.click("#edit")
    page.fill("#editor-board input[data-heap='0']", "1")
    page.click("#editor-add-heap")
    page.fill("#editor-board input[data-heap='3']", "200")
    page.click("#editor-analyse")
    page.wait_for_selector("#editor-error", state="visible")
    assert "heap 4" in page.inner_text("#editor-error")
    page.fill("#editor-board input[data-heap='3']", "6")
    page.click("#editor-play")
    page.wait_for_selector("#editor", state="hidden")
    wait_idle(page)
    assert heaps(page) == [1, 4, 5, 6]


# --- Connect Four ----------------------------------------------------------------------------


def cells(page: Any) -> list[str]:
    script = "cells => cells.map(cell => cell.dataset.stone || '')"
    result: list[str] = page.eval_on_selector_all("#board .cell", script)
    return result


def test_connect_four_is_won_with_the_hint_and_undo_keeps_the_win(visit: Any, hurried_server: Any) -> None:
    #  O . . O O . .      11 4455 then 6 (past the exact layer, 5 moves in): X has three in the bottom row,
    #  X . . X X X .      open at both ends. O (the computer) blocks one end; the hint finds the other.
    # The other moves' values are not needed: the 0.25 s server answers with the win in 1 proven.
    url = f"{hurried_server.url}?game=connect4&position=1144556&mode=computer&you=X&level=perfect"
    page = open_game(visit, url)
    wait_status(page, "Your move (X)")
    page.click("#hint")
    page.wait_for_selector("#hint-text", state="visible")
    hint = page.inner_text("#hint-text")
    assert hint.startswith("Hint for X: play ") and "(win in 1: a forced win)" in hint
    follow_the_hint(page)
    wait_status(page, "You win!")
    line = page.eval_on_selector_all("#board .cell.in-line", "cells => cells.map(cell => cell.dataset.stone)")
    assert line == ["X"] * 4
    assert tally(page) == {"win": 1, "draw": 0, "loss": 0}
    page.click("#undo")
    wait_status(page, "Your move (X)")
    assert tally(page) == {"win": 1, "draw": 0, "loss": 0}


def test_a_click_anywhere_in_a_column_drops_the_piece_to_the_bottom(visit: Any, server: Any) -> None:
    page = open_game(visit, f"{server.url}?game=connect4&mode=two")
    rows, cols = 6, 7
    labels = page.eval_on_selector_all("#board .cell .cell-label", "spans => spans.map(span => span.textContent)")
    assert labels == [str(col) for col in range(1, cols + 1)], "each column's number where its stone would land"
    page.click("#board .cell[data-cell='3']")  # the top of column 4
    wait_idle(page)
    bottom = (rows - 1) * cols + 3
    assert cells(page)[bottom] == "X" and cells(page).count("X") == 1
    # With reduced motion the piece is at once where it lands.
    duration = "cell => parseFloat(getComputedStyle(cell.querySelector('.disc')).animationDuration)"
    assert page.eval_on_selector(f"#board .cell[data-cell='{bottom}']", duration) < 0.01
    page.keyboard.press("4")  # the label on top of column 4 now, as in the terminal
    wait_idle(page)
    assert cells(page)[bottom - cols] == "O"

    # Motion as most visitors have it: the same tab told so for one visit, not a browser context of its own
    # (a renderer process more, about a second of CPU).
    page.emulate_media(reduced_motion="no-preference")
    try:
        other = visit(f"{server.url}?game=connect4&mode=two")
        other.click("#board .cell[data-cell='0']")
        other.wait_for_selector(f"#board .cell[data-cell='{(rows - 1) * cols}'] .disc")
        name = "cell => getComputedStyle(cell.querySelector('.disc')).animationName"
        assert other.eval_on_selector(f"#board .cell[data-cell='{(rows - 1) * cols}']", name) == "drop"
        assert other.eval_on_selector(f"#board .cell[data-cell='{(rows - 1) * cols}']", duration) > 0.1
    finally:
        page.emulate_media(reduced_motion="reduce")


def test_a_full_column_takes_no_piece_and_the_tree_panel_starts_with_a_depth_limit(visit: Any, server: Any) -> None:
    page = open_game(visit, f"{server.url}?game=connect4&position=444444&mode=two")
    column = page.eval_on_selector_all(
        "#board .cell", "cells => cells.filter((_, i) => i % 7 === 3).map(cell => cell.getAttribute('aria-disabled'))"
    )
    assert column == ["true"] * 6
    page.click("#tree-toggle")
    # The whole tree of an opening is far too large: the panel starts two plies deep and says so.
    page.wait_for_selector("#tree-body .tfacts")
    text = page.inner_text("#tree-body")
    assert "too many to search to the end here, so this search stops 2 plies deep" in text
    assert "Depth-2 minimax" in text
    assert "an estimate of" in text  # a horizon value is a guess, and the panel says so


def test_connect_four_and_nim_fit_a_phone(phone_visit: Any, hurried_server: Any) -> None:
    # The 0.25 s server: only the layout is checked, not what the searches prove.
    server = hurried_server
    small = None
    for name, link, first in (
        ("connect4", "?game=connect4&position=4453&mode=computer&you=X", "#board .cell[data-cell='38']"),
        ("nim", "?game=nim&mode=computer&you=X", "#board .heap[data-heap='2'] .object[data-index='3']"),
    ):
        if small is None:
            small = phone_visit(server.url + link)
        else:
            small.goto(server.url + link)
        small.wait_for_selector(first)
        wait_idle(small)
        small.tap(first)
        wait_idle(small)
        small.check("#overlay")
        small.wait_for_selector("#board .badge, #board .object.shows-win, #board .object.shows-loss")
        assert small.evaluate("document.documentElement.scrollWidth") <= 390
        width = small.eval_on_selector("#board", "board => board.getBoundingClientRect().width")
        assert 300 <= width <= 390
        screenshot(small, f"web-{name}-phone.png", full_page=False)
        small.uncheck("#overlay")


def test_a_depth_limited_search_is_an_opponent_and_why_that_move_says_what_it_does(visit: Any, server: Any) -> None:
    # X in a corner, O in the centre: after X takes the opposite corner a depth-2 search sees
    # nothing deeper than two plies and takes a corner (2 or 6), which loses; an edge draws.
    link = f"{server.url}?game=tictactoe&position=X../.O./...&mode=computer&you=X&first=you&level=depth2"
    page = open_game(visit, link)
    assert page.input_value("#level") == "depth2"
    assert "Depth-2 search" in page.inner_text("#level")
    page.click("#board .cell[data-cell='8']")
    wait_idle(page)
    assert status(page) == "Your move (X)"
    why = page.inner_text("#why")
    assert why.startswith("The computer (O) played 3.") or why.startswith("The computer (O) played 7.")
    assert "That is a mistake: it leads to loss in" in why
    assert "plays what a depth-2 minimax chooses: it looks 2 plies ahead" in why
