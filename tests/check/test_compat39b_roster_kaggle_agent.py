"""In a Connect Four class folder, a student's agent found only by Kaggle's last-callable rule marks their file."""

from __future__ import annotations

from pathlib import Path

from perfectplay.check.connect4.plug import DEFAULTS
from perfectplay.check.roster import ends_with_kaggle_agent, from_paths

AGENT = """import random
from math import inf


def score_window(window, piece):
    return window.count(piece)


def negamax_agent(obs, config=None):
    return [c for c in range(7) if obs.board[c] == 0][0]


if __name__ == "__main__":
    def local(observation, configuration):
        return 0
"""
GAME = "from submission import negamax_agent\n\n\ndef main():\n    print('play')\n"
HELPERS = "def drop(board, column, piece):\n    return board\n\n\nclass Board:\n    pass\n"


def _class(root: Path, students: dict[str, dict[str, str]]) -> dict[str, tuple[str | None, str | None]]:
    for student, files in students.items():
        for name, text in files.items():
            (root / student).mkdir(parents=True, exist_ok=True)
            (root / student / name).write_text(text)
    rows = from_paths([str(root)], None, DEFAULTS.entries)
    return {row.name: (row.file.name if row.file else None, row.problem) for row in rows}


def test_the_file_ending_with_an_agent_of_observation_and_configuration_is_the_students_agent(tmp_path: Path) -> None:
    rows = _class(
        tmp_path / "class",
        {
            "ana": {"play.py": GAME, "submission.py": AGENT},
            "ben": {"agent.py": "def agent(observation, configuration):\n    return 3\n", "helpers.py": AGENT},
            "cleo": {"play.py": GAME, "board.py": HELPERS},
        },
    )
    assert rows["ana"] == ("submission.py", None)
    assert rows["ben"] == ("agent.py", None)  # a name the checker knows comes first, as in the check itself
    assert rows["cleo"][0] is None
    assert "none defines agent or my_agent" in str(rows["cleo"][1])
    assert "nor ends with a function of (observation, configuration), Kaggle's agent" in str(rows["cleo"][1])


def test_the_text_is_read_as_kaggle_reads_the_module_the_last_binding_a_def_of_two_parameters() -> None:
    assert ends_with_kaggle_agent(AGENT)
    assert not ends_with_kaggle_agent(AGENT + "\n\nfrom random import choice\n")  # Kaggle would take choice
    assert not ends_with_kaggle_agent(HELPERS) and not ends_with_kaggle_agent(GAME) and not ends_with_kaggle_agent("")
    assert ends_with_kaggle_agent("def agent(\n    obs,\n    config,\n):\n    return 0\n")
    assert not ends_with_kaggle_agent("def agent(obs, *rest):\n    return 0\n")


def test_a_tic_tac_toe_class_is_not_marked_by_a_files_last_function(tmp_path: Path) -> None:
    root = tmp_path / "class"
    (root / "dan").mkdir(parents=True)
    (root / "dan" / "game.py").write_text("def main():\n    pass\n")
    (root / "dan" / "ai.py").write_text("def evaluate(board, player):\n    return 0\n")
    (dan,) = from_paths([str(root)])
    assert dan.file is None and "none defines find_best_move or minimax;" in str(dan.problem)
