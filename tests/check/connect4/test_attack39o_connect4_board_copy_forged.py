"""A board function that writes on its board is read as having changed it, whatever it rewrote beforehand (39o).

The driver runs in the candidate's process, where the candidate may rewrite any module they share. It took its
copy of the board before the call with the shared ``copy.deepcopy``: an agent that put its own ``deepcopy`` there
at import kept the copy it was handed, played its search's moves on its board and on that copy alike, and kept its
"boards left alone" points. And it made a NumPy board with the shared ``numpy.array``: an agent whose ``array``
made a subclass with a ``tolist`` of its own (the board as it was) did the same. The copy is the driver's own
reading now (fresh lists of plain values), and a board that is not a genuine array cannot be read back: changed.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from perfectplay.check.connect4.driver import make_call
from perfectplay.check.connect4.suite import grid_cells

CELLS = grid_cells("4455")
BOARDS = ({"style": "board"}, {"style": "board", "shape": "numpy", "allowed": []})


def asked(agent: Callable[..., int], interface: dict[str, Any]) -> dict[str, Any]:
    """The driver's record of one call of ``agent`` on ``CELLS`` (called here: the driver is standard library)."""
    call = make_call(agent, interface, lambda function, *given: (function(*given), {}), _column, repr)
    return call(CELLS, "1")


def _column(value: Any) -> dict[str, Any]:
    return {"kind": "int", "value": int(value)}


@pytest.mark.parametrize("interface", BOARDS, ids=["list", "numpy"])
def test_an_agent_that_rewrote_deepcopy_to_keep_the_drivers_copy_still_changed_its_board(
    interface: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    kept: list[Any] = []

    def keeping(value: Any, memo: Any = None) -> Any:  # what the agent put in ``copy`` on import
        kept.append(value)
        return value

    monkeypatch.setattr(copy, "deepcopy", keeping)

    def player(board: Any) -> int:
        board[5][0] = 1  # its move, played on the board it was given
        for before in kept:
            before[5][0] = 1
        return 0

    record = asked(player, interface)
    assert record.get("after") == CELLS[:35] + "1" + CELLS[36:]


def test_an_agent_whose_numpy_array_makes_a_board_with_its_own_tolist_changed_its_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = np.array

    class Posing(np.ndarray):
        as_it_was: Any = None

        def tolist(self) -> Any:
            return self.as_it_was

    def array(*arguments: Any, **settings: Any) -> Any:  # what the agent put in ``numpy`` on import
        made = real(*arguments, **settings).view(Posing)
        made.as_it_was = real(*arguments, **settings).tolist()
        return made

    monkeypatch.setattr(np, "array", array)

    def player(board: Any) -> int:
        board[5][0] = 1
        return 0

    record = asked(player, BOARDS[1])
    assert "after" in record


def test_an_agent_whose_numpy_array_makes_a_board_of_its_own_objects_changed_its_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A genuine array, of the agent's own cells: each read as foreign, before and after alike, whatever it wrote.
    real = np.array

    class Cell:
        def __init__(self, value: Any) -> None:
            self.value = value

    def array(lines: Any, *arguments: Any, **settings: Any) -> Any:
        return real([[Cell(value) for value in line] for line in lines], dtype=object)

    monkeypatch.setattr(np, "array", array)

    def player(board: Any) -> int:
        board[5][0] = Cell(1)
        return 0

    record = asked(player, BOARDS[1])
    assert "after" in record


def test_a_genuine_numpy_board_left_alone_is_left_alone() -> None:
    for interface in (BOARDS[1], {"style": "board", "shape": "numpy", "pieces": [".", "X", "O"], "allowed": []}):
        assert "after" not in asked(lambda board: 0, interface), interface
