"""check50's report cache keys a report on the whole submission, not its tictactoe.py alone (attack 39j).

The extension keeps each report a day in the user's cache, under a digest of the file checked, the options and
perfectplay's version. A thin ``tictactoe.py`` (``from ai import *``) is the same file in every student's
folder while the AI is in the module it imports: a TA who ran check50 on one student's folder, then on another's
with the same ``tictactoe.py``, read the first student's report for the second (check_ai ran once for both).
And a folder or a FIFO named like the AI ended each check in ``NotGradable``'s traceback, not a failure in words.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

check50 = pytest.importorskip("check50")

from perfectplay.check import check50 as extension  # noqa: E402 - after check50 is known to be there
from perfectplay.check.report.model import CheckReport, unchecked  # noqa: E402

THIN = "from ai import *  # the course's file: the student's AI is in ai.py\n"


def folder(root: Path, name: str, ai: str) -> Path:
    student = root / name
    student.mkdir()
    (student / "tictactoe.py").write_text(THIN)
    (student / "ai.py").write_text(ai)
    return student


def test_two_students_with_the_same_tictactoe_py_and_their_own_ai_each_get_their_own_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PERFECTPLAY_CHECK50_CACHE", str(tmp_path / "cache"))
    checked: list[str] = []

    def check_ai(path: str, **options: Any) -> CheckReport:
        # Whose AI was checked: the ai.py beside the file, as the real check copies it.
        ai = (Path.cwd() / path).parent.joinpath("ai.py").read_text()
        checked.append(ai)
        return unchecked(str(path), f"checked {ai.strip()}")

    monkeypatch.setattr(extension, "check_ai", check_ai)
    reports = []
    for name, ai in (("alice", "# alice's correct AI"), ("bob", "# bob's beatable AI")):
        monkeypatch.chdir(folder(tmp_path, name, ai))  # check50 runs each check in the student's folder
        reports.append(extension._once("tictactoe.py", {}))
    assert checked == ["# alice's correct AI", "# bob's beatable AI"]
    assert [report.problem for report in reports] == ["checked # alice's correct AI", "checked # bob's beatable AI"]
    # Each report is still computed once and read by the other checks of its run.
    monkeypatch.chdir(tmp_path / "alice")
    assert extension._once("tictactoe.py", {}).problem == "checked # alice's correct AI"
    assert len(checked) == 2


def test_a_folder_or_a_fifo_named_like_the_ai_fails_the_check_in_words_never_in_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PERFECTPLAY_CHECK50_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tictactoe.py").mkdir()
    with pytest.raises(check50.Failure, match=r"^tictactoe\.py is a folder: .*: not gradable$"):
        extension.never_beaten("tictactoe.py")
    fifo = tmp_path / "ai.py"
    os.mkfifo(fifo)
    with pytest.raises(check50.Failure, match=r"not gradable$"):
        extension.keeps_value(str(fifo))
