"""A thread of the test process ended and gone from ``/proc``: for the tests of reading threads' run delays."""

from __future__ import annotations

import os
import threading
import time


def end_thread(thread: threading.Thread, stop: threading.Event) -> None:
    """Stop ``thread`` (waiting on ``stop``), join it, and wait until the kernel has removed its task."""
    stop.set()
    thread.join()
    task = f"/proc/self/task/{thread.native_id}"
    for _ in range(60_000):  # until the kernel removed it: a wait for an event, not a timing
        if not os.path.exists(task):
            return
        time.sleep(0.001)
