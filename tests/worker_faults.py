"""Search workers that misbehave on purpose, started by the pool in place of the real one; and waiting for a death.

Each is a command for ``WorkerPool(command=...)`` / ``create_app(worker_command=...)``:
a small Python program that reads a job line as the real worker does and then
fails the way a worker can fail in production.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

_KILLED_BY_A_JOB = """
import os, signal, sys
sys.stdin.readline()
os.kill(os.getpid(), signal.SIGKILL)  # as if killed -9, or by the kernel when out of memory
"""

_KILLED_ONCE = """
import os, runpy, signal, sys
marker = sys.argv[1]
try:
    os.close(os.open(marker, os.O_CREAT | os.O_EXCL))
except FileExistsError:
    runpy.run_module("perfectplay.web.jobs", run_name="__main__")  # every later worker is a real one
else:
    sys.stdin.readline()
    os.kill(os.getpid(), signal.SIGKILL)
"""

_BUGGY = """
import json, sys
for line in sys.stdin:
    reply = {"error": "ZeroDivisionError: division by zero in /srv/secret/path/solver.py line 42"}
    sys.stdout.write(json.dumps(reply) + "\\n")
    sys.stdout.flush()
"""


def killed_by_every_job() -> list[str]:
    """A worker that dies as soon as it reads a job: a job that kills every worker it meets."""
    return [sys.executable, "-c", _KILLED_BY_A_JOB]


def killed_once(marker: Path) -> list[str]:
    """The first worker started with ``marker`` dies under its first job; every later one is real."""
    return [sys.executable, "-c", _KILLED_ONCE, str(marker)]


def buggy() -> list[str]:
    """A worker that answers every job with an error, as the real one does when a search raises."""
    return [sys.executable, "-c", _BUGGY]


def wait_until_dead(pid: int) -> None:
    """Until the process has exited (a zombie its parent has not reaped yet, on Linux)."""
    deadline = time.monotonic() + 120
    stat = Path(f"/proc/{pid}/stat")
    while time.monotonic() < deadline:
        if not stat.exists() or stat.read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X"):
            return
        time.sleep(0.01)
    raise AssertionError(f"process {pid} did not die")
