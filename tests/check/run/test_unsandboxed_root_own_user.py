"""Unsandboxed as root (a Gradescope container where bubblewrap cannot start, or ``--sandbox off``), the student's
code still runs as a user of its own: it cannot read a root-only secret, write beside it, or signal the checker.

The grader's folder here is reachable by every user (mode 0755, like ``/autograder``): only the drop of the
candidate's user keeps it out, not a folder above it.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from perfectplay.check.api import check_ai
from perfectplay.check.errors import CheckUsageError, NotGradable
from perfectplay.check.run import sandbox, user_slot
from perfectplay.check.run.own_user import Reach, reachable
from perfectplay.check.run.sandbox import Isolation
from repo_paths import ROOT

needs_root = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="the candidate drops to a user of its own only as root"
)

ATTACKS = """
import os, signal

BREACHED = []
try:
    with open(__SECRET__) as file:
        BREACHED.append("read " + file.read())
except OSError:
    pass
try:
    with open(__WRITTEN__, "w") as file:
        file.write("written by the student")
    BREACHED.append("wrote")
except OSError:
    pass
try:
    os.kill(__CHECKER__, signal.SIGTERM)
    BREACHED.append("signalled")
except OSError:
    pass

"""

WITNESS = """

_honest = find_best_move


def find_best_move(board):
    if BREACHED:  # what it got is in the report, and its play is broken
        raise RuntimeError(" ".join(BREACHED))
    return _honest(board)
"""


@pytest.fixture
def grader() -> Iterator[Path]:
    """A root-owned grader's folder every user may enter (not under pytest's 0700 folder), with a 0600 secret."""
    folder = Path(tempfile.mkdtemp(prefix="perfectplay-grader-"))
    folder.chmod(0o755)
    secret = folder / "check-secret"
    secret.write_text(f"secret-{secrets.token_hex(8)}")
    secret.chmod(0o600)
    try:
        yield folder
    finally:
        shutil.rmtree(folder)


def hostile(tmp_path: Path, grader: Path, checker: str = "os.getppid()") -> Path:
    """The correct AI, which first tries each attack (on ``checker``: its parent, the checker, unless told)."""
    text = ATTACKS.replace("__CHECKER__", checker).replace("__SECRET__", repr(str(grader / "check-secret")))
    text = text.replace("__WRITTEN__", repr(str(grader / "results.json")))
    path = tmp_path / "tictactoe.py"
    path.write_text(text + (ROOT / "examples" / "correct.py").read_text() + WITNESS)
    return path


@needs_root
def test_the_grader_folder_is_one_the_candidates_user_could_enter(grader: Path) -> None:
    assert reachable(grader) and not reachable(grader / "check-secret")


@needs_root
def test_as_root_with_sandbox_off_the_student_cannot_read_the_secret_write_beside_it_or_signal_the_checker(
    tmp_path: Path, grader: Path
) -> None:
    path = hostile(tmp_path, grader)
    argv = [sys.executable, "-m", "perfectplay", "check", str(path), "--sandbox", "off", "--sample", "50", "--json"]
    done = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, timeout=300, check=False)
    # Graded on its play (unbeatable: exit 0), not killed by it, and none of its attacks worked.
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["verdict"] == "unbeatable"
    secret = (grader / "check-secret").read_text()
    assert secret not in done.stdout and secret not in done.stderr
    assert not (grader / "results.json").exists()
    assert report["isolation"].startswith(
        "NOT SANDBOXED: the student's code ran as an unprivileged user of its own and could read world-readable files"
    )


@needs_root
def test_the_same_student_run_as_root_would_have_read_the_secret(tmp_path: Path, grader: Path) -> None:
    # The test's witness: with the checker's own user (no drop), each attack works (its signal goes to a stand-in
    # for the checker, this process being the checker here).
    stand_in = subprocess.Popen(["sleep", "60"])
    try:
        path = hostile(tmp_path, grader, str(stand_in.pid))
        isolation = Isolation("none", "--sandbox off", None, "a test without the drop")
        with pytest.raises(NotGradable) as refused:  # every answer raises, with what it got
            check_ai(path, sandbox=isolation, sample=50, move_seconds=5)
    finally:
        stand_in.kill()
    assert stand_in.wait() == -15  # SIGTERM, the student's
    assert f"read {(grader / 'check-secret').read_text()} wrote signalled" in str(refused.value)
    assert (grader / "results.json").read_text() == "written by the student"


@needs_root
def test_with_no_user_id_free_the_check_is_not_graded_and_no_student_code_runs(
    tmp_path: Path, grader: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def none_free(*_: object) -> None:
        raise OSError(11, "no free candidate user id")

    monkeypatch.setattr(user_slot.UserSlot, "__init__", none_free)
    report = check_ai(hostile(tmp_path, grader), sandbox="off", sample=50)
    assert report.exit_status == 3 and report.problem is not None
    assert report.problem.startswith("not graded") and "no free candidate user id" in report.problem
    assert not (grader / "results.json").exists()


def test_the_isolation_line_says_which_user_the_code_ran_as() -> None:
    own = Isolation("none", "--sandbox off", None, "none here", own_user=True).describe()
    checker = Isolation("none", "--sandbox off", None, "none here").describe()
    assert "ran as an unprivileged user of its own and could read world-readable files" in own
    assert "ran with the checker's user and could read its files" in checker


def test_a_path_is_reachable_only_if_every_folder_above_it_lets_others_through(tmp_path: Path) -> None:
    assert reachable(Path("/usr/bin/env")) and reachable(Path("/usr"))
    closed = tmp_path / "closed"
    closed.mkdir(mode=0o700)
    (closed / "open.txt").write_text("")
    (closed / "open.txt").chmod(0o644)
    assert not reachable(closed) and not reachable(closed / "open.txt") and not reachable(tmp_path / "missing")


def test_the_interpreter_is_handed_as_a_descriptor_only_where_its_users_could_not_reach_it() -> None:
    reach = Reach()
    try:
        inside = Path(os.__file__).resolve()
        if reachable(inside.parent):
            assert reach.home is None and reach.path(inside) == str(inside)
            assert "PYTHONHOME" not in reach.env(Path("/x"))
        else:  # a pyenv under /root, as on this project's machine
            assert reach.home == f"/proc/self/fd/{reach.descriptor}"
            assert reach.path(inside) == f"{reach.home}/{inside.relative_to(Path(sys.base_prefix).resolve())}"
            assert reach.env(Path("/x"))["PYTHONHOME"] == reach.home
        assert reach.path("/usr/bin/env") == "/usr/bin/env"
        assert reach.env(Path("/x"))["TMPDIR"] == reach.env(Path("/x"))["HOME"] == "/x/tmp"
    finally:
        reach.close()


def test_the_fallback_of_sandbox_auto_drops_to_a_user_of_its_own_as_off_does(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "probe", lambda: "bwrap is installed but cannot start a sandbox here (a container)")
    fallback, off = sandbox.choose("auto"), sandbox.choose("off")
    assert not fallback.sandboxed and fallback.own_user == off.own_user == (os.geteuid() == 0)
    assert fallback.describe().startswith("NOT SANDBOXED") and "cannot start a sandbox here" in fallback.describe()


@needs_root
def test_as_root_where_no_user_of_its_own_can_be_had_only_sandbox_off_runs_the_code_as_root(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sandbox, "probe", lambda: "bubblewrap sandboxes need Linux, this is darwin")
    monkeypatch.setattr(sys, "platform", "darwin")
    with pytest.raises(CheckUsageError, match="would run as root; use --sandbox off to run it so anyway"):
        sandbox.choose("auto")
    off = sandbox.choose("off")
    assert not off.own_user and "ran with the checker's user and could read its files" in off.describe()
