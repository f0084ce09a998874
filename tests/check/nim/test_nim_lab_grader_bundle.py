"""``perfectplay grader gradescope --game nim``: its run_autograder grades a nim.py laid out as Gradescope does."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from grader_schemas import GRADESCOPE
from perfectplay.check.errors import CheckUsageError
from perfectplay.cli.grader import _choices, configure
from perfectplay.cli.grader_files import Choices, gradescope

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "nim"
PERFECTPLAY = str(Path(sys.executable).parent / "perfectplay")


def _stand_in(folder: Path) -> str:
    """The installed command, training less (the recipe's PERFECTPLAY knob, for tests)."""
    script = folder / "perfectplay"
    script.write_text(f'#!/bin/sh\nexec "{PERFECTPLAY}" "$@" --train-games 2000 --train-seed 1\n')
    script.chmod(0o755)
    return str(script)


@pytest.mark.slow  # two checks through the recipe, each in processes of its own
@pytest.mark.parametrize(("example", "passed"), [("learning", True), (None, False)])
def test_gradescope_run_autograder_grades_nim_py_wherever_the_student_put_it(
    tmp_path: Path, example: str | None, passed: bool
) -> None:
    root = tmp_path / "autograder"
    (root / "submission" / "lab").mkdir(parents=True)
    (root / "source").mkdir()
    [script] = [file for file in gradescope(Choices(file="nim.py", game="nim")) if file.path == "run_autograder"]
    run_autograder = root / "source" / "run_autograder"
    run_autograder.write_text(script.text)
    run_autograder.chmod(0o755)
    if example is not None:
        (root / "submission" / "lab" / "nim.py").write_bytes((EXAMPLES / example / "nim.py").read_bytes())
    env = {**os.environ, "PERFECTPLAY": _stand_in(tmp_path), "AUTOGRADER_ROOT": str(root)}
    result = subprocess.run([str(run_autograder)], cwd=root, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    document = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(document, GRADESCOPE)
    assert document["score"] == sum(test["score"] for test in document["tests"])
    assert (document["score"] == 100) is passed
    if example is None:
        assert "nim.py: no such file" in document["output"]


def test_the_nim_autograder_is_made_for_the_graders_whose_limits_fit_it(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    configure(parser, "grader")
    chosen = _choices(parser.parse_args(["prairielearn", "--game", "nim", "--out", str(tmp_path / "x")]))
    assert chosen.file == "nim.py" and "--game" in chosen.flags(None) and "nim" in chosen.flags(None)
    with pytest.raises(CheckUsageError, match="--game nim makes the gradescope, prairielearn, classroom50"):
        _choices(parser.parse_args(["coderunner", "--game", "nim", "--out", str(tmp_path / "y")]))
