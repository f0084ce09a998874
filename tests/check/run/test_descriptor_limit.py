"""Where no cgroup counts kernel memory, a candidate's descriptors are limited: what a socket or a pipe holds is in
no address space (measured before the limit: 4,000 socket pairs held 889 MB of queued bytes under ``--memory 256``,
sandboxed, by a checker without root or cgroup)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from perfectplay.check.run import runner
from perfectplay.check.run.sandbox import DESCRIPTORS, ProcessLimits

RUNNER = Path(runner.__file__)

# Raises its own limit as far as it may, then opens socket pairs until refused; says how many it got.
GREEDY = """
import resource, socket
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
try:
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
except (OSError, ValueError):
    pass
pairs = []
while len(pairs) < 5000:
    try:
        pairs.append(socket.socketpair())
    except OSError:
        break
print(len(pairs))
"""


def test_without_a_cgroup_the_runner_sets_a_descriptor_limit_the_candidate_cannot_raise() -> None:
    flags = ProcessLimits(memory_mb=256, cpu_seconds=10).flags(counted=False, own_user=False)
    assert f"NOFILE={DESCRIPTORS}" in flags
    argv = [sys.executable, "-I", "-S", str(RUNNER), *flags, "--exec", sys.executable, "-I", "-c", GREEDY]
    done = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) < DESCRIPTORS // 2


@pytest.mark.parametrize("own_user", [False, True])
def test_with_a_cgroup_counting_kernel_memory_descriptors_are_left_to_it(own_user: bool) -> None:
    flags = ProcessLimits(memory_mb=256, cpu_seconds=10).flags(counted=True, own_user=own_user)
    assert not any(flag.startswith("NOFILE=") for flag in flags)
