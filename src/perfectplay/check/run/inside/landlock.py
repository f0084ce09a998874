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

Files are not what the domain restricts: unsandboxed, the candidate may
still write where its user can, as the report says.

Loaded in the candidate's process before any of its code (``runner.py``)
and by the checker to know whether the kernel has it: nothing of perfectplay
is imported here.
"""

from __future__ import annotations

import ctypes
import sys

_CREATE_RULESET, _RESTRICT_SELF = 444, 446  # one number on every architecture (the generic syscall table)
_VERSION = 1  # LANDLOCK_CREATE_RULESET_VERSION: the call answers the ABI instead of making a ruleset
_MAKE_CHAR, _MAKE_BLOCK = 1 << 6, 1 << 11
"""Device files, which only a privileged process may make anyway: a domain needs some access handled before ABI 6,
and handling these two takes nothing from a candidate."""
_SCOPE_ABSTRACT_UNIX_SOCKET, _SCOPE_SIGNAL = 1 << 0, 1 << 1
SIGNALS_ABI = 6
"""The first ABI whose domains also keep signals (and abstract unix sockets) within them."""


class _RulesetAttr(ctypes.Structure):
    _fields_ = [
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    ]


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
    attr = _RulesetAttr(_MAKE_CHAR | _MAKE_BLOCK, 0, 0)
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
    import os

    version = abi()
    if version == 0:
        return 0
    try:
        os.close(_ruleset(version))
    except OSError:
        return 0
    return version


def enter_domain() -> None:
    """Put this process (and whatever it starts or becomes) in a domain of its own; OSError if the kernel refuses."""
    import os

    version = abi()
    if version == 0:
        raise OSError("the kernel offers no Landlock here")
    libc = _libc()
    if libc.prctl(38, 1, 0, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS: required to restrict oneself without privileges
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
    descriptor = _ruleset(version)
    try:
        if libc.syscall(_RESTRICT_SELF, ctypes.c_int(descriptor), ctypes.c_uint32(0)) != 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")
    finally:
        os.close(descriptor)
