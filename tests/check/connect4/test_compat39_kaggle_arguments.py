"""Kaggle hands an agent as many of (observation, configuration) as it takes: so does the check."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.driver import make_call
from perfectplay.check.connect4.model import Connect4Report
from perfectplay.check.connect4.suite import grid_cells

CELLS = grid_cells("4455")
BODY = """
    legal = [c for c in range(7) if observation.board[c] == 0]
    return legal[-1] if observation.mark == 1 else legal[0]
"""


def asked(agent: Any) -> dict[str, Any]:
    call = make_call(agent, {"style": "connectx"}, lambda f, *given: (f(*given), {}), _column, repr)
    return call(CELLS, "1")


def _column(value: Any) -> dict[str, Any]:
    return {"kind": "int", "value": int(value)}


def quick(path: Path) -> Connect4Report:
    # One process a side: what is read of the agent is the subject, not how many processes ask it.
    return check_connect4(path, positions=6, seed=3, games=False, sandbox="off", workers=1, move_seconds=2.0)


def test_a_function_gets_as_many_arguments_as_it_takes_and_anything_else_both() -> None:
    def observation_only(observation: Any) -> int:
        return int(observation.mark) + 1

    def both(observation: Any, configuration: Any) -> int:
        return int(configuration.columns) - 1

    def spread(*given: Any) -> int:
        return len(given)

    assert [asked(agent)["value"] for agent in (observation_only, both, spread)] == [2, 6, 2]


def test_my_agent_taking_the_observation_alone_is_graded_as_with_both(tmp_path: Path) -> None:
    (tmp_path / "alone.py").write_text("def my_agent(observation):" + BODY)
    (tmp_path / "both.py").write_text("def my_agent(observation, configuration):" + BODY)
    alone, both = quick(tmp_path / "alone.py"), quick(tmp_path / "both.py")
    assert both.overall.legal == both.overall.asked == 6
    assert (alone.verdict, alone.overall) == (both.verdict, both.overall)
    # agent(observation): PettingZoo's name too; probed both ways, it is read as Kaggle's.
    (tmp_path / "agent.py").write_text("def agent(observation):" + BODY)
    kaggles = quick(tmp_path / "agent.py")
    assert "Kaggle ConnectX" in str(kaggles.interface) and kaggles.overall == both.overall
