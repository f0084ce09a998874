"""A Nim start is bounded by the positions it leads to, live and in a replayed transcript (attack 39i).

``--start`` allowed 1 to 6 piles of 0 to 15 objects, and the check works out every position reachable from the
start before it asks anything. Six piles of 15 lead to 16.7 million: a transcript whose plan was edited to that
start (sealed again with its plain digest) kept ``--replay`` busy past 100 s of CPU time, growing by gigabytes,
and a live check with that start did the same before any candidate's limit applied. A start may lead to at most
65,535 positions (15,15,15,15's); one past that is refused in one line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess
from perfectplay.check.nim.plan import MAX_POSITIONS
from perfectplay.check.nim.positions import reachable
from perfectplay.check.sealed import digest

HUGE = [15, 15, 15, 15, 15, 15]


def test_the_largest_start_allowed_leads_to_exactly_the_bound() -> None:
    assert len(reachable((15, 15, 15, 15))) == MAX_POSITIONS == 65_535


def test_a_live_check_from_a_start_past_the_bound_is_refused_in_one_line(examples: Path, in_process: InProcess) -> None:
    player = examples / "nim" / "minimax" / "nim_player.py"
    done = in_process("check", str(player), "--game", "nim", "--nim-ai", "player", "--start", "15,15,15,15,15,15")
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "--start" in done.stderr, done.stderr
    assert "16,777,215 positions" in done.stderr, done.stderr


@pytest.mark.parametrize("kind", ["player", "learning"])
def test_a_replayed_transcript_whose_plan_starts_past_the_bound_is_refused_in_one_line(
    examples: Path, in_process: InProcess, tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "nim.json"
    player = examples / "nim" / "minimax" / "nim_player.py"
    argv = ["check", str(player), "--game", "nim", "--nim-ai", "player", "--start", "1,2", "--seed", "1"]
    made = in_process(*argv, "--sandbox", "off", "--transcript", str(path))
    assert made.returncode in (0, 1), made.stderr
    document: dict[str, Any] = json.loads(path.read_text())
    body = document["body"]
    body["body"]["plan"].update(start=HUGE, kind=kind)
    path.write_text(json.dumps({**document, "digest": digest(json.dumps(body, sort_keys=True))}))
    done = in_process("check", "--replay", str(path), "--game", "nim")
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "--start" in done.stderr, done.stderr
