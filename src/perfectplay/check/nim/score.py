"""Points for a Nim check, scored once from the report, the same integers in every format.

A learning AI (default weights, out of 100)::

    loads     10   the file loads, and NimAI and train are found
    methods   30   the hand-made Q-table checks, in proportion
    training  10   training runs (one a seed) whose train(n) finished within the budget
    play      50   the trained AI's winning-move rate, averaged over the seeds: no credit at ``play_floor``
                   (0.5) or below, full credit from the check's pass mark (0.9, ``--pass-mark``), in
                   proportion between

A minimax player::

    loads     10   the file loads, and its function is found
    legal     20   a legal (pile, count) in every position
    play      70   winning moves in every winnable position, in proportion

Why 0.9: correct learning AIs reach 0.96-1.0 of the winnable positions
after 10,000 games whatever the seed (docs/check-nim.md has the measured
rates); the running-maximum bug sits near 0.7. A weights file (JSON or
TOML) changes any of them: ``{"play": 60, "play_floor": 0.6, "total": 10}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from perfectplay.check.errors import CheckUsageError
from perfectplay.check.nim.model import NimReport
from perfectplay.check.report.score import Score, check_rated, check_total, load_rated_weights, rated_score

TITLES = {
    "loads": "Loads, and its AI is found",
    "methods": "NimAI's methods on hand-made Q-tables",
    "training": "train(n) finishes within the budget",
    "legal": "A legal (pile, count) in every position",
    "play": "Winning moves in every winnable position",
}
LEARNING = ("loads", "methods", "training", "play")
PLAYER = ("loads", "legal", "play")
DEFAULT_WEIGHTS: dict[str, float] = {"loads": 10, "methods": 30, "training": 10, "legal": 20, "play": 50}
PLAYER_PLAY = 70
"""A player's play weight by default (it has no methods or training)."""
DEFAULT_RATES: dict[str, float] = {"play_floor": 0.5}
DEFAULT_TOTAL = 100


@dataclass(frozen=True, slots=True)
class NimWeights:
    """Each category's weight, the rates of the play credit, and the points they share."""

    weights: Mapping[str, float] = field(default_factory=dict)
    rates: Mapping[str, float] = field(default_factory=lambda: dict(DEFAULT_RATES))
    total: int = DEFAULT_TOTAL

    def __post_init__(self) -> None:
        check_rated(self.weights, TITLES, self.rates, DEFAULT_RATES, zero_rate=True)
        if self.rate("play_floor") >= 1:
            raise CheckUsageError("weights: play_floor must be below 1")
        check_total(self.total)
        if not any(self.of(name, "learning") > 0 for name in LEARNING) or not any(
            self.of(name, "player") > 0 for name in PLAYER
        ):
            raise CheckUsageError("weights: at least one category must be above 0")

    def of(self, name: str, kind: str) -> float:
        if name in self.weights:
            return float(self.weights[name])
        return float(PLAYER_PLAY if (kind == "player" and name == "play") else DEFAULT_WEIGHTS[name])

    def rate(self, name: str) -> float:
        return float(self.rates.get(name, DEFAULT_RATES[name]))


def load_nim_weights(path: str | Path) -> NimWeights:
    """Weights from a JSON or TOML file (by suffix); a bad file raises CheckUsageError naming the problem."""
    return load_rated_weights(path, NimWeights, {}, DEFAULT_RATES, DEFAULT_TOTAL)


def nim_score(report: NimReport, weights: NimWeights | None = None) -> Score:
    """The report's points by category; a file that cannot be checked scores 0; a machine failure is not gradable."""
    weights = weights or NimWeights()
    kind = report.kind or "learning"
    names = [name for name in (PLAYER if kind == "player" else LEARNING) if weights.of(name, kind) > 0]
    return rated_score(
        names,
        lambda name: weights.of(name, kind),
        weights.total,
        TITLES,
        partial(_measure, report, weights=weights),
        report.gradable,
    )


def play_credit(rate: float, pass_mark: float, weights: NimWeights) -> float:
    """No credit at the floor or below, full from the pass mark (a floor above the mark: all or nothing)."""
    floor = weights.rate("play_floor")
    if rate >= pass_mark:
        return 1.0
    if floor >= pass_mark:
        return 0.0
    return min(1.0, max(0.0, (rate - floor) / (pass_mark - floor)))


def _measure(report: NimReport, name: str, weights: NimWeights) -> tuple[float, int, int, str]:
    """(share of the credit, right, of, in words) for one category."""
    if report.machine is not None:
        return 0.0, 0, 1, "not graded: the machine failed"
    if report.problem is not None:
        return 0.0, 0, 1, report.problem if name == "loads" else "not checked"
    if name == "loads":
        return 1.0, 1, 1, f"it loads; checked as {report.interface}"
    if name == "methods":
        right = sum(unit.passed for unit in report.units)
        of = len(report.units)
        return (right / of if of else 0.0), right, of, f"{right} of {of} checks right"
    if name == "training":
        right = sum(seed.trained for seed in report.seeds)
        of = len(report.seeds)
        return (right / of if of else 0.0), right, of, f"{right} of {of} training runs finished"
    if name == "legal":
        play = report.player
        if play is None:
            return 0.0, 0, 1, "not asked"
        return play.legal / max(play.asked, 1), play.legal, play.asked, f"{play.legal} of {play.asked} positions"
    rates = report.rates
    if not rates:
        return 0.0, 0, 1, "not asked"
    if report.kind == "player":
        play = report.player
        assert play is not None
        return play.rate, play.winning, play.winnable, f"{play.winning} of {play.winnable} winnable positions"
    credit = sum(play_credit(rate, report.pass_mark, weights) for rate in rates) / len(rates)
    shown = ", ".join(f"{rate:.3f}" for rate in rates)
    if len(rates) > 1:
        shown += f"; spread {max(rates) - min(rates):.3f}"
    words = (
        f"winning-move rate per seed {shown} (full credit from {report.pass_mark:.2f}, "
        f"none at {weights.rate('play_floor'):.2f} or below)"
    )
    good = sum(1 for rate in rates if rate >= report.pass_mark)
    return credit, good, len(rates), words
