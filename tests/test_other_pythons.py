"""The oldest and newest other Pythons install the wheel, check and play: tests/other_pythons.py as one test.

It ran after the whole suite; as a test it runs beside the others on its
own worker (it mostly waits on pip and on subprocesses), so the suite's wall
time no longer adds its tens of seconds.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import other_pythons
from cli_helpers import PATIENCE

pytestmark = pytest.mark.integration  # other interpreters, a wheel build, pip


def test_the_oldest_and_newest_other_pythons_install_the_wheel_check_an_example_and_play() -> None:
    script = Path(__file__).resolve().parent / "other_pythons.py"
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=PATIENCE)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout.startswith("Other Pythons: "), done.stdout


def test_an_interpreter_is_started_only_when_its_name_may_give_a_supported_version_not_yet_found() -> None:
    # Each probe starts a process (a pyenv shim, a shell and pyenv as well): the name rules most of them out.
    assert other_pythons.named_version("/root/.pyenv/versions/3.12.1/bin/python3.12") == (3, 12)
    assert other_pythons.named_version("/usr/bin/python3.9") == (3, 9)
    assert other_pythons.named_version("C:/Python311/python.exe") is None
    assert other_pythons.named_version("/usr/bin/python3.1x") is None
