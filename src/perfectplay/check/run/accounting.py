"""The kernel's own accounting of one candidate process: a cgroup of its own, where the machine offers one.

A cgroup counts what per-process limits cannot: memory of every kind
(anonymous, shared, ``memfd``, files in a tmpfs), every process and thread
the candidate starts, and the CPU time of all of them, children reaped by
the kernel included. One is made per candidate process, under the
checker's own cgroup (so whatever limits the checker's own cgroup has
still hold), and removed, with everything still in it, when the process is
done with.

* cgroup v2 (one hierarchy, ``cgroup.controllers`` at its root): one folder
  with ``memory.max`` (and ``memory.swap.max`` 0), ``pids.max``, CPU from
  ``cpu.stat``'s ``usage_usec``; the parent must have the ``memory`` and
  ``pids`` controllers enabled for its children (root, or a delegated
  subtree).
* cgroup v1: one folder under each of ``memory``, ``pids`` and ``cpuacct``
  with ``memory.limit_in_bytes`` (and ``memory.memsw.limit_in_bytes`` where
  swap is accounted), ``pids.max``, CPU from ``cpuacct.usage``; and one
  under ``cpu`` where it is mounted on its own, for a share of the
  processors of its own (``cpu.shares``).

The candidate joins its cgroup before it runs anything: its process is
started as ``/bin/sh -c 'echo $$ > .../cgroup.procs ...; exec "$@"'``, so
the program it becomes (bubblewrap, the runner) is in the cgroup from its
first instruction, and so is every process it ever starts. Where no cgroup
can be made, ``probe`` says why and the sandbox forbids what cannot be
counted instead (``sandbox.py``).
"""

from __future__ import annotations

import contextlib
import functools
import os
import secrets
import shlex
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
V1 = ("memory", "pids", "cpuacct")
PROCESSES = 256
"""pids.max of one candidate process's cgroup: its own, shared with no one (threads count too)."""
JOIN_FAILED = 125
"""Exit status of the join step when the candidate could not be put in its cgroup: the machine's failure."""


@dataclass(frozen=True, slots=True)
class Hierarchy:
    """Where candidates' cgroups are made: ``version`` 1 or 2, and the parent folder of each controller."""

    version: int
    parents: tuple[Path, ...]

    @property
    def name(self) -> str:
        return f"cgroup v{self.version}"


def _own(root: Path, line_for: str) -> Path | None:
    """The checker's own cgroup folder in a hierarchy, from /proc/self/cgroup (``0::/x`` or ``4:memory:/x``)."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        number, controllers, path = line.split(":", 2)
        if (line_for == "" and number == "0" and controllers == "") or line_for in controllers.split(","):
            return root / path.lstrip("/")
    return None


def find(root: Path = ROOT) -> Hierarchy | str:
    """The hierarchy to make candidates' cgroups in, or why there is none (not yet tried: see ``probe``)."""
    if (root / "cgroup.controllers").is_file():
        own = _own(root, "")
        if own is None or not own.is_dir():
            return "cgroup v2: cannot find the checker's own cgroup"
        # Root makes a tree of its own at the top (a cgroup with processes, as the checker's is, may not
        # hand controllers down); anyone else needs a delegated subtree: its own cgroup, if it may.
        parent = root / "perfectplay" if os.geteuid() == 0 else own
        return Hierarchy(2, (parent,))
    parents = []
    for controller in V1:
        own = _own(root / controller, controller)
        if own is None or not (root / controller).is_dir():
            return f"no cgroup v2 hierarchy, and no cgroup v1 {controller} controller"
        parents.append(own)
    share = _share_parent(root)
    return Hierarchy(1, tuple(parents) if share is None else (*parents, share))


def _share_parent(root: Path) -> Path | None:
    """cgroup v1: the checker's folder of the ``cpu`` controller, where it is mounted apart from ``cpuacct``.

    A candidate's cgroup there gets the CPU share of one process (``cpu.shares`` 1024) however many it
    starts: a classmate's hundred busy processes weigh as much as one, not a hundred, beside a check. (In
    cgroup v2 the ``cpu`` controller's ``cpu.weight`` does the same; mounted with ``cpuacct``, so does the
    cpuacct folder.)
    """
    own = _own(root / "cpu", "cpu")
    if own is None or not own.is_dir() or (root / "cpu").resolve() == (root / "cpuacct").resolve():
        return None
    return own


@functools.cache
def probe() -> Hierarchy | str:
    """The hierarchy where a cgroup can be made here (one is made and removed to see), or why not."""
    found = find()
    if isinstance(found, str):
        return found
    sweep_stale(found)
    try:
        group = CGroup.create(found, memory_bytes=64 * 2**20)
    except OSError as error:
        return f"{found.name}: cannot make a cgroup here ({error.strerror or error})"
    group.remove()
    return found


STALE_AFTER = 60.0
"""Seconds a candidate's cgroup must be old before a later check removes it as left behind (see ``sweep_stale``)."""


def sweep_stale(hierarchy: Hierarchy, now: Callable[[], float] = time.time) -> int:
    """Remove the candidates' cgroups that checks no longer running left behind; how many were removed.

    A checker killed outright (SIGKILL, a grader's timeout) cannot remove its candidates' cgroups, and on a
    busy machine a killed process may linger past ``CGroup.remove``'s second: each such check would leave an
    empty folder in every controller for good, one more per student on a grading machine. Each checker's
    first probe removes those whose maker (the process id in the name) is gone and that are older than
    ``STALE_AFTER``, so a group another namespace's checker has just made is never taken from it. The
    kernel refuses to remove a cgroup with a process in it: a live candidate's never goes.
    """
    removed = 0
    for parent in hierarchy.parents:
        try:
            folders = [folder for folder in parent.iterdir() if folder.name.startswith("perfectplay-")]
        except OSError:
            continue
        for folder in folders:
            maker = folder.name.split("-")[1]
            if not maker.isdigit() or _alive(int(maker)):
                continue
            with contextlib.suppress(OSError):
                if now() - folder.stat().st_mtime >= STALE_AFTER:
                    folder.rmdir()
                    removed += 1
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # another user's process: alive
    return True


NEAR_LIMIT = 4 * 2**20
"""Bytes below its memory limit a v1 cgroup's peak use must come for its limit to count as reached (the kernel
charges a few pages at a time)."""


class CGroup:
    """One candidate process's cgroup: its limits, its CPU time, and the end of everything in it."""

    def __init__(self, hierarchy: Hierarchy, folders: tuple[Path, ...]) -> None:
        self.hierarchy = hierarchy
        self.folders = folders
        # Read after every answer of a check (thousands of times): the paths are made once, as plain strings.
        cpu_file = folders[0] / "cpu.stat" if hierarchy.version == 2 else folders[2] / "cpuacct.usage"
        self._procs_files = [str(path) for path in self._procs]
        self._cpu = _Reading(str(cpu_file))
        self._members = _Reading(str(self._pids_folder / "cgroup.procs"))
        self._tasks = _Reading(str(self._pids_folder / "pids.current"))
        self._refused = self._read_refusals()
        self._refused_above = {folder: _refusals(folder) for folder in self._above()}

    @classmethod
    def create(
        cls, hierarchy: Hierarchy, memory_bytes: int | None, processes: int = PROCESSES, name: str | None = None
    ) -> CGroup:
        """Make the cgroup and set its limits; OSError (the machine's) if it cannot be made."""
        name = name or f"perfectplay-{os.getpid()}-{secrets.token_hex(6)}"
        made: list[Path] = []
        try:
            if hierarchy.version == 2:
                parent = hierarchy.parents[0]
                parent.mkdir(exist_ok=True)
                _enable_controllers(parent)
                folder = parent / name
                folder.mkdir()
                made.append(folder)
                _write(folder / "pids.max", str(processes))
                if memory_bytes is not None:
                    _write(folder / "memory.max", str(memory_bytes))
                    if (folder / "memory.swap.max").exists():
                        _write(folder / "memory.swap.max", "0")
            else:
                for parent in hierarchy.parents:
                    folder = parent / name
                    folder.mkdir()
                    made.append(folder)
                memory, pids = made[:2]
                _write(pids / "pids.max", str(processes))
                if memory_bytes is not None:
                    _write(memory / "memory.limit_in_bytes", str(memory_bytes))
                    if (memory / "memory.memsw.limit_in_bytes").exists():
                        _write(memory / "memory.memsw.limit_in_bytes", str(memory_bytes))
        except OSError:
            for folder in made:
                with contextlib.suppress(OSError):
                    folder.rmdir()
            raise
        return cls(hierarchy, tuple(made))

    @property
    def _procs(self) -> list[Path]:
        return [folder / "cgroup.procs" for folder in self.folders]

    def join_argv(self, argv: list[str]) -> list[str]:
        """``argv`` started so that its process is in this cgroup before it runs (see the module's docstring)."""
        joins = " && ".join(f"echo $$ > {shlex.quote(str(path))}" for path in self._procs)
        failed = f'{{ echo "perfectplay: cannot join its cgroup" >&2; exit {JOIN_FAILED}; }}'
        script = f"{{ {joins}; }} 2>/dev/null || {failed}"
        return ["/bin/sh", "-c", f'{script}; exec "$@"', "perfectplay-join", *argv]

    def cpu(self) -> float | None:
        """CPU seconds used by every process that was ever in the cgroup; None if it cannot be read."""
        try:
            data = self._cpu.read()
            if self.hierarchy.version == 2:
                for line in data.splitlines():
                    key, _, value = line.partition(b" ")
                    if key == b"usage_usec":
                        return int(value) / 1e6
                return None
            return int(data) / 1e9
        except (OSError, ValueError):
            return None

    def pids(self) -> list[int]:
        """The processes in the cgroup now (in every controller's folder: one that joined only some counts too)."""
        found: set[int] = set()
        for path in self._procs_files:
            with contextlib.suppress(OSError, ValueError), open(path, "rb") as file:
                found.update(int(pid) for pid in file.read().split())
        return sorted(found)

    def members(self) -> list[int]:
        """The processes in the cgroup now, as its pids controller counts them: one file read, for every answer.

        A process is in every controller's folder or in none (it joins them all before it runs, or never runs).
        """
        try:
            return [int(pid) for pid in self._members.read().split()]
        except (OSError, ValueError):
            return []

    def tasks(self) -> int | None:
        """Processes and threads counted against ``pids.max`` now (one file read, at every answer: ``Child.active``)."""
        try:
            return int(self._tasks.read())
        except (OSError, ValueError):
            return None

    @property
    def _pids_folder(self) -> Path:
        return self.folders[0] if self.hierarchy.version == 2 else self.folders[1]

    def _read_refusals(self) -> int:
        return _refusals(self._pids_folder)

    def _above(self) -> list[Path]:
        """The enclosing cgroups of its pids controller, up to the hierarchy's root."""
        folders = []
        for folder in self._pids_folder.parents:
            if not (folder / "cgroup.procs").exists():
                break
            folders.append(folder)
        return folders

    def refused_processes(self) -> bool:
        """Whether its own ``pids.max`` refused it a process or thread (then an EAGAIN is its own doing)."""
        return self._read_refusals() > self._refused

    def refused_above(self) -> bool:
        """Whether an enclosing cgroup's ``pids.max`` refused a process since this cgroup was made."""
        return any(_refusals(folder) > before for folder, before in self._refused_above.items())

    def out_of_memory(self) -> bool:
        """Whether the kernel killed a process of it for going over its memory limit."""
        name = "memory.events" if self.hierarchy.version == 2 else "memory.oom_control"
        return _count(self.folders[0] / name, "oom_kill") > 0

    def killed_elsewhere(self) -> bool:
        """Whether the kernel's out-of-memory killer ended a process of it though its own limit was never reached.

        The memory it was killed for was then a pool it shares (an enclosing cgroup's limit, the machine's): in a
        class run, a classmate's use of that pool, not its own. The kernel counts a kill in the victim's cgroup
        whatever limit caused it; that its own limit was reached is v2's ``max`` of ``memory.events`` (counted in
        the cgroup whose limit it was), and in v1 its peak use within ``NEAR_LIMIT`` of its limit, of memory or of
        memory and swap (v1's ``failcnt`` is not counted for the latter, whose limit is met first).
        """
        folder = self.folders[0]
        if self.hierarchy.version == 2:
            return _count(folder / "memory.events", "oom_kill") > 0 and _count(folder / "memory.events", "max") == 0
        reached = _number(folder / "memory.failcnt") > 0 or any(
            0
            < _number(folder / f"memory.{kind}limit_in_bytes")
            <= _number(folder / f"memory.{kind}max_usage_in_bytes") + NEAR_LIMIT
            for kind in ("", "memsw.")
        )
        return _count(folder / "memory.oom_control", "oom_kill") > 0 and not reached

    def kill_all(self, rounds: int = 50) -> None:
        """SIGKILL every process in it until none is left (a process forking meanwhile is caught next round)."""
        if self.hierarchy.version == 2 and (self.folders[0] / "cgroup.kill").exists():
            with contextlib.suppress(OSError):
                _write(self.folders[0] / "cgroup.kill", "1")
        for _ in range(rounds):
            pids = self.pids()
            if not pids:
                return
            for pid in pids:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.01)

    def remove(self) -> None:
        """End everything in it and remove it (an exited process lingers a moment: tried for up to a second)."""
        self.kill_all()
        self._cpu.close()
        self._members.close()
        self._tasks.close()
        for folder in self.folders:
            for _ in range(100):
                try:
                    folder.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.01)


class _Reading:
    """A kernel file read again and again (after every answer): opened once, each reading one ``pread`` from 0.

    The kernel makes such a file's text afresh at every read from its start, so a reading is as new as an open;
    where it cannot be kept open, each reading opens it.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self._descriptor: int | None = None
        # A reading on the output thread may meet the close: never a read of a number the close freed and
        # another open reused.
        self._lock = threading.Lock()
        with contextlib.suppress(OSError):
            self._descriptor = os.open(path, os.O_RDONLY | os.O_CLOEXEC)

    def read(self) -> bytes:
        with self._lock:
            if self._descriptor is not None:
                return os.pread(self._descriptor, 1 << 16, 0)
        with open(self.path, "rb") as file:
            return file.read()

    def close(self) -> None:
        with self._lock:
            descriptor, self._descriptor = self._descriptor, None
        if descriptor is not None:
            with contextlib.suppress(OSError):
                os.close(descriptor)


def _refusals(folder: Path) -> int:
    """How many times ``pids.max`` of this cgroup (or, in v2, one below it) refused a new process."""
    return _count(folder / "pids.events", "max")


def _count(path: Path, key: str) -> int:
    """The number after ``key`` in a file of ``key value`` lines (0 where there is none or no file)."""
    try:
        text = path.read_text()
    except OSError:
        return 0
    for line in text.splitlines():
        name, _, value = line.partition(" ")
        if name == key and value.strip().isdigit():
            return int(value)
    return 0


def _number(path: Path) -> int:
    """The number a file holds (0 where there is none or no file)."""
    try:
        text = path.read_text().strip()
    except OSError:
        return 0
    return int(text) if text.isdigit() else 0


def _write(path: Path, text: str) -> None:
    with open(path, "w") as file:
        file.write(text)


def _enable_controllers(parent: Path) -> None:
    """cgroup v2: the parent must hand ``memory``, ``pids`` and ``cpu`` down to the candidates' cgroups."""
    wanted = {"memory", "pids", "cpu"}
    enabled = set((parent / "cgroup.subtree_control").read_text().split())
    missing = wanted - enabled
    if missing:
        _write(parent / "cgroup.subtree_control", " ".join(f"+{name}" for name in sorted(missing)))
    enabled = set((parent / "cgroup.subtree_control").read_text().split())
    if not {"memory", "pids"} <= enabled:
        raise OSError(f"the memory and pids controllers are not delegated to {parent}")
