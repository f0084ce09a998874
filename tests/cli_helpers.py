"""Run the real ``perfectplay`` command in a subprocess, as a user would."""

from __future__ import annotations

import subprocess
import sys


def run_cli(*args: str, stdin: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "perfectplay", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
