"""A Landlock domain for a candidate run without the sandbox: no reach into any process outside it.

Without bubblewrap (a Jobe or Autolab job that cannot make namespaces) the
candidate runs as the user of the checker and of the grader's own script.
Its other processes are then the candidate's to reach: opening
``/proc/PID/fd/1`` of the grader's script writes into the very output the
grader reads the score from, and a signal ends the checker before it writes
its own. A Landlock domain (Linux 5.13 on, no privilege needed) ends both:
the kernel refuses a process in the domain ptrace-mode access to every
process outside it (``/proc/PID/fd``, ``mem``, ``environ``, ``cwd``,
``process_vm_readv``), and from Linux 6.12 (ABI 6) its signals and abstract
unix sockets too. The candidate's own children inherit the domain, so a
program still runs and ends its own processes.

Nor may it change a file outside its own folders: the domain refuses every
write, removal and creation except below its private copy and temporary
folder (and to ``/dev/null``). Unsandboxed, the checker's own code (an
unpacked wheel in a CodeRunner or Autolab job) belongs to the candidate's
user too, and a module the checker imports after the candidate ran (a
report's renderer) would otherwise be the student's to rewrite. Reading is
not restricted: unsandboxed, the candidate reads what its user can, as the
report says.

Loaded in the candidate's process before any of its code (``runner.py``)
and by the checker to know whether the kernel has it: nothing of perfectplay
is imported here.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Sequence

_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446  # one number on every architecture
_VERSION = 1  # LANDLOCK_CREATE_RULESET_VERSION: the call answers the ABI instead of making a ruleset
_PATH_BENEATH = 1  # LANDLOCK_RULE_PATH_BENEATH
_WRITE_FILE = 1 << 1
_WRITES = _WRITE_FILE | sum(1 << bit for bit in range(4, 13))
"""Writing a file, and removing or making anything (a folder, a file, a link, a device, a socket, a FIFO): ABI 1's
rights that change the file system. Reading and running are not restricted."""
_REFER, _TRUNCATE = 1 << 13, 1 << 14  # ABI 2 (moving a file between folders) and ABI 3 (truncating one)
_SCOPE_ABSTRACT_UNIX_SOCKET, _SCOPE_SIGNAL = 1 << 0, 1 << 1
SIGNALS_ABI = 6
"""The first ABI whose domains also keep signals (and abstract unix sockets) within them."""


class _RulesetAttr(ctypes.Structure):
    _fields_ = [
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    ]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1  # the kernel's struct is packed: 12 bytes
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def _writes(version: int) -> int:
    """The write rights this ABI knows, all of them handled: what no rule grants is refused."""
    return _WRITES | (_REFER if version >= 2 else 0) | (_TRUNCATE if version >= 3 else 0)


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def abi() -> int:
    """The kernel's Landlock ABI, or 0 where there is none (not Linux, too old, turned off, or refused)."""
    if sys.platform != "linux":
        return 0
    version = int(_libc().syscall(_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(_VERSION)))
    return max(version, 0)


def _ruleset(version: int) -> int:
    """A new ruleset's descriptor for ABI ``version``: the attribute's size says which of its fields are there."""
    attr = _RulesetAttr(_writes(version), 0, 0)
    size = ctypes.sizeof(ctypes.c_uint64)  # ABI 1 to 3: handled_access_fs alone
    if version >= SIGNALS_ABI:
        attr.scoped = _SCOPE_SIGNAL | _SCOPE_ABSTRACT_UNIX_SOCKET
        size = ctypes.sizeof(attr)
    libc = _libc()
    descriptor = int(libc.syscall(_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), ctypes.c_uint32(0)))
    if descriptor < 0:
        raise OSError(ctypes.get_errno(), "landlock_create_ruleset failed")
    return descriptor


def usable() -> int:
    """The ABI if this process could make a domain (a ruleset made and closed, nothing restricted), else 0."""
    version = abi()
    if version == 0:
        return 0
    try:
        os.close(_ruleset(version))
    except OSError:
        return 0
    return version


def enter_domain(writable: Sequence[str] = ()) -> None:
    """Put this process (and whatever it starts or becomes) in a domain of its own, where it may write only below
    the folders (or to the files) ``writable`` names; OSError if the kernel refuses. A name that is not there is
    passed over."""
    version = abi()
    if version == 0:
        raise OSError("the kernel offers no Landlock here")
    libc = _libc()
    if libc.prctl(38, 1, 0, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS: required to restrict oneself without privileges
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
    descriptor = _ruleset(version)
    try:
        for path in writable:
            _allow(libc, descriptor, path, _writes(version))
        if libc.syscall(_RESTRICT_SELF, ctypes.c_int(descriptor), ctypes.c_uint32(0)) != 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")
    finally:
        os.close(descriptor)


def _allow(libc: ctypes.CDLL, ruleset: int, path: str, rights: int) -> None:
    """Grant ``rights`` below the folder ``path`` (a file: writing and truncating it alone)."""
    try:
        target = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except FileNotFoundError:
        return
    try:
        if not os.path.isdir(f"/proc/self/fd/{target}"):
            rights &= _WRITE_FILE | _TRUNCATE
        rule = _PathBeneathAttr(rights, target)
        if libc.syscall(_ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(_PATH_BENEATH), ctypes.byref(rule), 0) != 0:
            raise OSError(ctypes.get_errno(), f"landlock_add_rule failed for {path}")
    finally:
        os.close(target)
