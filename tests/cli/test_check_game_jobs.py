"""A game's class run reads ``--jobs N`` as tic-tac-toe's does: N processes computing at once, so ``--jobs 1``
checks each student on one candidate process, ``--jobs 2`` two students of one process each, and one file alone
on two; without ``--jobs``, one student at a time on two (cli/check_game.py, class_run.lanes)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess
from perfectplay.check import GameSettings, plug_for
from perfectplay.cli import check_game

AGENT = "def agent(observation, configuration):\n    return 3\n"


def students(folder: Path, count: int) -> list[str]:
    paths = []
    for number in range(count):
        path = folder / f"s{number}" / "agent.py"
        path.parent.mkdir()
        path.write_text(AGENT)
        paths.append(str(path))
    return paths


@pytest.mark.parametrize(
    ("count", "jobs", "workers"),
    [(3, ["--jobs", "1"], 1), (3, ["--jobs", "2"], 1), (1, ["--jobs", "2"], 2), (1, ["--jobs", "1"], 1), (3, [], 2)],
)
def test_each_check_gets_its_share_of_the_jobs_in_candidate_processes(
    in_process: InProcess, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, count: int, jobs: list[str], workers: int
) -> None:
    given: list[int] = []
    lock = threading.Lock()

    def conduct(plug: Any, settings: GameSettings) -> Any:
        with lock:
            given.append(settings.limits.workers)
        return plug_for("connect4").not_gradable(str(settings.candidate.name), "not run: the test's own")

    monkeypatch.setattr(check_game, "conduct", conduct)
    finished = in_process("check", "--game", "connect4", *students(tmp_path, count), "--seed", "1", *jobs, "--json")
    assert finished.returncode in (1, 2), finished.stderr
    assert given == [workers] * count
