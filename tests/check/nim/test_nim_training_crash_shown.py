"""What ``train(n)`` raised reaches the student's feedback and the teacher's sheet, not the terminal's text alone.

A typo in ``train`` (``{N}``, never defined) scored 40 of 100 with "0 of 3 training runs finished" in the
Markdown a grader shows and empty ``bugs`` and ``problem`` cells: only the text report named the error.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

from cli_helpers import InProcess
from repo_paths import ROOT

TYPO = '        print(f"Playing training game {i + 1}")'


def test_the_error_its_line_and_game_are_in_the_feedback_and_the_csv(in_process: InProcess, tmp_path: Path) -> None:
    source = (ROOT / "examples" / "nim" / "learning" / "nim.py").read_text()
    assert TYPO in source
    (tmp_path / "class" / "ann").mkdir(parents=True)
    (tmp_path / "class" / "ann" / "nim.py").write_text(source.replace(TYPO, TYPO.replace("}\")", "} of {N}\")")))
    sheet, feedback = tmp_path / "grades.csv", tmp_path / "feedback"
    in_process(
        "check", "--game", "nim", str(tmp_path / "class"), "--csv", str(sheet), "--feedback-dir", str(feedback),
        "--sandbox", "off",
    )  # fmt: skip
    [row] = list(csv.DictReader(sheet.read_text().splitlines()))
    said = "train(10,000) raised NameError: name 'N' is not defined (line 89: "
    assert said in row["bugs"], row
    [markdown] = list(feedback.iterdir())
    text = markdown.read_text()
    assert said in text
    assert "train(10,000): train(10,000)" not in text  # named once


def test_a_bugs_example_that_is_a_failed_checks_too_is_shown_once(in_process: InProcess) -> None:
    # The running maximum from 0: its bug's example is the failed hand-made check's, word for word.
    nim = str(ROOT / "examples" / "nim" / "running_max" / "nim.py")
    finished = in_process(
        "check", "--game", "nim", nim, "--format", "gradescope", "--train-games", "50", "--train-seed", "1",
        "--sandbox", "off",
    )  # fmt: skip
    output = json.loads(finished.stdout)["output"]
    assert "no value below 0 is ever reported" in output
    assert output.count("returned 0, the specification says") == 1, output
