"""The frozen report of one Connect Four check: rates by phase, the worst blunders, games, timing.

Built by ``connect4/check.py`` from what ``connect4/judge.py``
decided; rendered by ``connect4/render.py`` and scored by
``connect4/score.py``. It imports none of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from perfectplay.check.report.timing import CheckTime
from perfectplay.check.settings import SECRET_WORDS as SECRET_WORDS

Columns = tuple[int, ...]
"""Columns of the board, 0 on the left (``render.py`` shows them 1-7)."""


@dataclass(frozen=True, slots=True)
class PhaseRates:
    """One phase's (or the whole check's) answers: asked, legal, good, perfect, blunders, top-k (``judge.TOP_K``),
    and what a random legal mover would expect to get of good and perfect moves in the same positions."""

    phase: str
    asked: int
    legal: int
    good: int
    perfect: int
    blunders: int
    top: int = 0
    chance_good: float = 0.0
    chance_perfect: float = 0.0

    def share(self, count: int) -> float:
        """``count`` as a share of the answers asked: every rate of a phase is one (0.0 when none was asked)."""
        return count / self.asked if self.asked else 0.0

    @property
    def good_rate(self) -> float:
        return self.share(self.good)

    @property
    def perfect_rate(self) -> float:
        return self.share(self.perfect)

    @property
    def top_rate(self) -> float:
        return self.share(self.top)


@dataclass(frozen=True, slots=True)
class Blunder:
    """A move that threw a win or a draw away, with the position and the right moves."""

    moves: str
    """The position as the columns played (1-7)."""
    phase: str
    chose: int
    lost: str
    """``win -> draw``, ``win -> loss`` or ``draw -> loss``."""
    drop: int
    best: Columns
    good: Columns


@dataclass(frozen=True, slots=True)
class Failure:
    """A contract failure kind (illegal, raises, wrong_type, timeout, died, mutates) and its first example."""

    kind: str
    count: int
    moves: str
    answer: str


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game against an opponent: ``result`` from the agent's side (win, draw, loss; loss by forfeit)."""

    opponent: str
    agent_first: bool
    result: str
    moves: str
    forfeit: str | None = None


@dataclass(frozen=True, slots=True)
class Connect4Timing(CheckTime):
    """The check's time (``cpu``: in the agent's moves), and its moves': how many, the median, the slowest and
    the position it was asked in."""

    moves: int = 0
    median: float = 0.0
    slowest: float = 0.0
    slowest_moves: str = ""


@dataclass(frozen=True, slots=True)
class Connect4Report:
    """Everything one Connect Four check found; ``problem`` set when it could not be checked at all."""

    target: str
    interface: str | None
    verdict: str
    exit_status: int
    problem: str | None
    suite_size: int
    """The positions drawn for this check (generated and solved from ``seed``)."""
    overall: PhaseRates
    phases: tuple[PhaseRates, ...] = ()
    blunders: tuple[Blunder, ...] = ()
    failures: tuple[Failure, ...] = ()
    games: tuple[GameRecord, ...] = ()
    rating: str | None = None
    timing: Connect4Timing | None = None
    isolation: str = ""
    sandboxed: bool = False
    complete: bool = True
    notes: tuple[str, ...] = field(default=())
    games_planned: bool = True
    """Whether the check meant to play games (``--no-games``: not), so that every student of it has one list of
    categories, a broken agent's games 0 of the same points."""
    seed: int | None = None
    """The seed the positions and the games were drawn with (``--seed`` draws them again)."""
    machine: str | None = None
    """Set when the machine, not the submission, failed the check (exit status 3)."""

    @property
    def gradable(self) -> bool:
        """False when the machine failed, or the submission could not be checked at all (exit status 2)."""
        return self.machine is None and self.exit_status != 2

    @property
    def loads(self) -> bool:
        return self.problem is None

    @property
    def board_left_alone(self) -> int:
        """Answers that left the board as given (of ``overall.asked``)."""
        changed = sum(failure.count for failure in self.failures if failure.kind == "mutates")
        return self.overall.asked - changed


NOT_GRADABLE = "not gradable"


def not_gradable(target: str, problem: str, suite_size: int, games: bool = True) -> Connect4Report:
    """The report of a submission that could not be checked at all (no such file, no agent recognised): 0 points.

    Exit status 2, as a usage problem: a grader marks it not gradable, so that a typo costs no attempt.
    """
    return Connect4Report(
        target=target,
        interface=None,
        verdict=NOT_GRADABLE,
        exit_status=2,
        problem=problem,
        suite_size=suite_size,
        overall=PhaseRates("all", 0, 0, 0, 0, 0),
        complete=False,
        games_planned=games,
    )
