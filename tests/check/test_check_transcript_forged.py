"""A forged transcript, sealed again with its plain digest, is judged or refused in one line: never a traceback.

The digest tells a file changed by mistake, not one forged on purpose (check/sealed.py), so every field of the
body is hostile input to ``--replay``: wrong types, numbers beyond JSON's range, markup and control characters,
cells that are no board, answers of no known kind.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess
from perfectplay.check import Candidate, Grading, Output, check_ai
from transcript_forgery import forged

MARKUP = '<img src=x onerror=alert(1)>\n**bold**\x1b[2J\r=HYPERLINK("x")\ud800'

# (field of the body, a hostile value); "records.0.2.0.kind" reaches into the first record's first answer.
FORGERIES: list[tuple[str, Any]] = [
    ("target", MARKUP),
    ("target", ["a", "list"]),
    ("isolation", MARKUP),
    ("notes", [MARKUP, 7, None]),
    ("every", -1),
    ("every", 10**30),
    ("wall", "NaN"),
    ("asked", [["XXXXXXXXXX", "X"], ["?????????", "Q"]]),
    ("asked", "not a list"),
    ("interface.plays", "Z"),
    ("interface.name", MARKUP),
    ("interface.board", None),
    ("interface.empty", {"a": 1}),
    ("limits.total_seconds", -5),
    ("limits", []),
    ("records.0.0", "XOXOXOXOX"),
    ("records.0.1", "Z"),
    ("records.0.2.0.kind", "unbeatable"),
    ("records.0.2.0.value", [99, -99]),
    ("records.0.2.0.cpu", -1e308),
    ("records.0.2.0", {"failure": "died", "status": MARKUP, "stderr": MARKUP * 100}),
    ("records.0.2", []),
    ("records", [[None, None, None]] * 3),
    ("standard", "lenient"),
    ("stopped", MARKUP),
    ("problem", MARKUP),
    ("randomised", "yes"),
    ("finished", [["XOX", "X"]]),
]


@pytest.fixture(scope="module")
def genuine(tmp_path_factory: pytest.TempPathFactory, examples: Path) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("transcript") / "beatable.json"
    beatable = examples / "graders" / "beatable" / "tictactoe.py"
    check_ai(Candidate(beatable, sandbox="off"), grading=Grading(sample=4, seed=3), output=Output(transcript=path))
    document: dict[str, Any] = json.loads(path.read_text())
    return document


@pytest.mark.parametrize(("field", "value"), FORGERIES, ids=[f"{field}={value!r:.20}" for field, value in FORGERIES])
def test_a_forged_field_of_a_transcript_is_judged_or_refused_in_one_line(
    genuine: dict[str, Any], tmp_path: Path, in_process: InProcess, field: str, value: Any
) -> None:
    path = tmp_path / "forged.json"
    path.write_text(forged(genuine, field, value))
    for fmt in ("text", "gradescope"):
        done = in_process("check", "--replay", str(path), "--format", fmt)
        assert done.returncode in (0, 1, 2, 3), (fmt, done.returncode)
        if done.returncode == 2:
            assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr, done.stderr
        # Escaped wherever it is shown: no raw control character reaches a terminal.
        assert "\x1b" not in done.stdout and "\r" not in done.stdout, done.stdout[:400]
