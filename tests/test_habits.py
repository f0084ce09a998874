"""The habits the test command keeps: every Python file type-checked, warnings fatal, the page's JavaScript linted."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the same parser, from the dev extra
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]


def dev_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("dev", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_test_command_type_checks_the_package_the_benchmarks_and_every_test_file() -> None:
    checked = {part for _, command in dev_script().type_checks("python") for part in command[4:]}
    every_test = {str(path.relative_to(ROOT)) for path in (ROOT / "tests").rglob("*.py")}
    # mypy given a folder checks everything below it, subfolders included.
    covered = {name for name in every_test if name in checked or any(str(p) in checked for p in Path(name).parents)}
    assert covered == every_test
    assert {"src/perfectplay", "benchmarks"} <= checked


def test_a_warning_fails_the_test_that_raised_it() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert options["filterwarnings"][0] == "error"


def test_the_pages_javascript_passes_the_linter_the_test_command_runs() -> None:
    linter = Path(sys.executable).parent / "oxlint"
    if not linter.exists():
        pytest.skip("oxlint is installed with the dev extra")
    result = subprocess.run(
        [str(linter), "--deny-warnings", "src/perfectplay/web/static"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
