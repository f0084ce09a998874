"""Gradescope's ``run_autograder`` run as Gradescope runs it, in a fresh ``/autograder`` a test laid out.

This run's environment stands in for the bundle's ``/opt/perfectplay`` (VENV); PERFECTPLAY and PYTHONPATH are left
out, so the script runs the checker it was made to run.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

VENV = str(Path(sys.executable).parent.parent)


def run_autograder(root: Path, venv: str | Path = VENV) -> subprocess.CompletedProcess[str]:
    """``root/source/run_autograder`` run with ``root`` as ``/autograder`` and ``venv`` as ``/opt/perfectplay`` (this
    run's environment unless told: tests/drawing_venv.py makes one whose checks share Connect Four's draws)."""
    environment = {key: value for key, value in os.environ.items() if key not in ("PERFECTPLAY", "PYTHONPATH")}
    return subprocess.run(
        [str(root / "source" / "run_autograder")],
        cwd=root,
        env={**environment, "AUTOGRADER_ROOT": str(root), "VENV": str(venv)},
        capture_output=True,
        text=True,
        timeout=600,
    )
