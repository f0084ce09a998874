"""The lab's file with its names re-cased does not buy the minimax player's rubric (attack 39l).

A player's function is found however it is spelt (``bestMove``), while the lab's ``NimAI`` and ``train`` were looked
for exactly: CS50's ``nim.py`` with ``NimAi``, ``Train`` and a formula's ``bestMove`` added was checked as a player
and passed, 100 of 100, with nothing learned. The lab's names are found however they are spelt too, and so is its
``NimAI`` under another name, by its Q-learning methods.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nim_formula import FORMULA as MISERE
from perfectplay.check.nim.detect import NimInterface, detect
from perfectplay.check.nim.lab import NimCheck, check_nim
from perfectplay.check.plug import LoadedModule

LEARNING = Path(__file__).resolve().parents[3] / "examples" / "nim" / "learning" / "nim.py"
METHODS = {"get_q_value": 2, "update_q_value": 5, "best_future_reward": 1, "choose_action": 1}
FORMULA = MISERE + "\n\ndef bestMove(piles):\n    return _formula(list(piles))\n"
"""Misère Nim's formula as a minimax player's function, under a camelCase name."""


@pytest.mark.parametrize(
    "module",
    [
        LoadedModule(functions={"bestMove": 1, "Train": 1}, classes={"Nim": {}, "NimAi": METHODS}),
        LoadedModule(functions={"bestMove": 1}, classes={"Nim": {}, "QLearner": METHODS}),
        LoadedModule(functions={"best_move": 1}, classes={"Learner": {"updateQValue": 5}}),
    ],
    ids=["re-cased", "nimai-renamed", "camel-case-method"],
)
def test_a_piece_of_the_lab_however_spelt_holds_the_file_to_the_lab(module: LoadedModule) -> None:
    found = detect(module)
    assert isinstance(found, str) and "CS50's nim.py has the class NimAI" in found


def test_a_minimax_player_with_a_class_of_its_own_is_still_a_player() -> None:
    module = LoadedModule(functions={"bestMove": 1}, classes={"Nim": {"move": 1}, "Player": {"choose_action": 1}})
    assert detect(module) == NimInterface("player", "bestMove")


def test_the_labs_file_re_cased_with_a_formula_added_gets_no_players_full_marks(tmp_path: Path) -> None:
    text = LEARNING.read_text(encoding="utf-8")
    assert "class NimAI:" in text and "def train(n):" in text
    path = tmp_path / "nim.py"
    path.write_text(text.replace("NimAI", "NimAi").replace("train(", "Train(") + FORMULA)
    report = check_nim(path, NimCheck(hint={"rules": "misere"}, total_seconds=60.0))
    assert report.kind != "player" and report.verdict != "pass", (report.kind, report.verdict, report.problem)
