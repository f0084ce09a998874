"""``--command "python3 -c '<program>'"``: an argument that names no file is passed on as it is, however long.

A program given inline is longer than any file name may be (255 bytes); taking it for a file name raised
OSError (File name too long), which came out as "the checker failed on this submission", exit 2.
"""

from __future__ import annotations

import shlex

import pytest

from cli_helpers import InProcess
from hostile_payloads import EITHER_SANDBOX

PROGRAM = (
    "import sys\n"
    + "# a comment long enough that no file could be named so: "
    + "x" * 300
    + "\n"
    + "for line in sys.stdin:\n"
    + "    cells = line.split()[0].replace('/', '')\n"
    + "    print(cells.index('.'), flush=True)\n"
)
"""Plays the first free cell (beatable, exit status 1), given whole on the command line."""


@pytest.mark.parametrize("sandbox", EITHER_SANDBOX)
def test_a_program_given_inline_is_run_with_its_argument_and_graded(in_process: InProcess, sandbox: str) -> None:
    command = shlex.join(["python3", "-c", PROGRAM])
    result = in_process("check", "--command", command, "--sample", "20", "--sandbox", sandbox)
    assert "the checker failed" not in result.stderr
    assert result.returncode == 1, result.stderr
    assert "Can be beaten" in result.stdout
