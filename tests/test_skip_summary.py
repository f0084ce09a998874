"""The test command's closing line names the tests skipped for want of a program and the command that installs it."""

from __future__ import annotations

from pathlib import Path

from plugin_run import run_pytest
from skip_summary import FILE_VARIABLE, summary_line

CHROMIUM = "no Chromium found (install Debian's chromium or set PERFECTPLAY_CHROMIUM)"
BWRAP = "no bubblewrap sandbox here: bwrap is not installed"


def test_a_run_without_chromium_and_bubblewrap_says_both_and_one_apt_get_for_them() -> None:
    line = summary_line([CHROMIUM] * 40 + [BWRAP] * 68)
    assert line == "108 tests skipped: no chromium, no bwrap — install: sudo apt-get install chromium bubblewrap"


def test_skips_for_other_reasons_are_counted_apart_and_install_nothing() -> None:
    assert summary_line([BWRAP, "needs Linux /proc to find the workers"]) == (
        "2 tests skipped: no bwrap, 1 for other reasons (pytest -rs) — install: sudo apt-get install bubblewrap"
    )
    assert summary_line(["seccomp is Linux's"]) == "1 test skipped (pytest -rs says why); nothing to install."
    assert summary_line([]) == "No test skipped."


def test_a_real_pytest_run_ends_with_the_line_and_writes_it_where_dev_py_reads_it(tmp_path: Path) -> None:
    (tmp_path / "test_needs.py").write_text(
        "import pytest\n\n"
        f"def test_browser():\n    pytest.skip({CHROMIUM!r})\n\n"
        f"def test_sandbox():\n    pytest.skip({BWRAP!r})\n\n"
        "def test_plain():\n    pass\n"
    )
    written = tmp_path / "line.txt"
    output = run_pytest(tmp_path, ["skip_summary"], [], **{FILE_VARIABLE: str(written)})
    expected = "2 tests skipped: no chromium, no bwrap — install: sudo apt-get install chromium bubblewrap"
    assert output.rstrip().splitlines()[-1] == expected
    assert written.read_text(encoding="utf-8") == expected + "\n"
