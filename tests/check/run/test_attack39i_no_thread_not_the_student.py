"""A machine that cannot start a thread for a candidate's pipes has failed the check: not graded, no traceback.

Each candidate process gets two threads on the checker's side that read its output. Under a tight
address-space limit (``ulimit -v 60000``) or a machine out of threads, starting one raises ``RuntimeError: can't
start new thread``: the check ended in a Python traceback (exit 1) and wrote no result, so Gradescope's bundle
gave the student its "could not be checked" zero (attack 39i). It is now the machine's failure (exit 3), and the
process already started for the candidate is killed with it.
"""

from __future__ import annotations

import json
import shutil
import threading
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess
from perfectplay.check.run import worker


def test_no_thread_for_a_candidates_pipes_is_the_machines_failure(
    tmp_path: Path, examples: Path, in_process: InProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[Any] = []
    start = threading.Thread.start

    def refused(thread: threading.Thread) -> None:
        # Only the threads that read a candidate's pipes are refused (the check's other threads start).
        reader = getattr(thread, "_target", None)
        if isinstance(getattr(reader, "__self__", None), worker.Child):
            started.append(reader.__self__)  # type: ignore[union-attr]
            raise RuntimeError("can't start new thread")
        start(thread)

    monkeypatch.setattr(threading.Thread, "start", refused)
    (tmp_path / "alice").mkdir()
    shutil.copy(examples / "correct.py", tmp_path / "alice" / "tictactoe.py")
    argv = ["check", str(tmp_path / "alice" / "tictactoe.py"), "--sample", "3", "--seed", "1", "--sandbox", "off"]
    done = in_process(*argv, "--format", "gradescope")
    assert done.returncode == 3, done.stderr[-600:]
    result = json.loads(done.stdout)
    assert "not graded" in result["output"] and "can't start new thread" in result["output"], result["output"]
    assert started and all(child.process.poll() is not None for child in started), "a candidate was left running"
