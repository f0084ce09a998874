"""The grader recipes in examples/graders, run as each grader runs them, their files validated against its schema.

Each schema below is written from the grader's own documentation (the
fields it reads, their types); docs/graders.md holds every recipe file
verbatim, so what a teacher copies is what is tested here.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from check_reports import Checked
from cli_helpers import InProcess
from grader_schemas import CLASSROOM50, GRADESCOPE, PRAIRIELEARN
from perfectplay.check.settings import Grading
from shared_results import shared_folder

ROOT = Path(__file__).resolve().parents[2]
RECIPES = ROOT / "examples" / "graders"
PERFECTPLAY = str(Path(sys.executable).parent / "perfectplay")
PLAIN = RECIPES / "plain" / "tictactoe.py"
SAMPLE = "100"
"""Positions the recipes' checks ask here: a stratified sample plus every position the student's own games reach
gives these submissions their whole check's points (100, 59, 27). What is tested is the recipe: where it finds the
file, the flags it passes, the file it leaves; the whole check's points in every grader's format are
tests/check/test_check_graders.py's, in process."""


@pytest.fixture(scope="module")
def sampled(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The stand-in for the installed command (PERFECTPLAY, the recipes' own knob for tests): perfectplay with the
    recipe's arguments, then ``--sample``."""
    script = tmp_path_factory.mktemp("stand-in") / "perfectplay"
    script.write_text(f'#!/bin/sh\nexec "{PERFECTPLAY}" "$@" --sample {SAMPLE}\n')
    script.chmod(0o755)
    return str(script)


def run(command: list[str], cwd: Path, perfectplay: str, **environ: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PERFECTPLAY": perfectplay, **environ}
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


@pytest.mark.slow  # three checks through the recipe, each in processes of its own
@pytest.mark.parametrize(
    ("submission", "points"),
    [("plain", 100), ("beatable", 59), (None, 0)],
)
def test_gradescope_run_autograder_writes_a_valid_results_json_in_a_folder_laid_out_like_autograder(
    tmp_path: Path, submission: str | None, points: int, sampled: str
) -> None:
    root = tmp_path / "autograder"
    (root / "submission" / "my work").mkdir(parents=True)
    (root / "source").mkdir()
    shutil.copy(RECIPES / "gradescope" / "run_autograder", root / "source" / "run_autograder")
    if submission is not None:
        shutil.copy(RECIPES / submission / "tictactoe.py", root / "submission" / "my work" / "tictactoe.py")
    result = run([str(root / "source" / "run_autograder")], root, sampled, AUTOGRADER_ROOT=str(root))
    assert result.returncode == 0, result.stderr
    document = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(document, GRADESCOPE)
    assert document["score"] == points == sum(test["score"] for test in document["tests"])
    if submission is None:
        assert "tictactoe.py: no such file" in document["output"]


@pytest.mark.slow  # two checks through the recipe, each in processes of its own
def test_prairielearn_run_sh_marks_a_typo_not_gradable_and_grades_a_correct_file(tmp_path: Path, sampled: str) -> None:
    root = tmp_path / "grade"
    (root / "student").mkdir(parents=True)
    shutil.copy(RECIPES / "syntax_error" / "tictactoe.py", root / "student" / "tictactoe.py")
    script = RECIPES / "prairielearn" / "run.sh"
    result = run([str(script)], tmp_path, sampled, GRADE_ROOT=str(root))
    assert result.returncode == 0, result.stderr
    document = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(document, PRAIRIELEARN)
    assert (document["gradable"], document["score"]) == (False, 0.0)
    shutil.copy(PLAIN, root / "student" / "tictactoe.py")
    # The recipe's 25 s budget is PrairieLearn's timeout: the sample fits it on any machine (it buys positions in the
    # candidate's CPU time, never read off the wall clock).
    result = run([str(script)], tmp_path, sampled, GRADE_ROOT=str(root))
    document = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(document, PRAIRIELEARN)
    assert (document["gradable"], document["score"]) == (True, 1.0)
    assert len((root / "results" / "results.json").read_bytes()) < 1_000_000


@pytest.mark.slow  # a check through the recipe, in processes of its own
def test_classroom50_autograder_writes_result_json_and_release_body_in_the_students_checkout(
    tmp_path: Path, sampled: str
) -> None:
    shutil.copy(RECIPES / "crashes" / "tictactoe.py", tmp_path / "tictactoe.py")
    environ = {
        "CLASSROOM": "cs50-fall",
        "ASSIGNMENT": "tictactoe",
        "SUBMISSION_TAG": "submit/2026-11-25T21-00-00Z-abc1234",
        "COMMIT_URL": "https://github.com/o/r/commit/abc1234",
        "RELEASE_URL": "https://github.com/o/r/releases/tag/submit%2F2026",
        "REVIEW_URL": "https://github.com/o/r/compare/base...abc1234",
    }
    result = run([sys.executable, str(RECIPES / "classroom50" / "autograder.py")], tmp_path, sampled, **environ)
    assert result.returncode == 0, result.stderr
    document = json.loads((tmp_path / "result.json").read_text())
    jsonschema.validate(document, CLASSROOM50)
    assert (document["classroom"], document["review"], document["score"]) == ("cs50-fall", environ["REVIEW_URL"], 27)
    assert (tmp_path / "release-body.md").read_text().startswith("## perfectplay check: 27 / 100")


def last_value(source: str, cwd: Path) -> tuple[dict[str, Any], Any]:
    """Run a notebook cell as Jupyter would: its names, and the value of its last expression."""
    tree = ast.parse(source)
    final = tree.body[-1]
    last = final if isinstance(final, ast.Expr) else None
    if last is not None:
        tree.body.pop()
    names: dict[str, Any] = {}
    here = Path.cwd()
    os.chdir(cwd)
    try:
        exec(compile(tree, "<cell>", "exec"), names)
        value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), names) if last else None
    finally:
        os.chdir(here)
    return names, value


@pytest.fixture(scope="module")
def notebook_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A student's folder with the beatable file, one for both cells (and every worker's), so they share its check."""
    folder = (shared_folder(tmp_path_factory) or tmp_path_factory.getbasetemp()) / "notebook-student"
    folder.mkdir(exist_ok=True)
    partial = folder / f"tictactoe.{os.getpid()}.partial"
    shutil.copy(RECIPES / "beatable" / "tictactoe.py", partial)
    partial.replace(folder / "tictactoe.py")  # two workers may copy it at once: each writes it whole
    return folder


@pytest.fixture
def shared_check(monkeypatch: pytest.MonkeyPatch, checked: Checked) -> None:
    """The cells' ``check_ai`` as they import it, asking a sample (and every position the student's own games reach),
    each check made once a run: both cells ask the very same check (the file in their folder, 120 s). The beatable
    file's whole check through the same API, with the same points, is test_check_budget_and_api's notebook test."""
    import perfectplay.check

    def check(candidate: str, *settings: Any, **options: Any) -> Any:
        sample = Grading(sample=int(SAMPLE))
        return checked(str(Path(candidate).resolve()), *settings, grading=sample, **options)  # keyed by the file

    monkeypatch.setattr(perfectplay.check, "check_ai", check)


@pytest.mark.usefixtures("shared_check")
def test_the_nbgrader_cell_ends_on_the_points_out_of_10(
    notebook_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, value = last_value((RECIPES / "notebook" / "nbgrader_cell.py").read_text(), notebook_folder)
    assert value == 5.9
    assert "Score: 59 of 100" in capsys.readouterr().out


@pytest.mark.usefixtures("shared_check")
def test_the_otter_cell_gives_each_category_its_own_pass_or_fail(notebook_folder: Path) -> None:
    names, _ = last_value((RECIPES / "notebook" / "otter_checks.py").read_text(), notebook_folder)
    assert (names["never_beaten"], names["keeps_value"], names["helpers"]) == (False, False, True)


@pytest.mark.parametrize(
    "recipe",
    [
        "gradescope/setup.sh",
        "gradescope/run_autograder",
        "prairielearn/run.sh",
        "classroom50/autograder.py",
        "notebook/nbgrader_cell.py",
        "notebook/otter_checks.py",
        "check50/__init__.py",
        "check50/.cs50.yaml",
    ],
)
def test_docs_graders_holds_every_recipe_file_verbatim(recipe: str) -> None:
    assert (RECIPES / recipe).read_text().strip() in (ROOT / "docs" / "graders.md").read_text()


def test_the_example_scripts_are_what_perfectplay_grader_writes_with_its_defaults(
    tmp_path: Path, in_process: InProcess
) -> None:
    for grader, files in (
        ("gradescope", {"setup.sh": "setup.sh", "run_autograder": "run_autograder"}),
        ("prairielearn", {"tests/run.sh": "run.sh"}),
    ):
        # In this process: what it writes is tested (the command's own start, tests/cli's test_grader_*.py).
        made = in_process("grader", grader, "--out", str(tmp_path / grader))
        assert made.returncode == 0, made.stderr
        for written, example in files.items():
            assert (tmp_path / grader / written).read_text() == (RECIPES / grader / example).read_text(), written
