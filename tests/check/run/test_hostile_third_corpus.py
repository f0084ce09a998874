"""A third corpus of hostile submissions, sandboxed: each attack on the runner's channel, its descriptors, its
memory or its neighbours gains nothing; the check ends with the verdict its moves earn, never a traceback.

Every payload is ``tests/check/hostile/_first_free.py`` (the first free cell, which can be beaten) plus one
attack, made at import or in the position ``XOXOXO...`` (X to move), which the first free cell's own games
as X reach, so each check meets it. The clean AI's check on the same sample is the baseline: an attack
that held changes nothing, or costs the candidate that one position.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hostile_payloads import SANDBOXED, build
from perfectplay.check.api import check_ai
from perfectplay.check.report.model import CheckReport
from perfectplay.check.run.sandbox import SUBMISSION_BYTES, TMP_BYTES
from shared_results import SharedResults

SAMPLE = 12
"""Positions of the seeded sample each check asks, besides those its own games reach."""

pytestmark = SANDBOXED


def check(path: Path) -> CheckReport:
    # Both seats named: the probe's positions are drawn from the file's bytes, and the first free cell, which
    # plays no side in particular, would be read differently by each payload.
    return check_ai(path, sandbox="require", plays="both", move_seconds=5, total_seconds=120, sample=SAMPLE)


def outcome(report: CheckReport) -> tuple[object, ...]:
    kinds = {finding.kind: finding.count for finding in report.findings}
    return (report.verdict, report.positions, report.asked, report.best, report.complete, kinds)


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory, shared_results: SharedResults) -> tuple[object, ...]:
    """The clean AI's check, made once a run for the tests here on every xdist worker (tests/shared_results.py)."""

    def make() -> tuple[object, ...]:
        report = check(build(tmp_path_factory.mktemp("clean"), None))
        assert report.verdict == "beatable" and report.complete and report.machine is None
        return outcome(report)

    return shared_results.get(f"{__name__}: baseline", make)


def lost_one(baseline: tuple[object, ...]) -> tuple[object, ...]:
    """The baseline, less the attack's position, where its process died (a crash there)."""
    verdict, positions, asked, best, complete, kinds = baseline
    assert isinstance(kinds, dict) and isinstance(best, int)
    return (verdict, positions, asked, best - 1, complete, {"crash": 1, **kinds})


@pytest.mark.parametrize("kind", ["partial", "nul", "endless", "loaded"])
def test_a_forged_or_broken_line_on_the_runners_channel_is_a_crash_in_that_position_only(
    tmp_path: Path, baseline: tuple[object, ...], kind: str
) -> None:
    # Each forged line carries the winning answer (cell 6): taken as an answer, the position would count as best.
    report = check(build(tmp_path, "channel", kind=kind))
    assert report.machine is None
    assert outcome(report) == lost_one(baseline)


def test_closing_every_descriptor_mid_move_is_a_crash_in_that_position_not_a_hang(
    tmp_path: Path, baseline: tuple[object, ...]
) -> None:
    report = check(build(tmp_path, "closed"))
    assert report.machine is None
    assert outcome(report) == lost_one(baseline)


def test_files_in_every_writable_folder_hold_no_more_than_the_private_tmp_and_the_copys_folder_allow(
    tmp_path: Path, baseline: tuple[object, ...]
) -> None:
    # Whatever it manages to write is in tmpfs pages no address-space limit counts: only the sizes of the private
    # /tmp and of its copy's folder (and, with a cgroup, its memory limit) may bound them. Holding more, it raises.
    report = check(build(tmp_path, "stash", allowed=(TMP_BYTES + SUBMISSION_BYTES) // 2**20))
    assert outcome(report) == baseline


def test_the_sandboxs_root_is_read_only_and_the_copys_folder_has_a_size(
    tmp_path: Path, baseline: tuple[object, ...]
) -> None:
    # Measured before: a checker without root or cgroup let a candidate keep 480 MB in /submission (and the root
    # was as open), under a limit of 1,024 MB of address space that counts none of it.
    report = check(build(tmp_path, "mounts"))
    assert outcome(report) == baseline


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="no /proc to look through")
def test_its_parent_and_the_sandboxs_first_process_can_be_neither_traced_nor_read(
    tmp_path: Path, baseline: tuple[object, ...]
) -> None:
    report = check(build(tmp_path, "ptrace"))
    assert outcome(report) == baseline
