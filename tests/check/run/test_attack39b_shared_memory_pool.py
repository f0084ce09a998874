"""A classmate's memory use is never another student's failure: a process the kernel kills for memory while its own
limit was never reached ran out of a pool it shares (an enclosing cgroup's limit, the machine's), and that is the
machine's failure, asked again and then "not graded", never a crash "over its memory limit" in its grade."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from hostile_payloads import SANDBOXED
from perfectplay.check.run import accounting
from perfectplay.check.run.accounting import CGroup, Hierarchy


def fake_group(tmp_path: Path, version: int) -> CGroup:
    """A candidate's cgroup in a made-up tree (the files the kernel would keep, written by the test)."""
    controllers = ("unified",) if version == 2 else ("memory", "pids", "cpuacct")
    parents = []
    for controller in controllers:
        folder = tmp_path / controller / "checker" / "candidate"
        folder.mkdir(parents=True)
        (folder / "cgroup.procs").write_text("")
        (folder / "pids.events").write_text("max 0\n")
        parents.append(folder.parent)
    return CGroup(Hierarchy(version, tuple(parents)), tuple(parent / "candidate" for parent in parents))


V1_USE = {
    "memory.failcnt": "0\n",
    "memory.limit_in_bytes": "134217728\n",
    "memory.max_usage_in_bytes": "41943040\n",
    "memory.memsw.limit_in_bytes": "134217728\n",
    "memory.memsw.max_usage_in_bytes": "41943040\n",
}
"""A v1 cgroup of 128 MB whose use peaked at 40 MB, its own limit never reached (the kernel counts no failcnt for
memory and swap together)."""


@pytest.mark.parametrize(
    ("version", "files", "elsewhere"),
    [
        (1, {"memory.oom_control": "oom_kill_disable 0\nunder_oom 0\noom_kill 1\n", "memory.failcnt": "0\n"}, True),
        (1, {"memory.oom_control": "oom_kill_disable 0\nunder_oom 0\noom_kill 1\n", "memory.failcnt": "12\n"}, False),
        (1, {"memory.oom_control": "oom_kill 1\n", **V1_USE, "memory.memsw.max_usage_in_bytes": "134217728\n"}, False),
        (1, {"memory.oom_control": "oom_kill 1\n", **V1_USE, "memory.max_usage_in_bytes": "132120576\n"}, False),
        (1, {"memory.oom_control": "oom_kill 1\n", **V1_USE}, True),
        (1, {"memory.oom_control": "oom_kill 0\n", "memory.failcnt": "0\n"}, False),
        (2, {"memory.events": "low 0\nhigh 0\nmax 0\noom 0\noom_kill 1\noom_group_kill 0\n"}, True),
        (2, {"memory.events": "low 0\nhigh 0\nmax 40\noom 1\noom_kill 1\noom_group_kill 0\n"}, False),
        (2, {"memory.events": "low 0\nhigh 0\nmax 0\noom 0\noom_kill 0\noom_group_kill 0\n"}, False),
        (2, {}, False),
    ],
)
def test_a_kill_for_memory_is_the_machines_only_when_the_candidates_own_limit_was_never_reached(
    tmp_path: Path, version: int, files: dict[str, str], elsewhere: bool
) -> None:
    group = fake_group(tmp_path, version)
    for name, text in files.items():
        (group.folders[0] / name).write_text(text)
    assert group.killed_elsewhere() is elsewhere
    assert group.out_of_memory() is ("oom_kill 1" in "".join(files.values()))


POOL_MB = 200
"""The enclosing cgroup's memory: the checker and its candidates (a few tens of MB each) fit, one of 260 MB not."""

HOG = """
def find_best_move(board):
    cells = [c for row in board for c in row] if isinstance(board[0], list) else list(board)
    if "".join(c if c in ("X", "O") else "." for c in cells) == "XOXOXO...":
        held = bytearray(260 * 2**20)  # well within its own 1024 MB
        for i in range(0, len(held), 4096):
            held[i] = 1
    i = next(i for i, c in enumerate(cells) if c not in ("X", "O"))
    return (i // 3, i % 3) if isinstance(board[0], list) else i
"""


def pool() -> Path | None:
    """A memory cgroup of version 1 under the checker's own where this process may make one, else None."""
    found = accounting.probe()
    if not isinstance(found, Hierarchy) or found.version != 1 or os.geteuid() != 0:
        return None
    return found.parents[0]


@pytest.mark.skipif(pool() is None, reason="needs a cgroup v1 memory hierarchy this process may write (as root)")
@pytest.mark.parametrize("sandbox", ["off", pytest.param("require", marks=SANDBOXED)])
def test_a_candidate_killed_by_an_enclosing_limit_within_its_own_is_not_graded_not_a_crash(
    tmp_path: Path, sandbox: str
) -> None:
    parent = pool()
    assert parent is not None
    folder = parent / f"perfectplay-test-pool-{os.getpid()}-{sandbox}"
    folder.mkdir()
    try:
        (folder / "memory.limit_in_bytes").write_text(str(POOL_MB * 2**20))
        (tmp_path / "tictactoe.py").write_text(textwrap.dedent(HOG))
        check = [sys.executable, "-m", "perfectplay", "check", str(tmp_path / "tictactoe.py"), "--format", "json"]
        check += ["--sandbox", sandbox, "--plays", "both", "--sample", "12", "--memory", "1024"]
        joined = f'echo $$ > {folder / "cgroup.procs"} && exec "$@"'
        done = subprocess.run(["/bin/sh", "-c", joined, "sh", *check], capture_output=True, timeout=600, check=False)
    finally:
        folder.rmdir()
    report = json.loads(done.stdout)
    assert done.returncode == 3, (done.returncode, done.stderr[-400:])
    assert report["verdict"] == "not graded" and "a pool it shares" in str(report["problem"])
