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


def run_autograder(root: Path) -> subprocess.CompletedProcess[str]:
    """``root/source/run_autograder`` run with ``root`` as ``/autograder``."""
    environment = {key: value for key, value in os.environ.items() if key not in ("PERFECTPLAY", "PYTHONPATH")}
    return subprocess.run(
        [str(root / "source" / "run_autograder")],
        cwd=root,
        env={**environment, "AUTOGRADER_ROOT": str(root), "VENV": VENV},
        capture_output=True,
        text=True,
        timeout=600,
    )
