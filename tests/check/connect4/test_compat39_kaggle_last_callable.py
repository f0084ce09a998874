"""Kaggle's ConnectX rule: the agent is the submission file's last callable, whatever its name (honest submissions)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.detect import BoardReading, kaggle_agent, style_of
from perfectplay.check.connect4.model import Connect4Report
from perfectplay.check.errors import CheckUsageError, NotGradable

HELPERS = """
    COLUMNS = 7


    def drop(board, column, mark):
        cells = list(board)
        row = max(r for r in range(6) if cells[r * COLUMNS + column] == 0)
        cells[row * COLUMNS + column] = mark
        return cells


    def wins(cells, mark):
        lines = ((0, 1), (1, 0), (1, 1), (1, -1))
        for start in range(42):
            r, c = divmod(start, COLUMNS)
            for dr, dc in lines:
                ends = r + 3 * dr, c + 3 * dc
                if 0 <= ends[0] < 6 and 0 <= ends[1] < COLUMNS:
                    if all(cells[(r + k * dr) * COLUMNS + c + k * dc] == mark for k in range(4)):
                        return True
        return False
"""
AGENT = """

    def {name}(obs, config):
        legal = [c for c in range(config.columns) if obs.board[c] == 0]
        for mark in (obs.mark, 3 - obs.mark):
            for column in legal:
                if wins(drop(obs.board, column, mark), mark):
                    return column
        return legal[len(legal) // 2]
"""
"""A deterministic one-ply agent (its win, else the block, else the middle legal column), under any name."""


def agent_file(tmp_path: Path, name: str, after: str = "") -> Path:
    path = tmp_path / name / "submission.py"
    path.parent.mkdir()
    path.write_text(textwrap.dedent(HELPERS + AGENT.format(name=name)) + after)
    return path


def quick(path: Path) -> Connect4Report:
    # One process a side: what is read of the agent is the subject, not how many processes ask it.
    return check_connect4(path, positions=6, seed=3, games=False, sandbox="off", workers=1, move_seconds=2.0)


def test_the_last_callable_taking_two_arguments_is_the_agent_and_our_names_still_come_first() -> None:
    assert kaggle_agent({"drop": 3, "wins": 2, "negamax_agent": 2}) == "negamax_agent"
    assert kaggle_agent({"negamax_agent": 2, "main": 0}) is None  # a game loop's main() last: not an agent
    assert kaggle_agent({"helper": 1}) is None and kaggle_agent({}) is None
    found = style_of({"drop": 3, "negamax_agent": 2}, None)
    assert (found.style, found.name, found.last_callable) == ("connectx", "negamax_agent", True)
    named = style_of({"agent": 2, "later_helper": 2}, None)
    assert (named.name, named.last_callable) == ("agent", False)
    told = style_of({"negamax_agent": 2}, BoardReading("connectx", ""))
    assert (told.name, told.last_callable) == ("negamax_agent", False)  # --interface connectx: asked, not probed
    with pytest.raises(CheckUsageError, match="no Connect Four agent recognised"):
        style_of({"negamax_agent": 2, "main": 0}, None)


def test_an_agent_named_its_own_way_is_graded_as_the_same_agent_named_agent(tmp_path: Path) -> None:
    ours = quick(agent_file(tmp_path, "agent"))
    kaggles = quick(agent_file(tmp_path, "alphabeta_agent_v3"))
    assert ours.verdict != "broken" and ours.overall.asked == 6
    assert (kaggles.verdict, kaggles.overall, kaggles.exit_status) == (ours.verdict, ours.overall, ours.exit_status)
    assert kaggles.interface is not None and "alphabeta_agent_v3(observation, configuration)" in kaggles.interface
    assert "last callable" in kaggles.interface
    assert not any("reading was not certain" in note for note in kaggles.notes)


def test_a_file_whose_last_callable_is_a_helper_is_refused_in_one_line_not_graded_zero(tmp_path: Path) -> None:
    # The agent above a helper: Kaggle itself would call the helper. The checker says so; no student's zero.
    helper_last = agent_file(tmp_path, "my_agent_v2", after="\n\ndef score(window, piece):\n    return 0.5\n")
    with pytest.raises(NotGradable, match=r"no Connect Four agent recognised: score, the file's last callable"):
        quick(helper_last)
    helpers = tmp_path / "helpers.py"
    helpers.write_text("def score_window(window, piece):\n    return window.count(piece)\n")
    with pytest.raises(NotGradable, match=r"no Connect Four agent recognised") as refused:
        quick(helpers)
    assert "\n" not in str(refused.value)


def test_our_names_are_found_however_a_student_cases_them_before_kaggles_rule_is_needed() -> None:
    board = style_of({"getBestMove": 2, "score_position": 2}, None)
    assert (board.style, board.name, board.piece_argument, board.last_callable) == ("board", "getBestMove", True, False)
    connectx = style_of({"myAgent": 2, "helper": 1}, None)
    assert (connectx.style, connectx.name, connectx.last_callable) == ("connectx", "myAgent", False)


def test_an_agent_whose_configuration_has_a_default_is_kaggles_and_a_one_argument_agent_still_pettingzoos(
    tmp_path: Path,
) -> None:
    # agent(observation, configuration=None): one required argument, as a PettingZoo policy has; Kaggle calls it
    # with both, and so does the check once the probes show which reading it answers in.
    defaulted = tmp_path / "defaulted"
    defaulted.mkdir()
    source = textwrap.dedent(HELPERS + AGENT.format(name="agent")).replace("(obs, config):", "(obs, config=None):")
    (defaulted / "agent.py").write_text(source.replace("config.columns", "7"))
    kaggles = quick(defaulted / "agent.py")
    ours = quick(agent_file(tmp_path, "agent"))
    assert kaggles.interface is not None and "Kaggle ConnectX" in kaggles.interface
    assert (kaggles.verdict, kaggles.overall) == (ours.verdict, ours.overall)
    policy = tmp_path / "policy.py"
    policy.write_text("def agent(observation):\n    return max(c for c in range(7) if observation['action_mask'][c])\n")
    report = quick(policy)
    assert "PettingZoo connect_four_v3" in str(report.interface) and report.overall.legal == report.overall.asked
