"""Unsandboxed as root with no cgroup (a Gradescope container: no namespaces, ``/sys/fs/cgroup`` read-only), a
``--command`` program that leaves a daemon (a new session, its parent gone) is out of reach of the process group and
the session the check kills. Its user is the candidate's own, no one else's while the check runs: once the check
ends, every process of that user is ended, so nothing of the student's outlives its check (to fill ``/tmp`` after the
sweep, or wait for a later check that draws the same user id)."""

from __future__ import annotations

import os
import secrets
import signal
import sys
import textwrap
import time
from pathlib import Path

import pytest

from perfectplay.check.api import check_ai
from perfectplay.check.judge.interface import Hint
from perfectplay.check.run.sandbox import Isolation
from perfectplay.check.settings import Candidate, Grading

needs_root = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="the candidate runs as a user of its own only as root"
)

NO_CGROUP = Isolation("none", "--sandbox off; as a Gradescope container", None, "no cgroup here", True)

DAEMON = """
import os, sys, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        for descriptor in range(3):
            os.close(descriptor)
        os.execv(sys.executable, [sys.executable, "-c", "import time; time.sleep(120)", "{token}"])
    os._exit(0)
for line in sys.stdin:
    print(line.split()[0].replace("/", "").index("."), flush=True)
"""


def _left(token: str) -> list[int]:
    """The processes whose command line carries ``token``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as file:
                if token.encode() in file.read():
                    found.append(int(entry))
        except OSError:
            continue
    return found


@needs_root
def test_a_daemon_a_command_program_leaves_ends_with_its_check(tmp_path: Path) -> None:
    token = "perfectplay-daemon-" + secrets.token_hex(8)
    program = tmp_path / "ai.py"
    program.write_text(textwrap.dedent(DAEMON).replace("{token}", token))
    tmp_path.chmod(0o755)
    candidate = Candidate(command=[sys.executable, str(program)], sandbox=NO_CGROUP)
    try:
        report = check_ai(candidate, Hint(), grading=Grading(sample=20))
        assert report.problem is None, report.problem
        assert "NOT SANDBOXED" in report.isolation
        time.sleep(0.2)  # a process being killed leaves /proc at once; one left running stays
        assert _left(token) == []
    finally:
        for pid in _left(token):
            os.kill(pid, signal.SIGKILL)
