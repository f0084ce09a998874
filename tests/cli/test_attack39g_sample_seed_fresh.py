"""A tic-tac-toe sample is drawn afresh for each run unless the teacher gives --seed (attack 39g).

CodeRunner's 200 positions (and a budget's rounds) came from the fixed seed 2026: the same positions in every
run, which a student can list with the same check at home. A fatalist that wins slowly, carrying the best move
of each position that check asked, scored 100 instead of its 98.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cli_helpers import InProcess
from perfectplay.check.judge.sample import DEFAULT_SEED

FIRST_FREE = "def find_best_move(board):\n    return next(i for i, cell in enumerate(board) if cell == ' ')\n"


def _asked(run: InProcess, path: Path, transcript: Path, *flags: str) -> tuple[int, list[list[str]]]:
    """The seed the report shows for its sample, and the positions the check asked."""
    result = run("check", str(path), "--format", "coderunner", "--transcript", str(transcript), *flags)
    assert result.returncode == 1, result.stderr
    assert json.loads(result.stdout)["fraction"] < 1
    body = json.loads(transcript.read_text())["body"]
    [seed] = {int(found) for note in body["notes"] for found in re.findall(r"seed (\d+)", note)}
    return seed, body["asked"]


def test_each_run_draws_its_own_sample_shows_its_seed_and_that_seed_asks_it_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "tictactoe.py"
    path.write_text(FIRST_FREE)
    run = InProcess(capsys, monkeypatch)
    first_seed, first = _asked(run, path, tmp_path / "first.json", "--sandbox", "off")
    second_seed, second = _asked(run, path, tmp_path / "second.json", "--sandbox", "off")
    assert DEFAULT_SEED not in (first_seed, second_seed) and first_seed != second_seed
    assert first != second
    again_seed, again = _asked(run, path, tmp_path / "again.json", "--sandbox", "off", "--seed", str(first_seed))
    assert (again_seed, again) == (first_seed, first)
