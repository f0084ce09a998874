"""Where a candidate runs: a bubblewrap sandbox when the machine allows it, the checker's own protections otherwise.

What runs where (the trust model, docs/check.md "For teachers"):

* the checker (this process) explores positions, asks the oracle, decides
  and writes every report; it never imports or runs student code;
* each candidate process runs ``runner.py`` (standard library only, started
  as ``python -I -S`` so that neither perfectplay nor anything installed is
  importable) or the ``--command`` program, in a **private copy** of the
  submission's folder.

Under bubblewrap (``--sandbox auto`` where it works, ``require``) the
candidate also gets: no network (own network namespace); a read-only view
of ``/usr``, ``/etc`` and the Python it runs on, nothing else of the
machine (no home, no other submissions, no ``/work``); the private copy
read-only at ``/submission``; a private ``/tmp`` (a size-capped tmpfs, the
only writable place); its own PID namespace, session and IPC, so it cannot
see or signal the checker and nothing it starts survives the check
(``--die-with-parent``); when the checker runs as root, the unprivileged
user ``nobody``. Everywhere, the launcher sets hard limits (hard == soft,
so the code cannot raise them) on data memory, CPU seconds, file size and,
for an unprivileged user, processes, before any candidate code runs.
"""

from __future__ import annotations

import functools
import math
import os
import re
import secrets
import shutil
import stat
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from perfectplay.check.errors import CheckUsageError
from perfectplay.check.run.copying import copy_submission

SANDBOXES = ("auto", "require", "off")
BWRAP = "bwrap"
RUNNER = Path(__file__).with_name("runner.py")
INSIDE_RUNNER = "/perfectplay/runner.py"
INSIDE_FOLDER = "/submission"
NOBODY = (65534, 65534)
TMP_BYTES = 64 * 1024 * 1024
"""Size of the sandbox's private /tmp (memory-backed, gone with the sandbox)."""
FILE_BYTES = 16 * 1024 * 1024
"""RLIMIT_FSIZE: the largest file a candidate may write."""
PROCESSES = 64
"""RLIMIT_NPROC for the unprivileged user (threads count too)."""
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/etc")
INSTALL = "apt-get install bubblewrap"
STRAY = "PERFECTPLAY_CHECK_CANDIDATE"


@dataclass(frozen=True, slots=True)
class Isolation:
    """How candidates are isolated in this run: ``bubblewrap`` or ``none``, and in words."""

    kind: str
    detail: str

    @property
    def sandboxed(self) -> bool:
        return self.kind == "bubblewrap"

    def describe(self) -> str:
        if self.sandboxed:
            return f"bubblewrap sandbox ({self.detail})"
        return f"NOT SANDBOXED: the student's code ran with the checker's user and could read its files ({self.detail})"


def choose(mode: str) -> Isolation:
    """The isolation for ``--sandbox MODE``; ``require`` without a working bubblewrap is a usage error."""
    if mode not in SANDBOXES:
        raise CheckUsageError(f"--sandbox must be one of {', '.join(SANDBOXES)}, not {mode!r}")
    if mode == "off":
        return Isolation("none", "--sandbox off; separate process, own session, resource limits")
    problem = probe()
    if problem is None:
        return Isolation("bubblewrap", _features())
    if mode == "require":
        raise CheckUsageError(f"--sandbox require: {problem}; install it with '{INSTALL}' (or use --sandbox off)")
    return Isolation("none", f"no sandbox: {problem}; separate process, own session, resource limits")


def _features() -> str:
    user = "user nobody" if os.geteuid() == 0 else "the checker's user in a user namespace"
    return f"no network, read-only system, private copy of the folder, private /tmp, own PID namespace, {user}"


@functools.cache
def probe() -> str | None:
    """None if a bubblewrap sandbox starts here (tried once per process), else what is missing."""
    if sys.platform != "linux":
        return f"bubblewrap sandboxes need Linux, this is {sys.platform}"
    path = shutil.which(BWRAP)
    if path is None:
        return "bubblewrap (bwrap) is not installed"
    with tempfile.TemporaryDirectory(prefix="perfectplay-probe-") as folder:
        argv = [*_bwrap(path, Path(folder), None), *interpreter(), "-I", "-S", "-c", _PROBE]
        try:
            done = subprocess.run(argv, capture_output=True, timeout=30, env=environment(), check=False)
        except (OSError, subprocess.TimeoutExpired) as error:
            return f"bwrap could not start a sandbox ({error})"
    if done.returncode != 0 or done.stdout.strip() != b"ok":
        last = (done.stderr.decode(errors="replace").strip().splitlines() or ["no message"])[-1][:200]
        return f"bwrap is installed but cannot start a sandbox here ({last})"
    return None


# The probe checks the promises, not just that bwrap starts: no network, and (as root) the drop to nobody.
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


def environment() -> dict[str, str]:
    """A candidate's whole environment: nothing of the checker's (no tokens, no paths to its files)."""
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": "/tmp",
        "TMPDIR": "/tmp",
        "LANG": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
    }


@dataclass(frozen=True, slots=True)
class Limits:
    """Hard limits set in each candidate process before its code runs."""

    memory_mb: int | None
    cpu_seconds: float

    def flags(self, unprivileged: bool) -> list[str]:
        limits = [f"CPU={math.ceil(self.cpu_seconds)}", f"FSIZE={FILE_BYTES}"]
        if self.memory_mb:
            limits.append(f"DATA={self.memory_mb * 1024 * 1024}")
        if unprivileged:
            limits.append(f"NPROC={PROCESSES}")
        return [flag for limit in limits for flag in ("--limit", limit)]


class Jail:
    """One candidate's private folder and how to start processes for it, sandboxed or not.

    ``folder`` is copied (regular files only, no links, capped) into a
    private temporary folder, leaving out ``exclude`` (the other
    submissions of the same run); ``close`` removes the copy.
    """

    def __init__(self, isolation: Isolation, folder: Path | None, exclude: frozenset[Path], limits: Limits) -> None:
        self.isolation = isolation
        self.limits = limits
        self.folder = folder.resolve() if folder is not None else None
        self._temp = Path(tempfile.mkdtemp(prefix="perfectplay-check-"))
        self.token = secrets.token_hex(12)
        self.copy = self._temp / "submission"
        self.copy.mkdir()
        try:
            if self.folder is not None:
                _copy_folder(self.folder, self.copy, {path.resolve() for path in exclude})
        except BaseException:
            shutil.rmtree(self._temp, ignore_errors=True)
            raise
        if isolation.sandboxed:
            # The sandbox's user (nobody, when we are root) must be able to read the copy.
            for path in (self._temp, *self.copy.rglob("*"), self.copy):
                path.chmod(path.stat().st_mode | stat.S_IRGRP | stat.S_IROTH | (0o055 if path.is_dir() else 0))

    def inside(self, path: Path) -> str:
        """Where a file of the submission's folder is seen by the candidate."""
        assert self.folder is not None
        relative = path.resolve().relative_to(self.folder)
        if self.isolation.sandboxed:
            return str(Path(INSIDE_FOLDER) / relative)
        return str(self.copy / relative)

    def runner(self, file: Path) -> tuple[list[str], Path]:
        """argv and working folder of a runner for the Python file ``file`` of the submission."""
        return self._start(["--module", self.inside(file)])

    def command(self, program: list[str]) -> tuple[list[str], Path]:
        """argv and working folder for a ``--command`` program (paths into its folder rewritten)."""
        first = Path(program[0])
        local = "/" in program[0] and first.is_file() and self.folder is not None
        if local and self.folder is not None and _within(first.resolve(), self.folder):
            argv = [self.inside(first)]
        else:
            argv = [_program_path(program[0])]
        for argument in program[1:]:
            path = Path(argument)
            inside = self.folder is not None and path.exists() and _within(path.resolve(), self.folder)
            argv.append(self.inside(path) if inside else argument)
        return self._start(["--exec", *argv], program=argv[0])

    def _start(self, tail: list[str], program: str | None = None) -> tuple[list[str], Path]:
        root = self.isolation.sandboxed and os.geteuid() == 0
        user = ["--user", f"{NOBODY[0]}:{NOBODY[1]}"] if root else []
        # RLIMIT_NPROC counts every process of the real user: only for nobody is it this check's alone.
        flags = self.limits.flags(unprivileged=root)
        if not self.isolation.sandboxed:
            return [*interpreter(), "-I", "-S", str(RUNNER), *flags, *tail], self.copy
        path = shutil.which(BWRAP)
        assert path is not None
        argv = _bwrap(path, self.copy, program)
        return [*argv, *interpreter(), "-I", "-S", INSIDE_RUNNER, *user, *flags, *tail], Path("/")

    @property
    def env(self) -> dict[str, str]:
        """The candidates' environment; unsandboxed, with the PATH and a token that finds strays later."""
        if self.isolation.sandboxed:
            return environment()
        return {**environment(), "PATH": os.environ.get("PATH", ""), STRAY: self.token}

    def close(self) -> None:
        if not self.isolation.sandboxed:
            kill_strays(self.token)
        shutil.rmtree(self._temp, ignore_errors=True)


def kill_strays(token: str) -> int:
    """Kill every process still carrying this check's token: what an unsandboxed candidate left running.

    Without a PID namespace, a daemon (double fork, new session) escapes the kill of its process
    group; its environment still holds the token it was started with, unless it replaced it.
    """
    killed = 0
    needle = f"{STRAY}={token}".encode()
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else ():
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as file:
                if needle not in file.read().split(b"\0"):
                    continue
            os.kill(int(entry), 9)
            killed += 1
        except OSError:
            continue
    return killed


def _bwrap(path: str, copy: Path, program: str | None) -> list[str]:
    """The bubblewrap command line: what the candidate may see, and nothing else."""
    argv = [path, "--die-with-parent", "--new-session", "--unshare-net", "--unshare-pid", "--unshare-ipc"]
    argv += ["--unshare-uts", "--unshare-cgroup-try"]
    if os.geteuid() == 0:
        # Root keeps just what the launcher needs to become nobody; the drop clears even these.
        argv += ["--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    else:
        argv += ["--unshare-user"]
    for system in SYSTEM:
        if os.path.islink(system):
            argv += ["--symlink", os.readlink(system), system]
        elif os.path.isdir(system):
            argv += ["--ro-bind", system, system]
    bound = list(SYSTEM)
    for executable in (interpreter()[0], program):
        if (
            executable is None
            or executable.startswith(INSIDE_FOLDER + "/")
            or any(_within(Path(executable), Path(system)) for system in bound)
        ):
            continue
        resolved = Path(executable).resolve()
        # An installation (…/bin/python3) is bound whole for its libraries; a lone program, only itself.
        prefix = resolved.parent.parent if resolved.parent.name == "bin" else resolved
        for parent in reversed(prefix.parents[:-1]):
            argv += ["--perms", "0755", "--dir", str(parent)]
        argv += ["--ro-bind", str(prefix), str(prefix)]
        bound.append(str(prefix))
    argv += ["--ro-bind", str(RUNNER), INSIDE_RUNNER, "--ro-bind", str(copy), INSIDE_FOLDER]
    argv += ["--proc", "/proc", "--dev", "/dev", "--size", str(TMP_BYTES), "--perms", "1777", "--tmpfs", "/tmp"]
    argv += ["--chdir", INSIDE_FOLDER]
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


def _copy_folder(source: Path, target: Path, exclude: set[Path]) -> None:
    """Regular files of ``source`` into ``target``: iteratively, within caps (``copying.py``)."""
    copy_submission(source, target, frozenset(exclude))
