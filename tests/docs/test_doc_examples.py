"""Every example of the README and the docs runs, and prints what the page shows where it shows it.

A page's commands run as a reader would type them, in a shell, in a scratch
folder that sees the repository's files (``examples/``, ``docs/``, ...) and
this environment's ``perfectplay``; what they write stays in the scratch
folder. How each block is read (and what its ``<!-- example: ... -->`` note
means) is in tests/doc_examples.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli_helpers import PATIENCE
from doc_examples import ROOT, Example, every_example, matches

EXAMPLES = every_example()


def marked(example: Example) -> object:
    marks: list[pytest.MarkDecorator] = []
    if example.skipped is not None:
        marks.append(pytest.mark.skip(reason=f"{example.where}: {example.skipped}"))
    if example.slow:
        marks.append(pytest.mark.slow)
    return pytest.param(example, id=example.where, marks=marks)


@pytest.fixture
def scratch(tmp_path: Path) -> Path:
    """A folder where the repository's files are at hand (linked) and whatever an example writes stays."""
    for entry in ROOT.iterdir():
        if entry.name not in {".git", ".venv", "site", "build"}:
            (tmp_path / entry.name).symlink_to(entry)
    return tmp_path


def run(argv: list[str], where: Path) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    environment.pop("COLUMNS", None)
    return subprocess.run(
        argv, cwd=where, env=environment, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=PATIENCE
    )


@pytest.mark.parametrize("example", [marked(example) for example in EXAMPLES])
def test_the_example_runs_and_prints_what_the_page_shows(example: Example, scratch: Path) -> None:
    for code in example.code:
        if example.kind == "python":
            result = run([sys.executable, "-c", code], scratch)
        else:
            result = run(["bash", "-c", code], scratch)
        shown = f"{example.where}: {code[:200]}\n--- out\n{result.stdout[-3000:]}\n--- err\n{result.stderr[-2000:]}"
        assert "Traceback" not in result.stderr, shown
        if example.checks_output:
            assert example.expected is not None
            assert matches(example.expected, result.stdout + result.stderr), shown
        elif example.kind == "python":
            assert result.returncode == 0, shown
        else:
            # 1 is a finding (a check that found mistakes); 2 would be a usage error: the page is wrong.
            assert result.returncode in (0, 1), shown


def test_the_docs_hold_examples_of_every_kind_and_no_note_is_misspelt() -> None:
    kinds = {example.kind for example in EXAMPLES}
    assert kinds == {"transcript", "commands", "python"}
    for example in EXAMPLES:
        assert example.note == "" or example.note == "slow" or example.note.startswith(("skip:", "no output check:"))


def test_a_shown_output_matches_only_the_lines_it_shows_in_their_order() -> None:
    printed = "board\n\nO to move: loss in 4. Best: 3\n move  outcome\n    3  loss in 4\n    1  loss in 2\n\n10 nodes\n"
    assert matches("O to move: loss in 4. Best: 3\n move  outcome\n", printed)  # before and after left out
    assert matches(" move  outcome\n    ...\n\n10 nodes\n", printed)  # a gap, indented as the lines around it
    assert matches("O to move: loss in 4. ...\n", printed)  # a line cut short
    assert not matches("O to move: loss in 2. Best: 3\n", printed)
    assert not matches(" move  outcome\n    1  loss in 2\n", printed)  # a line left out needs its gap
    assert not matches("10 nodes\nboard\n", printed)  # out of order
