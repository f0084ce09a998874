"""The sweep of the shared folders (unsandboxed as root, ``own_user.sweep``) looks at a bounded number of other
users' entries, never stops short of the candidate's own: a candidate that left more files than the bound in one
shared folder (``/var/tmp``, swept before ``/tmp``) had what it left in the next kept for the students after it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from perfectplay.check.run import own_user

needs_root = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="files of another user are made only as root"
)

CANDIDATE = 0x5EED0000 + 4242
OTHER = 0x5EED0000 + 4243


@needs_root
def test_every_file_the_candidate_left_goes_however_many_it_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(own_user, "SWEEP_ENTRIES", 10)
    flooded, kept = tmp_path / "var-tmp", tmp_path / "tmp"
    for shared in (flooded, kept):
        shared.mkdir()
        shared.chmod(0o1777)
    for index in range(30):
        left = flooded / f"left-{index:02}"
        left.write_text("")
        os.chown(left, CANDIDATE, CANDIDATE)
    payload = kept / "answers"
    payload.write_text("for the next student")
    os.chown(payload, CANDIDATE, CANDIDATE)
    for index in range(5):
        others = kept / f"others-{index}"
        others.write_text("")
        os.chown(others, OTHER, OTHER)
    own_user.sweep(CANDIDATE, (str(kept), str(flooded)))  # the last folder named is looked through first
    assert list(flooded.iterdir()) == []
    assert sorted(path.name for path in kept.iterdir()) == [f"others-{index}" for index in range(5)]
