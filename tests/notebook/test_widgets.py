"""The notebook widgets, driven by clicking their buttons as a person would (no browser needed)."""

from __future__ import annotations

from html import escape

import pytest

from perfectplay import PerfectplayError
from perfectplay.notebook.views import position
from perfectplay.notebook.widgets import describe, play_widget, search_stepper
from perfectplay.teaching import pseudocode_lines


def _button(widget: object, label: str) -> object:
    for button in widget.moves.children:  # type: ignore[attr-defined]
        if button.description == label:
            return button
    raise AssertionError(f"no button {label!r}")


def test_clicking_a_cell_plays_it_and_the_computer_answers() -> None:
    game = play_widget(seed=1)
    assert game.current.text == ".../.../..."
    assert len(game.moves.children) == 9
    _button(game, "5").click()  # type: ignore[attr-defined]
    assert len(game.history) == 3
    assert game.history[1].text == ".../.X./..."
    assert game.current.to_move.value == "X"
    assert len(game.moves.children) == 7
    assert "Your move (X)" in game.status.value


def test_show_outcomes_marks_every_move_on_the_board() -> None:
    game = play_widget("XX./OO./...", seed=0)
    assert "mark" not in game.board.value.split("</style>")[1]
    game.outcomes.value = True
    assert ">W1<" in game.board.value


def test_undo_takes_back_your_move_and_the_computers() -> None:
    game = play_widget(seed=2)
    _button(game, "1").click()  # type: ignore[attr-defined]
    game.undo_button.click()
    assert game.current.text == ".../.../..."
    assert len(game.history) == 1


def test_as_o_the_computer_opens_and_a_won_game_offers_no_moves() -> None:
    game = play_widget(you="O", seed=3)
    assert len(game.history) == 2
    assert game.current.to_move.value == "O"
    over = play_widget("XXX/OO./...")
    assert over.moves.children == ()
    assert "X has won" in over.status.value
    with pytest.raises(PerfectplayError, match="level"):
        play_widget(level="godlike")


def test_the_stepper_walks_every_event_of_the_search_in_order() -> None:
    stepper = search_stepper(position("XOX/OO./.X."), "alphabeta")
    assert stepper.text.value.startswith("1/")
    assert stepper.text.value.endswith("enter node 0 at depth 0 with window [-inf, +inf]")
    stepper.next.click()
    assert stepper.slider.value == 1
    stepper.slider.value = stepper.slider.max
    assert stepper.text.value.startswith(f"{len(stepper.events)}/")
    assert "leave node 0" in stepper.text.value
    kinds = {event["type"] for event in stepper.events}
    assert {"enter", "leaf", "update", "exit"} <= kinds
    assert all(describe(stepper.trace, event) for event in stepper.events)
    assert "<svg" in stepper.tree.value and "<svg" in stepper.board.value


def test_the_stepper_highlights_the_pseudocode_line_of_each_step() -> None:
    stepper = search_stepper(position("XOX/OO./.X."), "alphabeta")
    for at in (0, 1, stepper.slider.max):
        stepper.slider.value = at
        line = stepper.events[at]["line"]
        lit = [row for row in stepper.code.value.split("<span") if "background:#fde68a" in row]
        assert len(lit) == 1 and escape(pseudocode_lines("alphabeta")[line - 1]) in lit[0]
