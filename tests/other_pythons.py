"""perfectplay on the oldest and the newest Python this machine has, from a wheel (tests/test_other_pythons.py).

The whole suite runs on one interpreter (the one .venv was made with). This
script finds the others (``pythonX.Y`` on the PATH, pyenv's versions, the
system's, Windows' ``py`` launcher), takes the oldest and the newest that
perfectplay supports (3.10 and later), and on each: installs the
pure-Python wheel (the one ``perfectplay grader`` ships) into a clean
virtual environment with no index, imports the package, checks an example
submission and plays a game through a pipe. A machine with one Python says
so and passes: there is nothing else to try.

Run it with the .venv's Python: ``.venv/bin/python tests/other_pythons.py``.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OLDEST_SUPPORTED = (3, 10)
Version = tuple[int, int]


def candidates() -> list[str]:
    """Every interpreter path worth probing."""
    found = [shutil.which(f"python3.{minor}") for minor in range(10, 30)]
    roots = [os.environ.get("PYENV_ROOT", ""), os.path.expanduser("~/.pyenv")]
    for root in filter(None, roots):
        found += glob.glob(os.path.join(root, "versions", "*", "bin", "python3.*[0-9]"))
    for folder in ("/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"):
        found += glob.glob(os.path.join(folder, "python3.*[0-9]"))
    launcher = shutil.which("py")
    if launcher is not None and os.name == "nt":
        listed = subprocess.run([launcher, "-0p"], capture_output=True, text=True).stdout
        found += [line.split()[-1] for line in listed.splitlines() if line.strip().endswith(".exe")]
    return sorted({path for path in found if path and os.access(path, os.X_OK)})


def named_version(path: str) -> Version | None:
    """The version a name such as ``python3.12`` says, or None (``python.exe``, another naming)."""
    major, dot, minor = Path(path).name.removeprefix("python").partition(".")
    return (int(major), int(minor)) if dot and major.isdigit() and minor.isdigit() else None


def interpreters() -> dict[Version, str]:
    """One working interpreter a supported version (X.Y), with venv; the first found of each."""
    versions: dict[Version, str] = {}
    # pyenv's shims (shell scripts that start pyenv) after the interpreters themselves; a name that says an
    # unsupported version, or one already found, is not started at all: each probe costs a new process.
    for path in sorted(candidates(), key=lambda path: "shims" in Path(path).parts):
        named = named_version(path)
        if named is not None and (named < OLDEST_SUPPORTED or named in versions):
            continue
        try:
            probe = subprocess.run(
                [path, "-c", "import sys, venv, ensurepip; print(*sys.version_info[:2])"],
                capture_output=True,
                text=True,
                timeout=30,
            )
        except (OSError, subprocess.TimeoutExpired):
            continue
        words = probe.stdout.split()
        if probe.returncode == 0 and len(words) == 2:
            version = (int(words[0]), int(words[1]))
            if version >= OLDEST_SUPPORTED:
                versions.setdefault(version, path)
    return versions


def step(name: str, argv: list[str], cwd: Path, stdin: str | None = None, status: int = 0, expect: str = "") -> None:
    """Run one step; exit with its output when its status or output is not what is expected."""
    started = time.monotonic()
    # PYTHONDONTWRITEBYTECODE left out for pip alone: ``pip --python`` runs this environment's pip under the other
    # Python, which would compile pip's own modules again on every run (0.6 s of CPU) rather than keep them.
    left_out = ("PYTHONPATH", "VIRTUAL_ENV", *(("PYTHONDONTWRITEBYTECODE",) if "--python" in argv else ()))
    environ = {key: value for key, value in os.environ.items() if key not in left_out}
    environ["PIP_NO_INDEX"] = "1"  # nothing may come from an index: the wheel alone
    done = subprocess.run(argv, cwd=cwd, input=stdin, capture_output=True, text=True, timeout=300, env=environ)
    if done.returncode != status or expect not in done.stdout or "Traceback" in done.stderr:
        sys.stderr.write(f"FAILED {name} (exit {done.returncode}, expected {status}; looked for {expect!r})\n")
        sys.stderr.write(done.stdout[-3000:] + done.stderr[-3000:])
        sys.exit(1)
    print(f"  ok  {name} ({time.monotonic() - started:.1f} s)", flush=True)


def smoke(version: Version, python: str, wheel: Path, work: Path) -> None:
    label = f"Python {version[0]}.{version[1]}"
    print(f"{label} ({python}):", flush=True)
    env_dir = work / f"venv{version[0]}{version[1]}"
    # Without pip of its own (ensurepip alone takes tens of seconds): this pip installs into it (pip --python).
    step("a clean virtual environment", [python, "-m", "venv", "--without-pip", str(env_dir)], work)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    venv_python = str(bin_dir / "python")
    pip = [sys.executable, "-m", "pip", "--python", venv_python]
    # --no-compile: pip would byte-compile every module (and ignore one that fails to compile); the three commands
    # below compile only what they import: 1.2 s of CPU less for the two Pythons.
    install = [*pip, "install", "--no-index", "--no-deps", "--quiet", "--no-compile", str(wheel)]
    step("the wheel installs with no index", install, work)
    elsewhere = work / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    imports = "import perfectplay, perfectplay.check, perfectplay.search.solver; print(perfectplay.__file__)"
    step("the package imports", [venv_python, "-c", imports], elsewhere, expect=str(env_dir))
    command = str(bin_dir / "perfectplay")
    beatable = str(ROOT / "examples" / "graders" / "beatable" / "tictactoe.py")
    check = [command, "check", beatable, "--sample", "30", "--format", "json"]
    step("check on an example submission", check, elsewhere, status=1, expect='"verdict": "beatable"')
    play = [command, "play"]
    step("play through a pipe", play, elsewhere, stdin="5\n1\n3\nq\n", expect="The computer (O) plays")


def main() -> int:
    current = (sys.version_info[0], sys.version_info[1])
    found = interpreters()
    found.setdefault(current, sys.executable)
    ends = {min(found), max(found)} - {current}
    shown = ", ".join(f"{major}.{minor}" for major, minor in sorted(found))
    if not ends:
        print(f"Other Pythons: none on this machine besides {shown}; nothing else to try.")
        return 0
    print(f"Other Pythons: found {shown}; trying the oldest and newest besides this one.", flush=True)
    sys.path.insert(0, str(ROOT / "src"))
    from perfectplay.cli.wheel import build_wheel

    with tempfile.TemporaryDirectory(prefix="perfectplay-pythons-") as folder:
        work = Path(folder)
        wheel = build_wheel(work / "wheel")
        for version in sorted(ends):
            smoke(version, found[version], wheel, work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
