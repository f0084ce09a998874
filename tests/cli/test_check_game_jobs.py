"""A game's class run reads ``--jobs N`` as tic-tac-toe's does: N processes computing at once, so ``--jobs 1``
checks each student on one candidate process, ``--jobs 2`` two students of one process each, and one file alone
on two; without ``--jobs``, one student at a time on two (cli/check_game.py, class_run.lanes). A grader's one
tic-tac-toe submission reads it alike (cli/check.py)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess
from perfectplay.check import GameSettings, plug_for, unchecked
from perfectplay.cli import check as cli_check
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


@pytest.mark.parametrize(("jobs", "workers"), [(["--jobs", "1"], 1), (["--jobs", "2"], 2), ([], 2)])
def test_a_graders_one_tictactoe_submission_reads_jobs_the_same_way(
    in_process: InProcess, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: list[str], workers: int
) -> None:
    given: list[int] = []

    def check_submission(plan: Any, submission: Any, progress: Any = None) -> Any:
        given.append(plan.limits.workers)
        return unchecked(submission.name, "not run: the test's own", "best")

    monkeypatch.setattr(cli_check, "check_submission", check_submission)
    monkeypatch.setattr(cli_check, "default_jobs", lambda: 2)  # as on a 2-core machine, whatever this one has
    ai = tmp_path / "tictactoe.py"
    ai.write_text("def find_best_move(board):\n    return 0\n")
    finished = in_process("check", str(ai), "--format", "gradescope", "--output", str(tmp_path / "r.json"), *jobs)
    assert finished.returncode in (0, 1, 2), finished.stderr
    assert given == [workers]
