"""In Chromium: the page's analysis shows every move's proven outcome, and marks every move that keeps the value.

The hurried server stops each search after a quarter of a second: what the outcome layer
proved is shown whatever the machine's speed, since it is known before the
search starts. The tests fail if a shortcut ends the page's analysis early.
"""

from __future__ import annotations

import re
from typing import Any

from browser_page import PATIENCE, POLL, wait_idle


def test_the_editor_shows_each_moves_outcome_from_the_layer_and_marks_the_win(visit: Any, hurried_server: Any) -> None:
    # Set up after 1 7 6 4 (columns from 1), X to move: only 6 wins, 4 draws, the rest lose.
    position = "......./......./......./......./......./X..O.XO"
    page = visit(f"{hurried_server.url}?game=connect4&position={position}&to_move=X&mode=two")
    page.wait_for_selector("#board .cell")
    wait_idle(page)
    page.click("#edit")
    page.wait_for_selector("#editor", state="visible")
    page.click("#editor-analyse")
    page.wait_for_selector(".editor-summary", timeout=PATIENCE)
    summary = page.inner_text(".editor-summary")
    # Its length proven within the second, or not: either way the win is, and 6 alone keeps it.
    assert summary == "X to move: a proven win, its length not proven within the time limit. Best: 6." or (
        re.fullmatch(r"X to move: win in \d+\. Best: 6\.", summary)
    ), summary
    shown = page.eval_on_selector_all(
        "#editor-result li", "items => items.map(item => [item.className, item.innerText.split('\\n')])"
    )
    rows = {words[0]: (classes, words[1]) for classes, words in shown}
    assert rows["6"][0] == "why-win best" and rows["6"][1].startswith("win")
    assert rows["4"] == ("why-draw", "draw")
    for label in "12357":
        assert rows[label][0] == "why-loss" and rows[label][1].startswith("loss"), rows[label]


def test_show_outcomes_marks_each_cell_with_its_proven_outcome_in_a_book_position(
    visit: Any, hurried_server: Any
) -> None:
    # After 4 4 4 (the book's line), O to move: the layer proves every move's outcome.
    position = "......./......./......./...X.../...O.../...X..."
    page = visit(f"{hurried_server.url}?game=connect4&position={position}&to_move=O&mode=two")
    page.wait_for_selector("#board .cell")
    wait_idle(page)
    page.check("#overlay")
    page.wait_for_function(
        "document.querySelectorAll('#board .cell .badge').length >= 7", timeout=PATIENCE, polling=POLL
    )
    wait_idle(page)
    badges = page.eval_on_selector_all("#board .cell .badge", "badges => badges.map(badge => badge.textContent)")
    assert len(badges) == 7 and "?" not in badges, badges
