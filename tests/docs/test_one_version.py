"""The version is written once (``perfectplay.__version__``); the metadata, ``--version``, the changelog agree."""

from __future__ import annotations

import re
import sys
from importlib.metadata import version
from pathlib import Path

import perfectplay
from cli_helpers import InProcess

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]


def test_pyproject_reads_the_version_from_the_package_and_writes_none_of_its_own() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "perfectplay.__version__"}


def test_the_installed_metadata_and_the_version_command_say_the_packages_version(in_process: InProcess) -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+", perfectplay.__version__)
    assert version("perfectplay") == perfectplay.__version__
    said = in_process("--version")
    assert said.stdout.splitlines()[0] == f"perfectplay {perfectplay.__version__}"


def test_the_changelogs_newest_release_is_this_version_and_the_unreleased_section_is_above_it() -> None:
    releases = re.findall(r"^## \[([^\]]+)\]", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.MULTILINE)
    assert releases[0] == "Unreleased"
    assert releases[1] == perfectplay.__version__
