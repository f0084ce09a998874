"""Set-up and entry point for a fresh checkout: ``python3 dev.py play`` or ``python3 dev.py test``.

It needs only Python 3.11+ and pip. On first use (and whenever
pyproject.toml changes) it creates ``.venv`` and installs perfectplay into it
with everything the game, the web app and the tests need; then it runs the
command inside that environment. Safe to run again: an up-to-date .venv is
reused as it is.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / "perfectplay-installed"


def ensure_environment() -> None:
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted:
        return
    if not (BIN / "python").exists():
        print("Creating .venv ...", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    print("Installing perfectplay and its tools into .venv (when pyproject.toml is new or changed) ...", flush=True)
    pip = [str(BIN / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, "--editable", f"{ROOT}[cli,web,dev]"], check=True)
    STAMP.write_text(wanted)


def run(command: list[str]) -> int:
    try:
        return subprocess.run(command, cwd=ROOT).returncode
    except KeyboardInterrupt:
        # The child got the same Ctrl-C and ends cleanly on its own; say nothing more.
        return 130


def type_checks(python: str) -> list[tuple[str, list[str]]]:
    """mypy over the package, the tests and the benchmarks.

    Each test folder has its own conftest.py, and mypy refuses two modules of
    one name in a run: so one run per folder, the top one with the package.
    """
    mypy = [python, "-m", "mypy", "--strict"]
    top = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "tests").glob("*.py"))
    folders = sorted(
        str(path.relative_to(ROOT)) for path in (ROOT / "tests").iterdir() if path.is_dir() and any(path.glob("*.py"))
    )
    return [
        ("mypy --strict src/perfectplay benchmarks tests/*.py", [*mypy, "src/perfectplay", "benchmarks", *top]),
        *((f"mypy --strict {folder}", [*mypy, folder]) for folder in folders),
    ]


def test(extra: list[str]) -> int:
    python = str(BIN / "python")
    # The tests import their helpers by bare name (pytest puts each test's folder on the path); so does mypy.
    os.environ["MYPYPATH"] = os.pathsep.join(["tests", "tests/web"])
    for shown, step in (
        ("ruff check", [python, "-m", "ruff", "check"]),
        *type_checks(python),
        ("oxlint src/perfectplay/web/static", [str(BIN / "oxlint"), "--deny-warnings", "src/perfectplay/web/static"]),
    ):
        print("$", shown, flush=True)
        status = run(step)
        if status != 0:
            return status
    return run([python, "-m", "pytest", "-n", "2", *extra])


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in ("play", "test", "run"):
        print("usage: python3 dev.py play [OPTIONS] | test [PYTEST ARGS] | run COMMAND ...", file=sys.stderr)
        return 2
    ensure_environment()
    command, extra = sys.argv[1], sys.argv[2:]
    if command == "test":
        return test(extra)
    if command == "play":
        return run([str(BIN / "perfectplay"), "play", *extra])
    return run([str(BIN / "perfectplay"), *extra])


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
