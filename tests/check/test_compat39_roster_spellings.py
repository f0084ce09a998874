"""In a student's folder of several files, the AI is found by its function however the student spelt the name."""

from __future__ import annotations

from pathlib import Path

from perfectplay.check.roster import from_paths


def _student(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_a_camel_case_find_best_move_marks_the_ai_among_a_students_files(tmp_path: Path) -> None:
    class_folder = tmp_path / "class"
    _student(
        class_folder / "ana",
        {
            "game.py": "from ai import findBestMove\n\ndef main():\n    print('play')\n",
            "ai.py": "def findBestMove(board):\n    return board.index(' ')\n",
        },
    )
    _student(
        class_folder / "ben", {"game.py": "def main():\n    pass\n", "ai.py": "def evaluate(board):\n    return 0\n"}
    )
    rows = {submission.name: submission for submission in from_paths([str(class_folder)])}
    assert rows["ana"].file is not None and rows["ana"].file.name == "ai.py"
    assert rows["ben"].file is None and "none defines find_best_move or minimax" in str(rows["ben"].problem)
