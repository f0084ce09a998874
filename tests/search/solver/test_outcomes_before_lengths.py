"""An analysis proves every move's outcome before it refines lengths: a short limit leaves each move at least that.

The page's move list asks, within its few seconds, for the strongest fact
about every move. Win, draw or loss is cheap next to an exact length, so
the analysis proves every move's outcome first and spends what is left on
lengths; before, a limit that ran out between the two left a move unknown
beside moves whose lengths were proven. The limits are node counts: both
cores stop at the same node.
"""

from __future__ import annotations

import pytest

from perfectplay import Connect4, Limit, analyze

POSITION = "12154175126651554"
"""Seventeen moves in, O to move: columns 2 and 4 win (in 23 and 25 plies), the other five lose (3 in 6 plies, the
rest in 8); bitbully's scores agree (2, 1, -10 and -9)."""

OUTCOMES_NOT_LENGTHS = 240_000
"""Enough nodes for every move's outcome, not for every exact length (every move exact takes 246,269)."""


@pytest.fixture
def compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled core where it was built (else the Python one, which it mirrors node for node).

    The Python core runs the same drivers on the same nodes, proven node for
    node by tests/_core/test_compiled_core.py (stopping at the same node under
    a limit too); these two analyses on it are 5 s of CPU, so they run in
    benchmarks/oracle_sweeps.py (``pure_core``), not on every run.
    """
    monkeypatch.setenv("PERFECTPLAY_PURE", "0")


def assert_outcomes_not_lengths() -> None:
    game = Connect4()
    analysis = analyze(game, game.parse_sequence(POSITION), limit=Limit(nodes=OUTCOMES_NOT_LENGTHS))
    assert not analysis.complete
    outcomes = {game.move_label(entry.move): entry.outcome.name for entry in analysis.moves}
    assert outcomes == {"2": "win", "4": "win", "1": "loss", "3": "loss", "5": "loss", "6": "loss", "7": "loss"}
    assert any(entry.score is None for entry in analysis.moves), "the limit falls short of every length"


def assert_every_move_exact() -> None:
    game = Connect4()
    analysis = analyze(game, game.parse_sequence(POSITION), limit=Limit(nodes=2 * OUTCOMES_NOT_LENGTHS))
    assert analysis.complete
    plies = {game.move_label(entry.move): (entry.outcome.name, entry.outcome.plies) for entry in analysis.moves}
    assert plies == {
        "2": ("win", 23),
        "4": ("win", 25),
        "3": ("loss", 6),
        **{column: ("loss", 8) for column in "1567"},
    }


def test_a_limit_that_suffices_for_outcomes_but_not_lengths_leaves_every_move_its_outcome(compiled: None) -> None:
    assert_outcomes_not_lengths()


def test_the_same_position_with_room_enough_is_every_move_exact(compiled: None) -> None:
    assert_every_move_exact()
