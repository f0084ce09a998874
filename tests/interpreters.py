"""The Python interpreters on this machine by version, for the tests that run a grader's own Python."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess


def python(version: str) -> str | None:
    """A working ``pythonX.Y`` for ``version`` ("3.10"): on the PATH, pyenv's, or the system's; None if none."""
    candidates = [shutil.which(f"python{version}")]
    candidates += sorted(glob.glob(os.path.expanduser(f"~/.pyenv/versions/{version}.*/bin/python{version}")))
    candidates += [f"/usr/bin/python{version}", f"/usr/local/bin/python{version}"]
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            probe = subprocess.run(
                [candidate, "-c", "import sys, venv; print('%d.%d' % sys.version_info[:2])"],
                capture_output=True,
                text=True,
            )
            if probe.returncode == 0 and probe.stdout.strip() == version:
                return candidate
    return None
