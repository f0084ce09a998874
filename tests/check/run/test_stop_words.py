"""Why a check stopped, in words, for every game: a program that does not flush is told to flush.

Connect Four's report said only "20 of 20 positions were not asked: the check stopped", and Nim's "the check
stopped early: flush", where tic-tac-toe's says what to do.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_helpers import InProcess
from perfectplay.check.run.failures import STOP_WORDS
from perfectplay.check.run.sweep import STOPS, stop_reason
from perfectplay.check.transcript_fields import STOPPED

UNFLUSHED = "import sys\nfor line in sys.stdin:\n    print({answer!r})\n"  # a pipe: block-buffered, never flushed


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> InProcess:
    return InProcess(capsys, monkeypatch)


def test_every_reason_a_check_may_stop_for_has_its_words() -> None:
    assert set(STOP_WORDS) == set(STOPPED)
    assert {stop_reason(kind()) for kind in STOPS} <= set(STOP_WORDS)


@pytest.mark.parametrize(
    ("game", "answer", "options"),
    [("connect4", "3", ["--positions", "4", "--no-games"]), ("nim:misere", "1 1", [])],
)
def test_a_program_that_does_not_flush_is_told_to_flush_in_every_game(
    game: str, answer: str, options: list[str], run: InProcess, tmp_path: Path
) -> None:
    program = tmp_path / "player.py"
    program.write_text(UNFLUSHED.format(answer=answer))
    finished = run("check", "--game", game, "--command", f"python3 {program}", "--sandbox", "off", *options)
    assert "it answers only when its input is closed (flush after each answer)" in finished.stdout, finished.stdout
