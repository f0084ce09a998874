"""A library call's sample keeps its seed: ``check_ai(..., sample=N)`` asks the sample of 2026 unless given another
seed, shows it, and reads no grader's secret (the command line's student seeds are the command line's: issue 39).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from perfectplay.check import check_ai

AI = Path(__file__).resolve().parents[2] / "examples" / "graders" / "beatable" / "tictactoe.py"


def asked(transcript: Path, seed: int | None = None) -> list[list[str]]:
    where = str(transcript)
    if seed is None:  # the library's own default
        report = check_ai(AI, sandbox="off", sample=20, transcript=where)
    else:
        report = check_ai(AI, sandbox="off", sample=20, transcript=where, seed=seed)
    assert report.problem is None
    assert any(f"seed {2026 if seed is None else seed}." in note for note in report.notes), report.notes
    return list(json.loads(transcript.read_text())["body"]["asked"])


def test_a_library_sample_is_the_seed_2026_one_shown_with_no_secret_and_another_seed_asks_another(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    unmakeable = tmp_path / "a file, not a folder"
    unmakeable.write_text("")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(unmakeable))  # a grader's secret could be neither made nor read
    first, again = asked(tmp_path / "1.json"), asked(tmp_path / "2.json")
    assert first == again and 20 < len(first) < 4520
    assert asked(tmp_path / "3.json", seed=5) != first
