"""Unsandboxed as root, the candidate still runs as a user of its own: its copy theirs alone, the interpreter reachable.

Where bubblewrap cannot start (a Gradescope container: root, no namespaces) and
``--sandbox auto`` falls back, or with ``--sandbox off``, a checker running as
root would otherwise run the student's code as root: able to read the grader's
secret, write the results file, signal the checker. Instead the runner drops to
a user of the candidate's own (``user_slot.UserSlot``, ``inside/process.drop_user``)
before any of its code runs, as the sandbox does; this module makes what that
user needs reachable, and nothing more:

* the private copy and a private temporary folder (``HOME`` and ``TMPDIR``) are
  given to that user (``give``: mode 0700, its owner), and nobody else's;
* the interpreter's own files, where an unprivileged user cannot reach them (a
  Python under ``/root/.pyenv``: ``/root`` is 0700), are handed to the process as
  an open descriptor of its prefix, ``PYTHONHOME=/proc/self/fd/N``: a path
  through the descriptor reaches that folder alone, never its root-only parents
  (``Reach``). A Python in ``/usr`` needs none of it.

What the user can still do is what any user of the machine can: read
world-readable files, write world-writable folders. What it wrote in the
machine's shared folders (``/tmp``, ``/var/tmp``, ``/dev/shm``: memory no
limit counts once its processes are gone) is removed with its check
(``sweep``), so one student cannot fill them for the next, nor leave answers
for a later candidate that draws the same user id.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from perfectplay.check.errors import CheckUsageError

TMP = "tmp"
"""The candidate's private temporary folder, beside its copy."""
SHARED = ("/tmp", "/var/tmp", "/dev/shm", "/dev/mqueue", "/run/lock")
"""The machine's folders any user may write, looked through for what a candidate's user left (``sweep``)."""
SWEEP_DEPTH = 4
SWEEP_ENTRIES = 100_000
"""How deep into folders every user may write, and how many entries of others in all, ``sweep`` looks (a teacher's
``/tmp`` may be big; the candidate's own entries are removed however many, its folders whole, however deep)."""
HOME_VARIABLES = ("PYTHONHOME", "LD_LIBRARY_PATH")
"""The environment a handed interpreter needs (``Reach.env``): its prefix, and its shared library for a ``--command``
program that is the same interpreter (its RUNPATH names the prefix's real path, which the user cannot reach)."""


def possible() -> bool:
    """Whether this checker runs as root on Linux, where the candidate's process becomes a user of its own (and is
    handed what that user cannot reach through ``/proc/self/fd``)."""
    return sys.platform == "linux" and hasattr(os, "geteuid") and os.geteuid() == 0


def fallback(problem: str) -> str:
    """The isolation's detail when ``--sandbox auto`` finds no sandbox (``problem``); as root where no user of the
    candidate's own can be had, a usage error: the student's code runs as root only if ``--sandbox off`` says so."""
    if hasattr(os, "geteuid") and os.geteuid() == 0 and not possible():
        raise CheckUsageError(
            f"--sandbox auto: {problem}, and as root on {sys.platform} the student's code would run as root; "
            "use --sandbox off to run it so anyway"
        )
    return f"no sandbox: {problem}; separate process, own session, resource limits"


def reachable(path: Path) -> bool:
    """Whether a user with no group of the machine's can read ``path``: every folder above it searchable by others,
    and itself readable by others (mode bits; a folder also searchable)."""
    try:
        resolved = path.resolve(strict=True)
        if not _passable(resolved.parents):
            return False
        mode = os.stat(resolved).st_mode
    except OSError:
        return False
    wanted = stat.S_IROTH | (stat.S_IXOTH if stat.S_ISDIR(mode) else 0)
    return mode & wanted == wanted


def _passable(folders: Sequence[Path]) -> bool:
    """Whether a user with no group of the machine's may pass through each of ``folders`` (searchable by others);
    ``OSError`` where one cannot be looked at."""
    return all(os.stat(folder).st_mode & stat.S_IXOTH for folder in folders)


def temp_base(reach: Reach | None) -> str | None:
    """Where a check's private folder is made: None (``tempfile``'s choice) but for a candidate of its own user;
    for one, the machine's temporary folder if that user can pass through every folder down to it, else the first
    shared folder it can (a ``TMPDIR`` under a root-only folder made every student "broken", PermissionError on
    importing their own file: the machine's setting blamed on them)."""
    if reach is None:
        return None
    for base in (tempfile.gettempdir(), *SHARED[:3]):
        try:
            resolved = Path(base).resolve(strict=True)
            if _passable([*resolved.parents, resolved]):
                return base
        except OSError:
            continue
    raise OSError(errno.EACCES, "no temporary folder a candidate's own user can reach: set TMPDIR to one")


def give(folder: Path, uid: int) -> None:
    """Make ``folder`` (made by the checker, holding only what it wrote) and all in it ``uid``'s own, with a private
    ``tmp`` beside the copy (``Reach.env``): the candidate's user alone reads and writes it, mode 0700. Not followed:
    links stay the checker's."""
    (folder / TMP).mkdir(mode=0o700)
    for parent, folders, files in os.walk(folder, topdown=False):
        for name in [*files, *folders]:
            os.lchown(os.path.join(parent, name), uid, uid)
    os.chown(folder, uid, uid)
    os.chmod(folder, 0o700)


class Reach:
    """The interpreter's prefix held open for the candidate's processes, where its user could not reach it by path.

    ``descriptor`` is passed to each process at the same number (``worker.Child``'s ``kept``), so the paths that
    name it (``/proc/self/fd/N/...``) are known before any process starts. None: nothing needs handing.
    """

    def __init__(self) -> None:
        self.prefix = Path(sys.base_prefix).resolve()
        stdlib = Path(os.__file__).resolve().parent
        self.descriptor: int | None = None
        if not reachable(stdlib) and stdlib.is_relative_to(self.prefix):
            self.descriptor = os.open(self.prefix, os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC)

    @property
    def home(self) -> str | None:
        return None if self.descriptor is None else f"/proc/self/fd/{self.descriptor}"

    def path(self, path: str | Path) -> str:
        """Where the candidate's user finds ``path``: through the handed prefix when it lies in it, else itself."""
        home = self.home
        if home is not None and Path(path).resolve().is_relative_to(self.prefix):
            return f"{home}/{Path(path).resolve().relative_to(self.prefix)}"
        return str(path)

    def env(self, folder: Path) -> dict[str, str]:
        """The candidate's environment beside ``environment()``'s: its ``HOME`` and ``TMPDIR`` in ``folder`` (that
        ``give`` made), and the handed interpreter's variables."""
        private = {"HOME": str(folder / TMP), "TMPDIR": str(folder / TMP)}
        home = self.home
        if home is None:
            return private
        return {**private, **dict(zip(HOME_VARIABLES, (home, f"{home}/lib"), strict=True))}

    @property
    def kept(self) -> tuple[int, ...]:
        return () if self.descriptor is None else (self.descriptor,)

    def close(self) -> None:
        if self.descriptor is not None:
            os.close(self.descriptor)
            self.descriptor = None


def end_processes(uid: int) -> None:
    """End every process of the user ``uid`` (a candidate's own: no one else's while its check holds it).

    With no cgroup, a process a ``--command`` program left in a session of its own (a daemon) is out of reach of the
    process group and the session the check kills, and would outlive it: writing into the shared folders after
    ``sweep``, or waiting for a later check that draws the same user id. A shell of that user signals them all at
    once (``kill -9 -1``: every process the sender may signal but itself, in one pass of the kernel's, so no fork
    slips between); the shell is the system's, which every user may run.
    """
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        subprocess.run(
            ["/bin/sh", "-c", "kill -9 -1"],
            user=uid,
            group=uid,
            extra_groups=[],
            cwd="/",
            env={"PATH": "/usr/bin:/bin"},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=10,
            check=False,
        )


def sweep(uid: int, shared: Sequence[str] = SHARED) -> None:
    """Remove what the user ``uid`` (a candidate's own, all of its processes gone) left in the machine's shared
    folders: every entry it owns in them, or in a folder below them that every user may write (the only places it
    could make one), a folder of its own with all in it. Nothing is followed: a link it left is removed, never its
    target; what another user owns stays."""
    seen = 0
    stack = [(Path(folder), 0) for folder in shared]
    while stack and seen < SWEEP_ENTRIES:
        folder, depth = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue  # missing, or not a folder: nothing of the candidate's there
        for entry in entries:
            try:
                status = entry.stat(follow_symlinks=False)
            except OSError:
                seen += 1
                continue
            if status.st_uid == uid:
                # Never counted: a flood of its own files in one folder must not end the walk before the next.
                _remove(Path(entry.path), stat.S_ISDIR(status.st_mode))
                continue
            seen += 1
            if stat.S_ISDIR(status.st_mode) and status.st_mode & stat.S_IWOTH and depth + 1 < SWEEP_DEPTH:
                stack.append((Path(entry.path), depth + 1))


def _remove(path: Path, folder: bool) -> None:
    try:
        if folder:
            shutil.rmtree(path)  # by descriptors: a link inside is removed, never followed
        else:
            path.unlink()
    except OSError:
        pass  # gone already, or a file system that refuses: nothing more this checker can do
