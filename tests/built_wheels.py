"""The checkout built once per run: ``python -m build`` (an sdist, and a wheel built from it) and a clean virtual
environment holding that wheel alone, shared by tests/test_build.py and tests/test_wheel.py and by both xdist
workers (tests/shared_results.py), so the compiled core is built once, not once per test file and worker."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from shared_results import SharedResults, shared_folder

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Built:
    """What ``python -m build`` made from a copy of the checkout's files (``source``)."""

    source: Path
    sdist: Path
    wheel: Path


def checkout_files() -> list[str]:
    """Every file of the checkout git would commit (tracked, or new and not ignored)."""
    if shutil.which("git") is None:
        pytest.fail("git is needed to list the checkout's files")
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    )
    return [name for name in listed.stdout.decode().split("\0") if name and (ROOT / name).is_file()]


def copy_checkout(source: Path) -> Path:
    """A copy of the files git would commit, in ``source``: what an sdist is made of.

    Hard links where the file system allows (0.07 s of CPU against 0.7 s for copies of its 13 MB): a build only
    adds files beside them (build/, the egg-info, dist/), and setuptools' own sdist links its release tree so and
    unlinks a file before it rewrites one. Copies elsewhere.
    """
    for name in checkout_files():
        target = source / name
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(ROOT / name, target)
        except OSError:  # another file system, or one without hard links
            shutil.copy2(ROOT / name, target)
    return source


def clean_environ() -> dict[str, str]:
    """This environment without what would let the checkout or the test's venv leak into a subprocess."""
    return {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}


def pip_environ() -> dict[str, str]:
    """``clean_environ()`` where Python may keep the bytecode it compiles, for ``pip --python OTHER``.

    That runs this environment's pip under the other Python, which compiles
    pip's own modules for its version on every run unless it may keep them
    (in .venv, once per version): where the environment sets
    PYTHONDONTWRITEBYTECODE, 0.6 s of CPU more per install. What pip installs
    is byte-compiled either way.
    """
    return {key: value for key, value in clean_environ().items() if key != "PYTHONDONTWRITEBYTECODE"}


UNOPTIMISED = ("-O0", "-g0")
"""Put last on each compile line (gcc's last -O and -g win): setup.py's own -O3 and Python's -g come first. Where
the core's speed is not the subject, a build of it costs ~0.8 s of gcc instead of ~2 s."""


def unoptimised_compiler(folder: Path) -> dict[str, str]:
    """``CC`` naming a script in ``folder`` that runs this machine's C compiler with ``UNOPTIMISED`` last.

    setuptools puts ``CFLAGS`` before an extension's own flags (setup.py's
    ``-O3``), so only a compiler command can add flags after them. The build
    still compiles every C file of the core with setup.py's flags (a flag
    gcc refuses still fails it) and links it: the wheel holds a compiled
    core that loads. Empty (the build's own compiler) where there is no sh or
    no cc/gcc.
    """
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None or os.name != "posix":
        return {}
    script = folder / "cc-unoptimised"
    folder.mkdir(parents=True, exist_ok=True)
    script.write_text(f'#!/bin/sh\nexec {shlex.quote(cc)} "$@" {" ".join(UNOPTIMISED)}\n', encoding="utf-8")
    script.chmod(0o755)
    return {"CC": str(script)}


def run_folder(factory: pytest.TempPathFactory) -> Path:
    """A folder that lives as long as the run, shared by its xdist workers (this process's alone without xdist)."""
    shared = shared_folder(factory)
    return shared if shared is not None else factory.getbasetemp()


def build_checkout(folder: Path) -> Built:
    """``python -m build --no-isolation`` on a fresh copy of the checkout in ``folder``: an sdist, then its wheel."""
    source = copy_checkout(folder / "source")
    dist = folder / "dist"
    built = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), "."],
        cwd=source,
        capture_output=True,
        text=True,
        timeout=900,
        env={**clean_environ(), **unoptimised_compiler(folder)},  # the wheel's core runs short checks alone
    )
    assert built.returncode == 0, built.stderr[-2000:]
    [sdist] = dist.glob("perfectplay-*.tar.gz")
    [wheel] = dist.glob("perfectplay-*.whl")
    return Built(source, sdist, wheel)


def install_alone(python: str, wheel: Path, where: Path, byte_compile: bool = True) -> Path:
    """A new virtual environment of ``python`` holding ``wheel`` alone, installed with no index; its bin folder.

    The environment gets no pip of its own (ensurepip alone takes seconds): this pip installs into it. Without
    ``byte_compile`` pip does not compile every module (0.5 s of CPU): for an environment that runs a command or two.
    """
    environ = pip_environ()
    created = subprocess.run(
        [python, "-m", "venv", "--without-pip", str(where)], capture_output=True, text=True, env=clean_environ()
    )
    assert created.returncode == 0, created.stderr
    bin_dir = where / ("Scripts" if os.name == "nt" else "bin")
    pip = [sys.executable, "-m", "pip", "--python", str(bin_dir / "python"), "install", "--no-index", "--no-deps"]
    installed = subprocess.run(
        [*pip, "--quiet", *([] if byte_compile else ["--no-compile"]), str(wheel)],
        capture_output=True,
        text=True,
        timeout=600,
        env=environ,
    )
    assert installed.returncode == 0, installed.stderr
    return bin_dir


def built_checkout(shared: SharedResults, factory: pytest.TempPathFactory) -> Built:
    """The run's one build of the checkout."""
    return shared.get("python -m build of the checkout", lambda: build_checkout(run_folder(factory) / "checkout-build"))


def wheel_installed_alone(shared: SharedResults, factory: pytest.TempPathFactory) -> Path:
    """The bin folder of the run's one clean virtual environment holding the built wheel alone."""
    wheel = built_checkout(shared, factory).wheel
    where = run_folder(factory) / "checkout-wheel-alone"
    return shared.get("the built wheel installed alone", lambda: install_alone(sys.executable, wheel, where))


def stand_in_wheel(folder: Path, name: str, version: str) -> Path:
    """A pure wheel named ``name`` at ``version`` holding one empty package, for pip to find offline
    (``--find-links folder``) where a requirement on that name must be met: what it installs says it was asked for."""
    import zipfile

    from perfectplay.cli.wheel import _record_line  # the RECORD line the bundles' own wheel writes

    info = f"{name}-{version}.dist-info"
    files = {
        f"{name}/__init__.py": f'__version__ = "{version}"\nSTAND_IN = True\n',
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = "".join(_record_line(path, text.encode()) for path, text in files.items())
    files[f"{info}/RECORD"] = record + f"{info}/RECORD,,\n"
    folder.mkdir(parents=True, exist_ok=True)
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for path, text in files.items():
            archive.writestr(path, text)
    return wheel
