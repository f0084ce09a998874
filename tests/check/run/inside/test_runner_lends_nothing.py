"""What the kernel would lend a candidate beyond a move's needs is refused: io_uring, key rings, inotify and the
rest (a seccomp filter the runner sets before any candidate code runs, kept across ``exec``), and, in the sandbox,
pseudo-terminals (they would come from the machine's one pool)."""

from __future__ import annotations

import json
import platform
import subprocess
import sys
from pathlib import Path

import pytest

from perfectplay.check.run import runner, sandbox
from perfectplay.check.run.inside.seccomp import lend_nothing_filter

RUNNER = Path(runner.__file__)
ENOSYS = 38

# The calls by their numbers on this machine: (name, number, arguments that would succeed without the filter).
PROBE = """
import ctypes, json
libc = ctypes.CDLL(None, use_errno=True)
params = ctypes.create_string_buffer(120)
calls = {calls!r}
found = {{}}
for name, number, zero_args in calls:
    args = [params if argument == "params" else argument for argument in zero_args]
    ctypes.set_errno(0)
    result = libc.syscall(number, *args)
    found[name] = ctypes.get_errno() if result == -1 else "lent"
found["pipe"] = "lent" if libc.pipe(ctypes.create_string_buffer(8)) == 0 else ctypes.get_errno()
print(json.dumps(found))
"""
CALLS = {
    "x86_64": [
        ("io_uring_setup", 425, [4, "params"]),
        ("userfaultfd", 323, [0]),
        ("keyctl", 250, [0, 0]),
        ("inotify_init1", 294, [0]),
        ("bpf", 321, [0, 0, 0]),
    ],
    "aarch64": [
        ("io_uring_setup", 425, [4, "params"]),
        ("userfaultfd", 282, [0]),
        ("keyctl", 219, [0, 0]),
        ("inotify_init1", 26, [0]),
        ("bpf", 280, [0, 0, 0]),
    ],
}

on_linux = pytest.mark.skipif(
    sys.platform != "linux" or platform.machine() not in CALLS,
    reason="the filter is written for Linux's x86_64 and aarch64",
)


def test_the_lending_filter_is_made_for_the_machines_that_have_one_and_refuses_by_number() -> None:
    for machine in ("x86_64", "aarch64"):
        program = lend_nothing_filter(machine)
        assert len(program) % 8 == 0 and 20 <= len(program) // 8 < 40
    with pytest.raises(KeyError):
        lend_nothing_filter("sparc")


@on_linux
def test_a_program_the_runner_becomes_finds_no_io_uring_key_ring_or_inotify_but_its_pipes_work() -> None:
    probe = PROBE.format(calls=CALLS[platform.machine()])
    argv = [sys.executable, "-I", "-S", str(RUNNER), "--exec", sys.executable, "-I", "-c", probe]
    done = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found == {**{name: ENOSYS for name, _, _ in CALLS[platform.machine()]}, "pipe": "lent"}


PTYS = """
import os
opened = []
try:
    for _ in range(600):
        opened.append(os.open("/dev/ptmx", os.O_RDWR | os.O_NOCTTY))
except OSError as error:
    print("refused", len(opened), error.errno)
else:
    print("opened", len(opened))
for path in ("/dev/shm/kept", "/dev/kept"):
    try:
        open(path, "wb").close()
        print("wrote", path)
    except OSError as error:
        print("refused", path, error.errno)
open("/dev/null", "wb").write(b"devices still work")
"""


@pytest.mark.integration
@pytest.mark.skipif(sandbox.probe() is not None, reason=f"no bubblewrap sandbox here: {sandbox.probe()}")
def test_a_sandboxed_candidate_takes_no_pseudo_terminal_from_the_machines_pool_and_writes_nothing_in_dev() -> None:
    argv = [*sandbox._bwrap(sandbox.BWRAP, None, None), sandbox._inside_interpreter(), "-I", "-S", "-c", PTYS]
    done = subprocess.run(argv, capture_output=True, text=True, env=sandbox.sandbox_environment(), timeout=60)
    refused = ["refused", "/dev/shm/kept", "30", "refused", "/dev/kept", "30"]  # EROFS: /dev is read-only
    assert done.stdout.split() == ["refused", "0", "2", *refused], done.stderr
