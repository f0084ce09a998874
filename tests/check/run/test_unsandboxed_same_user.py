"""Unsandboxed, as the checker's own user (a Jobe or Autolab job user): the candidate cannot reach another process.

Its user's other processes were in its reach: a student's import opened ``/proc/PID/fd/1`` of the checker (and of
the grader's script), wrote a forged result into the output the grader reads, and killed the checker before it
wrote its own: a CodeRunner template printed ``"fraction": 1.0`` for an answer that plays no move. Each candidate
now runs in a Landlock domain of its own (``check/run/inside/landlock.py``), where the kernel has one.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import perfectplay
from job_user import as_job_user, give, job_python
from perfectplay.check.run.inside import landlock
from repo_paths import ROOT

pytestmark = pytest.mark.skipif(landlock.usable() == 0, reason="no Landlock in this kernel (Linux 5.13 or later)")

FORGED = "FORGED-RESULT-4711"

ATTACK = f"""
import os, signal
for pid in os.listdir("/proc"):
    if not pid.isdigit() or int(pid) == os.getpid():
        continue
    try:
        out = os.open(f"/proc/{{pid}}/fd/1", os.O_WRONLY)
        os.write(out, b'{{"fraction": 1.0, "verdict": "{FORGED}"}}\\n')
        os.close(out)
    except OSError:
        pass
    try:
        if b"perfectplay" in open(f"/proc/{{pid}}/cmdline", "rb").read():
            os.kill(int(pid), signal.SIGKILL)
    except OSError:
        pass
"""


@pytest.fixture
def job_folder() -> Iterator[Path]:
    """A fresh folder the job's user can reach (pytest's own are its user's alone), removed after the test."""
    folder = Path(tempfile.mkdtemp(prefix="perfectplay-job-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_a_candidate_cannot_write_into_the_checkers_output_nor_kill_it(job_folder: Path) -> None:
    answer, scratch = job_folder / "answer", job_folder / "tmp"
    answer.mkdir()
    scratch.mkdir()
    student = answer / "tictactoe.py"
    student.write_text(ATTACK + (ROOT / "examples" / "correct.py").read_text(encoding="utf-8"), encoding="utf-8")
    prefix = as_job_user()
    package = str(Path(perfectplay.__file__).resolve().parents[1])
    environ = {**os.environ, "PYTHONPATH": package, "TMPDIR": str(scratch)}
    version = f"/usr/bin/python{sys.version_info[0]}.{sys.version_info[1]}"  # the same version: the compiled core
    python = job_python(prefix, [sys.executable, version], environ, "import perfectplay")
    give([job_folder, answer, scratch, student])
    argv = [*prefix, python, "-m", "perfectplay", "check", str(student), "--sandbox", "off", "--sample", "20"]
    argv += ["--seed", "1"]
    done = subprocess.run([*argv, "--format", "json"], capture_output=True, text=True, env=environ, timeout=300)
    assert done.returncode == 0, done.stderr  # not -9: the checker lived to write its report
    assert FORGED not in done.stdout + done.stderr
    report = json.loads(done.stdout)
    assert report["verdict"] == "unbeatable"
    assert "NOT SANDBOXED" in report["isolation"] and "Landlock domain" in report["isolation"]


def test_in_its_domain_a_process_still_runs_and_ends_its_own_children_but_reaches_no_other(tmp_path: Path) -> None:
    script = tmp_path / "inside.py"
    script.write_text(
        "import os, subprocess, sys\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "import landlock\n"
        "landlock.enter_domain()\n"
        "parent = os.getppid()\n"
        "try:\n"
        "    os.close(os.open(f'/proc/{parent}/fd/1', os.O_WRONLY))\n"
        "    print('fd: open')\n"
        "except PermissionError:\n"
        "    print('fd: refused')\n"
        "child = subprocess.Popen(['sleep', '30'])\n"
        "child.kill()\n"
        "print('own child:', child.wait())\n"
        "try:\n"
        "    os.kill(parent, 0)\n"
        "    print('signal: sent')\n"
        "except PermissionError:\n"
        "    print('signal: refused')\n",
        encoding="utf-8",
    )
    inside = Path(landlock.__file__).parent
    done = subprocess.run([sys.executable, "-I", str(script), str(inside)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:2] == ["fd: refused", f"own child: -{signal.SIGKILL.value}"]
    assert lines[2] == ("signal: refused" if landlock.usable() >= landlock.SIGNALS_ABI else "signal: sent")


WRITES = """
import os, tempfile
for path in {targets!r}:  # the job's files, its user's as much as the candidate's: the checker's code among them
    try:
        with open(path, "a") as out:
            out.write("planted by the student\\n")
    except OSError:
        pass
# Its own folders stay its own: a file beside its copy, and a temporary file, written and read back.
with open("notes.txt", "w") as out:
    out.write("mine")
with tempfile.NamedTemporaryFile("w+") as scratch:
    scratch.write("mine too")
    scratch.seek(0)
    assert scratch.read() == "mine too" and open("notes.txt").read() == "mine"
"""


def test_a_candidate_writes_its_own_folders_and_no_file_of_the_job(job_folder: Path) -> None:
    # Unsandboxed as the job's user, the checker's own code (an unpacked wheel) is that user's files: a module the
    # checker imports after the candidate ran (a report's renderer) was the student's to rewrite.
    answer, scratch = job_folder / "answer", job_folder / "tmp"
    answer.mkdir()
    scratch.mkdir()
    checker_file, new_file = job_folder / "render_graders.py", job_folder / "planted.py"
    checker_file.write_text("# the checker's\n", encoding="utf-8")
    student = answer / "tictactoe.py"
    attack = WRITES.format(targets=[str(checker_file), str(new_file)])
    student.write_text(attack + (ROOT / "examples" / "correct.py").read_text(encoding="utf-8"), encoding="utf-8")
    prefix = as_job_user()
    package = str(Path(perfectplay.__file__).resolve().parents[1])
    environ = {**os.environ, "PYTHONPATH": package, "TMPDIR": str(scratch)}
    version = f"/usr/bin/python{sys.version_info[0]}.{sys.version_info[1]}"
    python = job_python(prefix, [sys.executable, version], environ, "import perfectplay")
    give([job_folder, answer, scratch, student, checker_file])
    argv = [*prefix, python, "-m", "perfectplay", "check", str(student), "--sandbox", "off", "--sample", "20"]
    argv += ["--seed", "1", "--format", "json"]
    done = subprocess.run(argv, capture_output=True, text=True, env=environ, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["verdict"] == "unbeatable"  # its own writes worked: its import did not fail
    assert checker_file.read_text(encoding="utf-8") == "# the checker's\n" and not new_file.exists()
