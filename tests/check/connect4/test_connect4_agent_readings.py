"""How the runner hands a Connect Four board to an agent, in each reading (run here: it is standard library only)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from perfectplay.check.connect4.driver import DriverReading, make_call
from perfectplay.check.connect4.suite import grid_cells
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.run.allowed import package_folders

CELLS = grid_cells("4455")  # X in columns 4 and 5 at the bottom, O on them; X to move


def test_a_connectx_agent_reads_the_observation_and_configuration_as_attributes_or_as_keys() -> None:
    observation, configuration = DriverReading({"style": "connectx"}).arguments(CELLS, "1")
    assert observation.board == observation["board"] == [int(cell) for cell in CELLS]
    assert (observation.mark, configuration.columns, configuration["rows"], configuration.inarow) == (1, 7, 6, 4)


def test_a_board_function_gets_row_0_at_the_top_or_at_the_bottom_with_the_pieces_asked_for() -> None:
    (top,) = DriverReading({"style": "board", "rows": "top", "pieces": [0, 1, 2]}).arguments(CELLS, "1")
    assert top[5] == [0, 0, 0, 1, 1, 0, 0] and top[4] == [0, 0, 0, 2, 2, 0, 0]
    bottom, piece = DriverReading(
        {"style": "board", "rows": "bottom", "pieces": [".", "X", "O"], "piece_argument": True}
    ).arguments(CELLS, "2")
    assert bottom[0] == [".", ".", ".", "X", "X", ".", "."] and piece == "O"


def test_a_numpy_board_and_a_pettingzoo_observation_are_arrays_with_the_movers_stones_first() -> None:
    (array,) = DriverReading({"style": "board", "shape": "numpy"}).arguments(CELLS, "1")
    assert isinstance(array, np.ndarray) and array.shape == (6, 7) and array[5, 3] == 1
    (observation,) = DriverReading({"style": "pettingzoo", "shape": "numpy"}).arguments(CELLS, "2")
    assert observation["observation"].shape == (6, 7, 2)
    assert observation["observation"][4, 3].tolist() == [1, 0]  # O to move: its own stone in plane 0
    assert observation["action_mask"].tolist() == [1] * 7


def describe(value: Any) -> dict[str, Any]:
    return {"kind": "int", "value": int(value)}


def invoke(function: Any, *arguments: Any) -> tuple[Any, dict[str, Any]]:
    return function(*arguments), {}


def test_a_board_the_agent_writes_on_is_read_back_as_cells() -> None:
    def scribbler(board: list[list[int]]) -> int:
        board[0][0] = 2
        return 3

    call = make_call(scribbler, {"style": "board"}, invoke, describe, repr)
    record = call(CELLS, "1")
    assert record["value"] == 3 and record["after"] == "2" + CELLS[1:]
    untouched = make_call(lambda board: 3, {"style": "board", "shape": "numpy"}, invoke, describe, repr)(CELLS, "1")
    assert "after" not in untouched


def test_a_teacher_may_allow_an_installed_package_but_never_the_checkers_own() -> None:
    folders = package_folders("numpy")
    assert folders is not None and folders[0].name == "numpy"
    assert all(folder.name.startswith("numpy") for folder in folders)
    assert package_folders("no_such_package_here") is None
    with pytest.raises(CheckUsageError, match="never shown to a candidate"):
        package_folders("perfectplay")
    with pytest.raises(CheckUsageError, match="top-level package"):
        package_folders("numpy.linalg")
