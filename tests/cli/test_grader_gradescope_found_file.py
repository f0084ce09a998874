"""Gradescope's run script checks only a file inside the upload, whatever its folders are named.

It finds the student's file wherever the upload put it. Read line by line,
a folder named ``a<newline>/autograder/source/ref`` holding a
``tictactoe.py`` gives ``find`` a second line, ``/autograder/source/ref/
tictactoe.py``, that sorts first: the teacher's reference was graded
(100/100) in place of the upload's file that returns nothing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cli_helpers import InProcess

pytestmark = [pytest.mark.slow, pytest.mark.integration]

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PERFECTPLAY = str(Path(sys.executable).parent / "perfectplay")
NOTHING = "def find_best_move(board):\n    return None\n"


def test_a_folder_name_with_a_newline_cannot_point_the_check_at_a_teachers_file(
    tmp_path: Path, in_process: InProcess
) -> None:
    made = in_process("grader", "gradescope", "--out", str(tmp_path / "bundle"), "--sample", "20")
    assert made.returncode == 0, made.stderr
    root = tmp_path / "autograder"
    reference = root / "source" / "ref"
    reference.mkdir(parents=True)
    shutil.copy(EXAMPLES / "correct.py", reference / "tictactoe.py")  # unbeatable: 100 if it were graded
    trick = root / "submission" / f"a\n{reference}"
    trick.mkdir(parents=True)
    (trick / "tictactoe.py").write_text(NOTHING)
    environ = {**os.environ, "AUTOGRADER_ROOT": str(root), "PERFECTPLAY": PERFECTPLAY}
    ran = subprocess.run(
        ["bash", str(tmp_path / "bundle" / "run_autograder")], env=environ, capture_output=True, text=True, timeout=600
    )
    assert ran.returncode == 0, ran.stderr
    document = json.loads((root / "results" / "results.json").read_text())
    assert document["score"] == 0
    assert "a\\n" in document["output"]  # the upload's own file, its name's newline shown inert
