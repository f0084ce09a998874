"""Fixtures for the tests of a submission's private copy: a Downloads folder of thousands of files, in memory.

A file written on a disk costs the kernel about half a millisecond of CPU
(ext4 here, journalled); in memory (tmpfs) a few microseconds. A busy folder
is 2,100 files, and checking a file in it copies 2,000 of them before the cap
is passed: seconds of CPU on a disk for each test, nothing in memory. What
the copy does is the same on either: only the folder's place changes.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

CROWD = 2100
"""Files beside the student's in a Downloads folder: more than the 2,000 entries a submission folder may hold, so the
copy is the file and what it imports (test_copy_*.py)."""

MEMORY = Path("/dev/shm")
"""A tmpfs on Linux: where the crowd and its copies go when the machine has one (else the test's own folder)."""


@pytest.fixture(scope="session")
def quick_base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder of this test process's in memory, removed when it ends; the pytest temporary folder where there is
    no tmpfs."""
    if MEMORY.is_dir() and os.access(MEMORY, os.W_OK | os.X_OK):
        folder = Path(tempfile.mkdtemp(prefix="perfectplay-tests-", dir=MEMORY))
        folder.chmod(0o755)  # passable, as /tmp is: a check for a candidate of its own user copies in it too
        try:
            yield folder
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    else:
        yield tmp_path_factory.mktemp("quick")


@pytest.fixture(scope="session")
def crowd(quick_base: Path) -> tuple[Path, ...]:
    """The crowd's files, written once per test process; each test's own folder links them instead (each link a file
    of that folder)."""
    folder = quick_base / "crowd"
    folder.mkdir()
    for number in range(CROWD):
        (folder / f"photo{number:04}.jpg").write_bytes(b"x")
    return tuple(sorted(folder.iterdir()))


@pytest.fixture
def downloads(quick_base: Path, crowd: tuple[Path, ...], monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """This test's own ``Downloads`` folder holding the crowd (and nothing else yet), beside the crowd; the test's
    checks (in this process and the commands it starts) make their private copies beside it too. Removed after."""
    here = Path(tempfile.mkdtemp(prefix="test-", dir=quick_base))
    here.chmod(0o755)
    folder = here / "Downloads"
    folder.mkdir()
    for photo in crowd:
        os.link(photo, folder / photo.name)
    assert len(os.listdir(folder)) == CROWD
    private = here / "private"
    private.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(private))
    monkeypatch.setenv("TMPDIR", str(private))
    try:
        yield folder
    finally:
        shutil.rmtree(here, ignore_errors=True)
