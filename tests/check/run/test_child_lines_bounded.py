"""A child that writes lines nobody asked for fills the checker's memory with at most ``QUEUE_LINES`` of them.

The reading thread stops taking lines once that many wait unread, so the
child blocks on its full pipe; each line taken later is still read whole,
in order, with the child's CPU time at its arrival.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from perfectplay.check.run import worker

FLOOD = "import sys\nfor n in range(100_000):\n    sys.stdout.write(f'{n}\\n'); sys.stdout.flush()\n"


def test_a_flooding_child_has_at_most_queue_lines_waiting_and_every_line_comes_in_order(tmp_path: Path) -> None:
    child = worker.Child([sys.executable, "-c", FLOOD], tmp_path, dict(os.environ))
    try:
        deadline = time.monotonic() + 30
        while child._arrivals.qsize() < worker.QUEUE_LINES and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.2)  # the reading thread has had time to take more, were it not bounded
        assert child._arrivals.qsize() == worker.QUEUE_LINES
        budget = worker.AnswerBudget.now(worker.Clock(move=30.0, total=60.0), child)
        lines = [child.next_line(budget).data for _ in range(3 * worker.QUEUE_LINES)]
        assert lines == [f"{n}\n".encode() for n in range(3 * worker.QUEUE_LINES)]
    finally:
        child.close()
