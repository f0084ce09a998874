"""A package the Connect Four lab allows but the machine lacks is the teacher's install: "not graded", exit 3.

Anything else the agent imports and cannot have stays the student's failure (broken, graded).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.model import Connect4Report
from perfectplay.check.connect4.recognise import install_hint, missing_allowed
from perfectplay.check.connect4.render import render_text
from perfectplay.check.connect4.score import connect4_score
from perfectplay.check.run import allowed
from perfectplay.check.run.sandbox import probe

AGENT = """import {module}

def agent(observation, configuration):
    return next(column for column in range(7) if observation.board[column] == 0)
"""


def agent_importing(folder: Path, module: str) -> Path:
    file = folder / "agent.py"
    file.write_text(AGENT.format(module=module))
    return file


def quick(path: Path, **options: Any) -> Connect4Report:
    settings: dict[str, Any] = {"positions": 2, "seed": 1, "games": False, "move_seconds": 2.0, **options}
    return check_connect4(path, **settings)


def test_only_a_missing_allowed_package_named_by_the_import_error_is_the_machines() -> None:
    error = {"type": "ModuleNotFoundError", "message": "No module named 'numpy'"}
    assert missing_allowed(error, ("numpy",)) == "numpy"
    assert missing_allowed({**error, "message": "No module named 'numpy.linalg'"}, ("numpy",)) == "numpy"
    assert missing_allowed({**error, "message": "No module named 'scipy'"}, ("numpy",)) is None
    assert missing_allowed(error, ()) is None  # numpy is on the machine: whatever failed is the student's
    assert missing_allowed({"type": "ValueError", "message": "No module named 'numpy'"}, ("numpy",)) is None
    assert install_hint("numpy") == "'perfectplay[connect4-lab]'" and install_hint("torch") == "torch"


def test_an_allowed_package_missing_on_the_machine_is_not_graded_with_the_install_to_run(tmp_path: Path) -> None:
    report = quick(
        agent_importing(tmp_path, "labpackage_nowhere"), sandbox="off", allow_packages=("numpy", "labpackage_nowhere")
    )
    assert (report.verdict, report.exit_status) == ("not graded", 3)
    assert report.problem == "not graded: labpackage_nowhere is not installed where perfectplay runs; pip install " + (
        "labpackage_nowhere"
    )
    assert not connect4_score(report).gradable
    text = render_text(report)
    assert "not graded: not graded" not in text and "0 of 100 (not graded: the machine's failure" in text
    assert text.splitlines()[0].endswith(": not graded: labpackage_nowhere is not installed where perfectplay runs; "
                                         "pip install labpackage_nowhere")


def test_a_package_the_lab_does_not_allow_is_the_students_failure(tmp_path: Path) -> None:
    report = quick(agent_importing(tmp_path, "labpackage_nowhere"), sandbox="off")
    assert (report.verdict, report.exit_status) == ("broken", 1)
    assert "No module named 'labpackage_nowhere'" in str(report.problem)
    assert connect4_score(report).gradable and connect4_score(report).points == 0


@pytest.mark.integration
@pytest.mark.skipif(probe() is not None, reason=f"no bubblewrap sandbox here: {probe()}")
def test_a_numpy_agent_where_numpy_is_not_installed_is_not_graded_and_says_which_extra_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = allowed.package_folders
    monkeypatch.setattr(allowed, "package_folders", lambda name: None if name == "numpy" else found(name))
    report = quick(agent_importing(tmp_path, "numpy"), sandbox="require")
    assert (report.verdict, report.exit_status) == ("not graded", 3), report.problem
    assert report.problem == (
        "not graded: numpy is not installed where perfectplay runs; pip install 'perfectplay[connect4-lab]'"
    )
