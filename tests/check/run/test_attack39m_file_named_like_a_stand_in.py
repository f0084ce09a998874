"""A student's file named like one of the descriptors the checker hands its runner is checked as that file
(attack 39m).

The runner's command line names the descriptors it is handed by stand-ins (``@READY_FD@``, ``@RUNNER_FD@``, ...),
swapped for their numbers when the process starts. They were swapped wherever they appeared, inside the checked
file's own path too: a correct AI saved as ``@READY_FD@.py`` was imported as ``7.py`` ("No such file", 0 points,
not gradable), and one beside a ``7.py`` of its folder was graded on that other file. Only whole arguments are
stand-ins now.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hostile_payloads import EITHER_SANDBOX, HOSTILE
from perfectplay.check.api import check_ai
from perfectplay.check.run.sandbox import READY_FD, RUNNER_FD


@pytest.mark.parametrize("sandbox", EITHER_SANDBOX)
@pytest.mark.parametrize("stand_in", [READY_FD, RUNNER_FD])
def test_a_file_named_like_a_stand_in_is_the_file_checked(tmp_path: Path, sandbox: str, stand_in: str) -> None:
    folder = tmp_path / "student"
    folder.mkdir()
    tmp_path.chmod(0o755)  # unsandboxed as root, the candidate's own user reads its copy from here
    path = folder / f"{stand_in}.py"
    shutil.copy(HOSTILE / "_first_free.py", path)
    for number in range(3, 40):  # whatever number a descriptor gets, the file of that name raises
        (folder / f"{number}.py").write_text("raise RuntimeError('the wrong file was imported')\n")
    report = check_ai(path, sandbox=sandbox, sample=20, plays="both", move_seconds=5, total_seconds=60)
    assert report.problem is None, report.problem
    assert report.machine is None
    assert report.asked > 0 and not any("wrong file" in str(finding.example) for finding in report.findings)
