"""A Connect Four grader bundle installs what the lab lets a student import (NumPy, the extra connect4-lab)."""

from __future__ import annotations

import re
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

from perfectplay.check.connect4.flags import LAB_PACKAGES
from perfectplay.check.connect4.recognise import LAB_EXTRA
from perfectplay.cli.grader_files import Choices, gradescope
from perfectplay.cli.wheel import build_wheel
from repo_paths import ROOT

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.10
    import tomli as tomllib


def test_the_extra_the_check_names_installs_exactly_the_labs_allowed_packages() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    names = {re.split(r"[<>=!~\[; ]", requirement)[0] for requirement in extras[LAB_EXTRA]}
    assert names == set(LAB_PACKAGES) == {"numpy"}


def test_the_gradescope_setup_installs_the_connect4_lab_extra_and_tic_tac_toes_installs_nothing_more() -> None:
    connect4 = {file.path: file.text for file in gradescope(Choices(game="connect4"))}["setup.sh"]
    tictactoe = {file.path: file.text for file in gradescope(Choices())}["setup.sh"]
    assert '-m pip install --quiet --no-warn-script-location "$wheel[connect4-lab]"' in connect4
    assert "connect4-lab" not in tictactoe and tictactoe.count("pip install") == 1


def test_the_bundles_wheel_declares_the_lab_extra_as_pyproject_does(tmp_path: Path) -> None:
    # setup.sh installs "$wheel[connect4-lab]": without the extra in the wheel's metadata pip only warns, installs
    # no NumPy, and every agent that imports it is "not graded".
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    wheel = build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        [name] = [name for name in archive.namelist() if name.endswith(".dist-info/METADATA")]
        metadata = Parser().parsestr(archive.read(name).decode())
    assert LAB_EXTRA in metadata.get_all("Provides-Extra", [])
    wanted = [f'{requirement}; extra == "{LAB_EXTRA}"' for requirement in extras[LAB_EXTRA]]
    assert metadata.get_all("Requires-Dist", []) == wanted


def test_the_teachers_readme_says_which_install_uses_the_package_index() -> None:
    readmes = {
        game: {file.path: file.text for file in gradescope(Choices(game=game))}["README.md"]
        for game in ("connect4", "tictactoe")
    }
    assert "(the extra `connect4-lab`, NumPy) comes from the package index" in readmes["connect4"]
    assert "package index;" not in readmes["tictactoe"] and "with no package index." in readmes["tictactoe"]
