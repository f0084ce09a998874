"""A folder every user may write, for a test whose candidate writes a log or a marker the test reads.

Unsandboxed as root, the candidate runs as a user of its own (``check/run/own_user.py``): pytest's folders (under a
0700 one) are closed to it, as the checker's files are. The folder sits in a root-owned 0755 one, so the check's
sweep of what that user left in the machine's shared folders (``own_user.sweep``) does not reach the log.

Unsandboxed, a candidate also runs in a Landlock domain that lets it write only its own folders
(``check/run/inside/landlock.py``): the checks run in the block make none, so that the log can be written.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

from perfectplay.check.run.inside import landlock


@contextlib.contextmanager
def any_user_folder() -> Iterator[Path]:
    """A fresh folder under /tmp, mode 1777 (like /tmp itself), in a 0755 one, removed afterwards; the checks made
    in this process meanwhile give their candidates no Landlock domain."""
    parent = Path(tempfile.mkdtemp(prefix="perfectplay-any-user-", dir="/tmp"))
    parent.chmod(0o755)
    folder = parent / "shared"
    folder.mkdir()
    folder.chmod(0o1777)
    try:
        with mock.patch.object(landlock, "usable", lambda: 0):
            yield folder
    finally:
        shutil.rmtree(parent, ignore_errors=True)
