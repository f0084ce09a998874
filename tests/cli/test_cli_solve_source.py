"""``perfectplay solve`` says how it found its answer: from an exact layer, or proven by search (``--prove``)."""

from __future__ import annotations

import json

from cli_helpers import InProcess


def test_prove_searches_to_the_end_and_says_so(in_process: InProcess) -> None:
    text = in_process("solve", "--game", "connect4:5,4", "--prove")
    assert text.returncode == 0, text.stderr
    assert "Connect Four (5x4): draw for X (to move) with perfect play. Proven by search." in text.stdout
    document = json.loads(in_process("solve", "--game", "connect4:5,4", "--prove", "--json").stdout)
    assert document["algorithm"] == "solver" and document["source"] == "proven by search"


def test_prove_with_a_time_limit_is_refused_in_one_line(in_process: InProcess) -> None:
    refused = in_process("solve", "--game", "connect4", "--prove", "--time-limit", "3")
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.strip().count("\n") == 0 and "--prove searches to the end" in refused.stderr
    assert in_process("solve", "--game", "connect4:5,4", "--prove", "--time-limit", "none").returncode == 0
