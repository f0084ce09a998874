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


def test_a_move_from_positions_solved_ahead_of_time_says_so_and_marks_the_win_above_the_draw(
    visit: Any, server: Any
) -> None:
    # Set up in the editor after 1 2 5 7 7 7 (columns from 1; above the ply-8 exact layer), X to move: only 5
    # wins, 2 draws, the rest lose, each with its exact length.
    position = "......./......./......./......O/......X/XO..X.O"
    page = visit(f"{server.url}?game=connect4&position={position}&to_move=X&mode=computer&you=O&level=perfect")
    page.wait_for_selector(".why-moves", timeout=PATIENCE)
    wait_idle(page)
    why = page.inner_text("#why")
    assert why.startswith("The computer (X) played 5. Positions solved ahead of time prove this move wins fastest")
    assert "Answered without a search" in why and "stopped at the time limit" not in why
    # The layer gives every move's exact score: the move played shows its win and its length, the others their own.
    assert page.get_attribute(".why-moves li[data-move='4']", "class") == "why-win played best"
    assert page.inner_text(".why-moves li[data-move='4'] .why-outcome").startswith("win in 35")
    assert page.get_attribute(".why-moves li[data-move='1']", "class") == "why-draw"
