"""A grader's --budget bounds a Connect Four or Nim check's CPU time too (attack 39g).

The budget of a plug game was a wall-clock bound alone, and that bound forgives the time a check is queued
for a processor: a Connect Four agent that forked three busy children on every move was always queued, and
`check agent.py --game connect4 --budget 10 --positions 20` ran 271 s and 72 CPU seconds of the student's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.settings import GameSettings
from perfectplay.cli import check_game


@pytest.mark.parametrize(("game", "extra"), [("connect4", []), ("nim", ["--nim-ai", "learning"])])
def test_a_budget_caps_the_candidates_cpu_at_what_its_processes_could_use_in_the_wall_bound(
    game: str,
    extra: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[GameSettings] = []

    def conduct(plug: Any, settings: GameSettings) -> Any:
        seen.append(settings)
        raise CheckUsageError("stopped by the test")

    monkeypatch.setattr(check_game, "conduct", conduct)
    agent = tmp_path / "agent.py"
    agent.write_text("def agent(observation, configuration):\n    return 0\n")
    run = InProcess(capsys, monkeypatch)
    assert run("check", str(agent), "--game", game, *extra, "--budget", "10", "--sandbox", "off").returncode == 2
    budgeted = seen[-1].limits
    wall = 10 * 0.9 - 3  # the check's share of the budget (check_game._wall)
    assert budgeted.wall_seconds == pytest.approx(wall)
    assert budgeted.total_seconds == pytest.approx(wall * budgeted.workers)
    # Without a budget the game's own CPU limit stands, and a time limit the teacher gives is kept under one.
    assert run("check", str(agent), "--game", game, *extra, "--sandbox", "off").returncode == 2
    assert seen[-1].limits.total_seconds == 600
    run("check", str(agent), "--game", game, *extra, "--budget", "100", "--time-limit", "20", "--sandbox", "off")
    assert seen[-1].limits.total_seconds == 20
