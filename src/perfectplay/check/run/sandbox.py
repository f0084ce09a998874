"""Where a candidate runs: a bubblewrap sandbox when the machine allows it, the checker's own protections otherwise.

What runs where (the trust model, docs/check.md "For teachers"):

* the checker (this process) explores positions, asks the oracle, decides
  and writes every report; it never imports or runs student code;
* each candidate process runs ``runner.py`` (standard library only, started
  as ``python -s -S -P`` in the checker's own environment, so that neither
  perfectplay nor anything installed is importable) or the ``--command``
  program, in a **private copy** of the submission's folder.

Under bubblewrap (``--sandbox auto`` where it works, ``require``) the
candidate also gets: no network (own network namespace); a read-only view
of ``/usr`` and ``/etc`` and of the interpreter's standard library (at
``/python`` for an interpreter outside ``/usr``), every ``site-packages``
and ``dist-packages`` folder hidden under an empty one (``hidden_packages.py``); nothing else of
the machine (no home, no other submissions, no ``/work``); the private copy
at ``/submission``, handed over as an archive the runner unpacks in the
sandbox's own memory (no host path in ``/proc/self/mountinfo``, no other
user can read it); a private ``/tmp`` (a size-capped tmpfs, the only
writable place: ``/dev`` is read-only); no pseudo-terminal (they would
come from the machine's one pool); its own PID namespace, session and IPC, so it cannot see
or signal the checker and nothing it starts survives the check
(``--die-with-parent``); when the checker runs as root, a user id of its
own (``UserSlot``: no other candidate holds it meanwhile). Everywhere, each
candidate process gets a cgroup of its own where the machine has them
(``accounting.py``), and the launcher sets hard limits (hard == soft, so
the code cannot raise them) on CPU seconds, file size and memory before any
candidate code runs, and a seccomp filter refuses what the kernel would lend
beyond a move's needs (io_uring, key rings, inotify...: ``inside/seccomp.py``);
without a cgroup, a Python candidate may start no process (the same
module) and memory is limited by address space.
"""

from __future__ import annotations

import functools
import glob
import math
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from perfectplay.check.errors import CheckUsageError, NotGradable
from perfectplay.check.run import accounting, own_user
from perfectplay.check.run.chance import Chance
from perfectplay.check.run.copying import CAPS, copy_for_file
from perfectplay.check.run.handed import bwrap_compiled, compiled_modules, inside_module, stand_in, write_compiled
from perfectplay.check.run.hidden_packages import hide_packages, package_folders
from perfectplay.check.run.user_slot import UserSlot

SANDBOXES = ("auto", "require", "off")
BWRAP = "bwrap"
RUNNER = Path(__file__).with_name("runner.py")
INSIDE_RUNNER = "/perfectplay/runner.py"
RUNNER_FLAGS = ("-s", "-S", "-P") if sys.version_info >= (3, 11) else ("-s", "-S")
"""``-I`` but for ``-E``: the environment is the checker's own (``environment``), and its ``PYTHONHASHSEED`` must hold
(``chance.py``). No site, no user site, no script folder on ``sys.path`` (before 3.11 the runner takes it off)."""
INSIDE_PARTS = "/perfectplay/inside"
INSIDE_DRIVERS = f"{Path(INSIDE_RUNNER).parent}/drivers"
"""Where the sandbox shows the game plugs' drivers: beside the runner, in a folder of the checker's own."""
RUNNER_PARTS = tuple(sorted(RUNNER.with_name("inside").glob("*.py")))
"""The runner's own modules (``inside/``): handed in beside it, read-only, at ``/perfectplay/inside/``."""
INSIDE_ARCHIVE = "/perfectplay/submission.tar"
INSIDE_FOLDER = "/submission"
INSIDE_PYTHON = "/python"
TMP_BYTES = 64 * 1024 * 1024
"""Size of the sandbox's private /tmp (memory-backed, gone with the sandbox)."""
TMP_FILES = 16_384
"""Files and folders the private /tmp may hold (as root): an empty one takes no page of its size, only about 1 KB of
the kernel's memory for its inode, which only a cgroup would count (the tmpfs's own default is half the machine's
pages: gigabytes). Its extended attributes share that room (1 KB an inode): 16 MB, where a 64 MB /tmp without the
cap held 1,250 MB of them."""
INTERPRETER_BYTES = 32 * 1024 * 1024
"""What a candidate's Python needs of its memory limit beside the submission's copy (the runner, the interpreter)."""
SUBMISSION_BYTES = CAPS.bytes + TMP_BYTES
"""Size of the tmpfs the private copy is unpacked in: the copy at its cap, and as much room again as /tmp."""
FILE_BYTES = 16 * 1024 * 1024
"""RLIMIT_FSIZE: the largest file a candidate may write."""
DESCRIPTORS = 256
"""RLIMIT_NOFILE where no cgroup counts kernel memory: without it, 4,000 socket pairs held 889 MB of queued bytes
under a limit of 256 MB of address space (and the hard limit let it open tens of thousands)."""
PROCESSES = accounting.PROCESSES
"""Processes and threads of one candidate: pids.max of its cgroup, or RLIMIT_NPROC of its own user."""
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/etc")
INSTALL = "apt-get install bubblewrap"
READY_FD = "@READY_FD@"
ARCHIVE_FD = "@ARCHIVE_FD@"
RUNNER_FD = "@RUNNER_FD@"
"""Stand-ins in a candidate's argv for descriptors opened when its process starts (see ``worker.Child``)."""


@dataclass(frozen=True, slots=True)
class Isolation:
    """How candidates are isolated in this run: ``bubblewrap`` or ``none``, in words, and their accounting.

    ``cgroups`` is the hierarchy where each candidate process gets a cgroup of its own, or None, and
    then ``no_cgroup`` says why (the sandbox forbids what cannot be counted instead).
    """

    kind: str
    detail: str
    cgroups: accounting.Hierarchy | None = None
    no_cgroup: str = ""
    own_user: bool = False
    """Unsandboxed as root: the candidate runs as a user of its own all the same (``own_user.py``)."""
    landlock: int = 0
    """Unsandboxed: the kernel's Landlock ABI where each candidate gets a domain of its own (``inside/landlock.py``),
    else 0."""

    @property
    def sandboxed(self) -> bool:
        return self.kind == "bubblewrap"

    @property
    def uncounted(self) -> str | None:
        """What this isolation cannot count, in one line (None: nothing): unsandboxed and without a cgroup, a
        process that a program leaves running leaves its process tree too, and its CPU time is nobody's."""
        if self.sandboxed or self.cgroups is not None:
            return None
        return (
            "not counted: the CPU time of processes a --command program leaves running after it (orphans), "
            "with no sandbox and no cgroup here (a Python file may start none)"
        )

    def describe(self, granted: Sequence[str] = ()) -> str:
        """In words; ``granted``: the packages the teacher allowed, which the sandbox shows besides the library."""
        if self.sandboxed:
            shown = f"the standard library and the allowed {', '.join(granted)}" if granted else NO_PACKAGES
            return f"bubblewrap sandbox ({self.detail.replace(NO_PACKAGES, shown)})"
        uncounted = f"; {self.uncounted}" if self.uncounted else ""
        who = "as an unprivileged user of its own and could read world-readable files" if self.own_user else ""
        who = who or "with the checker's user and could read its files"
        return f"NOT SANDBOXED: the student's code ran {who} ({self.detail}){self._kept_apart()}{uncounted}"

    def _kept_apart(self) -> str:
        if not self.landlock:
            return ""
        from perfectplay.check.run.inside.landlock import SIGNALS_ABI

        signals = ", signals" if self.landlock >= SIGNALS_ABI else ""
        return (
            f"; a Landlock domain kept it out of every other process (/proc, ptrace{signals}) and let it write only "
            "its own copy and temporary folder"
        )


def choose(mode: str) -> Isolation:
    """The isolation for ``--sandbox MODE``; ``require`` without a working bubblewrap is a usage error."""
    if mode not in SANDBOXES:
        raise CheckUsageError(f"--sandbox must be one of {', '.join(SANDBOXES)}, not {mode!r}")
    found = accounting.probe()
    cgroups, why = (found, "") if isinstance(found, accounting.Hierarchy) else (None, found)
    own = own_user.possible()
    if mode == "off":
        detail = "--sandbox off; separate process, own session, resource limits"
        return Isolation("none", detail, cgroups, why, own, _landlock())
    problem = probe()
    if problem is None:
        return Isolation("bubblewrap", _features(), cgroups, why)
    if mode == "require":
        raise CheckUsageError(f"--sandbox require: {problem}; install it with '{INSTALL}' (or use --sandbox off)")
    return Isolation("none", own_user.fallback(problem), cgroups, why, own, _landlock())


def _landlock() -> int:
    """The Landlock ABI an unsandboxed candidate's domain gets (0: none); asked, and ctypes loaded, only here, not
    in a sandboxed check's start-up."""
    from perfectplay.check.run.inside import landlock

    return landlock.usable()


NO_PACKAGES = "the standard library and no installed package"
"""What the sandbox shows of the interpreter's installation, unless the teacher allowed packages."""


def _features() -> str:
    user = "a user of its own" if os.geteuid() == 0 else "the checker's user in a user namespace"
    return (
        f"no network, read-only system, {NO_PACKAGES}, private copy of the folder, "
        f"private /tmp, no pseudo-terminal, no io_uring, own PID namespace, {user}"
    )


@functools.cache
def probe() -> str | None:
    """None if a bubblewrap sandbox starts here (tried once per process), else what is missing."""
    if sys.platform != "linux":
        return f"bubblewrap sandboxes need Linux, this is {sys.platform}"
    path = shutil.which(BWRAP)
    if path is None:
        return "bubblewrap (bwrap) is not installed"
    argv = [*_bwrap(path, None, None), _inside_interpreter(), "-I", "-S", "-c", _PROBE]
    try:
        done = subprocess.run(argv, capture_output=True, timeout=30, env=sandbox_environment(), check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"bwrap could not start a sandbox ({error})"
    if done.returncode != 0 or done.stdout.strip() != b"ok":
        last = (done.stderr.decode(errors="replace").strip().splitlines() or ["no message"])[-1][:200]
        return f"bwrap is installed but cannot start a sandbox here ({last})"
    return None


# The probe checks the promises, not just that bwrap starts: no network, and (as root) the drop to another user.
_PROBE = (
    "import os, socket\n"
    "if os.geteuid() == 0:\n"
    "    os.setgroups([]); os.setgid(65534); os.setuid(65534)\n"
    "try:\n"
    "    socket.create_connection(('192.0.2.1', 9), timeout=1)\n"
    "except OSError:\n"
    "    print('ok')\n"
)


def interpreter() -> list[str]:
    """The real Python interpreter (not a virtual environment's link): candidates get its standard library only."""
    return [os.path.realpath(sys.executable)]


def _outside_usr() -> bool:
    return not _within(Path(interpreter()[0]), Path("/usr"))


def _inside_interpreter() -> str:
    """The interpreter's path inside the sandbox: its own where it is part of /usr, else under /python."""
    if not _outside_usr():
        return interpreter()[0]
    return f"{INSIDE_PYTHON}/bin/python{sys.version_info[0]}.{sys.version_info[1]}"


def environment() -> dict[str, str]:
    """A candidate's whole environment: nothing of the checker's (no tokens, no paths to its files)."""
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": "/tmp",
        "TMPDIR": "/tmp",
        "LANG": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
    }


def sandbox_environment() -> dict[str, str]:
    """A sandboxed candidate's environment: an interpreter at /python finds its own libpython there."""
    env = environment()
    if _outside_usr():
        # Before the interpreter's RUNPATH (its folder outside, not in the sandbox) and the system's libpython.
        env["LD_LIBRARY_PATH"] = f"{INSIDE_PYTHON}/lib"
    return env


@dataclass(frozen=True, slots=True)
class ProcessLimits:
    """Hard limits set in each candidate process before its code runs."""

    memory_mb: int | None
    cpu_seconds: float

    def flags(self, counted: bool, own_user: bool) -> list[str]:
        """``--limit`` flags for the runner.

        ``counted``: a cgroup counts memory and processes, so only CPU (per process, as a backstop),
        file size and data size are set here. Otherwise the memory limit is on the address space, which counts
        shared mappings too, descriptors are limited (what they hold is kernel memory), and processes are
        limited by RLIMIT_NPROC only under a user of the candidate's own (``own_user``): RLIMIT_NPROC counts
        every process of the user.
        """
        limits = [f"CPU={math.ceil(self.cpu_seconds)}", f"FSIZE={FILE_BYTES}"]
        if self.memory_mb:
            # Counted: the cgroup holds every kind of memory; the data limit only makes a big allocation
            # fail with MemoryError rather than with the cgroup's kill.
            limits.append(f"{'DATA' if counted else 'AS'}={self.memory_mb * 1024 * 1024}")
        if not counted and own_user:
            limits.append(f"NPROC={PROCESSES}")
        if not counted:
            # What a descriptor holds in the kernel (a socket's queued bytes, a pipe's) is in no address space.
            limits.append(f"NOFILE={DESCRIPTORS}")
        return [flag for limit in limits for flag in ("--limit", limit)]


class Jail:
    """One candidate's private folder and how to start processes for it, sandboxed or not.

    ``folder`` is copied (regular files only, no links, capped) into a
    private temporary folder (mode 0700), leaving out ``exclude`` (the other
    submissions of the same run); sandboxed, the copy is handed to the
    sandbox as an archive, unpacked in its own memory. ``close`` removes the
    copy. As root, the candidate runs as a user of its own (``UserSlot``).
    """

    def __init__(
        self,
        isolation: Isolation,
        folder: Path | None,
        exclude: frozenset[Path],
        limits: ProcessLimits,
        entry: Path | None = None,
    ) -> None:
        self.isolation = isolation
        self.limits = limits
        self.folder = folder.resolve() if folder is not None else None
        self.slot = UserSlot() if (isolation.sandboxed and os.geteuid() == 0) or isolation.own_user else None
        self.reach = own_user.Reach() if isolation.own_user and not isolation.sandboxed else None
        self._temp = Path(tempfile.mkdtemp(prefix="perfectplay-check-", dir=own_user.temp_base(self.reach)))
        self.copy = self._temp / "submission"
        self.copy.mkdir(mode=0o700)
        self.archive: Path | None = None
        try:
            if self.folder is not None:
                _copy_folder(self.folder, self.copy, {path.resolve() for path in exclude}, entry)
            if self.reach is not None and self.slot is not None:  # the copy and a /tmp its user's alone
                own_user.give(self._temp, self.slot.uid)
            elif not isolation.sandboxed:  # the checker's own user: a /tmp of its own all the same (Landlock's)
                (self._temp / own_user.TMP).mkdir(mode=0o700)
            if isolation.sandboxed:
                self.archive = self._temp / "submission.tar"
                descriptor = os.open(self.archive, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
                with os.fdopen(descriptor, "wb") as file, tarfile.open(fileobj=file, mode="w") as tar:
                    tar.add(self.copy, arcname=".")
                _check_fits(self.archive.stat().st_size, limits.memory_mb if isolation.cgroups is not None else None)
        except BaseException:
            self._release()
            raise
        self.python = False
        self.allowed: tuple[tuple[str, str], ...] = ()
        """Packages the teacher allowed: (where the sandbox shows it, the folder it binds read-only)."""
        self.granted: tuple[str, ...] = ()
        """Their names, as the teacher gave them (``--allow-package``), for the report's isolation line."""
        self.paths: tuple[str, ...] = ()
        """Folders put on the candidate's ``sys.path`` before its import (the allowed packages' folder)."""
        self.drivers: dict[str, Path] = {}
        """A game plug's drivers for the runner (``check/plug.py``), by name: handed in like the runner itself."""
        self.chance: Chance | None = None
        """The check's hash seed and the number ``random`` is seeded with before the import (``chance.py``)."""

    @property
    def files(self) -> dict[str, Path]:
        """Files a candidate's process is handed as descriptors (stand-in -> path): sandboxed, the runner and
        the archive, copied into the sandbox's memory by bubblewrap (no host path in its mount table)."""
        if not self.isolation.sandboxed:
            return {}
        handed = {RUNNER_FD: RUNNER}
        handed.update({stand_in("RUNNER", part.stem): part for part in RUNNER_PARTS})
        handed.update({stand_in("DRIVER", name): path for name, path in self.drivers.items()})
        modules = compiled_modules(
            {part.stem: part for part in RUNNER_PARTS}, INSIDE_PARTS, self.drivers, INSIDE_DRIVERS
        )
        handed.update(write_compiled(self._temp / "compiled", modules))  # read, not compiled, at each start
        if self.archive is not None:
            handed[ARCHIVE_FD] = self.archive
        return handed

    @property
    def counted(self) -> bool:
        """Whether each of its processes gets a cgroup of its own."""
        return self.isolation.cgroups is not None

    def new_group(self) -> accounting.CGroup | None:
        """A fresh cgroup for one candidate process, where the machine has them (OSError: the machine failed)."""
        if self.isolation.cgroups is None:
            return None
        memory = self.limits.memory_mb * 2**20 if self.limits.memory_mb else None
        return accounting.CGroup.create(self.isolation.cgroups, memory)

    def accounting(self) -> str:
        """In words, which accounting holds for this candidate (every report says it)."""
        if self.isolation.cgroups is not None:
            memory = f"{self.limits.memory_mb} MB of memory of every kind, " if self.limits.memory_mb else ""
            return (
                f"kernel accounting: a cgroup per process ({self.isolation.cgroups.name}: "
                f"{memory}{PROCESSES} processes and threads, the CPU time of everything it starts)"
            )
        memory = f", {self.limits.memory_mb} MB of address space a process" if self.limits.memory_mb else ""
        if self.python:
            return f"no cgroup ({self.isolation.no_cgroup}): no new processes (seccomp){memory}"
        processes = (
            f"{PROCESSES} processes under a user of its own"
            if self.slot is not None
            else "processes it starts are not counted"
        )
        return f"no cgroup ({self.isolation.no_cgroup}): {processes}{memory}"

    def inside(self, path: Path) -> str:
        """Where a file of the submission's folder is seen by the candidate."""
        assert self.folder is not None
        relative = path.resolve().relative_to(self.folder)
        if self.isolation.sandboxed:
            return str(Path(INSIDE_FOLDER) / relative)
        return str(self.copy / relative)

    def runner(self, file: Path) -> tuple[list[str], Path]:
        """argv and working folder of a runner for the Python file ``file`` of the submission."""
        self.python = True
        no_fork = [] if self.counted else ["--no-fork"]
        paths = [flag for folder in self.paths for flag in ("--path", folder)]
        sandboxed = self.isolation.sandboxed
        drivers = [
            flag
            for name, path in sorted(self.drivers.items())
            for flag in ("--driver", f"{name}={inside_module(INSIDE_DRIVERS, name) if sandboxed else path}")
        ]
        chance = [] if self.chance is None else ["--chance", str(self.chance.at_import)]
        return self._start([*no_fork, *paths, *drivers, *chance, "--module", self.inside(file)])

    def command(self, program: list[str]) -> tuple[list[str], Path]:
        """argv and working folder for a ``--command`` program (paths into its folder rewritten)."""
        first = Path(program[0])
        local = "/" in program[0] and os.path.isfile(first) and self.folder is not None
        if local and self.folder is not None and _within(first.resolve(), self.folder):
            argv = [self.inside(first)]
        else:
            argv = [_program_path(program[0])]
            if self.isolation.sandboxed and argv[0] == interpreter()[0]:
                argv = [_inside_interpreter()]
            elif self.reach is not None:
                argv = [self.reach.path(argv[0])]
        for argument in program[1:]:
            path = Path(argument)
            # os.path.exists: an argument too long to name a file (``python3 -c '<program>'``) is an argument.
            inside = self.folder is not None and os.path.exists(path) and _within(path.resolve(), self.folder)
            argv.append(self.inside(path) if inside else argument)
        return self._start(["--exec", *argv], program=argv[0])

    def _start(self, tail: list[str], program: str | None = None) -> tuple[list[str], Path]:
        user = ["--user", f"{self.slot.uid}:{self.slot.uid}"] if self.slot is not None else []
        flags = self.limits.flags(self.counted, own_user=self.slot is not None)
        ready = ["--ready", READY_FD]
        if not self.isolation.sandboxed:
            python = [self.reach.path(interpreter()[0])] if self.reach is not None else interpreter()
            domain = ["--landlock"] if self.isolation.landlock else []
            return [*python, *RUNNER_FLAGS, str(RUNNER), *flags, *user, *domain, *ready, *tail], self.copy
        path = shutil.which(BWRAP)
        assert path is not None
        argv = _bwrap(path, ARCHIVE_FD if self.archive is not None else None, program, RUNNER_FD, self.allowed)
        if program is None and self.drivers:
            argv += ["--perms", "0755", "--dir", INSIDE_DRIVERS]
            for name in sorted(self.drivers):
                argv += ["--perms", "0444", "--file", stand_in("DRIVER", name), inside_module(INSIDE_DRIVERS, name)]
            argv += bwrap_compiled("DRIVER", sorted(self.drivers), INSIDE_DRIVERS)
        # Last, once every folder is made: the sandbox's root read-only (its tmpfs has no size).
        argv += ["--remount-ro", "/"]
        unpack = ["--unpack", INSIDE_ARCHIVE, INSIDE_FOLDER]
        # As root its /tmp is the one folder the candidate's user may write: its files are capped (TMP_FILES).
        files = ["--cap-files", f"/tmp={TMP_FILES}"] if os.geteuid() == 0 else []
        inside = [_inside_interpreter(), *RUNNER_FLAGS, INSIDE_RUNNER, *unpack, *files, *user, *flags, *ready, *tail]
        return [*argv, *inside], Path("/")

    @property
    def env(self) -> dict[str, str]:
        """The candidates' environment; unsandboxed, with the checker's PATH (nothing else of its own)."""
        chance = {} if self.chance is None else {"PYTHONHASHSEED": str(self.chance.hash_seed)}
        if self.isolation.sandboxed:
            return {**sandbox_environment(), **chance}
        private = str(self._temp / own_user.TMP)
        own = {"HOME": private, "TMPDIR": private} if self.reach is None else self.reach.env(self._temp)
        return {**environment(), "PATH": os.environ.get("PATH", ""), **own, **chance}

    def close(self) -> None:
        self._release()

    def _release(self) -> None:
        if self.reach is not None and self.slot is not None:  # its processes end first (daemons too), then its files
            own_user.end_processes(self.slot.uid)
        shutil.rmtree(self._temp, ignore_errors=True)
        if self.reach is not None:
            self.reach.close()
            if self.slot is not None:  # what its user left in the shared folders goes too
                own_user.sweep(self.slot.uid)
        if self.slot is not None:
            self.slot.release()


def _bwrap(
    path: str,
    archive_fd: str | None,
    program: str | None,
    runner_fd: str | None = None,
    allowed: tuple[tuple[str, str], ...] = (),
) -> list[str]:
    """The bubblewrap command line: what the candidate may see, and nothing else.

    perfectplay's own runner comes as a descriptor (``runner_fd``; a game plug's drivers likewise, ``Jail._start``),
    not bind mounts: a bind mount's source path is in ``/proc/self/mountinfo``, and the candidate has no
    business knowing where the checker is installed.
    """
    argv = [path, "--die-with-parent", "--new-session", "--unshare-net", "--unshare-pid", "--unshare-ipc"]
    argv += ["--unshare-uts", "--unshare-cgroup-try"]
    if os.geteuid() == 0:
        # Root keeps just what the launcher needs to become the candidate's user and to cap the files of its /tmp
        # (``inside/process.cap_files``); the drop clears even these.
        argv += ["--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
        argv += ["--cap-add", "CAP_SYS_ADMIN"]
    else:
        argv += ["--unshare-user"]
    for system in SYSTEM:
        if os.path.islink(system):
            argv += ["--symlink", os.readlink(system), system]
        elif os.path.isdir(system):
            argv += ["--ro-bind", system, system]
    hide_packages(argv, package_folders())
    if _outside_usr():
        # An interpreter outside /usr (pyenv, conda): its program, its shared library and its standard
        # library, at /python; its site-packages hidden.
        real = Path(interpreter()[0])
        prefix = real.parent.parent
        version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
        for folder in (INSIDE_PYTHON, f"{INSIDE_PYTHON}/bin", f"{INSIDE_PYTHON}/lib"):
            argv += ["--perms", "0755", "--dir", folder]  # bwrap would make them 0700: no way in for the user
        argv += ["--ro-bind", str(real), _inside_interpreter(), "--ro-bind", str(prefix / "lib" / version)]
        argv += [f"{INSIDE_PYTHON}/lib/{version}"]
        for library in sorted(glob.glob(str(prefix / "lib" / "libpython*.so*"))):
            argv += ["--ro-bind", library, f"{INSIDE_PYTHON}/lib/{Path(library).name}"]
        hide_packages(argv, [f"{INSIDE_PYTHON}/lib/{version}/site-packages"])
    bound = [*SYSTEM, INSIDE_PYTHON]
    if (
        program is not None
        and not program.startswith(INSIDE_FOLDER + "/")
        and not any(_within(Path(program), Path(system)) for system in bound)
    ):
        resolved = Path(program).resolve()
        # An installation (…/bin/java) is bound whole for its libraries; a lone program, only itself.
        prefix = resolved.parent.parent if resolved.parent.name == "bin" else resolved
        for parent in reversed(prefix.parents[:-1]):
            argv += ["--perms", "0755", "--dir", str(parent)]
        argv += ["--ro-bind", str(prefix), str(prefix)]
    argv += ["--perms", "0755", "--dir", str(Path(INSIDE_RUNNER).parent)]
    if runner_fd is not None:
        argv += ["--perms", "0444", "--file", runner_fd, INSIDE_RUNNER]
        argv += ["--perms", "0755", "--dir", INSIDE_PARTS]
        for part in RUNNER_PARTS:
            argv += ["--perms", "0444", "--file", stand_in("RUNNER", part.stem), inside_module(INSIDE_PARTS, part.stem)]
        argv += bwrap_compiled("RUNNER", [part.stem for part in RUNNER_PARTS], INSIDE_PARTS)
    for folder in sorted({str(Path(inside).parent) for inside, _ in allowed}):
        argv += ["--perms", "0755", "--dir", str(Path(folder).parent), "--perms", "0755", "--dir", folder]
    for inside, outside in allowed:
        argv += ["--ro-bind", outside, inside]
    if archive_fd is not None:
        # The copy in a size-capped tmpfs of its own: the sandbox's root is a tmpfs with no size, whose pages are in
        # no address space (without a cgroup, nothing would bound what a candidate wrote there).
        argv += ["--perms", "0600", "--file", archive_fd, INSIDE_ARCHIVE]
        argv += ["--size", str(SUBMISSION_BYTES), "--perms", "0755", "--tmpfs", INSIDE_FOLDER]
    argv += ["--proc", "/proc", "--dev", "/dev"]
    # bwrap's /dev has a devpts of its own, but its pseudo-terminals still come from the machine's one pool
    # (kernel.pty.max): an empty read-only folder over it leaves none to take (a move needs no terminal).
    argv += ["--perms", "0555", "--tmpfs", "/dev/pts", "--remount-ro", "/dev/pts"]
    # And /dev itself read-only (its devices still work): its memory-backed folder (/dev/shm) has no size cap, and
    # where no cgroup counts memory of every kind, what was written there would be counted nowhere.
    argv += ["--remount-ro", "/dev"]
    argv += ["--size", str(TMP_BYTES), "--perms", "1777", "--tmpfs", "/tmp"]
    argv += ["--chdir", INSIDE_FOLDER if archive_fd is not None else "/"]
    return argv


def _program_path(name: str) -> str:
    """The real file a program name runs; ``python``/``python3`` behind a shim (pyenv) is the checker's Python."""
    found = shutil.which(name)
    if found is None:
        raise CheckUsageError(f"--command: no program {name!r} found (not on PATH and not an executable file)")
    real = os.path.realpath(found)
    if re.fullmatch(r"python3?(\.\d+)?", Path(name).name):
        with open(real, "rb") as file:
            if file.read(2) == b"#!":  # a shell script that picks a Python: it cannot run in the sandbox
                return interpreter()[0]
    return real


def _within(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _check_fits(size: int, memory_mb: int | None) -> None:
    """``NotGradable`` when a sandboxed copy of ``size`` bytes cannot fit the candidate's memory of every kind.

    The sandbox holds the copy in its own memory, counted by the candidate's cgroup: twice while the runner unpacks
    it (the archive and the files), beside the interpreter. A submission too big for that is its own failure, said
    in words, not a process that dies before it is ready (which would be blamed on the machine)."""
    if memory_mb is None or 2 * size + INTERPRETER_BYTES <= memory_mb * 2**20:
        return
    raise NotGradable(
        f"the submission holds {size / 2**20:.0f} MB of files, more than fits in --memory {memory_mb} MB "
        f"(the sandbox holds its copy in the candidate's memory, twice while unpacking it, beside "
        f"{INTERPRETER_BYTES // 2**20} MB for Python): not gradable with this limit"
    )


def _copy_folder(source: Path, target: Path, exclude: set[Path], file: Path | None) -> None:
    """Regular files of ``source`` into ``target``: iteratively, within caps; for a Python ``file`` in too full
    a folder, what it imports (``copying.py``)."""
    copy_for_file(source, target, file.resolve() if file is not None else None, frozenset(exclude))
