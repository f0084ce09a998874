"""A game that draws its positions per check takes each student's seed from the grader's secret: a resubmission is
asked the same positions, another student, another game or another secret others, and the report names no seed a
student could draw them again with (check/grader_secret.py)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from cli_helpers import InProcess
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.grader_secret import load_secret, secret_outside, secret_path, student_seed

AGENT = "def agent(observation, configuration):\n    return next(c for c in range(7) if observation.board[c] == 0)\n"
QUICK = ("--game", "connect4", "--positions", "3", "--no-games", "--sandbox", "off", "--time-per-move", "2", "--json")


def test_one_student_and_game_keep_their_seed_and_any_other_name_game_or_secret_changes_it() -> None:
    secret = b"a" * 32
    seed = student_seed(secret, "connect4", "ann")
    assert seed == student_seed(secret, "connect4", "ann")
    assert 0 <= seed < 2**63
    others = {
        student_seed(secret, "connect4", "bob"),
        student_seed(secret, "connect4", "ann "),
        student_seed(secret, "nim", "ann"),
        student_seed(b"b" * 32, "connect4", "ann"),
    }
    assert seed not in others and len(others) == 4


def test_the_secret_is_made_on_first_use_for_this_user_alone_and_read_the_same_afterwards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    where = secret_path()
    assert where == tmp_path / "config" / "perfectplay" / "check-secret"
    first = load_secret()
    assert stat.S_IMODE(where.stat().st_mode) == 0o600
    assert stat.S_IMODE(where.parent.stat().st_mode) == 0o700
    assert len(first) == 64 and load_secret() == first  # 32 random bytes, as hex
    other = tmp_path / "other"
    assert load_secret(other) != first


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda path: (path.write_text("x" * 40), path.chmod(0o644)), "other users could read"),
        (lambda path: (path.write_text("short"), path.chmod(0o600)), "holds 5 bytes"),
        (lambda path: path.mkdir(), "not a regular file"),
        (lambda path: path.symlink_to(path.with_name("target")), "cannot be read"),
    ],
)
def test_a_secret_others_can_read_a_short_one_a_folder_or_a_link_is_refused_in_one_line(
    tmp_path: Path, make: object, words: str
) -> None:
    where = tmp_path / "secret"
    (tmp_path / "target").write_text("y" * 40)
    os.chmod(tmp_path / "target", 0o600)
    make(where)  # type: ignore[operator]
    with pytest.raises(CheckUsageError, match=words):
        load_secret(where)


def test_a_secret_inside_a_students_folder_is_refused(tmp_path: Path) -> None:
    student = tmp_path / "class" / "ann"
    student.mkdir(parents=True)
    with pytest.raises(CheckUsageError, match="inside a submission's folder"):
        secret_outside(student / "secret", [student])
    secret_outside(tmp_path / "class" / "secret", [student])  # the teacher's class folder is not a student's


def drawn(in_process: InProcess, *args: str, blunders: bool = True) -> dict[str, object]:
    """The JSON report of a quick check; ``blunders``: its draw is known to hold one of the agent's blunders."""
    finished = in_process("check", *args, *QUICK)
    assert finished.returncode in ((1,) if blunders else (0, 1)), finished.stderr
    document = json.loads(finished.stdout)
    assert isinstance(document, dict)
    return document


def suite(document: dict[str, object]) -> list[object]:
    return [(blunder["moves"], blunder["chose"]) for blunder in document["blunders"]]  # type: ignore[attr-defined]


def fixed_secret(path: Path, text: str) -> Path:
    """A secret of known bytes (a made one is random: whether the agent blunders in 3 positions would be chance)."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(0o600)
    return path


def test_a_resubmission_is_asked_the_same_positions_another_student_others_and_no_seed_is_shown(
    in_process: InProcess, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    fixed_secret(secret_path(), "the grader's secret of these tests")
    agent = tmp_path / "ann" / "agent.py"
    agent.parent.mkdir()
    agent.write_text(AGENT)
    # With no --student the student is the file's path, here a new folder each run: whether the agent blunders in
    # its three positions is chance, but a resubmission is asked the same ones.
    default = drawn(in_process, str(agent), blunders=False)
    assert suite(drawn(in_process, str(agent), blunders=False)) == suite(default)
    assert default["seed"] is None
    text = in_process("check", str(agent), *QUICK[:-1])
    assert "from the grader's secret (the same on every resubmission)" in text.stdout
    assert "--seed" not in text.stdout
    # A name and a secret fixed, the draws are known: each holds a blunder of the agent, so they can be told apart.
    first = drawn(in_process, str(agent), "--student", "ann")
    assert suite(drawn(in_process, str(agent), "--student", "ann")) == suite(first)
    other = drawn(in_process, str(agent), "--student", "bob")
    assert suite(other) != suite(first)
    secret = fixed_secret(tmp_path / "term2", "another term's secret, of these tests")
    assert suite(drawn(in_process, str(agent), "--student", "ann", "--secret", str(secret))) != suite(first)


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (("--game", "connect4", "--seed", "3", "--secret", "S", "ann/agent.py"), "leave out --seed"),
        (("--game", "connect4", "--student", "x", "ann/agent.py", "bob/agent.py"), "--student names the one"),
        (("--secret", "S", "ann/agent.py"), "--secret is for games that draw their positions per check"),
        (("--student", "x", "ann/agent.py"), "--student is for games that draw their positions per check"),
    ],
)
def test_secret_and_student_that_cannot_apply_are_one_line_and_exit_2(
    in_process: InProcess, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extra: tuple[str, ...], words: str
) -> None:
    for name in ("ann", "bob"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "agent.py").write_text(AGENT)
    monkeypatch.chdir(tmp_path)
    finished = in_process("check", *extra, "--json")
    assert finished.returncode == 2
    assert words in finished.stderr and finished.stderr.count("\n") == 1


def test_a_secret_kept_in_the_students_folder_is_refused_before_anything_runs(
    in_process: InProcess, tmp_path: Path
) -> None:
    agent = tmp_path / "ann" / "agent.py"
    agent.parent.mkdir()
    agent.write_text(AGENT)
    finished = in_process("check", str(agent), *QUICK, "--secret", str(agent.parent / "secret"))
    assert finished.returncode == 2 and "inside a submission's folder" in finished.stderr
    assert not (agent.parent / "secret").exists()


def test_a_secret_that_cannot_be_made_says_how_to_go_on_in_one_line(
    in_process: InProcess, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    unwritable = tmp_path / "a file, not a folder"
    unwritable.write_text("")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(unwritable))
    agent = tmp_path / "ann" / "agent.py"
    agent.parent.mkdir()
    agent.write_text(AGENT)
    finished = in_process("check", str(agent), *QUICK)
    assert finished.returncode == 2 and finished.stderr.count("\n") == 1
    assert "cannot be made" in finished.stderr and "--secret FILE, or give --seed N" in finished.stderr
