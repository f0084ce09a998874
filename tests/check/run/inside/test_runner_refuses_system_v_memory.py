"""System V shared memory and message queues are refused to a candidate: a detached segment is in no address space
and outlives its process, so without a cgroup nothing would bound it (measured before the refusal: 2,048 MB held
under ``--memory 256``, sandboxed, by a checker without root or cgroup)."""

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
CALLS = {"x86_64": {"shmget": 29, "msgget": 68}, "aarch64": {"shmget": 194, "msgget": 186}}

# Each call as it would succeed without the filter: a private segment of 64 MB, a private queue.
PROBE = """
import ctypes, json
libc = ctypes.CDLL(None, use_errno=True)
found = {{}}
for name, number, args in (("shmget", {shmget}, (0, 64 << 20, 0o1600)), ("msgget", {msgget}, (0, 0o1600))):
    ctypes.set_errno(0)
    found[name] = ctypes.get_errno() if libc.syscall(number, *args) == -1 else "lent"
print(json.dumps(found))
"""


@pytest.mark.skipif(
    sys.platform != "linux" or platform.machine() not in CALLS, reason="the filter is written for x86_64 and aarch64"
)
def test_a_program_the_runner_becomes_gets_no_system_v_segment_or_queue() -> None:
    probe = PROBE.format(**CALLS[platform.machine()])
    argv = [sys.executable, "-I", "-S", str(RUNNER), "--exec", sys.executable, "-I", "-c", probe]
    done = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"shmget": ENOSYS, "msgget": ENOSYS}
