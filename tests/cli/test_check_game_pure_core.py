"""A Connect Four check on the Python core says so at once, in one line on stderr; nothing else changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_helpers import InProcess
from perfectplay.cli import check_game

AGENT = str(Path(__file__).resolve().parents[2] / "examples" / "connect4" / "one_ply_board.py")
QUICK = ["--game", "connect4", "--positions", "2", "--no-games", "--sandbox", "off", "--seed", "3", "--json"]


def test_a_connect4_check_without_the_compiled_core_says_why_it_is_slow_and_reports_the_same(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    run = InProcess(capsys, monkeypatch)
    # Only what the command believes changes (so this runs alike under PERFECTPLAY_PURE=1): the positions are
    # solved by whichever core this process has, both times.
    monkeypatch.setattr(check_game, "compiled_in_use", lambda: True)
    compiled = run("check", AGENT, *QUICK)
    assert compiled.stderr == ""
    monkeypatch.setattr(check_game, "compiled_in_use", lambda: False)
    pure = run("check", AGENT, *QUICK)
    assert pure.stderr == check_game.PURE_CORE_NOTICE and pure.stderr.count("\n") == 1
    assert "pure Python" in pure.stderr and "--version" in pure.stderr
    assert json.loads(pure.stdout)["score"] == json.loads(compiled.stdout)["score"]


def test_a_tictactoe_check_says_nothing_about_the_core(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(check_game, "compiled_in_use", lambda: False)
    run = InProcess(capsys, monkeypatch)
    correct = str(Path(__file__).resolve().parents[2] / "examples" / "correct.py")
    finished = run("check", correct, "--sample", "20", "--seed", "1", "--sandbox", "off")
    assert "compiled core" not in finished.stderr


def test_on_the_python_core_a_refusal_is_still_one_line_and_a_class_is_told_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Said when the first check starts drawing its positions: never before a refusal, never once a student.
    monkeypatch.setattr(check_game, "compiled_in_use", lambda: False)
    run = InProcess(capsys, monkeypatch)
    forged = tmp_path / "forged.json"
    forged.write_text('{"game": "connect4"}')
    no_agent = tmp_path / "agent.py"
    no_agent.write_text("x = 1\n")
    for refused in (
        run("check", "--game", "connect4", "--replay", str(forged)),
        run("check", str(tmp_path / "missing.py"), *QUICK),
        run("check", str(no_agent), *QUICK),
    ):
        assert refused.returncode == 2 and refused.stderr.count("\n") == 1, refused.stderr
        assert "compiled core" not in refused.stderr
    other = tmp_path / "other.py"
    other.write_text(Path(AGENT).read_text())
    several = run("check", AGENT, str(other), *QUICK)
    assert several.stderr == check_game.PURE_CORE_NOTICE
