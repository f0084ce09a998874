"""A file in a busy folder is copied with what it imports, read on the checker's side: a module written to break
or swamp Python's parser there (nested past its depth, or megabytes of tiny statements, each costing the parser
hundreds of times its bytes) is still copied with its imports, never the checker's failure or its memory."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from cli_helpers import run_cli
from perfectplay.check.run.copying import copy_for_file


def _busy(downloads: Path, source: str) -> Path:
    """The Downloads folder of the crowd's 2,100 files (conftest.py: more entries than a submission
    folder may hold, so the copy is what the file imports), with the student's file and what it imports."""
    folder = downloads
    (folder / "tictactoe.py").write_text(source)
    (folder / "helper.py").write_text("")
    (folder / "book.json").write_text("{}")
    (folder / "unused.py").write_text("")
    return folder


def _copied(folder: Path) -> list[str]:
    target = folder.parent / "copy"  # beside the crowd, in memory (conftest.py): the whole folder's copy is tried
    target.mkdir()
    copy_for_file(folder, target, folder / "tictactoe.py")
    return sorted(path.name for path in target.iterdir())


DEEP = "import helper\nBOOK = open('book.json')\nX = " + "-" * 200_000 + "1\n"
"""200,000 nested minus signs: Python's parser gives up with MemoryError or RecursionError (a deep tree)."""


def test_a_module_nested_past_the_parsers_depth_is_copied_with_what_it_imports(downloads: Path) -> None:
    assert _copied(_busy(downloads, DEEP)) == ["book.json", "helper.py", "tictactoe.py"]


def test_a_module_of_many_tiny_statements_is_scanned_for_imports_in_little_memory(downloads: Path) -> None:
    # 256 KB of "x=1": the whole tree would take the checker about 150 MB (12 GB for a 20 MB module).
    source = "import helper\n" + "x=1\n" * 64_000 + "from . import helper\nBOOK = open('book.json')\n"
    folder = _busy(downloads, source)
    tracemalloc.start()
    try:
        copied = _copied(folder)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert copied == ["book.json", "helper.py", "tictactoe.py"]
    assert peak < 16 * 2**20


def test_checking_a_file_nested_past_the_parsers_depth_in_a_busy_folder_is_a_verdict(downloads: Path) -> None:
    folder = _busy(downloads, DEEP)
    result = run_cli("check", str(folder / "tictactoe.py"), "--sandbox", "off", "--sample", "20")
    assert "checker failed" not in result.stdout + result.stderr
    assert result.returncode == 1 and "importing it failed" in result.stdout
