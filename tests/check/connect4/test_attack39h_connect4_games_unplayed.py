"""A game the check's time ended before it was played is a game not won: the games' share counts every game
planned, not only the ones finished (attack 39h).

The games are played against the levels in order, the weakest first. An agent that won against the random and
depth-2 levels, then thought just under its move limit on every move against the stronger ones, ran the check's
``--budget`` out before the depth-4 and perfect games were over: they were left out, and the games' share was
taken over the five it finished, 21 of 30 points where its honest twin (same moves, no stalling) got 7.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from perfectplay.check.connect4 import asking
from perfectplay.check.connect4.model import GameRecord
from perfectplay.check.connect4.opponents import LADDER
from perfectplay.check.connect4.score import games_rate

T = TypeVar("T")


class Stalled:
    """A session whose time ran out after the first ``finished`` games: the rest come back None, as the conductor's
    ``in_parallel`` gives a job its limits stopped."""

    def __init__(self, finished: int) -> None:
        self.finished = finished
        self.notes: list[str] = []

    def in_parallel(self, phase: str, jobs: Sequence[Callable[[Any], T]]) -> list[T | None]:
        assert phase == "games"
        plans = [(level, first) for level in LADDER for first in (True, False)]
        return [
            GameRecord(level, first, "win", "4444") if index < self.finished else None  # type: ignore[misc]
            for index, (level, first) in enumerate(plans[: len(jobs)])
        ]

    def note(self, text: str) -> None:
        self.notes.append(text)


class Report:
    def __init__(self, games: list[GameRecord]) -> None:
        self.games = games


def test_games_the_time_ended_before_they_were_played_count_as_not_won() -> None:
    session = Stalled(finished=4)
    played = asking._play_games(session, seed=3)  # type: ignore[arg-type]
    assert len(played) == 2 * len(LADDER)  # every game planned is in the record
    assert [game.result for game in played] == ["win"] * 4 + ["loss"] * 4
    unplayed = [game for game in played if game.result == "loss"]
    assert all(game.moves == "" and game.forfeit is not None and "not played" in game.forfeit for game in unplayed)
    assert games_rate(Report(played)) == 0.5  # type: ignore[arg-type]
    assert any("4 of 8 played" in note for note in session.notes), session.notes


def test_when_every_game_is_played_the_record_is_the_games_as_played() -> None:
    played = asking._play_games(Stalled(finished=8), seed=3)  # type: ignore[arg-type]
    assert [game.result for game in played] == ["win"] * 8 and all(game.forfeit is None for game in played)
