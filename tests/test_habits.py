"""The habits the test command keeps: every Python file type-checked, warnings fatal, the page's JavaScript linted."""

from __future__ import annotations

import importlib.util
import os
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


def test_the_test_command_type_checks_the_package_the_benchmarks_and_every_test_file_in_one_mypy_run() -> None:
    mypy_steps = [command for _, command in dev_script().checks("python", fast=True) if "mypy" in command]
    assert mypy_steps == [["python", "-m", "mypy", "--strict"]]  # the files are pyproject's, as for a plain `mypy`
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert settings["files"] == ["src/perfectplay", "benchmarks", "tests"]
    # Bare-name helper imports resolve from tests/, and each folder's conftest.py is a module of its own.
    assert settings["explicit_package_bases"] is True and "tests" in settings["mypy_path"]


def test_fast_leaves_out_exactly_the_slow_and_integration_tests_and_the_plain_command_runs_every_test() -> None:
    dev = dev_script()
    cores = len(os.sched_getaffinity(0))

    def workers(count: int) -> list[str]:
        return ["python", "-m", "pytest", "-n", str(count), "--dist", "loadgroup"]

    # The full suite waits on browsers, sandboxes and builds: two workers more than the cores fill those waits.
    assert dev.pytest_command("python", False, ["-q"]) == [*workers(cores + 2), "-q"]
    fast = [*workers(cores), "-m", "not slow and not integration", "-q"]
    assert dev.pytest_command("python", True, ["-q"]) == fast
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert {line.split(":")[0] for line in options["markers"]} == {"slow", "integration"}
    assert "--strict-markers" in options["addopts"].split()  # a misspelt marker cannot slip into --fast


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


def test_the_checks_run_beside_the_tests_show_their_output_after_them_and_a_failing_one_fails_the_command(
    capfd: pytest.CaptureFixture[str],
) -> None:
    dev = dev_script()
    python = sys.executable

    def step(text: str, status: int) -> list[str]:
        return [python, "-c", f"import sys; print({text!r}); sys.exit({status})"]

    tests = step("the tests ran", 0)
    assert dev.checks_beside([("lint", step("lint is clean", 0))], tests) == 0
    shown = capfd.readouterr().out
    assert shown.index("the tests ran") < shown.index("$ lint\n") < shown.index("lint is clean")
    # Every step runs and shows its output; the status is the first failing check's, whatever the tests did.
    steps = [("lint", step("lint is clean", 0)), ("types", step("a type error", 3)), ("js", step("bad js", 4))]
    assert dev.checks_beside(steps, step("the tests failed", 1)) == 3
    shown, errors = capfd.readouterr()
    assert all(text in shown for text in ("lint is clean", "a type error", "bad js", "the tests failed"))
    assert "types failed (exit status 3)" in errors and "js failed (exit status 4)" in errors
    assert dev.checks_beside([("lint", step("lint is clean", 0))], step("the tests failed", 1)) == 1


def test_a_fresh_checkout_is_compiled_once_before_the_workers_and_a_warm_one_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    dev = dev_script()
    monkeypatch.setattr(dev, "ROOT", tmp_path)
    warm = dev.warm_bytecode("python")
    assert warm is not None and warm[:3] == ["python", "-m", "pytest"] and "--collect-only" in warm
    (tmp_path / "tests" / "__pycache__").mkdir(parents=True)
    (tmp_path / "tests" / "__pycache__" / "conftest.cpython-311-pytest-9.1.1.pyc").write_bytes(b"")
    assert dev.warm_bytecode("python") is None
    # The warm pass runs first, says nothing, and its status is not the command's.
    order = tmp_path / "order.txt"

    def step(text: str, status: int) -> list[str]:
        return [sys.executable, "-c", f"open({str(order)!r}, 'a').write({text!r}); print({text!r}); exit({status})"]

    assert dev.checks_beside([], step("tests ", 0), step("warm ", 5)) == 0
    assert order.read_text() == "warm tests "
    assert "warm" not in capfd.readouterr().out
