"""In Chromium: the small faults a student trips on (issue 38), each held fixed."""

from __future__ import annotations

from typing import Any

from browser_page import PATIENCE, POLL, wait_idle

WIDE = {"width": 1280, "height": 900}
"""The window the faults were seen in."""


def stones(page: Any) -> list[str]:
    found: list[str] = page.eval_on_selector_all("#board .cell", "cells => cells.map(cell => cell.dataset.stone || '')")
    return found


def wait_for_stones(page: Any, crosses: int, noughts: int) -> None:
    """Until the board shows that many stones of each side: a click's effect lands a task or more after the click
    returns (the dialog's close event, then a move from the server), so the board may still be idle as it was."""
    script = """([crosses, noughts]) => {
      const stones = [...document.querySelectorAll('#board .cell')].map(cell => cell.dataset.stone || '');
      return document.querySelector('#board').getAttribute('aria-busy') === 'false'
        && stones.filter(stone => stone === 'X').length === crosses
        && stones.filter(stone => stone === 'O').length === noughts;
    }"""
    page.wait_for_function(script, arg=[crosses, noughts], timeout=PATIENCE, polling=POLL)


def test_choosing_to_play_o_lets_the_computer_open_as_x_as_the_terminal_does(page: Any) -> None:
    assert page.is_checked("input[name=first][value=you]")
    page.check("input[name=side][value=O]")
    wait_for_stones(page, 1, 0)  # the computer (X) opened
    assert page.is_checked("input[name=first][value=computer]"), "X moves first: the computer, when you play O"
    page.check("input[name=side][value=X]")
    page.wait_for_selector("#confirm[open]")  # the computer's move began a game: a new one is asked for first
    page.click("#confirm button[value=yes]")
    wait_for_stones(page, 0, 0)
    assert page.is_checked("input[name=first][value=you]")
    assert stones(page).count("") == 9


def test_connect_fours_depth_selector_reads_the_depth_the_tree_was_searched_to(visit: Any, server: Any) -> None:
    page = visit(f"{server.url}?game=connect4&mode=two")
    page.wait_for_selector("#board .cell")
    wait_idle(page)
    page.click("#tree-toggle")
    page.wait_for_selector(".tcount-alphabeta", timeout=PATIENCE)
    assert "this search stops 2 plies deep" in page.inner_text(".tintro")
    selector = "label.tdepth select"
    assert page.eval_on_selector(selector, "select => select.selectedOptions[0].textContent") == "2 plies"


def test_pseudocode_lines_are_whole_in_a_1280_pixel_window(page: Any) -> None:
    page.set_viewport_size(WIDE)
    page.click("#tree-toggle")
    page.wait_for_selector(".tcode .tline", timeout=PATIENCE)
    boxes = page.eval_on_selector_all(".tcode", "codes => codes.map(code => [code.scrollWidth, code.clientWidth])")
    assert boxes and all(wide <= shown for wide, shown in boxes), boxes


def test_every_players_choice_fits_its_menu_in_a_1280_pixel_window(page: Any) -> None:
    page.set_viewport_size(WIDE)
    # The widest option's text, in the select's own font, against the room inside it (its padding and the
    # arrow, at most 24 px, left out).
    room = page.eval_on_selector(
        "#mode",
        """select => {
          const style = getComputedStyle(select);
          const context = document.createElement('canvas').getContext('2d');
          context.font = style.font;
          const widest = Math.max(...[...select.options].map(option => context.measureText(option.text).width));
          const inside = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
          return [widest, inside];
        }""",
    )
    widest, inside = room
    assert widest <= inside, room
