"""What an isolation cannot count is said plainly, in one line: unsandboxed and without a cgroup, the CPU time of
processes a program leaves running after it (the report's ``Ran in:`` line carries it, and the command line says it
on standard error)."""

from __future__ import annotations

from perfectplay.check.run.accounting import Hierarchy
from perfectplay.check.run.sandbox import Isolation

ORPHANS = "not counted: the CPU time of processes a --command program leaves running after it (orphans)"


def test_no_sandbox_and_no_cgroup_says_that_orphans_cpu_is_not_counted() -> None:
    isolation = Isolation("none", "--sandbox off; separate process", None, "no cgroup here")
    assert isolation.uncounted is not None and isolation.uncounted.startswith(ORPHANS)
    assert "\n" not in isolation.uncounted and isolation.describe().endswith(isolation.uncounted)


def test_a_sandbox_or_a_cgroup_counts_them_and_says_nothing_more() -> None:
    for isolation in (
        Isolation("bubblewrap", "no network", None, "no cgroup here"),
        Isolation("none", "--sandbox off", Hierarchy(2, ()), ""),
    ):
        assert isolation.uncounted is None and ORPHANS not in isolation.describe()
