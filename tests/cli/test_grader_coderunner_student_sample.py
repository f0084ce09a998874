"""The CodeRunner template asks each student the same sample on every resubmission and regrade (issue 39): it carries
a grader's secret made with the bundle and names the student by CodeRunner's ``STUDENT.id`` (Twig's record of the
attempt's user), never by the answer.

Each grading is a Jobe job: the template with Twig's two values put in as Twig puts them (the answer through
``e('py')``), the wheel beside it as a support file, run by this interpreter in a fresh folder. The positions asked
are read from the transcript of the same check run by hand with the template's secret and the student it names.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess
from commands_here import run_here
from perfectplay.check.run import sandbox
from secret_snoop import FOUND, snooping

pytestmark = pytest.mark.xdist_group("grader-coderunner-student")  # one worker: the bundle and Alice's made once

AI = Path(__file__).resolve().parents[2] / "examples" / "graders" / "beatable" / "tictactoe.py"
AS_CHECKED = ("--format", "coderunner", "--sample", "10")
"""The template's check line (``--sample 10`` as it is made here)."""
ANSWER = "{{ STUDENT_ANSWER | e('py') }}"
STUDENT = "{{ STUDENT.id | e('py') }}"
needs_sandbox = pytest.mark.skipif(sandbox.probe() is not None, reason=f"no bubblewrap sandbox: {sandbox.probe()}")


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bundle") / "coderunner"
    made = run_here("grader", "coderunner", "--sample", "10", "--out", str(out))
    assert made.returncode == 0, made.stderr
    return out


def secret_of(bundle: Path) -> str:
    found = re.findall(r"^SECRET = '([0-9a-f]{64})'$", (bundle / "template.py").read_text(), re.MULTILINE)
    assert len(found) == 1
    return str(found[0])


def jobe(bundle: Path, where: Path, student: str, answer: str | None = None) -> dict[str, Any]:
    """The template's result for ``answer`` (default: the beatable AI) by ``student`` (Twig's ``STUDENT.id``)."""
    where.mkdir(parents=True)
    escaped = (answer if answer is not None else AI.read_text()).replace("\\", "\\\\").replace('"', '\\"')
    template = (bundle / "template.py").read_text()
    assert template.count(ANSWER) == 1 and template.count(STUDENT) == 1
    (where / "prog.py").write_text(template.replace(ANSWER, escaped).replace(STUDENT, student))
    for wheel in bundle.glob("perfectplay-*.whl"):
        shutil.copy(wheel, where / wheel.name)
    environment = {key: value for key, value in os.environ.items() if key not in ("PERFECTPLAY", "PYTHONPATH")}
    done = subprocess.run([sys.executable, "prog.py"], cwd=where, env=environment, capture_output=True, text=True,
                          timeout=600)  # fmt: skip
    assert done.returncode == 0 and done.stderr == "", done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    assert "could not check" not in result["prologuehtml"], result
    return result


@pytest.fixture(scope="module")
def alice(bundle: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return jobe(bundle, tmp_path_factory.mktemp("alice") / "job", "111")


def test_a_resubmission_and_a_regrade_are_asked_alike_and_another_student_another_sample(
    bundle: Path,
    tmp_path: Path,
    alice: dict[str, Any],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    again = jobe(bundle, tmp_path / "again", "111")
    other = jobe(bundle, tmp_path / "bob", "222")
    assert again == alice
    secret = tmp_path / "secret"
    secret.write_text(secret_of(bundle) + "\n")
    secret.chmod(0o600)
    run = InProcess(capsys, monkeypatch)
    asked = {}
    for student, graded in (("111", alice), ("222", other)):
        transcript = tmp_path / f"{student}.json"
        by_hand = run("check", str(AI), *AS_CHECKED, "--secret", str(secret), "--student", f"coderunner:id:{student}",
                      "--transcript", str(transcript))  # fmt: skip
        assert json.loads(by_hand.stdout) == graded, by_hand.stderr  # the template asked this student their own
        asked[student] = json.loads(transcript.read_text())["body"]["asked"]
    assert asked["111"] != asked["222"]


def test_each_template_carries_its_own_secret(bundle: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    assert run_here("grader", "coderunner", "--out", str(again)).returncode == 0
    assert secret_of(again) != secret_of(bundle)
    assert "STUDENT.id" in (bundle / "README.md").read_text()


def template_identity(bundle: Path, student: str) -> Any:
    """The template's own ``identity`` with ``student`` as Twig's ``STUDENT.id``, its definitions run without the job
    (its imports, constants and functions: not its last line, which checks, nor its change of ``sys.path``)."""
    source = (bundle / "template.py").read_text().replace(ANSWER, "").replace(STUDENT, student)
    tree = ast.parse(source)
    kept = (ast.Import, ast.ImportFrom, ast.FunctionDef)
    tree.body = [node for node in tree.body if isinstance(node, kept) or (
        isinstance(node, ast.Assign) and all(isinstance(target, ast.Name) for target in node.targets))]  # fmt: skip
    namespace: dict[str, Any] = {}
    exec(compile(tree, "template.py", "exec"), namespace)  # the bundle's own template, made above
    return namespace["identity"]


def test_the_template_names_the_student_by_coderunners_id_with_the_secret_in_a_private_file(
    bundle: Path, tmp_path: Path
) -> None:
    environ: dict[str, str] = {}
    flags = template_identity(bundle, "111")(str(tmp_path), environ)
    assert flags == ["--secret", str(tmp_path / "check-secret"), "--student", "coderunner:id:111"]
    written = tmp_path / "check-secret"
    assert written.read_text() == secret_of(bundle) and written.stat().st_mode & 0o777 == 0o600
    assert environ == {}


@pytest.mark.parametrize("student", ["", "abc", "-1", "1 OR 1", "12\n34", "\x1b[31m", "9" * 21, "\u0661", STUDENT])
def test_a_student_id_that_is_not_a_whole_number_draws_afresh_with_a_seed_the_report_shows(
    bundle: Path, tmp_path: Path, student: str
) -> None:
    """No Twig (the template run as it is), an old CodeRunner, anything odd: no --student, a fresh --seed (shown)."""
    environ: dict[str, str] = {}
    flags = template_identity(bundle, student)(str(tmp_path), environ)
    assert flags[0] == "--seed" and len(flags) == 2 and 0 <= int(flags[1]) < 2**31
    assert environ == {"XDG_CONFIG_HOME": str(tmp_path / "config")}
    assert not (tmp_path / "check-secret").exists()


@needs_sandbox
def test_the_answer_cannot_read_the_secret(bundle: Path, tmp_path: Path, alice: dict[str, Any]) -> None:
    """An answer that reads the secret (the template in the job's folder, or its private copy) exits before playing,
    so its grade would change."""
    program = tmp_path / "snoop" / "prog.py"
    snoop = snooping(AI.read_text(), [str(program)], ["/tmp/perfectplay-*/check-secret"])
    graded = jobe(bundle, tmp_path / "snoop", "111", answer=snoop)
    assert program.is_file() and secret_of(bundle) in program.read_text()
    assert FOUND not in json.dumps(graded)
    assert graded == alice
