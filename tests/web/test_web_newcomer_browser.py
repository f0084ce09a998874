"""What a newcomer met on the page, fixed: a taken cell typed, a reload, the outcomes over the numbers.

Each test is one stumble, in a real Chromium against the real server.
"""

from __future__ import annotations

from typing import Any

from browser_page import PATIENCE, stones, wait_idle


def test_typing_the_number_of_a_taken_cell_says_the_cell_is_taken(page: Any) -> None:
    page.click(".cell[data-cell='4']")  # X in the centre, then the computer replies
    wait_idle(page)
    page.keyboard.press("5")
    page.wait_for_selector("#error:not([hidden])", timeout=PATIENCE)
    assert page.inner_text("#error") == "Cell 5 is taken: pick a free cell."
    assert stones(page).count("") == 7, "nothing was played"


def test_a_reload_keeps_the_move_list_and_undo(page: Any) -> None:
    page.click(".cell[data-cell='4']")
    wait_idle(page)
    page.click(f".cell[data-cell='{stones(page).index('')}']")
    wait_idle(page)
    before = stones(page)
    moves = page.eval_on_selector_all("#moves .move-step", "steps => steps.map(step => step.textContent)")
    assert len(moves) == 5  # the start and four moves
    page.reload()
    page.wait_for_selector(".cell")
    wait_idle(page)
    assert stones(page) == before
    assert page.eval_on_selector_all("#moves .move-step", "steps => steps.map(step => step.textContent)") == moves
    assert page.is_enabled("#undo")
    page.click("#undo")
    assert stones(page).count("") == 7, "undo took back your second move and the computer's reply"


def test_show_outcomes_keeps_the_cell_numbers_the_hint_names(page: Any) -> None:
    page.click(".cell[data-cell='1']")
    wait_idle(page)
    page.click("#hint")
    page.wait_for_selector(".cell.hinted")
    page.check("#overlay")
    page.wait_for_selector(".badge")
    shown = page.eval_on_selector_all(
        ".cell",
        "cells => cells.map(cell => [cell.dataset.stone, cell.querySelector('.cell-label')?.textContent ?? null])",
    )
    for cell, (stone, label) in enumerate(shown):
        assert label == (None if stone else str(cell + 1)), (cell, stone, label)
    hint = page.inner_text("#announcer")
    hinted = page.eval_on_selector_all(".cell.hinted .cell-label", "labels => labels.map(label => label.textContent)")
    assert hinted and all(number in hint for number in hinted)
