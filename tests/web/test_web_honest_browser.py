"""In Chromium: the level list says Perfect only where proven, and Connect Four's tree panel starts two plies deep."""

from __future__ import annotations

from typing import Any

from browser_page import PATIENCE, wait_idle


def strongest_label(page: Any) -> str:
    label: str = page.inner_text('#level option[value="perfect"]')
    return label


def test_the_strongest_level_reads_perfect_at_tic_tac_toe_and_strongest_at_connect_four(
    visit: Any, server: Any
) -> None:
    page = visit(f"{server.url}?game=tictactoe&mode=two")
    page.wait_for_selector("#board .cell")
    wait_idle(page)
    assert strongest_label(page) == "Perfect"
    page.goto(f"{server.url}?game=connect4&mode=two")
    page.wait_for_selector("#board .cell")
    wait_idle(page)
    assert strongest_label(page) == "Strongest"
    assert page.get_attribute('#level option[value="perfect"]', "title") == (
        "strongest: exact near the end, searched in the opening"
    )


def test_connect_fours_search_tree_starts_two_plies_deep_and_says_why(visit: Any, server: Any) -> None:
    page = visit(f"{server.url}?game=connect4&mode=two")
    page.wait_for_selector("#board .cell")
    wait_idle(page)
    page.click("#tree-toggle")
    page.wait_for_selector(".tcount-alphabeta", timeout=PATIENCE)
    intro = page.inner_text(".tintro")
    assert "too many to search to the end here, so this search stops 2 plies deep" in intro
    assert "It stops 2 plies below the position" in intro
