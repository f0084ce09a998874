"""Which Nim interface a module offers, from what importing it showed, and the teacher's overrides."""

from __future__ import annotations

import pytest

from perfectplay.check.nim.detect import Interface, detect
from perfectplay.check.plug import LoadedModule

CS50 = LoadedModule(
    functions={"train": 1, "play": 1},
    classes={
        "Nim": {"available_actions": 1, "move": 1},
        "NimAI": {"get_q_value": 2, "update_q_value": 5, "best_future_reward": 1, "choose_action": 1, "update": 4},
    },
)


def test_cs50s_nim_py_is_recognised_as_the_learning_lab() -> None:
    assert detect(CS50) == Interface("learning")


@pytest.mark.parametrize("name", ["best_move", "find_best_move", "choose_move"])
def test_each_minimax_players_function_name_is_recognised(name: str) -> None:
    assert detect(LoadedModule(functions={name: 1, "helper": 2})) == Interface("player", name)


def test_a_learning_module_with_a_player_function_too_is_checked_as_learning_unless_told() -> None:
    both = LoadedModule(functions={**CS50.functions, "best_move": 1}, classes=CS50.classes)
    assert detect(both) == Interface("learning")
    assert detect(both, kind="player") == Interface("player", "best_move")


def test_function_names_the_players_function_whatever_it_is_called() -> None:
    module = LoadedModule(functions={"my_ai": 1})
    assert detect(module, function="my_ai") == Interface("player", "my_ai")
    assert "no function named nope" in str(detect(module, function="nope"))


def test_a_nimai_missing_a_method_is_named() -> None:
    classes = {"NimAI": {"get_q_value": 2, "update_q_value": 5, "choose_action": 1}}
    problem = detect(LoadedModule(functions={"train": 1}, classes=classes))
    assert isinstance(problem, str) and "best_future_reward" in problem


def test_learning_asked_of_a_module_without_train_says_what_is_missing() -> None:
    problem = detect(LoadedModule(functions={}, classes=CS50.classes), kind="learning")
    assert isinstance(problem, str) and "train" in problem


def test_a_module_with_neither_interface_gets_a_sentence_naming_both() -> None:
    problem = detect(LoadedModule(functions={"main": 0}))
    assert isinstance(problem, str)
    assert "NimAI" in problem and "best_move" in problem
