"""A stand-in for a bundle's ``/opt/perfectplay`` whose checks share Connect Four's draws with the test run.

A bundle's script runs its checker as ``$VENV/bin/python -I -m perfectplay``.
Tests give it this run's environment as VENV (tests/gradescope_runs.py); a
Connect Four check then draws its positions from its seed and solves each
one (about 1.3 s of CPU for twenty), and a student's regrades draw the same
positions again in each new process. This stand-in's ``bin/python`` runs
that same command, isolated as before, with ``asking.draw_positions`` made
the run's shared draw (tests/drawn_positions.py, tests/shared_results.py):
each count and seed drawn once per run, by whichever process asks first.
Only the drawing is shared: what the check does with the positions is the
check's own; every other command it is asked to run is this run's Python's.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent

SHARED_DRAWS = """
import runpy, sys
from pathlib import Path
sys.path.insert(0, sys.argv.pop(1))
from drawn_positions import drawn_once
from shared_results import SharedResults
from perfectplay.check.connect4 import asking
asking.draw_positions = drawn_once(SharedResults(Path(sys.argv.pop(1))))
del sys.path[0]
sys.argv[0] = "perfectplay"
runpy.run_module("perfectplay", run_name="__main__", alter_sys=True)
"""
"""``python -I -c SHARED_DRAWS TESTS FOLDER ARGS``: ``perfectplay ARGS``, its draws shared through FOLDER."""


def drawing_venv(where: Path, shared: Path) -> Path:
    """A folder to pass as VENV: its ``bin/python -I -m perfectplay ARGS`` shares its draws through ``shared``."""
    bin_dir = where / "bin"
    bin_dir.mkdir(parents=True)
    python, code = shlex.quote(sys.executable), shlex.quote(SHARED_DRAWS)
    folders = f"{shlex.quote(str(TESTS))} {shlex.quote(str(shared))}"
    script = bin_dir / "python"
    script.write_text(
        "#!/bin/sh\n"
        f'if [ "$1 $2 $3" = "-I -m perfectplay" ]; then shift 3; exec {python} -I -c {code} {folders} "$@"; fi\n'
        f'exec {python} "$@"\n'
    )
    script.chmod(0o755)
    return where
