"""The Kaggle observation and configuration the driver hands an agent lead nowhere: their methods' globals hold only
the builtins they use, not the driver's module (whose functions describe the agent's answers)."""

from __future__ import annotations

import pytest

from perfectplay.check.connect4.driver import Struct


def test_a_struct_reads_and_writes_its_keys_as_attributes() -> None:
    seen = Struct(board=[0] * 42, mark=1)
    seen.step = 3
    assert (seen.board, seen.mark, seen["step"]) == ([0] * 42, 1, 3)
    with pytest.raises(AttributeError):
        _ = seen.missing


def test_an_agent_following_a_structs_methods_finds_no_module() -> None:
    for method in (Struct.__getattr__, Struct.__setattr__):
        assert set(method.__globals__) == {"__builtins__"}
        assert set(method.__globals__["__builtins__"]) <= {"KeyError", "AttributeError"}
