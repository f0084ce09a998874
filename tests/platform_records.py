"""A grader bundle's reader of the platform's record of a submission (Gradescope's ``submission_metadata.json``,
PrairieLearn's ``data.json``), run as the bundle runs it: an isolated interpreter, the record's path its argument."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path


def read_record(reader: str, record: Path) -> subprocess.CompletedProcess[str]:
    """The reader run on ``record``: the student on standard output and exit 0, or nothing and exit 1."""
    return subprocess.run([sys.executable, "-I", "-c", reader, str(record)], capture_output=True, text=True, timeout=60)


def not_files(folder: Path, name: str, real: Path) -> Iterator[tuple[str, Path]]:
    """``name`` in a folder of its own for each shape a record must not have: a link to ``real`` (a valid record),
    a FIFO (a reader that opened it would wait), nothing, a folder."""
    for make in ("link", "fifo", "missing", "folder"):
        record = folder / make / name
        record.parent.mkdir()
        if make == "link":
            record.symlink_to(real)
        elif make == "fifo":
            os.mkfifo(record)
        elif make == "folder":
            record.mkdir()
        yield make, record
