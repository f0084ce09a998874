"""A forged Connect Four transcript, sealed again with its plain digest, is judged or refused in one line.

The digest tells a file changed by mistake, not one forged on purpose (check/sealed.py): every field of a
Connect Four transcript's body (its drawn positions, the suite's keys, the answers, the games) is hostile input
to ``--replay``. Attack 39i: each edit below ended ``--replay`` in a Python traceback (a KeyError, a TypeError,
an OverflowError... from the judge), as tic-tac-toe's and Nim's transcripts never do.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess
from transcript_forgery import forged

GAME = {"opponent": "random", "agent_first": True, "result": "win", "moves": "1213141", "forfeit": None}
"""A game as the check records it (the genuine transcript plays none: ``--no-games`` keeps it cheap)."""
# (path into the game's own body, the record's "body.body", a hostile value).
FORGERIES: list[tuple[str, Any]] = [
    ("answers.0:112455553433363.value", 1.5),
    ("answers.0:112455553433363.value", 1e308),
    ("answers.0:112455553433363.cpu", "x"),
    ("answers.0:112455553433363", 7),
    ("answers.0:112455553433363.error", {"line": 3}),
    ("answers", []),
    ("positions.0.phase", "endgame"),
    ("positions.0.scores", [1, 2, 3]),
    ("positions.0.scores.0", "x"),
    ("positions.0.moves", "0"),
    ("positions.0.moves", 12),
    ("positions.0", "112455553433363"),
    ("positions", {"a": 1}),
    ("suite.0", "0:1"),
    ("suite", 5),
    ("games", [{"level": "easy"}]),
    ("games", [7]),
    ("games", [{**GAME, "result": 0}]),
    ("games", [{**GAME, "result": True}]),
    ("games", [{**GAME, "moves": False}]),
    ("games", [{**GAME, "opponent": {"a": 1}}]),
    ("games", [{**GAME, "opponent": ["random"]}]),
    ("games", [{**GAME, "forfeit": 0.5}]),
    ("seed", "x"),
]
ANSWER = "0:112455553433363"


@pytest.fixture(scope="module")
def genuine(tmp_path_factory: pytest.TempPathFactory, examples: Path) -> dict[str, Any]:
    from perfectplay.cli import main

    path = tmp_path_factory.mktemp("connect4") / "one_ply.json"
    agent = examples / "connect4" / "one_ply_connectx.py"
    argv = ["check", str(agent), "--game", "connect4", "--positions", "2", "--no-games", "--seed", "1"]
    main([*argv, "--sandbox", "off", "--format", "json", "--transcript", str(path)])
    document: dict[str, Any] = json.loads(path.read_text())
    return document


def test_the_genuine_transcript_names_the_answer_the_forgeries_edit(genuine: dict[str, Any]) -> None:
    assert ANSWER in genuine["body"]["body"]["answers"]
    assert genuine["body"]["body"]["positions"][0]["moves"] == ANSWER.partition(":")[2]


@pytest.mark.parametrize(("field", "value"), FORGERIES, ids=[f"{field}={value!r:.20}" for field, value in FORGERIES])
def test_a_forged_field_of_a_connect_four_transcript_is_judged_or_refused_in_one_line(
    genuine: dict[str, Any], tmp_path: Path, in_process: InProcess, field: str, value: Any
) -> None:
    path = tmp_path / "forged.json"
    path.write_text(forged(genuine, f"body.{field}", value))
    for fmt in ("text", "gradescope", "csv"):
        done = in_process("check", "--replay", str(path), "--game", "connect4", "--format", fmt)
        assert done.returncode in (0, 1, 2, 3), (fmt, done.returncode)
        if done.returncode == 2:
            assert len(done.stderr.strip().splitlines()) == 1, done.stderr
            assert "--replay" in done.stderr, done.stderr


def test_a_game_as_the_check_records_it_is_replayed_and_counted(
    genuine: dict[str, Any], tmp_path: Path, in_process: InProcess
) -> None:
    path = tmp_path / "played.json"
    path.write_text(forged(genuine, "body.games", [GAME]))
    done = in_process("check", "--replay", str(path), "--game", "connect4")
    assert done.returncode in (0, 1), done.stderr
    assert "against random" in done.stdout and "win" in done.stdout, done.stdout
