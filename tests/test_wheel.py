"""The wheel: built from the checkout, installed alone in a clean virtual environment, and run.

No index is used: the wheel is built with the setuptools of the test's own
environment (the dev extra pins a recent one) and installed with
``--no-index --no-deps``, so this works offline. Nothing here assumes a
pure-Python wheel: a compiled core, when the build adds one, is simply part
of what gets installed and run.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration  # builds a wheel and installs it in a fresh venv

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def clean_install(wheel_alone: Path) -> Path:
    """A fresh virtual environment holding only the wheel built from this checkout; returns its bin directory.

    The run's one build and install (tests/built_wheels.py), which tests/test_build.py checks as well.
    """
    return wheel_alone


def _start(bin_dir: Path, *args: str) -> subprocess.Popen[str]:
    # Run from an empty directory so that nothing of the checkout can be imported by accident.
    elsewhere = bin_dir.parent / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    environment = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.Popen(
        [str(bin_dir / "perfectplay"), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=elsewhere,
        env=environment,
    )


def _finish(started: subprocess.Popen[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    try:
        stdout, stderr = started.communicate(stdin, timeout=300)
    except subprocess.TimeoutExpired:
        started.kill()
        raise
    return subprocess.CompletedProcess(started.args, started.returncode, stdout, stderr)


def _run(bin_dir: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return _finish(_start(bin_dir, *args), stdin)


def test_the_clean_environment_holds_the_wheel_and_no_developer_tools(clean_install: Path) -> None:
    # The environment has no pip of its own: its own Python lists what is installed there (the metadata pip list
    # reads, without starting pip) and says where perfectplay is imported from, in one process.
    script = (
        "import importlib.metadata, perfectplay; print(perfectplay.__file__); "
        "print(*(dist.metadata['Name'] for dist in importlib.metadata.distributions()))"
    )
    shown = subprocess.run(
        [str(clean_install / "python"), "-c", script],
        capture_output=True,
        text=True,
        cwd=clean_install.parent,
        env={key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")},
    )
    assert shown.returncode == 0, shown.stderr
    where, listed = shown.stdout.splitlines()
    names = {name.lower() for name in listed.split()}
    assert "perfectplay" in names
    assert not names & {"pytest", "ruff", "mypy", "rich", "fastapi", "numpy"}
    assert str(clean_install.parent) in where
    assert str(ROOT / "src") not in where


def test_perfectplay_play_runs_from_the_wheel_with_moves_piped_in(clean_install: Path) -> None:
    result = _run(clean_install, "play", stdin="5\n1\n3\nq\n")
    assert result.returncode == 0, result.stderr
    assert "The computer (O) plays" in result.stdout
    assert "Traceback" not in result.stderr


def test_perfectplay_check_runs_from_the_wheel_on_the_examples(clean_install: Path) -> None:
    # Both checks run side by side: each mostly waits on its sandboxed candidate. Running from the wheel is the
    # point (its sandbox, runner, oracle and report), not every position: a seeded sample of 50 plus the games
    # holds both verdicts, at half the CPU of the full check (tests/check/ runs that one).
    checking = [
        _start(clean_install, "check", str(ROOT / "examples" / name), "--sample", "50")
        for name in ("correct.py", "fatalist.py")
    ]
    try:
        correct, fatalist = (_finish(started) for started in checking)
    finally:
        for started in checking:
            if started.poll() is None:  # the other one timed out: stop this one too
                started.kill()
                started.wait()
    assert correct.returncode == 0, correct.stdout + correct.stderr
    assert "Unbeatable" in correct.stdout
    assert fatalist.returncode == 1
    assert "Wins slower than it could" in fatalist.stdout


def test_the_wheel_answers_a_question_and_writes_a_data_set(clean_install: Path) -> None:
    best = _run(clean_install, "best", "XX./OO./...")
    assert best.returncode == 0, best.stderr
    assert best.stdout.strip() == "3"
    dataset = _run(clean_install, "dataset", "tictactoe", "--format", "csv")
    assert dataset.returncode == 0, dataset.stderr
    assert len(dataset.stdout.splitlines()) == 5479
