"""A player's install is light: ``dev.py play`` sets up the game alone, and the game runs with no extra at all."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the same parser, from the dev extra
    import tomli as tomllib

from test_habits import dev_script

ROOT = Path(__file__).resolve().parents[1]

WITHOUT_EXTRAS = """
import sys
for name in ("rich", "fastapi", "uvicorn", "pydantic", "pytest"):
    sys.modules[name] = None  # an import of any of them now fails, as in a bare 'pip install .'
from perfectplay.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_dev_py_play_installs_only_the_terminal_extra_and_test_adds_the_tools() -> None:
    extras = dev_script().EXTRAS
    optional = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert extras["play"] == {"cli"} and "dev" not in extras["run"]
    assert extras["play"] <= extras["run"] <= extras["test"] == {"cli", "web", "dev"}
    assert all(extra in optional for needed in extras.values() for extra in needed)


def test_a_venv_set_up_for_test_serves_play_and_a_changed_pyproject_installs_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dev = dev_script()
    monkeypatch.setattr(dev, "STAMP", tmp_path / "stamp")
    assert dev.installed("abc") == set()
    dev.STAMP.write_text("abc\ncli,dev,web")
    assert dev.installed("abc") == {"cli", "dev", "web"} >= dev.EXTRAS["play"]
    assert dev.installed("changed") == set()
    dev.STAMP.write_text("abc")  # the stamp of an older dev.py: install once more
    assert dev.installed("abc") == set()


@pytest.mark.parametrize(
    ("args", "stdin", "expected"),
    [
        (["play", "--seed", "4"], "5\nhint\nquit\n", "Hint for X: play 1, 2, 4, 6, 7, 8 or 9 (a draw with best play)."),
        (["best", "XOX/OO./.X."], "", "6"),
        (["match", "--games", "2", "--x", "random"], "", "O: "),
    ],
)
def test_the_terminal_game_runs_without_any_optional_dependency(args: list[str], stdin: str, expected: str) -> None:
    result = subprocess.run(
        [sys.executable, "-c", WITHOUT_EXTRAS, *args], input=stdin, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert expected in result.stdout
    assert "Traceback" not in result.stderr
