# mypy: ignore-errors
# Tracing: at import it tries to attach to its parent and to the first process it can see, and to read
# their memory and environment, hoping to reach the sandbox's launcher or the checker. Any of it that
# works makes it raise in one position, to say so.
import ctypes
import os

PTRACE_ATTACH = 16
REACHED = []

try:
    libc = ctypes.CDLL(None, use_errno=True)
    for pid in {os.getppid(), 1}:
        if pid != os.getpid() and pid > 0 and libc.ptrace(PTRACE_ATTACH, pid, None, None) == 0:
            REACHED.append(f"attached to {pid}")
        for name in ("environ", "mem"):
            try:
                with open(f"/proc/{pid}/{name}", "rb") as file:
                    if name == "mem":
                        file.seek(0x400000)
                    if file.read(16):
                        REACHED.append(f"read /proc/{pid}/{name}")
            except OSError:
                pass
except Exception:  # no ctypes (the runner refuses it) or no ptrace in here: the attack failed
    pass


def attack():
    if REACHED:
        raise RuntimeError("; ".join(REACHED))
