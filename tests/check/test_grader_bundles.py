"""``perfectplay grader NAME``: each bundle unpacked as its grader lays it out, run on its default image's Python.

Gradescope's default image (Ubuntu 22.04) has Python 3.10, and so do
Jobe's and PrairieLearn's Python images of that generation: every bundle
runs here on 3.10, the oldest Python perfectplay supports, from the wheel
inside it alone (no index, no checkout on the path). Each result is
validated against the schema written from that grader's documentation.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import jsonschema
import pytest

from built_wheels import run_folder, stand_in_wheel
from commands_here import run_here
from grader_schemas import AUTOLAB, CLASSROOM50, CODERUNNER, GRADESCOPE, PRAIRIELEARN
from other_pythons import interpreters
from shared_results import SharedResults

pytestmark = [pytest.mark.slow, pytest.mark.integration]

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
BEATABLE = EXAMPLES / "graders" / "beatable" / "tictactoe.py"
PERFECTPLAY = str(Path(sys.executable).parent / "perfectplay")
SAMPLE = ("--sample", "100")
"""A bundle made with ``--sample``: a stratified sample plus every position the student's own games reach, which
gives these submissions their whole check's points (59 of 100 for the beatable one, whole or sampled). Each test
is its bundle's plumbing on Python 3.10 (layout, wheel, install, scripts, weights, result) and passes the option
through it; the whole check's own points are tested in process (tests/check/test_check_graders.py, one check of
each example shared by every format)."""


@pytest.fixture(scope="module")
def python310() -> str:
    """Python 3.10, the Python of Gradescope's default image (found when a test asks, not at collection)."""
    found = interpreters().get((3, 10))
    if found is None:
        pytest.skip("no Python 3.10 on this machine (Gradescope's image has it)")
    return found


ENSUREPIP_BY_HAND = """
import compileall, ensurepip, pathlib, sysconfig, zipfile
site = sysconfig.get_paths()["purelib"]
wheels = sorted((pathlib.Path(ensurepip.__file__).parent / "_bundled").glob("*.whl"))
assert any(wheel.name.startswith("pip-") for wheel in wheels), wheels
for wheel in wheels:
    zipfile.ZipFile(wheel).extractall(site)
assert compileall.compile_dir(site, quiet=1)
"""
"""Run by the new environment's Python: ensurepip's bundled wheels unpacked into its site-packages, compiled."""

VENV_ONCE = """#!/bin/sh
# Python 3.10, whose "-m venv DIR" gives DIR a copy of the environment "-m venv" made once for this test run.
if [ "$1 $2" = "-m venv" ] && [ "$#" = 3 ]; then exec cp -a "{made}" "$3"; fi
exec "{python}" "$@"
"""


@pytest.fixture(scope="module")
def python310_venv_once(python310: str, shared_results: SharedResults, tmp_path_factory: pytest.TempPathFactory) -> str:
    """Python 3.10 for the setup.sh runs of the pip branch: each makes its environment with ``-m venv``, which is
    the same every time, so it is made once a test run and each setup.sh gets a copy of that environment (the
    setup's own steps, from pip installing the wheel on, are its own).

    That environment is what ``-m venv`` makes, its ensurepip step done by hand: ensurepip runs pip to install the
    pip and setuptools wheels it bundles (3.8 s of CPU); here those same wheels are unpacked into the environment's
    site-packages and byte-compiled (1.8 s), which is what that install leaves there but pip's console scripts,
    which setup.sh does not use (it runs ``python -m pip``)."""

    def make() -> str:
        where = run_folder(tmp_path_factory) / "python310-venv"
        made = run([python310, "-m", "venv", "--without-pip", str(where)], where.parent)
        assert made.returncode == 0, made.stderr
        given = run([str(where / "bin" / "python"), "-c", ENSUREPIP_BY_HAND], where.parent)
        assert given.returncode == 0, given.stderr
        has_pip = run([str(where / "bin" / "python"), "-m", "pip", "--version"], where.parent)
        assert has_pip.returncode == 0 and has_pip.stdout.startswith("pip "), has_pip.stderr
        return str(where)

    made = shared_results.get("python3.10 -m venv", make)
    python = tmp_path_factory.mktemp("python310") / "python3.10"
    python.write_text(VENV_ONCE.format(made=made, python=python310))
    python.chmod(0o755)
    return str(python)


def clean_environment(**extra: str) -> dict[str, str]:
    """The environment without this test run's virtual environment or path: the bundle must bring perfectplay."""
    dropped = ("PYTHONPATH", "VIRTUAL_ENV", "PERFECTPLAY")
    environ = {key: value for key, value in os.environ.items() if key not in dropped}
    environ["PATH"] = os.pathsep.join(
        part for part in environ.get("PATH", "").split(os.pathsep) if Path(sys.executable).parent != Path(part)
    )
    return {**environ, **extra}


def make_bundle(tmp_path: Path, grader: str, *flags: str, out: str | None = None) -> Path:
    """``perfectplay grader GRADER --out ... FLAGS``, run in this process: what is tested is the bundle, run below as
    its grader runs it (the command in a process of its own: the refusals' test at the end of this file)."""
    target = tmp_path / (out or grader)
    made = run_here("grader", grader, "--out", str(target), *flags)
    assert made.returncode == 0, made.stderr
    assert made.stderr == ""
    return target


def run(argv: list[str], cwd: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=cwd, env=clean_environment(**extra), capture_output=True, text=True, timeout=600)


def test_gradescope_zip_installs_on_python_310_without_an_index_and_grades_with_the_chosen_weights(
    tmp_path: Path, python310_venv_once: str
) -> None:
    weights = tmp_path / "weights.toml"
    weights.write_text("never_beaten = 60\ntotal = 50\n")
    bundle = make_bundle(tmp_path, "gradescope", "--weights", str(weights), *SAMPLE, out="autograder.zip")
    root = tmp_path / "autograder"
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(root / "source")
        modes = {info.filename: info.external_attr >> 16 for info in archive.infolist()}
    assert modes["setup.sh"] & 0o111 and modes["run_autograder"] & 0o111
    for name in ("setup.sh", "run_autograder"):
        (root / "source" / name).chmod(modes[name] & 0o777)
    venv = tmp_path / "opt-perfectplay"
    setup = run(
        [str(root / "source" / "setup.sh")],
        tmp_path,
        SOURCE=str(root / "source"),
        VENV=str(venv),
        PYTHON=python310_venv_once,
        NO_APT="1",
        PIP_NO_INDEX="1",
    )
    assert setup.returncode == 0, setup.stderr
    assert (venv / "lib" / "python3.10").is_dir()
    (root / "submission" / "folder").mkdir(parents=True)
    shutil.copy(BEATABLE, root / "submission" / "folder" / "tictactoe.py")
    graded = run(
        [str(root / "source" / "run_autograder")],
        tmp_path,
        AUTOGRADER_ROOT=str(root),
        VENV=str(venv),  # run_autograder runs the environment setup.sh made, isolated (python -I)
    )
    assert graded.returncode == 0, graded.stderr
    document = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(document, GRADESCOPE)
    assert sum(test["max_score"] for test in document["tests"]) == 50
    never = next(test for test in document["tests"] if test["name"] == "Never beaten")
    assert never["score"] == 0 and never["max_score"] > 20


def test_prairielearn_folder_grades_in_grade_tests_on_python_310_and_a_typo_costs_no_attempt(
    tmp_path: Path, python310: str
) -> None:
    bundle = make_bundle(tmp_path, "prairielearn")
    info = json.loads((bundle / "info.json").read_text())
    assert info["externalGradingOptions"]["entrypoint"] == "/grade/tests/run.sh"
    root = tmp_path / "grade"
    shutil.copytree(bundle / "tests", root / "tests")
    (root / "student").mkdir()
    shutil.copy(EXAMPLES / "graders" / "syntax_error" / "tictactoe.py", root / "student" / "tictactoe.py")
    graded = run([str(root / "tests" / "run.sh")], tmp_path, GRADE_ROOT=str(root), PYTHON=python310)
    assert graded.returncode == 0, graded.stderr
    document = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(document, PRAIRIELEARN)
    assert document["gradable"] is False and document["score"] == 0


def test_classroom50_autograder_carries_perfectplay_inside_and_writes_result_and_release_body(
    tmp_path: Path, python310: str
) -> None:
    bundle = make_bundle(tmp_path, "classroom50", "--standard", "best", *SAMPLE)
    checkout = tmp_path / "student-repository"
    checkout.mkdir()
    shutil.copy(BEATABLE, checkout / "tictactoe.py")
    identity = {"CLASSROOM": "cs50ai", "ASSIGNMENT": "tictactoe", "SUBMISSION_TAG": "v1", "COMMIT_URL": "c"}
    graded = run([python310, str(bundle / "autograder.py")], checkout, RELEASE_URL="r", **identity)
    assert graded.returncode == 0, graded.stderr
    document = json.loads((checkout / "result.json").read_text())
    jsonschema.validate(document, CLASSROOM50)
    assert document["classroom"] == "cs50ai" and document["max-score"] == 100
    assert any(test["test-name"] == "Best move in every position" for test in document["tests"])
    assert "perfectplay check" in (checkout / "release-body.md").read_text()


def coderunner_job(
    tmp_path: Path, bundle: Path, answer: str, with_wheel: bool = True, wall_seconds: int | None = None
) -> Path:
    """A Jobe job's folder: the template with the answer put in as Twig's e('py') does, and the support files.

    ``wall_seconds`` replaces the template's own wall-clock patience (25 s) where a test is about the grade, not
    about the fallback: on a machine shared with other work the check may take longer on the clock.
    """
    job = tmp_path / "jobe"
    job.mkdir(parents=True)
    escaped = answer.replace("\\", "\\\\").replace("'", "\\'").replace('"', '\\"')
    template = (bundle / "template.py").read_text()
    assert template.count("{{ STUDENT_ANSWER | e('py') }}") == 1
    if wall_seconds is not None:
        assert template.count("timeout=25)") == 1
        template = template.replace("timeout=25)", f"timeout={wall_seconds})")
    (job / "prog.py").write_text(template.replace("{{ STUDENT_ANSWER | e('py') }}", escaped))
    if with_wheel:
        for wheel in bundle.glob("perfectplay-*.whl"):
            shutil.copy(wheel, job / wheel.name)
    return job


def jobe_limits() -> None:
    """Jobe's default for Python: 5 s of CPU time a process (and 1,000 MB)."""
    resource.setrlimit(resource.RLIMIT_CPU, (5, 5))


def run_jobe(job: Path, python310: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [python310, "prog.py"],
        cwd=job,
        env=clean_environment(),
        capture_output=True,
        text=True,
        timeout=900,
        preexec_fn=jobe_limits,
    )


def test_coderunner_template_grades_a_sample_within_jobes_cpu_limit_and_says_so(tmp_path: Path, python310: str) -> None:
    bundle = make_bundle(tmp_path, "coderunner")
    job = coderunner_job(tmp_path, bundle, BEATABLE.read_text(), wall_seconds=600)
    graded = run_jobe(job, python310)
    assert graded.returncode == 0, graded.stderr
    document = json.loads(graded.stdout)
    jsonschema.validate(document, CODERUNNER)
    assert "A sample: 200 of the 4,520 positions" in document["prologuehtml"]
    never = next(row for row in document["testresults"][1:] if row[1] == "Never beaten")
    assert never[0] is False and never[2] == 0


def test_coderunner_output_is_valid_when_the_answer_spins_and_when_the_wheel_is_missing(
    tmp_path: Path, python310: str
) -> None:
    # A tenth of a second a move: each answer spins until the check gives up on it, and the template must still
    # print a valid result (the check's own, or its fallback when the check outlasts the template's 25 s).
    bundle = make_bundle(tmp_path, "coderunner", "--time-per-move", "0.1")
    spinning = "def find_best_move(board):\n    while True:\n        pass\n"
    graded = run_jobe(coderunner_job(tmp_path / "spins", bundle, spinning), python310)
    document = json.loads(graded.stdout)
    jsonschema.validate(document, CODERUNNER)
    assert document["fraction"] < 0.5
    missing = run_jobe(coderunner_job(tmp_path / "no-wheel", bundle, spinning, with_wheel=False), python310)
    document = json.loads(missing.stdout)
    jsonschema.validate(document, CODERUNNER)
    assert document["fraction"] == 0 and "support file" in json.dumps(document["testresults"])


def test_autolab_makefile_unpacks_the_tar_and_prints_the_scores_line_last(tmp_path: Path, python310: str) -> None:
    if shutil.which("make") is None:
        pytest.skip("make is not installed (Autolab's image runs autograde-Makefile with it)")
    bundle = make_bundle(tmp_path, "autolab", "--budget", "120", *SAMPLE)
    job = tmp_path / "job"
    job.mkdir()
    shutil.copy(bundle / "autograde-Makefile", job / "Makefile")
    shutil.copy(bundle / "autograde.tar", job / "autograde.tar")
    with tarfile.open(job / "autograde.tar") as archive:
        assert "grade.sh" in archive.getnames()
    shutil.copy(BEATABLE, job / "handin.py")  # Autolab names the handin after the assessment's setting
    graded = run(["make", "-s"], job, PYTHON=python310)
    assert graded.returncode == 0, graded.stderr
    last = json.loads(graded.stdout.splitlines()[-1])
    jsonschema.validate(last, AUTOLAB)
    assert last["scores"]["never_beaten"] == 0 and sum(last["scores"].values()) == 59
    assert "Can be beaten" in graded.stdout


def test_grader_refuses_an_existing_output_and_a_bad_weights_file_with_one_line(tmp_path: Path) -> None:
    taken = tmp_path / "taken.zip"
    taken.write_text("")
    refused = subprocess.run(
        [PERFECTPLAY, "grader", "gradescope", "--out", str(taken)], capture_output=True, text=True, timeout=60
    )
    assert refused.returncode == 2 and "already exists" in refused.stderr
    assert len(refused.stderr.splitlines()) == 1
    bad = tmp_path / "w.json"
    bad.write_text('{"speed": 3}')
    refused = subprocess.run(
        [PERFECTPLAY, "grader", "autolab", "--out", str(tmp_path / "new"), "--weights", str(bad)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert refused.returncode == 2 and "unknown category 'speed'" in refused.stderr
    assert not (tmp_path / "new").exists()


def connect4_gradescope_setup(tmp_path: Path, python: str, **extra: str) -> tuple[list[str], Path]:
    """A Connect Four bundle unpacked as Gradescope unpacks it and its setup.sh run: (its lines saying what became of
    the compiled core, the environment it made)."""
    bundle = make_bundle(tmp_path, "gradescope", "--game", "connect4", out="autograder.zip")
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(tmp_path / "source")
    venv = tmp_path / "venv"
    stand_ins = {"SOURCE": str(tmp_path / "source"), "VENV": str(venv), "PYTHON": python, "NO_APT": "1"}
    setup = run(["bash", str(tmp_path / "source" / "setup.sh")], tmp_path, **stand_ins, PIP_NO_INDEX="1", **extra)
    assert setup.returncode == 0 and "Traceback" not in setup.stderr, setup.stderr
    return [line for line in setup.stdout.splitlines() if line.startswith("perfectplay:")], venv


NO_ENSUREPIP = """#!/bin/sh
# Python without ensurepip, as Debian's is without python3-venv: "-m venv" makes the environment, then cannot
# give it pip, and fails.
if [ "$1 $2" = "-m venv" ] && [ "$#" = 3 ]; then
    "{python}" -m venv --without-pip "$3" || exit 1
    echo "The virtual environment was not created successfully because ensurepip is not available." >&2
    exit 1
fi
exec "{python}" "$@"
"""


def core_in(venv: Path) -> str:
    done = subprocess.run([str(venv / "bin" / "perfectplay"), "--version"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()[1]


def test_gradescopes_connect4_setup_compiles_the_core_into_its_environment(
    tmp_path: Path, python310_venv_once: str
) -> None:
    # Connect Four's check solves its positions as it runs: seconds each on the pure-Python core, milliseconds compiled.
    if shutil.which("gcc") is None and shutil.which("cc") is None:
        pytest.skip("no C compiler on this machine")
    # The lab's NumPy comes from the index on Gradescope: here a stand-in found offline, which pip takes only if the
    # bundle's wheel asks for it through its extra (connect4-lab).
    links = tmp_path / "links"
    stand_in_wheel(links, "numpy", "1.26.0")
    said, venv = connect4_gradescope_setup(tmp_path, python310_venv_once, PIP_FIND_LINKS=str(links))
    assert len(said) == 1 and said[0].startswith("perfectplay: compiled the core for Python 3.10"), said
    assert core_in(venv).startswith("solver core: compiled C")
    numpy = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import numpy; print(numpy.__version__)"], capture_output=True, text=True
    )
    assert numpy.stdout.strip() == "1.26.0", numpy.stderr


def test_with_no_compiler_gradescopes_connect4_setup_keeps_the_pure_core_and_says_why_in_one_line(
    tmp_path: Path, python310: str
) -> None:
    tools = tmp_path / "tools"  # what setup.sh runs besides Python, and no C compiler
    tools.mkdir()
    for tool in ("bash", "ls", "head", "id", "env", "chmod"):
        found = shutil.which(tool)
        assert found is not None, tool
        (tools / tool).symlink_to(found)
    # An image without python3-venv too (Debian's Python has no ensurepip there): its "-m venv" makes the
    # environment but fails to give it pip, so setup.sh takes its other branch, the wheel unpacked by hand. The
    # pip branch is run by the tests above (4 s of CPU for ensurepip alone); the compiler's absence is this test's.
    python = tools / "python3.10"
    python.write_text(NO_ENSUREPIP.format(python=python310))
    python.chmod(0o755)
    said, venv = connect4_gradescope_setup(tmp_path, str(python), PATH=str(tools))
    assert not (venv / "bin" / "pip").exists()  # the branch without pip
    assert said == ["perfectplay: no C compiler on this machine (install gcc): the pure core is used"]
    assert core_in(venv).startswith("solver core: pure Python")
