"""The Nim lab's report: frozen facts the judge found, which every renderer and the score read.

Timings live apart (``NimTiming``) so that the same submission checked twice
gives the same report, timings aside.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from perfectplay.check.nim.positions import Action, Piles, Rules
from perfectplay.check.report.timing import CheckTime


@dataclass(frozen=True, slots=True)
class UnitResult:
    """One hand-made Q-table check: what was asked, whether it was right, what came back."""

    name: str
    title: str
    passed: bool
    detail: str
    """What it answered against what the specification says, in words."""
    value: float | None = None
    """The number a value method returned."""
    answers: int = 0
    wrong: int = 0
    """Of a choice asked many times: legal answers that were not a right one (not the best; for the ε share,
    answers that were not the best action)."""
    nones: int = 0
    illegal: int = 0
    """Answers that were None, and answers that were not a legal action at all (None among them)."""
    distinct: int = 0
    """Different answers given."""


@dataclass(frozen=True, slots=True)
class Wrong:
    """A winnable position where the trained AI (or the player) did not take a winning move."""

    piles: Piles
    chose: str
    winning: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class Games:
    """Games from the start against one opponent in one seat: how many the AI won, of how many played."""

    opponent: str
    """``perfect`` (perfectplay's exact player) or ``random`` (a seeded random mover)."""
    first: bool
    won: int
    played: int
    forfeits: int = 0
    """Games it lost by an answer that is not a legal move."""
    lost_start: bool = False
    """The AI's side to move at the start is lost against perfect play, whatever it plays."""


@dataclass(frozen=True, slots=True)
class Play:
    """Every position asked once: how many were winnable, and in how many of those it took a winning move."""

    asked: int
    winnable: int
    winning: int
    legal: int
    none_answers: int
    errors: int
    wrong: tuple[Wrong, ...]
    """The simplest positions it got wrong (fewest objects first), a few."""
    wrong_total: int
    games: tuple[Games, ...] = ()
    first_none: Piles | None = None
    first_illegal: tuple[Piles, str] | None = None

    @property
    def rate(self) -> float:
        return self.winning / self.winnable if self.winnable else 1.0


@dataclass(frozen=True, slots=True)
class SeedResult:
    """One seed: did ``train(n)`` finish within the budget, and how the trained AI plays."""

    seed: int
    games: int
    trained: bool
    failure: str = ""
    """In words, why there is no trained AI (a crash, the budget, the process dying), empty when trained."""
    failure_kind: str = ""
    """``crash``, ``timeout``, ``died`` or ``returned`` (train gave back no AI)."""
    printed: int = 0
    lowest_value: float | None = None
    negative_values: int | None = None
    entries: int | None = None
    play: Play | None = None


@dataclass(frozen=True, slots=True)
class Bug:
    """A named bug the evidence shows, with the smallest example of it."""

    kind: str
    title: str
    advice: str
    example: str


@dataclass(frozen=True, slots=True)
class NimTiming(CheckTime):
    """Wall and CPU seconds of the check, and each training run's CPU (kept out of the report's comparable
    facts)."""

    train_cpu: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class NimReport:
    """Everything one Nim check found about one submission."""

    target: str
    rules: Rules
    kind: str
    """``learning``, ``player``, or empty when no interface was found."""
    interface: str
    isolation: str
    problem: str | None = None
    """Why the file could not be checked (it does not load, no interface): graded 0, said so."""
    machine: str | None = None
    """The machine failed the check (not the student's doing): nothing graded."""
    unchecked: bool = False
    """The file could not be checked at all (no such file, no Nim AI in it): 0 points, marked not gradable."""
    stopped: str | None = None
    """Why asking stopped before everything planned was asked (the check's time, too many failures)."""
    units: tuple[UnitResult, ...] = ()
    seeds: tuple[SeedResult, ...] = ()
    player: Play | None = None
    bugs: tuple[Bug, ...] = ()
    notes: tuple[str, ...] = ()
    settings: dict[str, str] = field(default_factory=dict)
    pass_mark: float = 0.9
    timing: NimTiming = field(default_factory=NimTiming, compare=False)

    @property
    def gradable(self) -> bool:
        return self.machine is None and not self.unchecked

    @property
    def complete(self) -> bool:
        """Whether everything planned was asked (no seed or position left out by the check's limits)."""
        return self.problem is None and self.machine is None and self.stopped is None

    @property
    def verdict(self) -> str:
        """One word for a spreadsheet: pass, fail, broken (cannot be checked) or not graded (the machine failed)."""
        if self.machine is not None or self.unchecked:
            return "not graded"
        if self.problem is not None:
            return "broken"
        return "pass" if self.passed else "fail"

    @property
    def exit_status(self) -> int:
        """0 passed, 1 something found, 2 the file could not be checked at all, 3 the machine failed."""
        if self.unchecked:
            return 2
        return {"pass": 0, "not graded": 3}.get(self.verdict, 1)

    @property
    def rates(self) -> tuple[float, ...]:
        """Each seed's winning-move rate (0 for a seed with no trained AI), or the player's."""
        if self.kind == "player":
            return () if self.player is None else (self.player.rate,)
        return tuple(seed.play.rate if seed.play is not None else 0.0 for seed in self.seeds)

    @property
    def passed(self) -> bool:
        """The verdict: every check right, every seed trained, every rate at the pass mark (1.0 for a player)."""
        if self.problem is not None or self.machine is not None or not self.kind:
            return False
        if self.kind == "player":
            play = self.player
            return play is not None and play.rate == 1.0 and play.legal == play.asked
        return (
            all(unit.passed for unit in self.units)
            and bool(self.seeds)
            and all(seed.trained for seed in self.seeds)
            and all(rate >= self.pass_mark for rate in self.rates)
        )
