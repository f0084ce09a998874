"""Seccomp filters set on the candidate's process: what the kernel must not lend it.

Written as BPF here rather than through libseccomp (pyseccomp and its kin wrap the C library): this
module runs in the candidate's process, standard library only, started with ``-I -S``, so nothing
installed can be imported there. Two filters, stacked when both apply (the kernel obeys the stricter):

* ``lend_nothing_filter``, on every candidate process on Linux: the kernel's facilities that a move
  never needs and that hand out something of the machine's beyond the candidate's limits: io_uring
  (work done by kernel threads no limit of the candidate counts), userfaultfd, the key rings (a
  quota shared by every process of the user), BPF programs, performance counters, inotify and
  fanotify instances (a small per-user pool), System V shared memory, message queues and semaphore
  sets (a detached segment, a queue or a set of 32,000 semaphores is the kernel's memory in no
  address space and outlives its process: without a cgroup, nothing would bound it). Each answers
  ENOSYS, as a kernel without it would.
* ``no_fork_filter``, where no cgroup counts processes: without a cgroup, the CPU time of a child
  that the kernel reaps (SIGCHLD ignored) is counted nowhere, and a daemon can leave every process
  tree. A Python candidate needs no process of its own, so none is allowed: fork, vfork and clone
  without CLONE_THREAD fail with EPERM (threads are still allowed), clone3 reports ENOSYS (its flags
  cannot be read by a filter, and the C library then falls back to clone), and memfd_create, whose
  written pages no per-process limit counts, fails with EPERM.

Both refuse any other architecture's system calls (x32, i386 on x86_64): their numbers differ.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

_LOAD_WORD, _JUMP_EQUAL, _JUMP_AT_LEAST, _JUMP_SET, _RETURN = 0x20, 0x15, 0x35, 0x45, 0x06
_ALLOW = 0x7FFF0000
_ERRNO = 0x00050000
_EPERM, _ENOSYS = 1, 38
_CLONE_THREAD = 0x00010000
_ARCHES = {
    # machine: (AUDIT_ARCH, fork, vfork, clone, clone3, memfd_create); None: no such call.
    "x86_64": (0xC000003E, 57, 58, 56, 435, 319),
    "aarch64": (0xC00000B7, None, None, 220, 435, 279),
}
_LENT = {
    # machine: io_uring_setup, io_uring_enter, io_uring_register, userfaultfd, add_key, request_key, keyctl, bpf,
    # perf_event_open, inotify_init1, fanotify_init, shmget, msgget, semget, inotify_init (x86_64 only).
    "x86_64": (425, 426, 427, 323, 248, 249, 250, 321, 298, 294, 300, 29, 68, 64, 253),
    "aarch64": (425, 426, 427, 282, 217, 218, 219, 280, 241, 26, 262, 194, 186, 190),
}


class _Program:
    """A BPF program being written: instructions as (code, jump if true, jump if false, k)."""

    def __init__(self, arch: int) -> None:
        self.instructions: list[tuple[int, int, int, int]] = []
        # Offsets in struct seccomp_data: nr at 0, arch at 4, the low half of args[0] at 16.
        self.emit(_LOAD_WORD, 4)
        self.emit(_JUMP_EQUAL, arch, 1, 0)
        self.emit(_RETURN, _ERRNO | _EPERM)
        self.emit(_LOAD_WORD, 0)
        self.emit(_JUMP_AT_LEAST, 0x40000000, 0, 1)  # the x32 ABI's calls
        self.emit(_RETURN, _ERRNO | _EPERM)

    def emit(self, code: int, k: int, true: int = 0, false: int = 0) -> None:
        self.instructions.append((code, true, false, k))

    def refuse(self, number: int | None, errno: int) -> None:
        """System call ``number`` fails with ``errno`` (the call's number is in the accumulator)."""
        if number is not None:
            self.emit(_JUMP_EQUAL, number, 0, 1)
            self.emit(_RETURN, _ERRNO | errno)

    def compiled(self) -> bytes:
        """struct sock_filter[], ending by allowing every call not refused before."""
        import struct

        self.emit(_RETURN, _ALLOW)
        return b"".join(struct.pack("=HBBI", code, true, false, k) for code, true, false, k in self.instructions)


def no_fork_filter(machine: str) -> bytes:
    """The compiled program refusing new processes for ``machine``; KeyError for an unknown one."""
    arch, fork, vfork, clone, clone3, memfd = _ARCHES[machine]
    program = _Program(arch)
    for number in (fork, vfork, memfd):
        program.refuse(number, _EPERM)
    program.refuse(clone3, _ENOSYS)
    program.emit(_JUMP_EQUAL, clone, 0, 3)
    program.emit(_LOAD_WORD, 16)
    program.emit(_JUMP_SET, _CLONE_THREAD, 1, 0)
    program.emit(_RETURN, _ERRNO | _EPERM)
    return program.compiled()


def lend_nothing_filter(machine: str) -> bytes:
    """The compiled program refusing what the kernel would lend beyond a move's needs; KeyError for an unknown
    machine."""
    program = _Program(_ARCHES[machine][0])
    for number in _LENT[machine]:
        program.refuse(number, _ENOSYS)
    return program.compiled()


def forbid_new_processes() -> None:
    """Install ``no_fork_filter`` on this process (and whatever it becomes); OSError if the kernel refuses."""
    _install(no_fork_filter)


def lend_nothing() -> None:
    """Install ``lend_nothing_filter`` on this process (and whatever it becomes); OSError if the kernel refuses.

    Only on Linux and on the machines it is written for (elsewhere the kernel lends what it lends: refusing to
    check there would help no one)."""
    import platform
    import sys

    if sys.platform == "linux" and platform.machine() in _LENT:
        _install(lend_nothing_filter)


def _install(make: Callable[[str], bytes]) -> None:
    import ctypes
    import platform

    try:
        program = make(platform.machine())
    except KeyError:
        raise OSError(f"no seccomp filter for this machine ({platform.machine()})") from None

    class Program(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_char_p)]

    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(38, 1, 0, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS: required to filter without privileges
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
    fprog = Program(len(program) // 8, program)
    if libc.prctl(22, 2, ctypes.byref(fprog), 0, 0) != 0:  # PR_SET_SECCOMP, SECCOMP_MODE_FILTER
        raise OSError(ctypes.get_errno(), "seccomp filter refused")
