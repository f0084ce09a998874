"""``perfectplay analyze`` answers what it was asked: every move scored, whatever shortcut knew the position."""

from __future__ import annotations

import json
import re

import pytest

from cli_helpers import InProcess
from perfectplay import Connect4, score_moves
from perfectplay.games.connect4_layer import shipped_layer


def table(text: str) -> dict[str, str]:
    """The move table of ``analyze``'s text: each move's label and its outcome in words."""
    rows = text[text.index(" move  outcome") :].splitlines()[1:]
    found = {}
    for row in rows:
        if not row.strip():
            break
        label, rest = row.split(maxsplit=1)
        found[label] = re.split(r"\s{2,}", rest)[0]  # the outcome, then the score and the mark
    return found


def test_a_forced_block_is_scored_to_the_end_with_default_options(in_process: InProcess) -> None:
    # One of Pons's Middle-Medium positions: O must block in column 3. The forced-move attempt used to
    # stop the whole analysis at 5,000 nodes: "unknown" for the block, "loss in 2" for the rest.
    result = in_process("analyze", "--game", "connect4", "27477711471442665")
    assert result.returncode == 0, result.stderr
    assert "O to move: loss in 24 with best play. Best: 3" in result.stdout
    assert "stopped by the limit" not in result.stdout
    assert table(result.stdout) == {label: "loss in 2" for label in "124567"} | {"3": "loss in 24"}


@pytest.mark.usefixtures("exact_layer_to_ply_5")  # 5-7 moves in: past the ply-5 exact layer
def test_a_position_above_the_outcome_layer_shows_every_moves_outcome_in_json(in_process: InProcess) -> None:
    # 1 2 5 7 7 7, X to move, off the book and past the exact layer (5 moves in): the outcome layer proves 5 wins,
    # 2 draws, the rest lose.
    result = in_process("analyze", "--game", "connect4", "125777", "--time-limit", "0.5", "--json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["version"] == 2 and document["algorithm"] == "solver"
    names = {entry["label"]: entry["outcome"] for entry in document["moves"]}
    assert names == {"1": "loss", "2": "draw", "3": "loss", "4": "loss", "5": "win", "6": "loss", "7": "loss"}
    assert all(entry["proven"] in ("score", "outcome") for entry in document["moves"])
    assert document["best"] == [4]


def test_the_text_says_a_win_whose_length_is_not_proven(in_process: InProcess) -> None:
    result = in_process("analyze", "--game", "connect4", "125777", "--time-limit", "0.5")
    assert result.returncode == 0, result.stderr
    shown = table(result.stdout)
    assert shown["2"] == "draw"
    assert shown["5"].startswith("win"), shown  # "win, length not proven", or its exact length
    assert all(value.startswith("loss") for label, value in shown.items() if label in "13467"), shown


def test_a_position_above_the_outcome_layer_is_scored_exactly_in_every_column(in_process: InProcess) -> None:
    # 2 6 1 5 2 6, X to move: the outcome layer knows every move's outcome, which used to end the analysis at
    # once. Default options but a bound no load can reach (the default 60 s is wall-clock time). 45,000 nodes:
    # 4455's exact scores (Pons's) are held by tests/search/solver/test_every_move_analysis.py, not run twice.
    game = Connect4()
    state = game.parse_sequence("261526")
    layer = shipped_layer("connect4")
    assert layer is not None and layer.move_outcomes(state) is not None
    exact = score_moves(game, state)  # no limit: the exact search, which never stops at a shortcut
    assert exact.complete
    result = in_process("analyze", "--game", "connect4", "261526", "--time-limit", "3600")
    assert result.returncode == 0, result.stderr
    assert "X to move: win in 15 with best play. Best: 2, 4" in result.stdout
    assert table(result.stdout) == {game.move_label(entry.move): str(entry.outcome) for entry in exact.moves}
    assert {"win in 15", "loss in 16", "loss in 4"} == set(table(result.stdout).values())
