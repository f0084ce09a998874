"""A game plug's interface probe is bounded as a whole: the readings it tries share one budget of failures.

A Connect Four agent that kills its process on every question was asked the five probe positions under each
of 20 readings, a fresh process for each question: 100 processes before the check could say anything.
"""

from __future__ import annotations

from pathlib import Path

from cli_helpers import InProcess
from perfectplay.check.session import PROBE_FAILURES_IN_ALL

DIES = "import os\n\n\ndef best_move(board):\n    os._exit(3)\n"


def test_an_agent_that_dies_on_every_probe_question_costs_the_probe_a_few_processes(
    tmp_path: Path, in_process: InProcess, process_starts: list[int]
) -> None:
    path = tmp_path / "dies.py"
    path.write_text(DIES)
    result = in_process("check", "--game", "connect4", str(path), "--sandbox", "off")
    assert result.returncode == 1, result.stderr
    assert "no reading recognised" in result.stdout
    # The first processes (one a worker), then one for each failure the whole probe tolerates.
    assert process_starts[0] <= PROBE_FAILURES_IN_ALL + 4, process_starts[0]
