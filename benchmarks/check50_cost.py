"""What three check50 checks cost next to one: the figure in docs/graders.md (target: at most 1.2x).

Run from the repository root with the dev extra installed (check50 is in it)::

    .venv/bin/python benchmarks/check50_cost.py [SUBMISSION]

It runs the real check50 (``--dev``, offline) three ways on the submission
(default: the CS50 example ``examples/graders/plain/tictactoe.py``): one
check (``never_beaten``), the three checks sharing one report (the
extension's cache), and the three each running its own check (a cache
folder others may write in, which the extension refuses to use). Times are
wall clock and the CPU time of check50 and everything it started.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECKS = ROOT / "examples" / "graders" / "check50"


def one_check_folder(folder: Path) -> Path:
    """The example's checks with ``exists`` and ``never_beaten`` alone."""
    source = (CHECKS / "__init__.py").read_text()
    start = source.index("@check50.check(exists, timeout=300)\ndef helpers_right")
    middle = source.index("@check50.check(exists, timeout=300)\ndef never_beaten")
    end = source.index("@check50.check(exists, timeout=300)\ndef keeps_value")
    folder.mkdir()
    shutil.copy(CHECKS / ".cs50.yaml", folder / ".cs50.yaml")
    (folder / "__init__.py").write_text(source[:start] + source[middle:end])
    return folder


def measure(checks: Path, student: Path, cache: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds of check50 and its children) for one check50 run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    subprocess.run(
        [str(Path(sys.executable).parent / "check50"), "--dev", str(checks), "-o", "json"],
        cwd=student,
        env={**os.environ, "PERFECTPLAY_CHECK50_CACHE": str(cache)},
        capture_output=True,
        check=False,
    )
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> int:
    submission = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "examples" / "graders" / "plain" / "tictactoe.py"
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        student = work / "student"
        student.mkdir()
        shutil.copy(submission, student / "tictactoe.py")
        shared = work / "open"
        shared.mkdir()
        shared.chmod(0o777)  # others may write in it: the extension keeps nothing there
        runs = {
            "one check": measure(one_check_folder(work / "one"), student, work / "cache-one"),
            "three checks, one report": measure(CHECKS, student, work / "cache-three"),
            "three checks, each its own": measure(CHECKS, student, shared),
        }
    one_wall, one_cpu = runs["one check"]
    print(f"{submission}, load average {os.getloadavg()[0]:.1f}:")
    for name, (wall, cpu) in runs.items():
        print(f"  {name:28} {wall:6.1f} s wall ({wall / one_wall:.2f}x)  {cpu:6.1f} s CPU ({cpu / one_cpu:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
