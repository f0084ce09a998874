"""``analyze`` and the terminal game's ``scores`` and ``hint`` give the exact score wherever the exact layer knows it.

The cases (``exact_layer_cases``) follow the layer the package ships: on it,
the position's own row is its exact value, whatever the search had time
to prove of its moves; above it, every move is exact. No line about such
a position may call its length unproven. Without the layer's own row
(a position on it analysed as any other) the words said "a proven loss;
how slow was not proven".
"""

from __future__ import annotations

import json

import pytest

from cli_helpers import InProcess
from exact_layer_cases import CASE_IDS, CASES, WORDS_OF_UNKNOWN_LENGTH, LayerCase

LIMIT = "0.2"
"""Seconds a search may take: the layer's answer needs none, so any limit shows the same value."""


def _position_line(text: str) -> str:
    return next(line for line in text.splitlines() if " to move: " in line)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_analyze_states_the_layers_exact_value_and_never_an_unproven_length(
    in_process: InProcess, case: LayerCase
) -> None:
    result = in_process("analyze", "--game", "connect4", "--time-limit", LIMIT, case.moves)
    assert result.returncode == 0, result.stderr
    line = _position_line(result.stdout)
    assert case.words in line, line
    assert not any(words in line for words in WORDS_OF_UNKNOWN_LENGTH), line
    if not case.on_layer:  # every move's score is the layer's: nothing at all is left unproven
        assert "not proven" not in result.stdout, result.stdout
    document = json.loads(
        in_process("analyze", "--game", "connect4", "--time-limit", LIMIT, "--json", case.moves).stdout
    )
    assert document["score"] == case.score, document
    assert document["complete"] or case.on_layer, document


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_the_terminal_games_scores_and_hint_state_the_layers_exact_value(
    in_process: InProcess, case: LayerCase
) -> None:
    arguments = ["play", "--game", "connect4", "--two-players", "--time-limit", LIMIT]
    result = in_process(*arguments, *([case.moves] if case.moves else []), stdin="scores\nhint\nquit\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    verdict = next(line for line in out.splitlines() if line.startswith(("Best: ", "Keeps it: ")))
    hint = out[out.index("Hint for ") :].splitlines()[0]
    for line in (verdict, hint):
        assert case.words in line, line
        assert not any(words in line for words in WORDS_OF_UNKNOWN_LENGTH), line
