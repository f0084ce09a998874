"""An agent whose import fails on a package installed beside perfectplay is told the flag that shows it.

``broken`` stays the verdict (the lab did not allow the package), but a teacher who does allow it learns how from
the report, as a tic-tac-toe or Nim check says it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.connect4.check import check_connect4

AGENT = "import {module}\n\n\ndef agent(obs, config):\n    return [c for c in range(7) if obs.board[c] == 0][0]\n"


def test_an_installed_package_not_allowed_is_named_with_its_flag(tmp_path: Path) -> None:
    pytest.importorskip("yaml")
    (tmp_path / "main.py").write_text(AGENT.format(module="yaml"))
    # One process a side: what is read of the agent is the subject, not how many processes ask it.
    report = check_connect4(tmp_path / "main.py", positions=6, seed=3, games=False, sandbox="off", workers=1)
    assert report.verdict == "broken"
    assert "--allow-package yaml shows it" in str(report.problem)
    allowed = check_connect4(
        tmp_path / "main.py",
        positions=6,
        seed=3,
        games=False,
        sandbox="off",
        workers=1,
        allow_packages=("numpy", "yaml"),
    )
    assert allowed.problem is None and allowed.overall.legal == 6  # seed 3's six, drawn once a run
