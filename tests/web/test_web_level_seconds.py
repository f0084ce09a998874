"""A depth or MCTS level's own search gets what the analysis left of the job's seconds, and at least a share."""

from __future__ import annotations

from typing import Any

import pytest

from perfectplay.play import choose_move
from perfectplay.web import jobs
from perfectplay.web.jobs import LEVEL_SHARE, Job, run_job


def job(level: str, seconds: float) -> Job:
    return {
        "game": "tictactoe",
        "position": ".../.X./...",
        "to_move": "O",
        "level": level,
        "level_note": None,
        "seed": 1,
        "seconds": seconds,
    }


@pytest.mark.parametrize("level", ["depth3", "mcts:100", "perfect"])
def test_the_levels_move_is_given_the_seconds_the_analysis_left(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    given: list[float | None] = []
    choose = choose_move

    def recorded(*args: Any, seconds: float | None = None, **kwargs: Any) -> int:
        given.append(seconds)
        return choose(*args, seconds=seconds, **kwargs)

    monkeypatch.setattr(jobs, "choose_move", recorded)
    result = run_job(job(level, 4.0))
    analysis_seconds = result["analysis"]["seconds"]
    assert len(given) == 1 and given[0] is not None
    # The 3x3 analysis takes a moment: nearly all of the 4 s are left, and never more than they.
    assert max(4.0 - analysis_seconds, 4.0 * LEVEL_SHARE) == pytest.approx(given[0], abs=1e-6)
    assert result["move"] is not None
