"""A CS50 ``result`` that writes on its board is read as having changed it, whatever the module rewrote (39o).

The runner took its copy of a board whose marks are not plain text or numbers (a module's ``X`` of a ``str``
subclass) with the shared ``copy.deepcopy``, which the candidate's module may rewrite at import: one that handed
back the board itself made every board compare equal to its copy, and a ``result`` that played on the board it was
given ("result must not change the board") kept its points. The copy is the board made again, as for plain marks:
fresh lists holding the very marks.
"""

from __future__ import annotations

import copy
import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from perfectplay.check.run.inside.answering import Runner

CS50 = """
import copy


class Mark(str):
    pass


X, O, EMPTY = Mark("X"), Mark("O"), None
copy.deepcopy = lambda value, memo=None: value  # every copy of the runner's is the board itself


def initial_state():
    return [[EMPTY] * 3 for _ in range(3)]


def player(board):
    return X


def actions(board):
    return {(i, j) for i in range(3) for j in range(3) if board[i][j] is EMPTY}


def result(board, action):
    board[action[0]][action[1]] = player(board)  # played on the board it was given
    return [list(row) for row in board]  # and a new board handed back


def winner(board):
    return None


def terminal(board):
    return False


def utility(board):
    return 0


def minimax(board):
    return next(iter(actions(board)))
"""


class Sent:
    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.messages.append(message)


def test_a_result_that_wrote_on_its_board_is_read_so_after_the_module_rewrote_deepcopy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(copy, "deepcopy", copy.deepcopy)  # put back after the test: the module rewrites it
    path = (tmp_path / "tictactoe.py").resolve()
    path.write_text(CS50)
    spec = importlib.util.spec_from_file_location("forging_cs50", path)
    assert spec is not None and spec.loader is not None
    module = ModuleType("forging_cs50")
    spec.loader.exec_module(module)
    runner = Runner(path, Sent())  # type: ignore[arg-type]  # a channel of the test's
    runner.module = module
    assert runner.use({"kind": "cs50"}) == {"ok": True}
    record = runner.cs50_call(module.result, "." * 9, runner.board_value, (0, 0))
    assert record.get("mutated") == "X........" and "same_object" not in record
    left_alone = runner.cs50_call(module.winner, "X...O....", runner.mark_value)
    assert "mutated" not in left_alone
