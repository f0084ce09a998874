"""A board the agent changed is read as changed, whatever the agent leaves in it to say otherwise (attack 39h).

The driver compared the board before and after the call by value, reading an array through its own ``tolist``:
an agent that wrote on its board could leave a value whose ``__eq__`` says yes to anything, put a ``tolist`` key on
Kaggle's observation (a dict whose keys are attributes) that hands back the board as it was, or put in place of
PettingZoo's planes an object whose ``tolist`` does the same; each kept its "boards left alone" points; so did an
object equal to anything in a cell of a NumPy board of pieces (an object array). (Kaggle's and PettingZoo's
observations are now the agent's own, as there, where each call gets a fresh one: nothing is read back from them.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from perfectplay.check.connect4.driver import make_call
from perfectplay.check.connect4.suite import grid_cells

CELLS = grid_cells("4455")


class Agrees:
    """Equal to anything."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


def asked(agent: Callable[..., int], interface: dict[str, Any]) -> dict[str, Any]:
    """The driver's record of one call of ``agent`` on ``CELLS`` (called here: the driver is standard library)."""
    call = make_call(agent, interface, lambda function, *given: (function(*given), {}), _column, repr)
    return call(CELLS, "1")


def _column(value: Any) -> dict[str, Any]:
    return {"kind": "int", "value": int(value)}


def test_a_cell_overwritten_with_a_value_equal_to_anything_is_a_changed_board() -> None:
    def scribbler(board: list[list[Any]]) -> int:
        board[5][0] = Agrees()
        return 3

    record = asked(scribbler, {"style": "board"})
    assert "after" in record and record["after"] != CELLS


def test_nothing_an_agent_leaves_on_kaggles_observation_is_read_back() -> None:
    # Kaggle hands every call a fresh observation, the agent's own to write on: the driver reads nothing back from
    # it, so a ``tolist`` key left there to pose as the old board is never called.
    def scribbler(observation: Any, configuration: Any) -> int:
        def posing() -> Any:
            raise AssertionError("the driver read the observation back")

        observation.board[0] = 2
        observation["tolist"] = posing
        return 3

    record = asked(scribbler, {"style": "connectx"})
    assert "after" not in record and record["value"] == 3


def test_a_cell_of_a_numpy_board_of_pieces_holding_a_value_equal_to_anything_is_a_changed_board() -> None:
    # A board of pieces (".", "X", "O") is an object array: its ``tolist`` hands back the agent's object as it is.
    def scribbler(board: Any) -> int:
        board[5][0] = Agrees()
        return 3

    record = asked(scribbler, {"style": "board", "shape": "numpy", "pieces": [".", "X", "O"], "allowed": []})
    assert "after" in record and record["after"] != CELLS


def test_nothing_an_agent_leaves_on_pettingzoos_observation_is_read_back() -> None:
    # PettingZoo's connect_four_v3 builds the observation afresh on every ``observe``: the agent's own, as Kaggle's.
    class Posing:
        def tolist(self) -> Any:
            raise AssertionError("the driver read the planes back")

    def scribbler(observation: dict[str, Any]) -> int:
        observation["observation"] = Posing()
        return 3

    for shape in ("list", "numpy"):
        record = asked(scribbler, {"style": "pettingzoo", "shape": shape, "allowed": []})
        assert "after" not in record and record["value"] == 3


def test_an_agent_that_only_reads_its_board_leaves_it_alone_in_every_reading() -> None:
    def reader(*arguments: Any) -> int:
        return 3

    for interface in (
        {"style": "board"},
        {"style": "board", "shape": "numpy"},
        {"style": "board", "pieces": [".", "X", "O"], "piece_argument": True},
        {"style": "connectx"},
        {"style": "pettingzoo"},
        {"style": "pettingzoo", "shape": "numpy"},
    ):
        record = asked(reader, interface)
        assert "after" not in record, interface
    assert np.__name__ == "numpy"  # the numpy readings above ran with it
