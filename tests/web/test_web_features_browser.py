"""The page's teaching features in Chromium: the board editor, links that hold a position, the move list,
two players at one screen and the computer playing itself."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

from browser_page import (
    PATIENCE,
    POLL,
    patient,
    position,
    requests_asked,
    status,
    stones,
    tally,
    wait_idle,
    wait_status,
)
from perfectplay import analyze, parse_position


def move_steps(page: Any) -> list[str]:
    steps: list[str] = page.eval_on_selector_all(".move-step", "buttons => buttons.map(button => button.textContent)")
    return steps


def click_and_settle(page: Any, cell: int) -> None:
    page.click(f".cell[data-cell='{cell}']")
    wait_idle(page)


# --- the board editor ------------------------------------------------------------------


def test_the_editor_sets_up_a_position_says_what_is_wrong_analyses_it_and_plays_from_it(page: Any) -> None:
    page.click("#edit")
    page.wait_for_selector("#editor", state="visible")
    assert page.is_hidden("#board")
    cell = "#editor-board .cell[data-cell='{}']"
    # A click cycles a cell: X, O, empty.
    page.click(cell.format(0))
    assert page.get_attribute(cell.format(0), "data-stone") == "X"
    page.click(cell.format(0))
    assert page.get_attribute(cell.format(0), "data-stone") == "O"
    page.click(cell.format(0))
    assert page.get_attribute(cell.format(0), "data-stone") == ""

    #  X X X
    #  . . .      three X and no O: not a position of a real game, and the editor says why
    #  . . .
    for at in (0, 1, 2):
        page.click(cell.format(at))
    page.click("#editor-analyse")
    page.wait_for_selector("#editor-error", state="visible")
    assert "X has 3 stones and O has 0" in page.inner_text("#editor-error")

    #  X X .
    #  O O .      X to move: a win at 3
    #  . . .
    page.click(cell.format(2))  # X -> O -> empty
    page.click(cell.format(2))
    for at in (3, 4):  # empty -> X -> O
        page.click(cell.format(at))
        page.click(cell.format(at))
    page.click("#editor-analyse")
    page.wait_for_selector(".editor-summary")
    assert page.is_hidden("#editor-error")
    game, state = parse_position("XX./OO./...")
    engine = analyze(game, state)
    assert page.inner_text(".editor-summary") == f"X to move: {engine.outcome}. Best: 3."
    shown = page.eval_on_selector_all("#editor-result li", "items => items.map(item => item.innerText.split('\\n'))")
    assert shown == [[game.move_label(entry.move), str(entry.outcome)] for entry in engine.moves]
    badges = page.eval_on_selector_all(
        "#editor-board .cell", "cells => cells.map(cell => cell.querySelector('.badge')?.textContent ?? null)"
    )
    for entry in engine.moves:
        plies = "" if entry.outcome.plies is None else f" {entry.outcome.plies}"
        assert badges[entry.move] == f"{entry.outcome.name}{plies}", "each move's outcome on its cell"

    page.click("#editor-play")
    page.wait_for_selector("#editor", state="hidden")
    assert position(page) == "XX./OO./..."
    assert move_steps(page) == ["Start"]
    click_and_settle(page, 2)
    assert status(page) == "You win!"


def test_the_editor_keeps_the_game_when_its_set_up_is_cancelled(page: Any) -> None:
    click_and_settle(page, 4)
    before = stones(page)
    page.click("#edit")
    page.click("#editor-board .cell[data-cell='8']")
    page.click("#editor-cancel")
    assert page.is_visible("#board") and stones(page) == before


# --- links ---------------------------------------------------------------------------------


def test_a_link_restores_the_game_the_position_and_the_settings(page: Any, browser: Any) -> None:
    page.select_option("#game", "mnk:4,4,3")
    page.wait_for_selector(".cell[data-cell='15']")
    page.select_option("#level", "hard")
    click_and_settle(page, 5)
    click_and_settle(page, next(cell for cell, stone in enumerate(stones(page)) if not stone))
    shown = position(page, cols=4)
    link = page.url
    assert page.input_value("#share-link") == link
    query = parse_qs(urlparse(link).query)
    assert query["game"] == ["mnk:4,4,3"] and query["position"] == [shown] and query["level"] == ["hard"]

    other = patient(browser.new_context(viewport={"width": 1200, "height": 860}, reduced_motion="reduce"))
    try:
        opened = other.new_page()
        opened.goto(link)
        opened.wait_for_selector(".cell[data-cell='15']")
        wait_status(opened, "Your move (X)")
        assert position(opened, cols=4) == shown
        assert opened.input_value("#game") == "mnk:4,4,3"
        assert opened.input_value("#level") == "hard"
        assert opened.is_checked("input[name=side][value=X]")
    finally:
        other.close()


def test_a_link_to_a_board_the_list_does_not_offer_adds_it(visit: Any, server: Any) -> None:
    page = visit(f"{server.url}?game=mnk:3,5,3&position=.X.../...../.....&to_move=O&you=O")
    page.wait_for_selector(".cell[data-cell='14']")
    wait_status(page, "Your move (O)")
    assert page.input_value("#game") == "mnk:3,5,3"
    assert stones(page)[1] == "X"


def test_a_bad_link_gets_a_message_and_a_working_page(visit: Any, server: Any) -> None:
    page = visit(f"{server.url}?game=chess&level=grandmaster")
    page.wait_for_selector("#notice", state="visible")
    notice = page.inner_text("#notice")
    assert "the game 'chess' cannot be played here" in notice
    assert "'grandmaster' is not a level" in notice
    wait_status(page, "Your move (X)")

    page.goto(f"{server.url}?game=tictactoe&position=XXX/XXX/XXX")
    page.wait_for_selector("#notice", state="visible")
    assert "its position cannot be used" in page.inner_text("#notice")
    assert stones(page) == [""] * 9
    click_and_settle(page, 4)
    assert stones(page).count("O") == 1


# --- the move list -------------------------------------------------------------------------


def test_the_move_list_steps_back_and_forward_and_a_move_from_the_past_continues_from_there(page: Any) -> None:
    click_and_settle(page, 0)
    click_and_settle(page, next(cell for cell, stone in enumerate(stones(page)) if not stone))
    after_four = stones(page)
    assert len(move_steps(page)) == 5
    page.click("#moves-back")
    page.click("#moves-back")
    assert sorted(stones(page)) == [""] * 7 + ["O", "X"]
    assert status(page) == "Move 2 of 4: X to move"
    page.keyboard.press("]")
    page.keyboard.press("]")
    assert stones(page) == after_four
    page.click(".move-step[data-index='0']")
    assert stones(page) == [""] * 9
    assert page.is_hidden("#computer-move")
    click_and_settle(page, 8)
    steps = move_steps(page)
    assert len(steps) == 3 and steps[1] == "1. X 9 (you)"

    # Back at a position where the computer is to move, it moves when asked.
    page.click(".move-step[data-index='1']")
    assert page.is_visible("#computer-move")
    page.click("#computer-move")
    wait_idle(page)
    assert len(move_steps(page)) == 3 and status(page) == "Your move (X)"


# --- two players, and the computer against itself -------------------------------------------------


def test_two_players_take_turns_at_one_screen_and_the_score_is_left_alone(page: Any) -> None:
    with requests_asked(page) as asked:
        page.select_option("#mode", "two")
        wait_status(page, "X to move")
        assert page.is_hidden("#side-field")
        #  X X X      X: 1, 2, 3; O: 4, 5
        #  O O .
        #  . . .
        for cell, after in ((0, "O to move"), (3, "X to move"), (1, "O to move"), (4, "X to move")):
            click_and_settle(page, cell)
            assert status(page) == after
        page.click("#hint")
        page.wait_for_selector("#hint-text", state="visible")
        assert page.inner_text("#hint-text").startswith("Hint for X: play 3 (win in 1")
        click_and_settle(page, 2)
        assert status(page) == "X wins!"
        assert tally(page) == {"win": 0, "draw": 0, "loss": 0}
    assert not any("/api/move" in url for url in asked), "nobody asked the computer for a move"
    page.click("#undo")
    assert status(page) == "X to move"


def test_the_computer_plays_itself_to_the_end_and_stops_when_asked(page: Any) -> None:
    page.select_option("#mode", "watch")
    page.select_option("#speed", "300")
    page.wait_for_function("document.querySelectorAll('.move-step').length === 10", timeout=PATIENCE, polling=POLL)
    wait_status(page, "It's a draw.")  # perfect against perfect

    page.select_option("#speed", "800")  # Normal: a pause long enough to click between two moves
    page.click("#new-game")
    page.wait_for_function("document.querySelectorAll('.move-step').length >= 2", timeout=PATIENCE, polling=POLL)
    page.click("#watch-toggle")
    page.wait_for_function(
        "document.querySelector('#status').textContent.startsWith('Stopped')", timeout=PATIENCE, polling=POLL
    )
    wait_idle(page)
    stopped = stones(page)
    page.wait_for_timeout(1600)  # twice a move's pause: nothing more is played
    assert stones(page) == stopped
    page.click("#watch-toggle")
    page.wait_for_function(
        "count => document.querySelectorAll('.cell[data-stone=X], .cell[data-stone=O]').length > count",
        arg=len([stone for stone in stopped if stone]),
        timeout=PATIENCE,
        polling=POLL,
    )
