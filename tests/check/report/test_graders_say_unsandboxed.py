"""Every grader's page says when the student's code ran without the sandbox, as the text report does.

The teacher reads the grade off Gradescope, PrairieLearn or CodeRunner, not off the text report: the line that
says what the grade rests on (no sandbox: the student's code ran with the checker's user, or a user of its own)
was in the text, JSON and CSV reports and Autolab's output, and on none of those pages.
"""

from __future__ import annotations

import json

import pytest

from cli_helpers import run_cli
from perfectplay.check.nim import graders as nim_graders
from perfectplay.check.nim.plug import PLUG
from perfectplay.check.nim.score import nim_score
from perfectplay.check.run.sandbox import probe as sandbox_problem
from repo_paths import ROOT

UNSANDBOXED = "NOT SANDBOXED: the student code ran with the user of the checker (a test)"


@pytest.mark.parametrize("grader", ["gradescope", "prairielearn", "coderunner"])
def test_a_tictactoe_page_says_so_only_where_the_code_ran_unsandboxed(grader: str) -> None:
    pages = {}
    for sandbox in ("off", "require") if sandbox_problem() is None else ("off",):
        argv = ["check", str(ROOT / "examples" / "correct.py"), "--sample", "20", "--seed", "1"]
        done = run_cli(*argv, "--sandbox", sandbox, "--format", grader)
        assert done.returncode == 0, done.stderr
        pages[sandbox] = json.dumps(json.loads(done.stdout))
    assert "Ran in:" in pages["off"] and "NOT SANDBOXED" in pages["off"]
    assert "Ran in:" not in pages.get("require", "")


def test_a_nim_page_says_so_where_the_code_ran_unsandboxed() -> None:
    report = PLUG.machine_failed("nim.py", UNSANDBOXED, "no process could start", ())
    result = nim_score(report)
    for page in (
        nim_graders.gradescope_json(report, result),
        nim_graders.prairielearn_json(report, result),
        nim_graders.coderunner_json(report, result),
    ):
        assert UNSANDBOXED in json.dumps(page)
    sandboxed = PLUG.machine_failed("nim.py", "bubblewrap sandbox (no network)", "no process could start", ())
    assert "Ran in" not in json.dumps(nim_graders.gradescope_json(sandboxed, nim_score(sandboxed)))
