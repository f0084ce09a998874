"""Inode and extended-attribute floods in the sandbox's writable folders are bounded by a cap on their files, not by
the machine's memory.

An empty file or folder takes no page of a tmpfs's size, only the kernel's memory for its inode (about 1 KB):
a candidate making 170,000 a CPU second would hold gigabytes of it within its limits. A cgroup counts that
memory; where there is none, only a cap on the files of the private ``/tmp`` (the one folder a candidate of its
own user may write) bounds it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hostile_payloads import SANDBOXED, build
from perfectplay.check.api import check_ai
from perfectplay.check.report.model import CheckReport
from perfectplay.check.run.sandbox import TMP_FILES

pytestmark = [
    *SANDBOXED,
    pytest.mark.skipif(os.geteuid() != 0, reason="the private /tmp's files are capped where the checker runs as root"),
]


def check(path: Path) -> CheckReport:
    return check_ai(path, sandbox="require", plays="both", move_seconds=5, total_seconds=120, sample=12)


def outcome(report: CheckReport) -> tuple[object, ...]:
    kinds = {finding.kind: finding.count for finding in report.findings}
    return (report.verdict, report.positions, report.asked, report.best, report.complete, kinds)


def test_a_flood_of_empty_files_and_folders_stops_at_the_private_tmps_cap(tmp_path: Path) -> None:
    clean = outcome(check(build(tmp_path / "clean", None)))
    flooded = check(build(tmp_path / "flood", "inodes", allowed=TMP_FILES))
    assert flooded.machine is None
    assert outcome(flooded) == clean


def test_the_candidate_holds_no_capability_the_launcher_used_to_cap_its_tmp(tmp_path: Path) -> None:
    clean = outcome(check(build(tmp_path / "clean", None)))
    looked = check(build(tmp_path / "look", "capabilities", allowed=TMP_FILES))
    assert looked.machine is None
    assert outcome(looked) == clean


def test_a_flood_of_extended_attributes_stops_within_the_private_tmps_room_for_inodes(tmp_path: Path) -> None:
    # A tmpfs counts each inode and each extended attribute against 1 KB an inode of room: 16 MB under the cap,
    # where without it a 64 MB /tmp held 1,250 MB of attributes and was still taking more.
    clean = outcome(check(build(tmp_path / "clean", None)))
    flooded = check(build(tmp_path / "flood", "xattrs", allowed=TMP_FILES * 1024))
    assert flooded.machine is None
    assert outcome(flooded) == clean
