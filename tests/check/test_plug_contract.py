"""Every game plug keeps the protocol of check/plug.py, and the conductor's transcript judges the same again."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from perfectplay.check.conductor import conduct, replay_record
from perfectplay.check.connect4.plug import Connect4Plug
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.plug import FORMATS
from perfectplay.check.plugs import plug_for, plug_games
from perfectplay.check.records import load_record
from perfectplay.check.settings import Candidate, GameSettings, Grading, Output

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "connect4"


def test_connect_four_is_a_registered_game_and_an_unknown_game_is_a_usage_error() -> None:
    assert "connect4" in plug_games()
    assert plug_for("connect4").name == "connect4"
    with pytest.raises(CheckUsageError, match="--game 'chess'"):
        plug_for("chess")


@pytest.mark.parametrize("game", plug_games())
def test_each_plugs_driver_imports_the_standard_library_alone_at_its_top(game: str) -> None:
    plug = plug_for(game)
    if plug.driver is None:
        return
    tree = ast.parse(plug.driver.path.read_text(encoding="utf-8"))
    imported = {
        alias.name.split(".")[0] for node in tree.body if isinstance(node, ast.Import) for alias in node.names
    } | {node.module.split(".")[0] for node in tree.body if isinstance(node, ast.ImportFrom) and node.module}
    assert imported - {"__future__"} <= set(sys.stdlib_module_names)
    assert "def open_driver(" in plug.driver.path.read_text(encoding="utf-8")


@pytest.mark.parametrize("game", plug_games())
def test_each_plug_names_its_options_and_categories(game: str) -> None:
    plug = plug_for(game)
    assert plug.categories and len(set(plug.categories)) == len(plug.categories)
    assert all(option.flag.startswith("--") for option in plug.options)
    assert len({option.key for option in plug.options}) == len(plug.options)


def test_a_connect_four_transcript_is_judged_again_to_the_same_report_in_every_format(tmp_path: Path) -> None:
    saved = tmp_path / "transcript.json"
    plug = Connect4Plug(positions=4, games=False)
    agent = Candidate(EXAMPLES / "one_ply_board.py", sandbox="off")
    settings = GameSettings(agent, grading=Grading(seed=3), output=Output(transcript=saved))
    report = conduct(plug, settings)
    assert report.overall.asked == 4 and report.problem is None
    assert load_record(saved).game == "connect4"
    again = replay_record(plug, saved)
    assert again == report
    score = plug.score(report)
    for format in FORMATS:
        assert plug.render(again, score, format) == plug.render(report, score, format)


def test_a_transcript_changed_after_it_was_written_is_refused_in_one_line(tmp_path: Path) -> None:
    saved = tmp_path / "transcript.json"
    plug = Connect4Plug(positions=2, games=False)
    conduct(
        plug, GameSettings(Candidate(EXAMPLES / "one_ply_board.py", sandbox="off"), output=Output(transcript=saved))
    )
    text = saved.read_text(encoding="utf-8").replace('"game": "connect4"', '"game": "nim"')
    saved.write_text(text, encoding="utf-8")
    with pytest.raises(CheckUsageError, match="changed after it was written"):
        replay_record(plug, saved)
