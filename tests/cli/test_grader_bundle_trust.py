"""Every ``perfectplay grader`` bundle against a submission that fights back (issue 39, "Bundles that trust nothing").

Each bundle's script is run as its grader runs it, on this test run's Python,
from the wheel inside the bundle (no ``PERFECTPLAY`` stand-in: the real path
is what is attacked). The submission is the beatable example (59 of 100
with ``--sample 100``) with a ``json.py`` and a ``perfectplay/`` package
beside it that, if the checker imported them, would write a marker and
stop the check (so the verdict would not be 59); result files that are
links to a file outside; a committed ``result.json`` claiming full marks;
and a folder named like the AI. Each must get the right verdict, and write
nothing outside.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest

from commands_here import run_here
from grader_schemas import AUTOLAB, CLASSROOM50, CODERUNNER, GRADESCOPE, PRAIRIELEARN
from job_user import as_job_user, give, job_python
from other_pythons import interpreters

pytestmark = [pytest.mark.slow, pytest.mark.integration]

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
BEATABLE = EXAMPLES / "graders" / "beatable" / "tictactoe.py"
SAMPLE = ("--sample", "100")
POINTS = 59
"""The beatable example's points under ``--sample 100`` (tests/check/test_grader_bundles.py says the same)."""
SECRET = "the runner's own file\n"


@pytest.fixture(scope="module")
def python310() -> str:
    """Python 3.10 (the graders' images'), which has no perfectplay of its own: only the bundle's wheel is there."""
    found = interpreters().get((3, 10))
    if found is None:
        pytest.skip("no Python 3.10 on this machine (the graders' images have it)")
    return found


def environment(**extra: str) -> dict[str, str]:
    """The environment without this run's virtual environment on the path: the bundle brings perfectplay."""
    dropped = ("PYTHONPATH", "VIRTUAL_ENV", "PERFECTPLAY")
    return {**{key: value for key, value in os.environ.items() if key not in dropped}, **extra}


def run(argv: list[str], cwd: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=cwd, env=environment(**extra), capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """``made(grader)``: the grader's bundle (``perfectplay grader GRADER --sample 100``), made once for this file's
    tests: the two submissions of a grader's test are graded by one bundle, as a course's are."""

    @functools.cache
    def bundle(grader: str) -> Path:
        out = tmp_path_factory.mktemp(f"bundle-{grader}") / grader
        done = run_here("grader", grader, "--out", str(out), *SAMPLE)
        assert done.returncode == 0, done.stderr
        return out

    return bundle


def make_bundle(made: Callable[[str], Path], tmp_path: Path, grader: str) -> Path:
    """A copy of the grader's bundle in ``tmp_path``, for one grading to run and write beside."""
    shutil.copytree(made(grader), tmp_path / grader)
    return tmp_path / grader


def plant(folder: Path, marker: Path, ai: bool = True) -> None:
    """The student's files: the AI (or a folder named like it), and modules that would stand in for the checker's."""
    folder.mkdir(parents=True, exist_ok=True)
    if ai:
        shutil.copy(BEATABLE, folder / "tictactoe.py")
    else:
        (folder / "tictactoe.py").mkdir()
        (folder / "tictactoe.py" / "notes.txt").write_text("not a program\n")
    forge = f"open({str(marker)!r}, 'a').write(__name__ + '\\n')\nraise SystemExit(0)\n"
    (folder / "json.py").write_text(forge)
    (folder / "perfectplay" / "cli").mkdir(parents=True)
    for name in ("__init__.py", "__main__.py", "cli/__init__.py"):
        (folder / "perfectplay" / name).write_text(forge)


def link_to_outside(path: Path, outside: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(outside)


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A file of the runner's that a link in the submission points at: it must never be written."""
    target = tmp_path / "authorized_keys"
    target.write_text(SECRET)
    return target


def assert_untouched(outside: Path, marker: Path, written: Path) -> None:
    assert outside.read_text() == SECRET
    assert not marker.exists(), marker.read_text()
    assert written.is_file() and not written.is_symlink()


@pytest.mark.parametrize("ai", [True, False], ids=["shadowing-modules", "folder-named-like-the-ai"])
def test_classroom50_grades_only_what_this_run_wrote_and_never_writes_through_a_link(
    tmp_path: Path, made: Callable[[str], Path], outside: Path, ai: bool, python310: str
) -> None:
    bundle = make_bundle(made, tmp_path, "classroom50")
    checkout, marker = tmp_path / "checkout", tmp_path / "imported"
    plant(checkout, marker, ai)
    if ai:
        link_to_outside(checkout / "result.json", outside)
        link_to_outside(checkout / "release-body.md", outside)
    else:  # a committed result claiming full marks
        (checkout / "result.json").write_text(json.dumps({"score": 100, "max-score": 100, "tests": []}))
    graded = run([python310, str(bundle / "autograder.py")], checkout, CLASSROOM="c", COMMIT_URL="u")
    assert graded.returncode == 0, graded.stderr
    assert_untouched(outside, marker, checkout / "result.json")
    document = json.loads((checkout / "result.json").read_text())
    jsonschema.validate(document, CLASSROOM50)
    assert document["score"] == (POINTS if ai else 0) and document["max-score"] == 100
    body = (checkout / "release-body.md").read_text()
    assert not (checkout / "release-body.md").is_symlink()
    assert "could not be checked" not in body if ai else "tictactoe.py could not be checked" in body


@pytest.mark.parametrize("ai", [True, False], ids=["shadowing-modules", "folder-named-like-the-ai"])
def test_gradescope_grades_a_hostile_upload_and_moves_its_own_result_into_place(
    tmp_path: Path, made: Callable[[str], Path], outside: Path, ai: bool
) -> None:
    bundle = make_bundle(made, tmp_path, "gradescope")
    root, marker = tmp_path / "autograder", tmp_path / "imported"
    shutil.copytree(bundle, root / "source")  # the zip's files, unpacked as Gradescope unpacks them
    plant(root / "submission", marker, ai)
    link_to_outside(root / "results" / "results.json", outside)
    venv = Path(sys.executable).parent.parent  # this run's environment stands in for setup.sh's /opt/perfectplay
    graded = run(["bash", str(root / "source" / "run_autograder")], tmp_path, AUTOGRADER_ROOT=str(root), VENV=str(venv))
    assert graded.returncode == 0, graded.stderr
    written = root / "results" / "results.json"
    assert_untouched(outside, marker, written)
    document = json.loads(written.read_text())
    jsonschema.validate(document, GRADESCOPE)
    assert document["score"] == (POINTS if ai else 0)
    assert sorted(path.name for path in (root / "results").iterdir()) == ["results.json"]


@pytest.mark.parametrize("ai", [True, False], ids=["shadowing-modules", "folder-named-like-the-ai"])
def test_prairielearn_grades_a_hostile_upload_and_moves_its_own_result_into_place(
    tmp_path: Path, made: Callable[[str], Path], outside: Path, ai: bool, python310: str
) -> None:
    bundle = make_bundle(made, tmp_path, "prairielearn")
    root, marker = tmp_path / "grade", tmp_path / "imported"
    shutil.copytree(bundle / "tests", root / "tests")
    plant(root / "student", marker, ai)
    link_to_outside(root / "results" / "results.json", outside)
    graded = run(["bash", str(root / "tests" / "run.sh")], root / "student", GRADE_ROOT=str(root), PYTHON=python310)
    assert graded.returncode == 0, graded.stderr
    written = root / "results" / "results.json"
    assert_untouched(outside, marker, written)
    document = json.loads(written.read_text())
    jsonschema.validate(document, PRAIRIELEARN)
    assert document["score"] == (POINTS / 100 if ai else 0)
    assert sorted(path.name for path in (root / "results").iterdir()) == ["results.json"]


@pytest.mark.parametrize("ai", [True, False], ids=["shadowing-modules", "folder-named-like-the-ai"])
def test_autolab_runs_its_own_checker_beside_a_hostile_handin_and_ends_with_a_scores_line(
    tmp_path: Path, made: Callable[[str], Path], ai: bool, python310: str
) -> None:
    bundle = make_bundle(made, tmp_path, "autolab")
    job, marker = tmp_path / "job", tmp_path / "imported"
    plant(job, marker, ai)
    with tarfile.open(bundle / "autograde.tar") as archive:
        if hasattr(tarfile, "data_filter"):
            archive.extractall(job, filter="data")
        else:  # Python before 3.10.12: the bundle's own tar, which holds plain files only
            archive.extractall(job)
    graded = run(["bash", "./grade.sh"], job, PYTHON=python310)
    assert graded.returncode == 0, graded.stderr
    assert not marker.exists(), marker.read_text()
    last = json.loads(graded.stdout.splitlines()[-1])
    jsonschema.validate(last, AUTOLAB)
    assert sum(last["scores"].values()) == (POINTS if ai else 0)


def test_coderunner_runs_its_own_checker_beside_modules_that_would_shadow_it(
    tmp_path: Path, made: Callable[[str], Path], python310: str
) -> None:
    bundle = make_bundle(made, tmp_path, "coderunner")
    job, marker = tmp_path / "jobe", tmp_path / "imported"
    plant(job, marker)
    (job / "tictactoe.py").unlink()  # the template writes the answer itself
    template = (bundle / "template.py").read_text()
    answer = BEATABLE.read_text().replace("\\", "\\\\").replace("'", "\\'").replace('"', '\\"')
    (job / "prog.py").write_text(template.replace("{{ STUDENT_ANSWER | e('py') }}", answer))
    for wheel in bundle.glob("perfectplay-*.whl"):
        shutil.copy(wheel, job / wheel.name)
    graded = run([python310, "prog.py"], job)
    assert graded.returncode == 0, graded.stderr
    assert not marker.exists(), marker.read_text()
    document = json.loads(graded.stdout)
    jsonschema.validate(document, CODERUNNER)
    never = next(row for row in document["testresults"][1:] if row[1] == "Never beaten")
    assert never[0] is False and document["fraction"] > 0


def test_the_classroom50_example_recipe_takes_only_this_runs_result_and_never_writes_through_a_link(
    tmp_path: Path, outside: Path
) -> None:
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    shutil.copy(BEATABLE, checkout / "tictactoe.py")
    link_to_outside(checkout / "result.json", outside)
    (checkout / "release-body.md").write_text("## perfectplay check: 100 / 100\n")  # committed, not this run's
    recipe = EXAMPLES / "graders" / "classroom50" / "autograder.py"
    command = tmp_path / "perfectplay"  # the installed command, with the sample the bundles' tests use
    command.write_text(f'#!/bin/sh\nexec "{Path(sys.executable).parent / "perfectplay"}" "$@" --sample 100\n')
    command.chmod(0o755)
    graded = run([sys.executable, str(recipe)], checkout, PERFECTPLAY=str(command))
    assert graded.returncode == 0, graded.stderr
    assert outside.read_text() == SECRET and not (checkout / "result.json").is_symlink()
    jsonschema.validate(json.loads((checkout / "result.json").read_text()), CLASSROOM50)
    assert (checkout / "release-body.md").read_text().startswith("## perfectplay check: ")
    assert "100 / 100" not in (checkout / "release-body.md").read_text()


FORGED_SCORES = '{"scores": {"loads": 10, "legal": 15, "never_beaten": 40, "keeps_value": 20}, "scoreboard": [100, 1]}'

PATH_ATTACK = '''
import glob
for path in glob.glob({pattern!r}):
    try:
        with open(path, "a") as out:
            out.write("\\n" * 3000 + {forged!r} + "\\n")
    except OSError:
        pass
'''
"""Put before the beatable example: run as the grader's user, it appends a forged scores line to the checker's
output file, by its path, before the checker writes its report over the start of it: grade.sh's last line was the
forged one."""


def test_autolab_run_as_its_job_user_without_bubblewrap_keeps_no_file_a_handin_could_forge(
    made: Callable[[str], Path], python310: str
) -> None:
    prefix = as_job_user()
    job = Path(tempfile.mkdtemp(prefix="perfectplay-autolab-"))  # pytest's own folders are root's alone
    try:
        scratch, tools = job / "tmp", job / "bin"
        scratch.mkdir()
        tools.mkdir()
        # The job's PATH: what grade.sh runs, and no bwrap (Docker's default profile forbids its namespaces).
        for tool in ("bash", "mktemp", "cp", "ls", "head", "tail", "grep", "rm", "basename", "cat"):
            found = shutil.which(tool)
            assert found is not None, tool
            (tools / tool).symlink_to(found)
        environ = {"PATH": str(tools), "HOME": str(job), "TMPDIR": str(scratch), "LANG": "C.UTF-8"}
        python = job_python(prefix, [python310, sys.executable, "/usr/bin/python3"], environ)  # any 3.10+
        with tarfile.open(made("autolab") / "autograde.tar") as archive:
            archive.extractall(job)  # the bundle's own tar: plain files
        attack = PATH_ATTACK.format(pattern=f"{scratch}/tmp.*/feedback", forged=FORGED_SCORES)
        (job / "tictactoe.py").write_text(attack + BEATABLE.read_text(encoding="utf-8"), encoding="utf-8")
        give([job, *job.rglob("*")])
        graded = subprocess.run(
            [*prefix, str(tools / "bash"), "./grade.sh"],
            cwd=job,
            env={**environ, "PYTHON": python},
            capture_output=True,
            text=True,
            timeout=600,
        )
    finally:
        shutil.rmtree(job, ignore_errors=True)
    assert graded.returncode == 0, graded.stderr
    assert "NOT SANDBOXED" in graded.stdout  # the case under test: no bubblewrap, the grader's own user
    last = json.loads(graded.stdout.splitlines()[-1])
    jsonschema.validate(last, AUTOLAB)
    assert sum(last["scores"].values()) == POINTS and FORGED_SCORES not in graded.stdout
