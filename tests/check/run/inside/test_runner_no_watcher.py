"""A candidate's process runs no thread of the runner's on Linux: a watcher waking twice a second would be counted
as the candidate's activity (its wait for a processor on a busy machine), so a sleeping candidate would look busy
and outlast the wall-clock backstop. The kernel ends the process with its parent instead."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from perfectplay.check.run import runner

RUNNER = Path(runner.__file__)
linux = pytest.mark.skipif(sys.platform != "linux", reason="PR_SET_PDEATHSIG and /proc are Linux's")


def start(tmp_path: Path) -> subprocess.Popen[bytes]:
    path = tmp_path / "sleeper.py"
    path.write_text("import time\n\ndef find_best_move(board):\n    time.sleep(3600)\n")
    argv = [sys.executable, "-I", "-S", str(RUNNER), "--module", str(path)]
    process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and b'"loaded"' in process.stdout.readline()
    return process


@linux
def test_a_loaded_candidates_process_has_its_own_thread_only(tmp_path: Path) -> None:
    process = start(tmp_path)
    try:
        assert os.listdir(f"/proc/{process.pid}/task") == [str(process.pid)]
    finally:
        process.kill()
        process.communicate()


@linux
def test_the_candidates_process_ends_when_the_process_that_started_it_ends(tmp_path: Path) -> None:
    # A middle process starts the runner and is killed: the kernel kills the runner (no watcher needed).
    script = (
        "import subprocess, sys, time\n"
        f"child = subprocess.Popen([sys.executable, '-I', '-S', {str(RUNNER)!r}, '--module', sys.argv[1]],"
        " stdin=subprocess.PIPE, stdout=subprocess.PIPE)\n"
        "child.stdout.readline()\n"
        "print(child.pid, flush=True)\n"
        "time.sleep(3600)\n"
    )
    (tmp_path / "idle.py").write_text("def find_best_move(board):\n    return 0\n")
    middle = subprocess.Popen([sys.executable, "-c", script, str(tmp_path / "idle.py")], stdout=subprocess.PIPE)
    assert middle.stdout is not None
    pid = int(middle.stdout.readline())
    middle.send_signal(signal.SIGKILL)
    middle.communicate()
    for _ in range(200):  # the kernel's signal is immediate; this only waits for the process to be reaped
        state = Path(f"/proc/{pid}/stat").read_text().split()[2] if Path(f"/proc/{pid}").exists() else "gone"
        if state in ("gone", "Z"):
            break
        time.sleep(0.05)
    assert state in ("gone", "Z")
