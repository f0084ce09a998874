"""A candidate that reaches the runner's classes in its own process (``object.__subclasses__()``) forges nothing
the parent judges: the times in the runner's messages are never read, a move's CPU time is the kernel's."""

from __future__ import annotations

from pathlib import Path

from hostile_payloads import SANDBOXED, build
from perfectplay.check.api import check_ai
from perfectplay.check.report.model import CheckReport

pytestmark = SANDBOXED

MOVE_SECONDS = 0.3
"""A move's CPU time: the forged one burns half as much again, its first-free moves a thousandth of it."""


def check(path: Path) -> CheckReport:
    return check_ai(path, sandbox="require", plays="both", move_seconds=MOVE_SECONDS, total_seconds=60, sample=12)


def outcome(report: CheckReport) -> tuple[object, ...]:
    kinds = {finding.kind: finding.count for finding in report.findings}
    return (report.verdict, report.positions, report.asked, report.best, report.complete, kinds)


def test_a_move_over_its_cpu_limit_is_a_timeout_though_the_runner_was_made_to_claim_no_time(tmp_path: Path) -> None:
    verdict, positions, asked, best, complete, kinds = outcome(check(build(tmp_path / "clean", None)))
    assert isinstance(kinds, dict) and isinstance(best, int)
    forged = check(build(tmp_path / "forged", "subclasses", burn=MOVE_SECONDS * 1.5))
    assert forged.machine is None
    assert outcome(forged) == (verdict, positions, asked, best - 1, complete, {"timeout": 1, **kinds})
