"""Run the real ``perfectplay`` command in a subprocess, as a user would, or its ``main(argv)`` in this process.

A subprocess costs a fresh interpreter and the package's imports (a few
tenths of a second, seconds on a busy machine): what only a whole process
shows (the entry point, a terminal, closed streams) is tested that way, and
the many refusals of bad arguments in process, through ``InProcess``.
"""

from __future__ import annotations

import io
import subprocess
import sys
from dataclasses import dataclass

import pytest

PATIENCE = 600.0
"""Seconds a command may take before the test gives up on it: a hang fails the test, a busy machine (a whole
check at load 18 takes minutes) does not."""


def run_cli(*args: str, stdin: str | None = None, timeout: float = PATIENCE) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "perfectplay", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


PROGRESS_AT_ONCE = "import perfectplay.search.base.budget as budget\nbudget.PROGRESS_EVERY = 0.0"
"""A ``prelude`` for ``run_in_terminal``: a search's progress line is due at its first check (every 2,048 nodes),
not a tenth of a second in, so a search of a few thousand nodes shows one however fast the machine."""


def run_in_terminal(
    *args: str, keys: list[bytes], timeout: float = PATIENCE, env: dict[str, str] | None = None, prelude: str = ""
) -> str:
    """Run ``perfectplay`` in a pseudo-terminal, typing ``keys`` one by one after each prompt; return the screen.

    The process sees a real terminal on stdin, stdout and stderr, so what it
    does only for people (line editing, colour, progress lines) happens.
    Each key string is sent once the output has gone quiet for a moment.
    ``prelude`` is Python the process runs before the command (``PROGRESS_AT_ONCE``).
    """
    import os
    import pty
    import select
    import time

    pid, fd = pty.fork()
    if pid == 0:  # the child: become the command
        os.environ.update({"TERM": "xterm-256color", "COLUMNS": "100", "LINES": "40", **(env or {})})
        if not prelude:
            os.execv(sys.executable, [sys.executable, "-m", "perfectplay", *args])
        os.execv(sys.executable, [sys.executable, "-c", f"{prelude}\nfrom perfectplay.cli import run\nrun()", *args])
    output = bytearray()
    pending = list(keys)
    deadline = time.monotonic() + timeout
    quiet_since = time.monotonic()
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            output.extend(chunk)
            quiet_since = time.monotonic()
        elif pending and time.monotonic() - quiet_since > 0.5:
            os.write(fd, pending.pop(0))
            quiet_since = time.monotonic()
    else:
        os.kill(pid, 9)
    os.waitpid(pid, 0)
    os.close(fd)
    return output.decode("utf-8", "replace")


@dataclass(frozen=True, slots=True)
class Finished:
    """What a command run in process left: its exit status and what it wrote (as a subprocess's result has)."""

    returncode: int
    stdout: str
    stderr: str


class InProcess:
    """``perfectplay.cli.main(argv)`` run in the test's process, its output captured, an argparse exit caught."""

    def __init__(self, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
        self._capsys = capsys
        self._monkeypatch = monkeypatch

    def __call__(self, *args: str, stdin: str | None = None) -> Finished:
        from perfectplay.cli import main

        self._monkeypatch.setattr(sys, "stdin", io.StringIO(stdin or ""))
        self._capsys.readouterr()  # what came before is not this command's
        try:
            status = main(list(args))
        except SystemExit as stopped:  # argparse's refusals and --help end this way, as in the real command
            code = stopped.code
            status = code if isinstance(code, int) else 0 if code is None else 1
        captured = self._capsys.readouterr()
        return Finished(status, captured.out, captured.err)
