"""A ConnectX or PettingZoo agent may play its search's moves onto the observation it was handed (honest code).

Kaggle builds a fresh observation for every call, so an agent that drops pieces on ``obs.board`` (or
``obs["board"]``) while it searches, and returns before taking the last one back, plays legally there. The check
read such an observation as "changes the board": each answer counted as neither good nor perfect, the verdict
``broken``. A board function's board stays the caller's: writing on it is still a finding.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.driver import make_call
from perfectplay.check.connect4.suite import grid_cells

CELLS = grid_cells("4455")

SEARCHES_IN_PLACE = textwrap.dedent("""
    def drop(board, col, mark):
        for r in range(5, -1, -1):
            if board[r * 7 + col] == 0:
                board[r * 7 + col] = mark
                return r * 7 + col


    def four(board, mark):
        for r in range(6):
            for c in range(7):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    cells = [(r + dr * k, c + dc * k) for k in range(4)]
                    if all(0 <= y < 6 and 0 <= x < 7 and board[y * 7 + x] == mark for y, x in cells):
                        return True
        return False


    def agent(obs, config):
        board = obs["board"]  # a new observation every turn
        me, opp = obs.mark, 3 - obs.mark
        valid = [c for c in range(config.columns) if board[c] == 0]
        for c in valid:
            i = drop(board, c, me)
            if four(board, me):
                return c  # the piece stays: Kaggle throws this observation away
            board[i] = 0
        for c in valid:
            i = drop(board, c, opp)
            if four(board, opp):
                board[i] = me
                return c
            board[i] = 0
        return min(valid, key=lambda c: abs(c - 3))
""")


def asked(agent: Any, interface: dict[str, Any]) -> dict[str, Any]:
    call = make_call(agent, interface, lambda function, *given: (function(*given), {}), _column, repr)
    return call(CELLS, "1")


def _column(value: Any) -> dict[str, Any]:
    return {"kind": "int", "value": int(value)}


def test_what_a_connectx_agent_writes_on_its_observation_is_its_own() -> None:
    def plays_in_place(observation: Any, configuration: Any) -> int:
        observation.board[38] = observation.mark
        observation["board"][3] = 2
        return 3

    record = asked(plays_in_place, {"style": "connectx"})
    assert "after" not in record and "after_repr" not in record
    assert record["value"] == 3


def test_a_board_functions_board_written_on_is_still_a_changed_board() -> None:
    def scribbler(board: list[list[int]]) -> int:
        board[5][0] = 2
        return 3

    record = asked(scribbler, {"style": "board"})
    assert "after" in record


def test_an_agent_searching_on_its_observation_is_graded_on_its_moves(tmp_path: Path) -> None:
    (tmp_path / "main.py").write_text(SEARCHES_IN_PLACE)
    # Seed 3's six positions, drawn once a run for the Connect Four checks that ask them (tests/drawn_positions.py).
    report = check_connect4(tmp_path / "main.py", positions=6, seed=3, games=False, sandbox="off", move_seconds=2)
    assert "mutates" not in [failure.kind for failure in report.failures]
    assert report.verdict != "broken"
    assert report.overall.legal == 6 and report.overall.good > 0


def test_what_a_pettingzoo_policy_writes_on_its_observation_is_its_own() -> None:
    # connect_four_v3's ``observe`` stacks new planes and a new mask for every call, as Kaggle's observation is new.
    def plays_in_place(observation: dict[str, Any]) -> int:
        observation["observation"][5][3] = [1, 0]
        observation["action_mask"][3] = 0
        return 3

    record = asked(plays_in_place, {"style": "pettingzoo"})
    assert "after" not in record and "after_repr" not in record
    assert record["value"] == 3
