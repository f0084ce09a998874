"""Reading a candidate's process tree from ``/proc``: its CPU time, whether it is running, and ending it whole.

Used where a candidate has no cgroup of its own (``accounting.py`` reads the
cgroup where it has one); never reads anything the candidate says.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Sequence

from perfectplay.check.run.schedstats import Counted, RunDelays, walk_tree

_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def tree_cpu(pid: int) -> float | None:
    """CPU seconds of ``pid`` and every process under it (and their reaped children); None without ``/proc``."""
    found = read_tree(pid)
    return None if found is None else found[0]


def tree_running(pid: int) -> bool:
    """Whether any process under ``pid`` is running or waiting for a processor (not blocked)."""
    found = read_tree(pid, states=True)
    return found is not None and found[1]


def process_cpu(pid: int) -> float | None:
    """CPU seconds of one process (with its reaped children); None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            data = file.read()
    except OSError:
        return None
    return sum(int(field) for field in data[data.rindex(b")") + 2 :].split()[11:15]) / _TICKS


def run_delay(pids: Sequence[int] | Counted, kept: RunDelays | None = None, now: float | None = None) -> float | None:
    """Seconds the threads of ``pids`` spent runnable but waiting for a processor; None without schedstat.

    ``kept``: a child's own files, kept open between its readings (schedstats.py), ``now`` the reader's clock (a
    reading that opened its files afresh stands a moment); without it, each is opened once.
    """
    if kept is not None:
        return kept.read(pids, now)
    once = RunDelays()
    try:
        return once.read(pids)
    finally:
        once.close()


def read_tree(pid: int, states: bool = False) -> tuple[float, bool, dict[int, float]] | None:
    """CPU seconds of the tree, whether any of its threads is runnable (with ``states``), and each process's share."""
    total = 0
    running = False
    shares: dict[int, float] = {}

    def visit(current: int) -> list[str] | None:
        nonlocal total, running
        try:
            with open(f"/proc/{current}/stat", "rb") as file:
                data = file.read()
        except OSError:
            return None
        # utime, stime, cutime, cstime: fields 14-17, counted after the ")" that ends the name.
        fields = data[data.rindex(b")") + 2 :].split()
        ticks = sum(int(field) for field in fields[11:15])
        total += ticks
        shares[current] = ticks / _TICKS
        try:
            tasks = os.listdir(f"/proc/{current}/task")
        except OSError:
            return None
        for task in tasks:
            if states and not running:
                try:
                    with open(f"/proc/{current}/task/{task}/stat", "rb") as file:
                        state = file.read()
                    running = state[state.rindex(b")") + 2 : state.rindex(b")") + 3] == b"R"
                except (OSError, ValueError):
                    pass
        return tasks

    walk_tree(pid, visit)
    if pid not in shares:  # the root itself could not be read: no tree to count
        return None
    return total / _TICKS, running, shares


def kill_session(session: int) -> None:
    """SIGKILL every process of the session ``session`` (the child's, started with a session of its own)."""
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else ():
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as file:
                data = file.read()
            # After the name: state, ppid, pgrp, session.
            if int(data[data.rindex(b")") + 2 :].split()[3]) == session:
                os.kill(int(entry), signal.SIGKILL)
        except (OSError, ValueError, IndexError):
            continue
