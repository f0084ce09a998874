"""Finding the AI among a student's files reads each file's names once, and a file of thousands of headers is not
read to its end for Kaggle's last callable (attack 39m).

A student folder of 64 files (the most the roster reads), each 150,000 lines ``def a(``, held a Connect Four class
run 23 s of the checker's CPU before anyone was graded: each file's ``def`` names were found again for every entry
the game names (16) and spelt out again each time, and the last callable's pattern read 300 characters again at
every line that opened a parameter list it never closed. Now 1.4 s, the cost of reading the files.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from perfectplay.check import roster
from perfectplay.check.connect4.plug import DEFAULTS
from perfectplay.check.roster import BINDINGS, PARAMETERS, ends_with_kaggle_agent, from_paths


class Counted:
    """A compiled pattern that counts the texts it was asked to search whole."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.texts: list[int] = []

    def findall(self, text: str) -> list[str]:
        self.texts.append(id(text))
        return self.pattern.findall(text)


def test_each_of_a_students_files_has_its_names_found_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    flood, honest = tmp_path / "class" / "ana", tmp_path / "class" / "ben"
    flood.mkdir(parents=True)
    honest.mkdir()
    for index in range(8):
        (flood / f"part{index}.py").write_text("def a(\n" * 2000)
    (honest / "agent.py").write_text("def agent(observation, configuration):\n    return 3\n")
    (honest / "helpers.py").write_text("def score(board):\n    return 0\n")
    counted = Counted(roster.DEFINED)
    monkeypatch.setattr(roster, "DEFINED", counted)
    rows = {row.name: row for row in from_paths([str(tmp_path / "class")], None, DEFAULTS.entries)}
    assert rows["ben"].file is not None and rows["ben"].file.name == "agent.py"
    assert rows["ana"].file is None and "give the Python file" in str(rows["ana"].problem)
    assert len(counted.texts) == 8 + 2  # once a file, not once a file for each of the game's entries


def test_the_last_callable_is_found_as_before() -> None:
    assert ends_with_kaggle_agent("import random\n\ndef agent(obs,\n          config=None):\n    return 3\n")
    assert not ends_with_kaggle_agent("def agent(obs, config):\n    return 3\n\nclass Other:\n    pass\n")
    assert not ends_with_kaggle_agent("def agent(obs, config, extra):\n    return 3\n")
    assert not ends_with_kaggle_agent("x = 1\n")
    # A def whose parameters do not close within PARAMETERS characters binds nothing: the agent above stays last.
    long = "def agent(obs, config):\n    return 3\n\ndef table(" + "x" * (PARAMETERS + 1) + "):\n    pass\n"
    assert ends_with_kaggle_agent(long)
    assert not ends_with_kaggle_agent(long.replace("x" * (PARAMETERS + 1), "x" * (PARAMETERS - 1)))


def test_a_file_of_thousands_of_headers_is_not_read_to_its_end() -> None:
    agent = "def agent(obs, config):\n    return 3\n"
    assert ends_with_kaggle_agent("def a(\n" * (BINDINGS - 2) + agent)
    assert not ends_with_kaggle_agent("def a(\n" * BINDINGS + agent)
