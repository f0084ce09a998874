"""A package the teacher allows comes with what it needs: its installed dependencies are shown with it, so an agent
that imports it is graded, never "broken ... No module named 'typing_extensions'" for a dependency the checker hid.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hostile_payloads import EITHER_SANDBOX
from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.run import allowed

pytest.importorskip("gymnasium")  # an allowed package with dependencies of its own (NumPy, typing_extensions...)

AGENT = """import gymnasium

def agent(observation, configuration):
    return next(column for column in range(7) if observation.board[column] == 0)
"""


def test_an_allowed_packages_dependencies_are_its_installed_requirements_without_its_extras() -> None:
    needed = allowed.dependencies(["gymnasium"])
    assert {"numpy", "cloudpickle", "typing_extensions"} <= set(needed)
    assert not {"gymnasium", "pytest", "jax", "perfectplay"} & set(needed)  # extras, itself, the checker: never


def test_a_single_file_module_is_shown_as_its_file() -> None:
    paths = allowed.package_folders("typing_extensions")
    assert paths is not None and [path.name for path in paths] == ["typing_extensions.py"]


@pytest.mark.parametrize("sandbox", EITHER_SANDBOX)
def test_an_agent_importing_an_allowed_package_with_dependencies_is_graded(tmp_path: Path, sandbox: str) -> None:
    (tmp_path / "agent.py").write_text(AGENT)
    # One candidate process: each one imports gymnasium and NumPy (half a second), and one shows whether they import.
    report = check_connect4(
        tmp_path / "agent.py",
        positions=2,
        seed=1,
        games=False,
        workers=1,
        sandbox=sandbox,
        allow_packages=("gymnasium",),
    )
    assert report.verdict != "broken", report.problem
    assert report.problem is None
