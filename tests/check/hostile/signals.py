# mypy: ignore-errors
# Signals to the checker: in one position it sends __SIGNAL__ to its parent and to process 1,
# hoping to stop or freeze the whole class run.
import contextlib
import os
import signal

SIGNAL = signal.Signals["__SIGNAL__"]


def attack():
    for pid in {os.getppid(), 1}:
        with contextlib.suppress(OSError):
            os.kill(pid, SIGNAL)
