"""Points for a Connect Four agent: credit for what it does better than chance, up to the rate of a good agent.

Categories (default weights, out of 100; the reasons in docs/check-connect4.md)::

    loads           5   the file loads, and its agent is found
    legal           5   legal answers of the right type, boards left alone
    good_moves     50   moves that keep a decisive position's value: no credit at a random mover's rate in the
                        same positions, full credit from ``good_full``
    perfect_moves  10   moves among the best exact scores: no credit at chance, full from ``perfect_full``
    games          30   results against the levels (a win 1, a draw 1/2): none at ``games_floor`` (what beating
                        ``random`` in both seats earns), full from ``games_full``

Between the two the credit is in proportion, rounded down to whole
points, as every other format shows. Every student of one check gets the
same categories and maxima (an agent that never answered: the same list,
0 points). A weights file (JSON or TOML, ``--weights``) changes any of
them: ``{"good_moves": 60, "good_full": 0.8, "games": 0, "total": 10}``;
names it leaves out keep their default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from perfectplay.check.connect4.model import Connect4Report
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.report.score import Score, check_rated, check_total, load_rated_weights, rated_score

TITLES = {
    "loads": "Loads, and its agent is found",
    "legal": "Legal answers, boards left alone",
    "good_moves": "Good moves (keeps the win, draw or loss)",
    "perfect_moves": "Perfect moves (among the best)",
    "games": "Games against perfectplay's levels",
}
DEFAULT_WEIGHTS: dict[str, float] = {"loads": 5, "legal": 5, "good_moves": 50, "perfect_moves": 10, "games": 30}
DEFAULT_RATES: dict[str, float] = {"good_full": 0.9, "perfect_full": 0.8, "games_floor": 0.25, "games_full": 0.75}
DEFAULT_TOTAL = 100
GAME_POINTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}


@dataclass(frozen=True, slots=True)
class Connect4Weights:
    """Each category's weight, the rates that earn full credit, and the points they share."""

    weights: Mapping[str, float] = field(default_factory=lambda: dict(DEFAULT_WEIGHTS))
    rates: Mapping[str, float] = field(default_factory=lambda: dict(DEFAULT_RATES))
    total: int = DEFAULT_TOTAL

    def __post_init__(self) -> None:
        check_rated(self.weights, TITLES, self.rates, DEFAULT_RATES, zero_rate=True)  # games_floor may be 0
        if self.rate("games_floor") >= self.rate("games_full"):
            raise CheckUsageError("weights: games_floor must be below games_full")
        check_total(self.total)
        if not any(self.of(name) > 0 for name in TITLES):
            raise CheckUsageError("weights: at least one category must be above 0")

    def of(self, name: str) -> float:
        return float(self.weights.get(name, DEFAULT_WEIGHTS[name]))

    def rate(self, name: str) -> float:
        return float(self.rates.get(name, DEFAULT_RATES[name]))


def load_connect4_weights(path: str | Path) -> Connect4Weights:
    """Weights from a JSON or TOML file (by suffix); a bad file raises CheckUsageError naming the problem."""
    return load_rated_weights(path, Connect4Weights, DEFAULT_WEIGHTS, DEFAULT_RATES, DEFAULT_TOTAL)


def shown_percent(rate: float) -> str:
    """``rate`` as a percentage to a tenth, whole where that is whole, and never rounded up to a whole percentage
    it does not reach: 179 of 200 reads "89.5%", 0.8996 "89.9%", never the "90%" full credit starts from."""
    exact = rate * 1000
    tenths = round(exact)
    if tenths % 10 == 0 and tenths > exact + 1e-9:
        tenths -= 1
    return f"{tenths // 10}%" if tenths % 10 == 0 else f"{tenths / 10:.1f}%"


def games_rate(report: Connect4Report) -> float:
    """The share of game points it took (a win 1, a draw 1/2, a loss or a forfeit 0)."""
    if not report.games:
        return 0.0
    return sum(GAME_POINTS[game.result] for game in report.games) / len(report.games)


def connect4_score(report: Connect4Report, weights: Connect4Weights | None = None) -> Score:
    """The report's points by category; a report that could not be checked scores 0 and is not gradable."""
    weights = weights or Connect4Weights()
    # One list for every student of a check: a broken agent's games are there, at 0 (``games_planned``).
    names = [name for name in TITLES if weights.of(name) > 0 and (name != "games" or report.games_planned)]
    return rated_score(
        names, weights.of, weights.total, TITLES, partial(_measure, report, weights=weights), report.gradable
    )


def _measure(report: Connect4Report, name: str, weights: Connect4Weights) -> tuple[float, int, int, str]:
    """(share of the credit, right, of, in words) for one category."""
    overall = report.overall
    if report.problem is not None:
        return 0.0, 0, 1, report.problem if name == "loads" else "not checked"
    if name == "loads":
        return 1.0, 1, 1, "it loads, and its agent is found"
    # Every position drawn counts, asked or not: one the check's time ended first is not right (else an agent that
    # ran the time out where it played badly, the endings asked last, was graded on the positions before).
    drawn = overall.asked if report.complete else max(report.suite_size, overall.asked)
    asked = max(drawn, 1)
    unasked = drawn - overall.asked
    gap = f"; {unasked:,} not asked before the check stopped" if unasked else ""
    if name == "legal":
        right = min(overall.legal, report.board_left_alone)
        return right / asked, right, drawn, f"{right:,} of {drawn:,} positions{gap}"
    if name in ("good_moves", "perfect_moves"):
        good = name == "good_moves"
        right = overall.good if good else overall.perfect
        floor = overall.chance_good if good else overall.chance_perfect
        full = weights.rate("good_full" if good else "perfect_full")
        rate = right / asked
        words = (
            f"{right:,} of {drawn:,} decisive positions ({shown_percent(rate)}; a random mover's {floor:.0%} earns "
            f"nothing, full credit from {full:.0%}){gap}"
        )
        return between(rate, floor, full), right, drawn, words
    floor, full = weights.rate("games_floor"), weights.rate("games_full")
    rate = games_rate(report)
    if not report.games:
        return 0.0, 0, 1, "no games played" if report.problem is None else "not checked"
    shown = shown_percent(rate)
    words = f"{shown} of the points in {len(report.games)} games ({floor:.0%} earns nothing, full from {full:.0%})"
    taken = sum(1 for game in report.games if game.result != "loss")
    return between(rate, floor, full), taken, len(report.games), words


def between(rate: float, floor: float, full: float) -> float:
    """The credit of ``rate``: none at or below ``floor``, all from ``full``, in proportion between."""
    if rate >= full:
        return 1.0
    if full <= floor:
        return 0.0
    return max(0.0, (rate - floor) / (full - floor))
