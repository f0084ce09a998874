"""A plug game's command line: the transcript kept and judged again, feedback files, a manifest, the door alone."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from cli_helpers import InProcess

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "connect4"
QUICK = (
    *("--game", "connect4", "--positions", "5", "--seed", "3"),
    *("--no-games", "--sandbox", "off", "--time-per-move", "2"),
)
"""One seed: these tests are about the command line, not the draw, so its positions are solved once per run; and
one-ply agents, not the alpha-beta searches (a tenth of a second a move): not the agent's play either."""


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> InProcess:
    return InProcess(capsys, monkeypatch)


def test_a_connect_four_transcript_replays_to_the_same_json_report_without_naming_the_game(
    run: InProcess, tmp_path: Path
) -> None:
    saved = tmp_path / "t.json"
    checked = run("check", str(EXAMPLES / "one_ply_board.py"), *QUICK, "--json", "--transcript", str(saved))
    replayed = run("check", "--replay", str(saved), "--json")
    assert checked.returncode == replayed.returncode
    first, again = json.loads(checked.stdout), json.loads(replayed.stdout)
    assert first["game"] == again["game"] == "connect4"
    assert again == first


def test_a_connect_four_class_writes_one_feedback_file_a_student_with_the_points(
    run: InProcess, tmp_path: Path
) -> None:
    for student in ("ada", "bo"):
        folder = tmp_path / "class" / student
        folder.mkdir(parents=True)
        (folder / "agent.py").write_text((EXAMPLES / "one_ply_connectx.py").read_text())
    feedback = tmp_path / "feedback"
    finished = run("check", str(tmp_path / "class"), *QUICK, "--feedback-dir", str(feedback), "--csv", "-")
    assert finished.returncode in (0, 1), finished.stderr
    files = sorted(path.name for path in feedback.iterdir())
    assert files == ["ada.md", "bo.md"]
    assert (feedback / "ada.md").read_text().startswith("## perfectplay check: ")


def test_a_connect_four_manifest_names_each_students_file_and_refuses_tic_tac_toe_settings(
    run: InProcess, tmp_path: Path
) -> None:
    agent = tmp_path / "mine.py"
    agent.write_text((EXAMPLES / "one_ply_connectx.py").read_text())
    manifest = tmp_path / "class.csv"
    manifest.write_text("student,file\nada,mine.py\n")
    finished = run("check", "--manifest", str(manifest), *QUICK, "--csv", "-")
    assert finished.returncode in (0, 1), finished.stderr
    assert finished.stdout.splitlines()[1].startswith("ada,")
    manifest.write_text("student,file,board\nada,mine.py,flat\n")
    refused = run("check", "--manifest", str(manifest), *QUICK, "--csv", "-")
    assert (refused.returncode, refused.stderr.count("\n")) == (2, 1)
    assert "'board' is a tic-tac-toe setting" in refused.stderr


def test_the_checks_command_line_comes_in_through_the_checkers_door_alone() -> None:
    sources = [*(ROOT / "src/perfectplay/cli").glob("check*.py"), *(ROOT / "src/perfectplay/cli").glob("grader*.py")]
    inner = []
    for source in sources:
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("perfectplay.check."):
                inner.append(f"{source.name}: {node.module}")
    assert len(sources) >= 4 and inner == []
