"""Preparing the candidate's process before any of its code runs: the private copy unpacked, hard limits,
its own user, and an end when the checker goes away.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time

MACHINE_FAILED = 125
"""Exit status when the process could not be prepared before any candidate code ran."""


def set_limits(limits: dict[str, int]) -> None:
    """Hard limits, hard == soft, set before any candidate code runs: the candidate cannot raise them."""
    try:
        import resource
    except ImportError:  # not a POSIX system: no limits to set
        return

    for name, value in limits.items():
        which = getattr(resource, f"RLIMIT_{name}")
        _, hard = resource.getrlimit(which)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(which, (value, value))


def cap_files(folder: str, count: int) -> None:
    """At most ``count`` files and folders in the tmpfs at ``folder`` (its size kept), before the drop of privileges.

    An empty file takes no page of a tmpfs's size, only the kernel's memory for its inode, which no limit of the
    process counts (a cgroup would). bubblewrap sets a tmpfs's size only: the sandbox lends this process
    ``CAP_SYS_ADMIN`` for this one remount, and ``drop_user`` takes it away with the rest.
    """
    import ctypes

    remount, no_setuid, no_devices = 32, 2, 4  # MS_REMOUNT, MS_NOSUID, MS_NODEV: bubblewrap's flags kept
    libc = ctypes.CDLL(None, use_errno=True)
    options = f"nr_inodes={count}".encode()
    if libc.mount(b"tmpfs", folder.encode(), b"tmpfs", remount | no_setuid | no_devices, options) != 0:
        number = ctypes.get_errno()
        raise OSError(number, f"could not cap the files of {folder}: {os.strerror(number)}")


def drop_user(user: str) -> None:
    """Become an unprivileged user (the sandbox gave this process only the right to do this)."""
    uid, gid = (int(part) for part in user.split(":"))
    os.setgroups([])
    os.setgid(gid)
    os.setuid(uid)
    if os.getuid() != uid or os.geteuid() != uid:
        raise SystemExit("could not drop privileges")


def ready_to_run(program: str) -> None:
    """Before a ``--command`` program is run as the candidate's user: an installed program (not the submission's,
    in the working folder) must be one that user may run, or the machine failed; a Python handed as a descriptor
    (``PYTHONHOME``, ``check/run/own_user.py``) stays the home of that Python only."""
    home = os.environ.get("PYTHONHOME")
    if home is not None and not program.startswith(home + "/"):
        del os.environ["PYTHONHOME"]
    if not program.startswith(os.getcwd() + os.sep) and not os.access(program, os.X_OK):
        raise OSError(f"the candidate's user may not run {program}")


def unpack_copy(archive: str, folder: str) -> None:
    """Unpack the submission's private copy (an archive the checker made) into ``folder``, then delete it.

    Inside the sandbox the copy lives in the sandbox's own memory, so nothing in /proc/self/mountinfo
    names a folder of the machine, and no one outside the sandbox can read it.
    """
    import tarfile

    with tarfile.open(archive) as tar:
        members = [member for member in tar.getmembers() if member.isfile() or member.isdir()]
        for member in members:
            # A file its owner may run (a ``--command`` program) stays runnable; no other bit of the copy's is kept.
            member.mode = 0o755 if member.isdir() or member.mode & 0o100 else 0o644
            member.uid = member.gid = 0
        if hasattr(tarfile, "data_filter"):
            tar.extractall(folder, members=members, filter="data")
        else:  # made by the checker itself: regular files and folders under relative names only
            tar.extractall(folder, members=members)
    # Deleted where it can be (the sandbox's root is read-only: it stays there, readable by its owner alone).
    with contextlib.suppress(OSError):
        os.unlink(archive)


def watch_parent(interval: float = 0.5) -> None:
    """End this process if perfectplay goes away, even while the candidate is stuck in a loop.

    On Linux the kernel does it (``PR_SET_PDEATHSIG``: SIGKILL when the parent goes), with no thread of the
    runner's: a thread waking twice a second is activity of the candidate's process, and on a busy machine its
    wait for a processor would be counted as the candidate computing, hiding a sleeping candidate's idle time
    from the wall-clock backstop (``worker.AnswerBudget.waited``). Elsewhere, a thread looks.
    """
    parent = os.getppid()
    if _die_with_parent() and os.getppid() == parent:
        return

    def watch() -> None:
        while True:
            time.sleep(interval)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def _die_with_parent() -> bool:
    """Whether the kernel will kill this process when its parent ends (Linux's ``PR_SET_PDEATHSIG``)."""
    if sys.platform != "linux":
        return False
    try:
        import ctypes
        import signal

        return bool(ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False
