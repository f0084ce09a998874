"""A Connect Four bundle compiles perfectplay's core where the grader can, and says in one line where it cannot.

Connect Four's check solves its positions as it runs: seconds a position on
the pure-Python core, milliseconds compiled. Gradescope's ``setup.sh`` runs
here on Python 3.10 (its image's) with the stand-ins tests/check/
test_grader_bundles.py uses (SOURCE, VENV, PYTHON, NO_APT: no apt-get), once
with this machine's compiler and once with none on the PATH.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from other_pythons import interpreters
from perfectplay.cli.grader_classroom50 import classroom50
from perfectplay.cli.grader_coderunner import coderunner
from perfectplay.cli.grader_files import BUILD_BOOT, Choices, autolab, gradescope, prairielearn

pytestmark = [pytest.mark.slow, pytest.mark.integration]

PERFECTPLAY = str(Path(sys.executable).parent / "perfectplay")
SETUP_TOOLS = ("bash", "ls", "head", "id", "env", "chmod")
"""What setup.sh runs besides Python: a PATH of these alone has no C compiler."""


@pytest.fixture(scope="module")
def python310() -> str:
    found = interpreters().get((3, 10))
    if found is None:
        pytest.skip("no Python 3.10 on this machine (Gradescope's image has it)")
    return found


def gradescope_setup(tmp_path: Path, python: str, path: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    """The Connect Four bundle made, unpacked as Gradescope unpacks it, and its setup.sh run; (the run, the venv)."""
    bundle = tmp_path / "autograder.zip"
    made = subprocess.run(
        [PERFECTPLAY, "grader", "gradescope", "--game", "connect4", "--out", str(bundle)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert made.returncode == 0, made.stderr
    source = tmp_path / "source"
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(source)
    (source / "setup.sh").chmod(0o755)
    venv = tmp_path / "venv"
    dropped = ("PYTHONPATH", "VIRTUAL_ENV", "PERFECTPLAY", "PATH")
    environ = {key: value for key, value in os.environ.items() if key not in dropped}
    environ |= {"SOURCE": str(source), "VENV": str(venv), "PYTHON": python, "NO_APT": "1", "PIP_NO_INDEX": "1"}
    environ["PATH"] = path
    setup = subprocess.run(
        ["bash", str(source / "setup.sh")], cwd=tmp_path, env=environ, capture_output=True, text=True, timeout=600
    )
    return setup, venv


def version(venv: Path) -> str:
    done = subprocess.run([str(venv / "bin" / "perfectplay"), "--version"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_gradescopes_setup_compiles_the_core_into_its_environment(tmp_path: Path, python310: str) -> None:
    if shutil.which("gcc") is None and shutil.which("cc") is None:
        pytest.skip("no C compiler on this machine")
    setup, venv = gradescope_setup(tmp_path, python310, os.environ.get("PATH", ""))
    assert setup.returncode == 0, setup.stderr
    said = [line for line in setup.stdout.splitlines() if line.startswith("perfectplay:")]
    assert len(said) == 1 and said[0].startswith("perfectplay: compiled the core for Python 3.10"), setup.stdout
    assert "solver core: compiled C" in version(venv)


def test_with_no_compiler_gradescopes_setup_keeps_the_pure_core_and_says_why_in_one_line(
    tmp_path: Path, python310: str
) -> None:
    tools = tmp_path / "tools"
    tools.mkdir()
    for tool in SETUP_TOOLS:
        found = shutil.which(tool)
        assert found is not None, tool
        (tools / tool).symlink_to(found)
    setup, venv = gradescope_setup(tmp_path, python310, str(tools))
    assert setup.returncode == 0, setup.stderr
    said = [line for line in setup.stdout.splitlines() if line.startswith("perfectplay:")]
    assert said == ["perfectplay: no C compiler on this machine (install gcc): the pure core is used"]
    assert "Traceback" not in setup.stderr
    assert "solver core: pure Python" in version(venv)


def test_every_bundle_compiles_for_connect4_only() -> None:
    connect4, tictactoe, nim = Choices(game="connect4", file="agent.py"), Choices(), Choices(game="nim")
    setup = {file.path: file.text for file in gradescope(connect4)}["setup.sh"]
    assert "apt-get install -y --no-install-recommends gcc python3-dev" in setup
    assert setup.index("-m perfectplay.cli.build_core") < setup.index('"$venv/bin/perfectplay" --version')
    for choices, compiles in ((connect4, True), (tictactoe, False), (nim, False)):
        texts = [file.text for file in gradescope(choices)]
        texts += [file.text for file in prairielearn(choices)]
        texts += [file.text for files in autolab(choices) for file in files]
        texts += [file.text for file in coderunner(choices)]
        texts += [file.text for file in classroom50(choices, b"wheel")]
        builds = ["build_core" in text for text in texts]
        assert builds.count(True) == (5 if compiles else 0), (choices.game, builds)
    assert BUILD_BOOT.endswith("from perfectplay.cli.build_core import main; sys.exit(main())")
