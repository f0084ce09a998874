"""System V semaphore sets are refused to a candidate, as its shared memory and message queues are: a set of 32,000
semaphores is some 2 MB of the kernel's memory, in no address space, kept after its process ends (measured: 50 sets
took 106 MB from an unprivileged process with no cgroup), so without a cgroup nothing would bound it. A move never
needs one (``multiprocessing``'s semaphores are POSIX ones, files in ``/dev/shm``)."""

from __future__ import annotations

import json
import platform
import subprocess
import sys
from pathlib import Path

import pytest

from perfectplay.check.run import runner

RUNNER = Path(runner.__file__)
ENOSYS = 38
CALLS = {"x86_64": {"semget": 64, "semctl": 66}, "aarch64": {"semget": 190, "semctl": 191}}

# The call as it would succeed without the filter: a private set of 32,000 semaphores (removed at once if lent).
PROBE = """
import ctypes, json
libc = ctypes.CDLL(None, use_errno=True)
ctypes.set_errno(0)
made = libc.syscall({semget}, 0, 32000, 0o600)
if made != -1:
    libc.syscall({semctl}, made, 0, 0)  # IPC_RMID
print(json.dumps({{"semget": "lent" if made != -1 else ctypes.get_errno()}}))
"""


pytestmark = pytest.mark.skipif(
    sys.platform != "linux" or platform.machine() not in CALLS, reason="the filter is written for x86_64 and aarch64"
)


def _answer_through_the_runner(program: str) -> object:
    """What ``program`` prints, run as a candidate's program is: by the runner, with its filters on."""
    command = [sys.executable, "-I", "-S", str(RUNNER), "--exec", sys.executable, "-I", "-c", program]
    finished = subprocess.run(command, capture_output=True, text=True, check=False, timeout=60)
    assert finished.returncode == 0, finished.stderr
    return json.loads(finished.stdout)


def test_a_program_the_runner_becomes_gets_no_system_v_semaphore_set() -> None:
    assert _answer_through_the_runner(PROBE.format(**CALLS[platform.machine()])) == {"semget": ENOSYS}
