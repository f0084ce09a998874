"""Fixtures for the tests of a submission's copy: a busy Downloads folder, its crowd of files written once."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CROWD = 2100
"""Files beside the student's in a Downloads folder: more than the 2,000 entries a submission folder may hold, so the
copy is the file and what it imports."""


@pytest.fixture(scope="session")
def crowd(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ...]:
    """The crowd's files, written once per test process: 2,100 files cost half a second of CPU on some file
    systems each time, and each test's own folder links them instead (each link a file of that folder)."""
    folder = tmp_path_factory.mktemp("crowd")
    for number in range(CROWD):
        (folder / f"photo{number:04}.jpg").write_bytes(b"x")
    return tuple(sorted(folder.iterdir()))


@pytest.fixture
def downloads(tmp_path: Path, crowd: tuple[Path, ...]) -> Path:
    """This test's own ``Downloads`` folder holding the crowd (and nothing else yet)."""
    folder = tmp_path / "Downloads"
    folder.mkdir()
    for photo in crowd:
        os.link(photo, folder / photo.name)
    assert len(os.listdir(folder)) == CROWD
    return folder
