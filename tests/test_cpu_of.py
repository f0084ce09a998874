"""benchmarks/cpu_of.py: a command's CPU seconds, its status passed through, a bad command refused in one line."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "cpu_of.py"


def cpu_of(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *command], capture_output=True, text=True, timeout=120)


def test_a_child_that_burns_cpu_is_counted_and_its_status_and_output_pass_through() -> None:
    # A grandchild burns the CPU: the figure counts the command's whole tree, not the process started alone.
    burn = (
        "import subprocess, sys; subprocess.run([sys.executable, '-c', 'sum(range(3_000_000))']); "
        "print('done'); sys.exit(3)"
    )
    run = cpu_of(sys.executable, "-c", burn)
    assert run.returncode == 3 and run.stdout == "done\n"
    last = run.stderr.strip().splitlines()[-1]
    found = re.match(r"CPU s: (\d+\.\d{3})", last)
    assert found and float(found.group(1)) > 0.01  # three million additions and two interpreters, whatever the load


def test_no_command_and_a_missing_program_are_refused_in_one_line() -> None:
    assert cpu_of().returncode == 2
    missing = cpu_of("/no/such/program")
    assert missing.returncode == 2 and missing.stderr.strip().splitlines() == [
        "cpu_of.py: cannot run /no/such/program: No such file or directory"
    ]
