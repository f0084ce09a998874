"""Kaggle's last callable is the last one bound, imports included: an agent below its imports is found (attack 39l).

The runner described a module's own functions before the ones it imported (so that a star import cannot crowd out
the AI), and listed them in that order: the file's "last callable" was then its last import. A Kaggle notebook's
agent under a name of its own, below ``from kaggle_environments import evaluate, make`` or ``from random import
choice``, was refused ("no Connect Four agent recognised"), though Kaggle itself takes that agent.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.model import Connect4Report
from perfectplay.check.errors import NotGradable

AGENT = textwrap.dedent("""
    def negamax_agent(obs, config):
        legal = [c for c in range(config.columns) if obs.board[c] == 0]
        return legal[len(legal) // 2]
""")


def quick(path: Path) -> Connect4Report:
    return check_connect4(path, positions=6, seed=3, games=False, sandbox="off", move_seconds=2.0)


@pytest.mark.parametrize(
    "imports",
    ["from kaggle_environments import evaluate, make\n", "from random import choice\n"],
    ids=["kaggle", "random"],
)
def test_an_agent_defined_below_imported_callables_is_the_files_last_callable(tmp_path: Path, imports: str) -> None:
    path = tmp_path / "submission.py"
    path.write_text(imports + AGENT)
    report = quick(path)
    assert "negamax_agent(observation, configuration)" in str(report.interface)


def test_an_import_below_the_agent_is_still_the_last_callable_and_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "submission.py"
    path.write_text(AGENT + "\nfrom random import choice\n")
    with pytest.raises(NotGradable, match="no Connect Four agent recognised"):
        quick(path)
