"""A student who checks their own file in their home folder, where the grader's default secret lives
(``~/.config/perfectplay/check-secret``), is checked on a fresh seed, shown: not refused for a ``--secret`` they
never gave. A secret given on purpose inside a submission's folder is still refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cli_helpers import InProcess

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.chdir(folder)
    return folder


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> InProcess:
    return InProcess(capsys, monkeypatch)


def test_a_sample_of_a_file_in_the_home_folder_is_drawn_fresh_and_its_seed_shown(home: Path, run: InProcess) -> None:
    (home / "tictactoe.py").write_text((EXAMPLES / "graders" / "beatable" / "tictactoe.py").read_text())
    seeds = []
    for _ in range(2):
        result = run("check", "tictactoe.py", "--sample", "10", "--sandbox", "off")
        assert result.returncode == 1 and result.stderr == "", result.stderr  # beatable, and said so
        found = re.search(r"seed (\d+)", result.stdout)
        assert found, result.stdout
        seeds.append(int(found.group(1)))
        again = run("check", "tictactoe.py", "--sample", "10", "--sandbox", "off", "--seed", found.group(1))
        assert again.returncode == 1 and f"seed {found.group(1)}" in again.stdout  # and a regrade asks it again
    assert seeds[0] != seeds[1]  # drawn afresh: two draws of a billion agree once in a billion runs
    assert not (home / ".config" / "perfectplay" / "check-secret").exists()  # nothing was made to keep


def test_a_secret_given_inside_the_submissions_folder_is_still_refused(home: Path, run: InProcess) -> None:
    (home / "tictactoe.py").write_text((EXAMPLES / "correct.py").read_text())
    secret = home / "my-secret"
    secret.write_text("0123456789abcdef" * 4 + "\n")
    secret.chmod(0o600)
    result = run("check", "tictactoe.py", "--sample", "10", "--sandbox", "off", "--secret", str(secret))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "inside a submission's folder" in result.stderr


def test_connect_four_in_the_home_folder_is_checked_too(home: Path, run: InProcess) -> None:
    (home / "agent.py").write_text((EXAMPLES / "connect4" / "one_ply_connectx.py").read_text())
    # Two positions: what is tested is where the seed comes from, not the grade (each position drawn is solved).
    result = run("check", "--game", "connect4", "agent.py", "--positions", "2", "--sandbox", "off", "--no-games")
    assert result.returncode in (0, 1), result.stderr
    assert re.search(r"seed \d+", result.stdout), result.stdout
