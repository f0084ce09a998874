"""A ``--command`` program's answer line of a huge number (up to the 4,300 digits ``int`` reads) is named by its
length, as a Python module's returned number is (``protocol.move``), never copied whole into every report line that
quotes it; a number a board could hold is read as before."""

from __future__ import annotations

from pathlib import Path

from perfectplay.check.api import check_ai
from perfectplay.check.report.render_text import render_text
from perfectplay.check.run.command import parse_answer
from perfectplay.check.settings import Candidate, Grading

HUGE = "9" * 4299


def test_a_huge_number_is_named_by_its_digits_and_a_small_one_is_read() -> None:
    assert parse_answer("4\n") == {"kind": "int", "value": 4}
    assert parse_answer("-1\n") == {"kind": "int", "value": -1}
    assert parse_answer("1 2\n") == {"kind": "pair", "value": [1, 2], "type": "line"}
    assert parse_answer(HUGE + "\n") == {"kind": "other", "type": "line", "repr": "a 4299-digit number"}
    assert parse_answer(f"1 {HUGE}\n") == {"kind": "other", "type": "line", "repr": "(a huge pair)"}
    assert parse_answer("-" + HUGE)["repr"] == "a 4299-digit number"


def test_a_program_answering_huge_numbers_gets_a_report_of_short_lines(tmp_path: Path) -> None:
    program = tmp_path / "huge.py"
    program.write_text(f"import sys\nfor line in sys.stdin:\n    print({HUGE!r}, flush=True)\n")
    report = check_ai(Candidate(command=["python3", str(program)]), grading=Grading(sample=10))
    text = render_text(report)
    assert "illegal" in text or "not a move" in text, text
    assert "4299-digit number" in text
    assert max(len(line) for line in text.splitlines()) < 400
