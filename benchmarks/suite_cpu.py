"""What each test costs in CPU seconds, which the machine's load does not change (a pytest plugin), summed per folder.

    PYTHONPATH=benchmarks SUITE_CPU_OUT=costs.tsv .venv/bin/python -m pytest -n 0 -p suite_cpu tests/docs
    .venv/bin/python benchmarks/suite_cpu.py costs.tsv     # tests, wall and CPU seconds per folder

On a shared machine a test's wall time is its CPU time times the load:
two runs an hour apart can differ threefold. Its CPU time does not, but
``RUSAGE_CHILDREN`` misses what matters most here: a sandboxed candidate
is killed, not waited for, by the process that started it, and Chromium
outlives the test. So where ``SUITE_CPU_CGROUP`` names a cgroup (v1
``cpuacct``) that the run is in, a test's cost is the growth of that
cgroup's counter, every process the test started included: run pytest
alone in it (``-n 0``), as root::

    mkdir /sys/fs/cgroup/cpuacct/suite && echo $$ > /sys/fs/cgroup/cpuacct/suite/cgroup.procs
    SUITE_CPU_CGROUP=/sys/fs/cgroup/cpuacct/suite SUITE_CPU_OUT=costs.tsv PYTHONPATH=benchmarks \\
        .venv/bin/python -m pytest -n 0 -p suite_cpu tests/docs

Without it, this process's CPU and its reaped children's. One line per
test is appended to ``SUITE_CPU_OUT``: the test, its wall seconds, its
CPU seconds. The figures of docs/for-developers.md#the-test-command were
measured so.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest


def cpu_seconds() -> float:
    """The cgroup's CPU seconds if one is named, else this process's and its reaped children's."""
    group = os.environ.get("SUITE_CPU_CGROUP")
    if group:
        return int(Path(group, "cpuacct.usage").read_text()) / 1e9
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Set-up, call and tear-down of one test, timed together (a fixture's cost falls on its first reader)."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    yield
    out = os.environ.get("SUITE_CPU_OUT")
    if out:
        with open(out, "a", encoding="utf-8") as file:  # appended as it goes: a run stopped half-way still counts
            file.write(f"{item.nodeid}\t{time.perf_counter() - wall:.3f}\t{cpu_seconds() - cpu:.3f}\n")


def folder_of(nodeid: str) -> str:
    """``tests/check/nim/x.py::t`` -> ``tests/check``; a file at the root of tests/ -> ``tests``."""
    parts = nodeid.split("::")[0].split("/")
    return "/".join(parts[:2]) if len(parts) > 2 else parts[0]


def sums(lines: list[str]) -> dict[str, tuple[int, float, float]]:
    """Per folder: tests, wall seconds, CPU seconds."""
    found: defaultdict[str, tuple[int, float, float]] = defaultdict(lambda: (0, 0.0, 0.0))
    for line in lines:
        nodeid, wall, cpu = line.rstrip("\n").split("\t")[:3]
        count, walls, cpus = found[folder_of(nodeid)]
        found[folder_of(nodeid)] = (count + 1, walls + float(wall), cpus + float(cpu))
    return dict(found)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: suite_cpu.py COSTS.tsv", file=sys.stderr)
        return 2
    try:
        lines = Path(argv[0]).read_text(encoding="utf-8").splitlines()
        table = sums(lines)
    except (OSError, ValueError) as error:
        print(f"suite_cpu.py: {argv[0]}: {error}", file=sys.stderr)
        return 2
    print(f"{'folder':<16}{'tests':>7}{'wall s':>10}{'CPU s':>9}")
    for folder, (count, wall, cpu) in sorted(table.items(), key=lambda entry: -entry[1][2]):
        print(f"{folder:<16}{count:>7}{wall:>10.1f}{cpu:>9.1f}")
    rows = table.values()
    total = (sum(row[0] for row in rows), sum(row[1] for row in rows), sum(row[2] for row in rows))
    print(f"{'all':<16}{total[0]:>7}{total[1]:>10.1f}{total[2]:>9.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
