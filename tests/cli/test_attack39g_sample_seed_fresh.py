"""A tic-tac-toe sample is not the public seed's unless the teacher gives --seed (attack 39g).

CodeRunner's 200 positions (and a budget's rounds) came from the fixed seed 2026: the same positions in every
run, which a student can list with the same check at home. A fatalist that wins slowly, carrying the best move
of each position that check asked, scored 100 instead of its 98. Now the sample is the student's own from the
grader's secret, not shown (tests/cli/test_check_sample_student_seed.py), the same for every resubmission.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cli_helpers import InProcess
from perfectplay.check.judge.sample import DEFAULT_SEED

FIRST_FREE = "def find_best_move(board):\n    return next(i for i, cell in enumerate(board) if cell == ' ')\n"


def _asked(run: InProcess, path: Path, transcript: Path, *flags: str) -> tuple[int | None, list[list[str]]]:
    """The seed the report shows for its sample (None: not shown), and the positions the check asked."""
    result = run("check", str(path), "--format", "coderunner", "--transcript", str(transcript), *flags)
    assert result.returncode == 1, result.stderr
    assert json.loads(result.stdout)["fraction"] < 1
    body = json.loads(transcript.read_text())["body"]
    seeds = {int(found) for note in body["notes"] for found in re.findall(r"seed (\d+)", note)}
    assert len(seeds) <= 1
    return next(iter(seeds), None), body["asked"]


def test_a_run_asks_not_the_public_sample_but_the_students_own_unshown_and_a_seed_given_is_shown_and_asks_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "tictactoe.py"
    path.write_text(FIRST_FREE)
    run = InProcess(capsys, monkeypatch)
    first_seed, first = _asked(run, path, tmp_path / "first.json", "--sandbox", "off")
    second_seed, second = _asked(run, path, tmp_path / "second.json", "--sandbox", "off")
    assert first_seed is second_seed is None and first == second
    public_seed, public = _asked(run, path, tmp_path / "public.json", "--sandbox", "off", "--seed", str(DEFAULT_SEED))
    assert public_seed == DEFAULT_SEED and public != first
    seed, given = _asked(run, path, tmp_path / "given.json", "--sandbox", "off", "--seed", "5")
    again_seed, again = _asked(run, path, tmp_path / "again.json", "--sandbox", "off", "--seed", "5")
    assert (again_seed, again) == (seed, given) == (5, given)
