"""``perfectplay ARGS`` run in this process, outside a test's own capture: for module-scoped fixtures.

A fixture that makes a grader's bundle (``perfectplay grader ...``, files
written) once for a module cannot use the ``in_process`` fixture (a test's
own); a subprocess for it costs a fresh interpreter and the package's
imports, 0.3 s of CPU against 0.12 s here. The command line itself is tested
in a process of its own elsewhere (tests/check/test_grader_bundles.py).
"""

from __future__ import annotations

import contextlib
import io

from cli_helpers import Finished


def run_here(*args: str) -> Finished:
    """``perfectplay.cli.main(args)``, what it wrote kept apart from the test run's output."""
    from perfectplay.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(args))
        except SystemExit as stopped:  # argparse's refusals end this way, as in the real command
            code = stopped.code
            status = code if isinstance(code, int) else 0 if code is None else 1
    return Finished(status, out.getvalue(), err.getvalue())
