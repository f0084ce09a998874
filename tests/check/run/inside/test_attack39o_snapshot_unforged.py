"""A board the candidate wrote on is read as changed, whatever its module rewrote of the standard library (39o).

The runner took its copy of a board whose marks are not plain text or numbers (a module's ``X`` of a ``str``
subclass) with the shared ``copy.deepcopy``, which the candidate's module may rewrite at import: one that handed
back the board itself made every board compare equal to its copy, and a ``result`` that played on the board it was
given ("result must not change the board") kept its points. The copy is the board made again, as for plain marks:
fresh lists holding the very marks. And the runner compared each cell with the shared ``operator.is_``: a module
that made it say yes to anything had every board of a ``find_best_move`` that played on it read as left alone; the
runner's modules take what they use of ``operator`` and ``math`` when they are loaded, before the candidate's.
"""

from __future__ import annotations

import copy
import importlib.util
import operator
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


def loaded(file: Path, source: str, channel: Sent) -> tuple[Runner, ModuleType]:
    """A runner of ``source`` written to ``file``, imported in this process as the runner imports a candidate."""
    path = file.resolve()
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(f"forging_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = ModuleType(f"forging_{path.stem}")
    spec.loader.exec_module(module)
    runner = Runner(path, channel)  # type: ignore[arg-type]  # a channel of the test's
    runner.module = module
    return runner, module


def test_a_result_that_wrote_on_its_board_is_read_so_after_the_module_rewrote_deepcopy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(copy, "deepcopy", copy.deepcopy)  # put back after the test: the module rewrites it
    runner, module = loaded(tmp_path / "tictactoe.py", CS50, Sent())
    assert runner.use({"kind": "cs50"}) == {"ok": True}
    record = runner.cs50_call(module.result, "." * 9, runner.board_value, (0, 0))
    assert record.get("mutated") == "X........" and "same_object" not in record
    left_alone = runner.cs50_call(module.winner, "X...O....", runner.mark_value)
    assert "mutated" not in left_alone


PLAYS_ON_ITS_BOARD = """
import operator

operator.is_ = lambda left, right: True  # every cell "the very mark that was there"


def find_best_move(board):
    board[4] = "X"  # its search's move, never taken back
    return 4
"""


def test_a_move_that_wrote_on_its_board_is_read_so_after_the_module_rewrote_operator_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(operator, "is_", operator.is_)  # put back after the test: the module rewrites it
    channel = Sent()
    runner, _ = loaded(tmp_path / "ai.py", PLAYS_ON_ITS_BOARD, channel)
    assert runner.use({"kind": "function", "name": "find_best_move", "board": "flat", "empty": " "}) == {"ok": True}
    runner.moves([["X.......O", "O"]], [])
    assert channel.messages[0].get("after") == "X...X...O"
