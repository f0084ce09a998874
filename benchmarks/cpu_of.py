"""The CPU seconds a whole command costs, every process it starts included, which the machine's load does not change.

    .venv/bin/python benchmarks/cpu_of.py .venv/bin/python -m pytest -n 2 -q tests/check
    .venv/bin/python benchmarks/cpu_of.py .venv/bin/perfectplay check examples/correct.py --sandbox off

Wall time on a shared machine is CPU time times the load; CPU time is not.
``RUSAGE_CHILDREN`` counts only the processes that were waited for, and a
sandboxed candidate is killed, not waited for, by the checker that started
it. So as root, where the cgroup v1 ``cpuacct`` controller is mounted, the
command runs in a cgroup of its own (made for the run, removed after) and
its counter is read: every process of the command is counted. Elsewhere it
falls back to ``RUSAGE_CHILDREN`` and says so. The command's own output
passes through; the figure is the last line on stderr. The exit status is
the command's.
"""

from __future__ import annotations

import contextlib
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

CPUACCT = Path("/sys/fs/cgroup/cpuacct")


def own_cgroup() -> Path | None:
    """A fresh cpuacct cgroup, or None where there is no v1 controller or no right to make one."""
    if not CPUACCT.is_dir() or os.geteuid() != 0:
        return None
    try:
        return Path(tempfile.mkdtemp(prefix="cpu_of-", dir=CPUACCT))
    except OSError:
        return None


def main(command: list[str]) -> int:
    if not command:
        print("usage: cpu_of.py COMMAND [ARGS...]", file=sys.stderr)
        return 2
    group = own_cgroup()
    # The child joins the cgroup before it runs the command: every process it starts is born inside.
    enter = None if group is None else (lambda: (group / "cgroup.procs").write_text(str(os.getpid())))
    try:
        status = subprocess.run(command, preexec_fn=enter).returncode
    except OSError as error:
        print(f"cpu_of.py: cannot run {command[0]}: {error.strerror}", file=sys.stderr)
        return 2
    else:
        if group is None:
            used = resource.getrusage(resource.RUSAGE_CHILDREN)
            print(f"CPU s: {used.ru_utime + used.ru_stime:.3f} (processes waited for only: no cgroup)", file=sys.stderr)
        else:
            print(f"CPU s: {int((group / 'cpuacct.usage').read_text()) / 1e9:.3f}", file=sys.stderr)
    finally:
        if group is not None:
            with contextlib.suppress(OSError):  # a process of the command outlived it: the cgroup stays till it ends
                group.rmdir()
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
