"""Set-up and entry point for a fresh checkout: ``python3 dev.py play``, ``test [--fast]``, ``run`` or ``docs``.

It needs only Python 3.10+ and pip. On first use (and whenever
pyproject.toml or the compiled core's source changes) it creates ``.venv`` and
installs perfectplay into it (building its compiled core when a C compiler is found)
with what the command needs: ``play`` only the terminal game (the ``cli``
extra, a few megabytes), ``run`` the web app too, ``test`` the developer
tools as well (``docs``, the site's server, is one of them); then it runs
the command inside that environment. Safe to run
again: an up-to-date .venv is reused as it is, and one set up for ``test``
serves ``play`` too.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / "perfectplay-installed"

EXTRAS = {"play": {"cli"}, "run": {"cli", "web"}, "test": {"cli", "web", "dev"}, "docs": {"cli", "web", "dev"}}
"""The optional dependencies each command needs: a player never downloads the developer tools."""


def installed(fingerprint: str) -> set[str]:
    """The extras .venv holds for this pyproject.toml (none if it was set up for another one)."""
    try:
        recorded, _, extras = STAMP.read_text().partition("\n")
    except OSError:
        return set()
    return set(extras.split(",")) - {""} if recorded == fingerprint else set()


def ensure_environment(command: str) -> None:
    # The compiled core is built by the install too: a change to its source needs a new install.
    core = sorted((ROOT / "src" / "perfectplay" / "_core").glob("*.[ch]"))
    sources = [ROOT / "pyproject.toml", ROOT / "setup.py", *core]
    # The install's metadata takes its version from perfectplay/__init__.py: a new version, a new install
    # (the rest of that file is read from the checkout, as every module is).
    version = [
        line
        for line in (ROOT / "src" / "perfectplay" / "__init__.py").read_bytes().splitlines()
        if line.startswith(b"__version__")
    ]
    fingerprint = hashlib.sha256(
        b"".join([*(path.name.encode() + path.read_bytes() for path in sources), *version])
    ).hexdigest()
    have = installed(fingerprint)
    if EXTRAS[command] <= have:
        return
    if not (BIN / "python").exists():
        print("Creating .venv ...", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    extras = ",".join(sorted(have | EXTRAS[command]))
    print(f"Installing perfectplay [{extras}] into .venv (first use, or pyproject.toml changed) ...", flush=True)
    pip = [str(BIN / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, "--editable", f"{ROOT}[{extras}]"], check=True)
    STAMP.write_text(f"{fingerprint}\n{extras}")


def run(command: list[str]) -> int:
    try:
        return subprocess.run(command, cwd=ROOT).returncode
    except KeyboardInterrupt:
        # The child got the same Ctrl-C and ends cleanly on its own; say nothing more.
        return 130


FAST = "not slow and not integration"
"""What ``test --fast`` runs: every test but those marked slow or driving an outside program (see pyproject)."""


def checks(python: str, fast: bool) -> list[tuple[str, list[str]]]:
    """The checks run beside the tests: ruff, one mypy run (pyproject names its files), and oxlint unless ``fast``."""
    steps = [
        ("ruff check", [python, "-m", "ruff", "check"]),
        ("mypy --strict src/perfectplay benchmarks tests", [python, "-m", "mypy", "--strict"]),
    ]
    if not fast:
        static = "src/perfectplay/web/static"
        steps.append((f"oxlint {static}", [str(BIN / "oxlint"), "--deny-warnings", static]))
    return steps


def pytest_command(python: str, fast: bool, extra: list[str]) -> list[str]:
    """pytest on a worker per core, two more for the full suite: every test, or with ``fast`` all but those marked
    slow or integration."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 2
    # The full suite's browser, sandbox, build and hostile-candidate tests spend much of their time waiting on other
    # processes and on wall-clock limits: with a worker more than the cores, 2 cores stood idle a quarter of the run
    # (494 s of CPU in 339 s), so two more fill those waits (a worker costs ~6 s of CPU to start and collect);
    # --fast is all CPU, a worker a core.
    workers = cores if fast else cores + 2
    # loadgroup: each xdist_group runs on one worker: the browser tests share one Chromium and one server, the
    # tests reading a whole check find it made on their own worker instead of waiting on the other's.
    return [python, "-m", "pytest", "-n", str(workers), "--dist", "loadgroup", *(["-m", FAST] if fast else []), *extra]


def test(extra: list[str]) -> int:
    """``--fast`` is what a developer runs twenty times a day; the plain command (and CI) runs everything."""
    python = str(BIN / "python")
    fast = "--fast" in extra
    rest = [word for word in extra if word != "--fast"]
    # The oldest and newest other Pythons (tests/other_pythons.py) are one integration test among the rest, run
    # beside them rather than after.
    with tempfile.TemporaryDirectory() as folder:
        # tests/conftest.py writes there the line naming what was skipped and what to install: said last.
        skipped = Path(folder) / "skipped.txt"
        os.environ[SKIP_SUMMARY] = str(skipped)
        status = checks_beside(checks(python, fast), pytest_command(python, fast, rest), warm_bytecode(python))
        if skipped.exists():
            print(skipped.read_text(encoding="utf-8"), end="", flush=True)
    return status


def warm_bytecode(python: str) -> list[str] | None:
    """On a fresh checkout, one collection before the workers start, or None when the bytecode is there already.

    Every pytest worker imports every test module (assertions rewritten) and the package: cold, the four workers
    each compile all of it at once (33 CPU s in all against 15 warm). Compiled once first, they read it: 26 in all.
    """
    if any((ROOT / "tests" / "__pycache__").glob("conftest.*.pyc")):
        return None
    return [python, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]


SKIP_SUMMARY = "PERFECTPLAY_SKIP_SUMMARY"
"""The variable naming that file (tests/skip_summary.py reads the same name)."""


def checks_beside(steps: list[tuple[str, list[str]]], tests: list[str], warm: list[str] | None = None) -> int:
    """The checks run beside the tests, their output shown after the tests' in the checks' order.

    None of them needs a test result, and the tests leave the cores idle
    while they wait on browsers, builds and sandboxes: a cold mypy (about
    20 s) fits in those gaps instead of adding to the wall time. The status
    is the first failing check's, else the tests'.
    """
    with contextlib.ExitStack() as files:
        started = []
        for shown, step in steps:
            output = files.enter_context(tempfile.TemporaryFile("w+"))
            started.append((shown, output, subprocess.Popen(step, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT)))
        print("$", ", ".join(shown for shown, _ in steps), "beside the tests (their output follows them)", flush=True)
        if warm is not None:
            # Its output is the run's to give (a collection error shows there): this one is silent.
            quiet = {name: value for name, value in os.environ.items() if name != SKIP_SUMMARY}
            subprocess.run(warm, cwd=ROOT, env=quiet, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        tested = run(tests)
        failed = []
        for shown, output, process in started:
            status = finish(process)
            output.seek(0)
            print("$", shown, flush=True)
            print(output.read(), end="", flush=True)
            if status != 0:
                failed.append((shown, status))
    for shown, status in failed:
        print(f"dev.py: {shown} failed (exit status {status})", file=sys.stderr, flush=True)
    return failed[0][1] if failed else tested


def finish(process: subprocess.Popen[bytes]) -> int:
    try:
        return process.wait()
    except KeyboardInterrupt:
        process.wait()  # it got the same Ctrl-C and ends on its own
        return 130


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in ("play", "test", "run", "docs"):
        print(
            "usage: python3 dev.py play [OPTIONS] | test [--fast] [PYTEST ARGS] | run COMMAND ... | docs [OPTIONS]",
            file=sys.stderr,
        )
        return 2
    command, extra = sys.argv[1], sys.argv[2:]
    ensure_environment(command)
    if command == "test":
        return test(extra)
    if command == "docs":
        # The site from docs/ with mkdocs.yml (strict, as the tests build it), rebuilt on every edit, at
        # http://127.0.0.1:8000/; options go to ``mkdocs serve`` (``--dev-addr 0.0.0.0:8000``).
        return run([str(BIN / "python"), "-m", "mkdocs", "serve", *extra])
    if command == "play":
        return run([str(BIN / "perfectplay"), "play", *extra])
    return run([str(BIN / "perfectplay"), *extra])


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
