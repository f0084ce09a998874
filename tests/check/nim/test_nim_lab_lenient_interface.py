"""A learning-lab file cannot buy the minimax player's rubric by taking ``train`` or ``NimAI`` out.

A player is graded on its moves alone (a formula earns 100 of 100); the
learning lab asks for trained play and the Q-learning methods. CS50's
``nim.py`` with its ``train`` renamed and a ``best_move`` formula added was
checked as a player, under normal rules, 100 of 100: any piece of the lab's
skeleton now holds the file to the lab, unless the teacher says otherwise.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.nim.detect import NimInterface, detect
from perfectplay.check.nim.lab import NimCheck, check_nim
from perfectplay.check.plug import LoadedModule

METHODS = {"get_q_value": 2, "update_q_value": 5, "best_future_reward": 1, "choose_action": 1}
LEARNING = Path(__file__).resolve().parents[3] / "examples" / "nim" / "learning" / "nim.py"
PLAYER = """
import functools, operator
def best_move(piles):
    # Normal play's rule: leave a nim-sum of 0.
    moves = [(pile, taken) for pile, size in enumerate(piles) for taken in range(1, size + 1)]
    for pile, taken in moves:
        after = [size - taken * (index == pile) for index, size in enumerate(piles)]
        if functools.reduce(operator.xor, after) == 0:
            return (pile, taken)
    return moves[0]
"""


def test_a_nimai_without_train_beside_a_player_function_is_the_learning_lab_with_train_missing() -> None:
    module = LoadedModule(functions={"best_move": 1}, classes={"Nim": {}, "NimAI": METHODS})
    found = detect(module)
    assert isinstance(found, str) and "no train" in found


def test_a_train_without_nimai_beside_a_player_function_is_the_learning_lab_with_nimai_missing() -> None:
    found = detect(LoadedModule(functions={"best_move": 1, "train": 1}))
    assert isinstance(found, str) and "no NimAI" in found


def test_the_teachers_choice_of_a_player_still_checks_the_player_function() -> None:
    module = LoadedModule(functions={"best_move": 1}, classes={"NimAI": METHODS})
    assert detect(module, kind="player") == NimInterface("player", "best_move")


def test_a_file_with_a_game_class_and_a_player_function_is_still_a_player() -> None:
    module = LoadedModule(functions={"best_move": 1}, classes={"Nim": {"move": 1}})
    assert detect(module) == NimInterface("player", "best_move")


@pytest.mark.integration
def test_the_labs_file_with_train_renamed_and_a_formula_added_gets_no_players_full_marks(tmp_path: Path) -> None:
    text = LEARNING.read_text(encoding="utf-8")
    assert "def train(n):" in text
    path = tmp_path / "nim.py"
    path.write_text(text.replace("def train(n):", "def _train(n):") + PLAYER)
    report = check_nim(path, NimCheck(total_seconds=60.0))
    assert report.kind != "player" and report.verdict != "pass", (report.kind, report.verdict, report.problem)
