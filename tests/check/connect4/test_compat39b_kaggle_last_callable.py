"""Kaggle's last-callable rule on agents written as Kaggle's notebooks write them (honest submissions)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.detect import BoardReading, lone_last_callable
from perfectplay.check.connect4.model import Connect4Report
from perfectplay.check.errors import NotGradable

AGENT = textwrap.dedent("""
    {imports}

    def wins(board, column, mark):
        cells = list(board)
        row = max(r for r in range(6) if cells[r * 7 + column] == 0)
        cells[row * 7 + column] = mark
        lines = ((0, 1), (1, 0), (1, 1), (1, -1))
        for start in range(42):
            r, c = divmod(start, 7)
            for dr, dc in lines:
                if 0 <= r + 3 * dr < 6 and 0 <= c + 3 * dc < 7:
                    if all(cells[(r + k * dr) * 7 + c + k * dc] == mark for k in range(4)):
                        return True
        return False


    def my_agent_v2({arguments}):
        legal = [c for c in range(7) if obs.board[c] == 0]
        for mark in (obs.mark, 3 - obs.mark):
            for column in legal:
                if wins(obs.board, column, mark):
                    return column
        return legal[len(legal) // 2]
""")
"""A deterministic one-ply agent (its win, else the block, else the middle legal column), the file's last callable."""


def agent_file(tmp_path: Path, folder: str, arguments: str = "obs, config", imports: str = "") -> Path:
    path = tmp_path / folder / "submission.py"
    path.parent.mkdir()
    path.write_text(AGENT.format(arguments=arguments, imports=imports))
    return path


def quick(path: Path) -> Connect4Report:
    # One process a side: what is read of the agent is the subject, not how many processes ask it.
    return check_connect4(path, positions=6, seed=3, games=False, sandbox="off", workers=1, move_seconds=2.0)


def test_a_last_callable_whose_configuration_has_a_default_is_graded_as_the_same_agent_taking_both(
    tmp_path: Path,
) -> None:
    both = quick(agent_file(tmp_path, "both"))
    defaulted = quick(agent_file(tmp_path, "defaulted", "obs, config=None"))
    assert both.verdict != "broken" and both.overall.legal == both.overall.asked == 6
    assert (defaulted.verdict, defaulted.overall) == (both.verdict, both.overall), defaulted.problem
    assert "my_agent_v2" in str(defaulted.interface) and "last callable" in str(defaulted.interface)


def test_a_function_imported_at_the_top_does_not_hide_the_agent_defined_after_it(tmp_path: Path) -> None:
    # Kaggle's last callable is the last bound: `from random import choice` above the agent comes before it.
    plain = quick(agent_file(tmp_path, "plain"))
    imported = quick(agent_file(tmp_path, "imported", imports="from random import choice\nfrom math import inf"))
    assert (imported.verdict, imported.overall) == (plain.verdict, plain.overall), imported.problem


def test_a_one_argument_helper_last_is_still_refused_in_one_line_with_the_names_looked_for(tmp_path: Path) -> None:
    helper_last = agent_file(tmp_path, "helper_last")
    helper_last.write_text(helper_last.read_text() + "\n\ndef evaluate(grid):\n    return sum(map(sum, grid))\n")
    with pytest.raises(NotGradable, match=r"no Connect Four agent recognised: expected agent\(observation") as refused:
        quick(helper_last)
    assert "its functions: evaluate, my_agent_v2, wins" in str(refused.value) and "\n" not in str(refused.value)
    # A one-required-argument last callable is a guess only where nothing else was asked for.
    assert lone_last_callable({"wins": 3, "my_agent_v2": 1}, None) == BoardReading(
        "connectx", "my_agent_v2", piece_argument=True, last_callable=True
    )
    assert lone_last_callable({"my_agent_v2": 1}, BoardReading("board", "")) is None
    assert lone_last_callable({"my_agent_v2": 1, "main": 0}, None) is None and lone_last_callable({}, None) is None
