"""The runner times no call of its own: the checker times every answer itself and drops what a process claims.

A move and a CS50 helper's answer are sent without ``seconds`` and ``cpu`` (two readings of the process's CPU clock
a call, a system call each, spent on numbers the checker never read); a game plug's driver still gets them from
``Tools.invoke``, as its contract says. An error in the candidate's own file is placed by the file's name, one in
another file of its folder by the resolved path, as before.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

from perfectplay.check.run.inside import values
from perfectplay.check.run.inside.answering import Runner, Tools

AI = """
def find_best_move(board):
    return 4


def result(board, action):
    raise ValueError(f"taken: {action}")
"""


class Sent:
    """A channel that keeps what the runner sends."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.messages.append(message)


def loaded(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("untimed_ai", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_move_and_a_helper_answer_carry_no_time_and_a_drivers_call_does(tmp_path: Path) -> None:
    path = (tmp_path / "ai.py").resolve()
    path.write_text(AI)
    channel = Sent()
    runner = Runner(path, channel)  # type: ignore[arg-type]  # a channel of the test's
    runner.module = loaded(path)
    assert runner.use({"kind": "function", "name": "find_best_move", "board": "flat"}) == {"ok": True}
    runner.moves([["." * 9, "X"]], [])
    assert channel.messages == [{"kind": "int", "value": 4}]
    helper = runner.cs50_call(runner.module.result, "X........", runner.board_value, (0, 0))
    assert set(helper) == {"error"} and helper["error"]["line"] == 7 and "file" not in helper["error"]
    value, record = Tools(runner).invoke(runner.module.find_best_move, [None] * 9)
    assert value == 4 and record["seconds"] >= 0 and record["cpu"] >= 0


def test_an_error_in_another_file_of_the_folder_names_that_file(tmp_path: Path) -> None:
    path = (tmp_path / "ai.py").resolve()
    helper = tmp_path / "helper.py"
    helper.write_text("def fail():\n    raise KeyError('x')\n")
    module = loaded(helper)
    try:
        module.fail()
    except KeyError as error:
        info = values.error_info(error, path)
    assert info["line"] == 2 and info["file"] == "helper.py" and info["code"] == "raise KeyError('x')"
