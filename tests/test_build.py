"""``python -m build``: an sdist and a wheel that install with no index, on the oldest and newest Python here.

The compiled core is a plain CPython extension (not the limited API), so a
wheel is built per Python version (``cp310``, ``cp313``...): each is built
with that version's own ``build`` and installed, with ``--no-index``, into a
clean virtual environment of that version, where it must load its compiled
core. The sdist builds offline wherever setuptools 77 or later is installed.
Building for another version needs that version's setuptools; where the
index cannot give it, the test says so and skips that version.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import perfectplay
from built_wheels import Built, clean_environ, copy_checkout, install_alone, pip_environ, unoptimised_compiler
from other_pythons import interpreters

pytestmark = [pytest.mark.slow, pytest.mark.integration]

ROOT = Path(__file__).resolve().parents[1]


def run(argv: list[str], cwd: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=900, env={**clean_environ(), **extra})


def compiler() -> bool:
    return shutil.which("cc") is not None or shutil.which("gcc") is not None


def test_build_makes_an_sdist_and_a_wheel_for_this_python_that_install_with_no_index(
    built: Built, wheel_alone: Path, tmp_path: Path
) -> None:
    # ``built`` is ``python -m build --no-isolation`` on the checkout's files (it fails if the build does), its
    # wheel built from the sdist; ``wheel_alone`` a new virtual environment that wheel went into with no index.
    sdist, wheel = built.sdist, built.wheel
    tag = f"cp{sys.version_info[0]}{sys.version_info[1]}"
    assert tag in wheel.name or "py3-none-any" in wheel.name
    version = run([str(wheel_alone / "perfectplay"), "--version"], tmp_path)
    assert version.returncode == 0, version.stderr
    # One version: the wheel's name and its --version say the package's own (perfectplay.__version__).
    assert wheel.name.startswith(f"perfectplay-{perfectplay.__version__}-")
    assert version.stdout.startswith(f"perfectplay {perfectplay.__version__}\n")
    if compiler():
        assert "solver core: compiled C" in version.stdout
    # ``python -m build`` made the wheel from the sdist, offline (no index, no isolation): the sdist holds
    # everything the wheel is built from. Installing the sdist again would only compile the core a second time.
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert any(name.startswith("perfectplay/books/") for name in names), sorted(names)
    assert "perfectplay/check/schema/check-v1.json" in names
    with tarfile.open(sdist) as archive:
        packed = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {"pyproject.toml", "setup.py", "src/perfectplay/_core/core.h"} <= packed


def build_tools(python: str, where: Path) -> Path | None:
    """A virtual environment of ``python`` with build and setuptools 77+ (from the index); None if unreachable."""
    created = run([python, "-m", "venv", "--without-pip", str(where)], where.parent)
    assert created.returncode == 0, created.stderr
    bin_dir = where / ("Scripts" if os.name == "nt" else "bin")
    pip = [sys.executable, "-m", "pip", "--python", str(bin_dir / "python")]
    # --no-compile: the tools run once, so byte-compiling all of setuptools (most of it never imported) is waste.
    tools = subprocess.run(
        [*pip, "install", "--quiet", "--no-compile", "setuptools>=77", "build"],
        cwd=where.parent,
        capture_output=True,
        text=True,
        timeout=900,
        env=pip_environ(),
    )
    return bin_dir if tools.returncode == 0 else None


@pytest.mark.parametrize("end", ["oldest", "newest"])
def test_each_python_builds_its_own_wheel_with_the_compiled_core_and_installs_it_with_no_index(
    tmp_path: Path, end: str
) -> None:
    found = interpreters()
    others = {version: path for version, path in found.items() if version != sys.version_info[:2]}
    if not others:
        pytest.skip(f"no Python but {sys.version_info[0]}.{sys.version_info[1]} on this machine")
    version = min(others) if end == "oldest" else max(others)
    python = others[version]
    tools = build_tools(python, tmp_path / "tools")
    if tools is None:
        pytest.skip(f"setuptools and build for Python {version[0]}.{version[1]} could not be installed (offline?)")
    dist = tmp_path / "dist"
    # A copy of its own of the files git would commit (what an sdist is made of): the other end's build runs on
    # another worker at the same time, and both would write the checkout's build/ and egg-info folders; made here,
    # not copied from the run's one build, so that this test starts at once instead of waiting for that build.
    source = copy_checkout(tmp_path / "source")
    # -x (--skip-dependency-check): the tools are what build-system.requires names, installed just above; the
    # check of this checkout's own environment against it is the test above's. The core compiled unoptimised
    # (tests/built_wheels.py): this wheel's core answers one game.
    argv = [str(tools / "python"), "-m", "build", "--no-isolation", "-x", "--wheel", "--outdir", str(dist), "."]
    built = run(argv, source, **unoptimised_compiler(tmp_path))
    assert built.returncode == 0, built.stderr[-2000:]
    [wheel] = dist.glob("perfectplay-*.whl")
    assert f"cp{version[0]}{version[1]}" in wheel.name
    bin_dir = install_alone(python, wheel, tmp_path / "venv", byte_compile=False)  # it runs two commands
    answer = run([str(bin_dir / "perfectplay"), "--version"], tmp_path)
    assert answer.returncode == 0, answer.stderr
    if compiler():
        assert "solver core: compiled C" in answer.stdout
    game = subprocess.run(
        [str(bin_dir / "perfectplay"), "play"], input="5\n1\n3\nq\n", capture_output=True, text=True, timeout=300
    )
    assert game.returncode == 0 and "The computer (O) plays" in game.stdout, game.stderr
