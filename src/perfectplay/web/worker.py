"""A search worker process: one JSON job per line on stdin, one JSON result per line on stdout.

Run as ``python -m perfectplay.web.worker`` by ``pool.WorkerPool``. A plain
subprocess rather than multiprocessing: it can be killed mid-search without
leaving a pool in a broken state, and it never re-imports the server's
``__main__``. It imports only the engine, so it starts fast.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable
from typing import Any, cast

from perfectplay.web.search import Job, run_job
from perfectplay.web.teach_job import (
    COMPARE_KIND,
    MCTS_STUDY_KIND,
    MCTS_TREE_KIND,
    ORDERS_KIND,
    run_compare_job,
    run_mcts_study_job,
    run_mcts_tree_job,
    run_orders_job,
)
from perfectplay.web.tree_job import TREE_KIND, TreeJob, run_tree_job

TEACHING: dict[str, Callable[[Any], Any]] = {
    ORDERS_KIND: run_orders_job,
    COMPARE_KIND: run_compare_job,
    MCTS_TREE_KIND: run_mcts_tree_job,
    MCTS_STUDY_KIND: run_mcts_study_job,
}
"""The teaching views' jobs, by ``kind``."""


def serve_forever() -> None:
    for line in sys.stdin:
        job: dict[str, Any] = json.loads(line)
        reply: dict[str, Any]
        try:
            if job.get("kind") == TREE_KIND:
                reply = {"ok": run_tree_job(cast(TreeJob, job))}
            elif job.get("kind") in TEACHING:
                reply = {"ok": TEACHING[job["kind"]](job)}
            else:
                reply = {"ok": run_job(cast(Job, job))}
        except Exception as error:  # a bug, not bad input: the server validated the job
            traceback.print_exc(file=sys.stderr)
            reply = {"error": f"{type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve_forever()
