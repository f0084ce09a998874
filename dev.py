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


def test(extra: list[str]) -> int:
    python = str(BIN / "python")
    for step in (
        [python, "-m", "ruff", "check"],
        [python, "-m", "mypy", "--strict", "src/perfectplay"],
    ):
        print("$", " ".join(Path(part).name if part == python else part for part in step), flush=True)
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
