"""A user id of a candidate's own (as root): no other candidate on this machine holds it while this one runs.

The sandbox (as root) and the unsandboxed run as root (``own_user.py``) drop each candidate to such a user, so
that no two candidates share a process slot, a uid budget or files; a lock file per id in one folder for the
whole machine keeps two checkers from handing out the same one.
"""

from __future__ import annotations

import errno
import fcntl
import os
import secrets
from pathlib import Path

UID_BASE = 0x5EED0000
UID_SLOTS = 1 << 16
"""Users of the candidates (as root): one of these a candidate, never shared while it runs."""
USER_LOCKS = Path("/run/perfectplay-users")
"""Where the lock file of each candidate user lives while it is in use."""


class UserSlot:
    """A user id that no other candidate on this machine has while this one holds it (a lock file per id)."""

    def __init__(self, folder: Path | None = None) -> None:
        # One folder for the whole machine (not $TMPDIR, which differs between runs): every checker sees
        # every other checker's locks.
        folder = folder or (USER_LOCKS if os.access(USER_LOCKS.parent, os.W_OK) else Path("/tmp/perfectplay-users"))
        folder.mkdir(mode=0o700, exist_ok=True)
        for _ in range(100):
            uid = UID_BASE + secrets.randbelow(UID_SLOTS)
            descriptor = os.open(folder / str(uid), os.O_CREAT | os.O_RDWR, 0o600)
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(descriptor)
                continue
            self.uid = uid
            self._descriptor: int | None = descriptor
            return
        raise OSError(errno.EAGAIN, "no free candidate user id")

    def release(self) -> None:
        if self._descriptor is not None:
            os.close(self._descriptor)
            self._descriptor = None
