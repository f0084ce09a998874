"""Points with partial credit, from one report, the same in every format.

A score is made of categories, each worth a share of the total (100 by
default) by its weight; a category that does not apply (best move under
the value standard, CS50's helpers for other interfaces) is left out and
the others share its points. Within a category the credit is in
proportion to the positions it gets right, rounded down to whole points,
so that every format (Gradescope, PrairieLearn, Classroom 50, text, JSON,
CSV) shows the same integers and full points mean everything was right::

    loads        10   the file loads, and its AI is found
    legal        15   legal answers of the right type; boards left alone
    never_beaten 40   never beaten, in each seat (half each)
    keeps_value  20   a move that keeps the win, draw or loss, in every position
    best_move    15   the best move in every position (standard best only)
    helpers      15   CS50's player, actions, result, winner, terminal, utility

A weights file (JSON or TOML) changes them: ``{"never_beaten": 60,
"best_move": 0, "total": 10}``; names it leaves out keep their default.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from perfectplay import files
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.report.model import CheckReport

TITLES = {
    "loads": "Loads, and its AI is found",
    "legal": "Legal answers, boards left alone",
    "never_beaten": "Never beaten",
    "keeps_value": "Keeps the value in every position",
    "best_move": "Best move in every position",
    "helpers": "CS50 helpers right",
}
"""Every category, in the order reports list them."""

DEFAULT_WEIGHTS = {"loads": 10, "legal": 15, "never_beaten": 40, "keeps_value": 20, "best_move": 15, "helpers": 15}
DEFAULT_TOTAL = 100
MAX_TOTAL = 1_000_000
MAX_WEIGHT = 1_000_000
"""The largest weight of one category: weights are shares, so a larger one says nothing more, and their sum stays
finite (``1e308`` each made the sum infinite and every share NaN)."""

IMPORT_KINDS = ("import_error", "import_input")


def check_weight_numbers(weights: Mapping[str, object]) -> None:
    """Every weight a number from 0 to ``MAX_WEIGHT`` (every game's weights): ``CheckUsageError`` naming the first
    that is not. The cap keeps the sum finite: 1e308 made it infinite and every share NaN."""
    for name, value in weights.items():
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= MAX_WEIGHT:
            most = f"(at most {MAX_WEIGHT:,})"
            raise CheckUsageError(f"weights: {name} must be a number, 0 or more, not {value!r:.40} {most}")


def check_total(total: object) -> None:
    """The points the categories share: a whole number from 1 to ``MAX_TOTAL`` (every game's weights)."""
    if isinstance(total, bool) or not isinstance(total, int) or not 0 < total <= MAX_TOTAL:
        raise CheckUsageError(f"weights: total must be a whole number of points from 1 to {MAX_TOTAL:,}")


def check_names(
    weights: Mapping[str, object], categories: Iterable[str], rates: Mapping[str, object], rate_names: Iterable[str]
) -> None:
    """Every name a game's weights give is its own: ``weights`` among its ``categories``, ``rates`` among its
    ``rate_names`` (every game with rates: ``CheckUsageError`` naming the first that is not)."""
    categories, rate_names = tuple(categories), tuple(rate_names)
    unknown = sorted(set(weights) - set(categories)) + sorted(set(rates) - set(rate_names))
    if unknown:
        names = ", ".join([*categories, *rate_names])
        raise CheckUsageError(f"weights: unknown name {unknown[0]!r} (the names: {names}, and total)")


def check_rated(
    weights: Mapping[str, object],
    categories: Iterable[str],
    rates: Mapping[str, object],
    rate_names: Iterable[str],
    zero_rate: bool,
) -> None:
    """A game's weights with rates, checked (every game with rates): its names, its weights' numbers, and each
    rate at most 1 and above 0 (from 0, with ``zero_rate``): ``CheckUsageError`` naming the first that is not."""
    check_names(weights, categories, rates, rate_names)
    check_weight_numbers(weights)
    words = "a rate from 0 to 1" if zero_rate else "a rate above 0 and at most 1"
    for name, value in rates.items():
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not (value >= 0 if zero_rate else value > 0)
            or not value <= 1
        ):
            raise CheckUsageError(f"weights: {name} must be {words}, not {value!r}")


W = TypeVar("W")


def load_rated_weights(
    path: str | Path,
    make: Callable[[dict[str, Any], dict[str, Any], Any], W],
    categories: Mapping[str, Any],
    rates: Mapping[str, Any],
    total: int,
) -> W:
    """A game's weights with rates from a file: its names split into ``make(weights, rates, total)``'s, over the
    defaults (``categories``' and ``rates``' values, ``total``); a bad one names the file (every game with rates)."""
    data = weights_table(path)
    given_total = data.pop("total", total)
    given_rates = {name: data.pop(name) for name in list(data) if name in rates}
    try:
        return make({**categories, **data}, {**rates, **given_rates}, given_total)
    except CheckUsageError as error:
        raise CheckUsageError(f"--weights: {path}: {str(error).removeprefix('weights: ')}") from None


@dataclass(frozen=True, slots=True)
class Weights:
    """The weight of each category and the points they share; see the module's docstring."""

    weights: Mapping[str, float] = field(default_factory=lambda: dict(DEFAULT_WEIGHTS))
    total: int = DEFAULT_TOTAL

    def __post_init__(self) -> None:
        unknown = sorted(set(self.weights) - set(TITLES))
        if unknown:
            raise CheckUsageError(
                f"weights: unknown category {unknown[0]!r} (the categories: {', '.join(TITLES)}, and total)"
            )
        check_weight_numbers(self.weights)
        check_total(self.total)
        if not any(self.weights.get(name, 0) > 0 for name in ("loads", "legal", "never_beaten", "keeps_value")):
            raise CheckUsageError(
                "weights: at least one of loads, legal, never_beaten, keeps_value must be above 0 (they always apply)"
            )

    def of(self, name: str) -> float:
        return float(self.weights.get(name, DEFAULT_WEIGHTS[name]))


MAX_WEIGHTS_BYTES = 100_000
"""The largest weights file read: a table of ten categories is a few hundred bytes."""


def _toml(text: str) -> Any:
    """A TOML document: the standard library's parser from Python 3.11, tomli (the same parser) before it."""
    if sys.version_info >= (3, 11):
        import tomllib

        return tomllib.loads(text)
    try:
        import tomli
    except ModuleNotFoundError:
        # Not a dependency, so that the wheel installs offline on 3.10 with nothing beside it.
        raise CheckUsageError(
            "--weights: reading TOML needs Python 3.11 or the tomli package (pip install tomli); "
            "or give the weights as JSON"
        ) from None
    return tomli.loads(text)


def weights_table(path: str | Path) -> dict[str, Any]:
    """The table of a weights file, JSON or TOML by its suffix (``.toml`` or else JSON), for every game's weights.

    A regular file only (a FIFO or /dev/zero is refused at once), no more than a table needs; anything else
    raises CheckUsageError naming the file and the problem.
    """
    file = Path(path)
    try:
        raw = files.read_bytes(path, limit=MAX_WEIGHTS_BYTES, option="--weights")
    except files.FileRefused as error:
        if error.reason.startswith("larger than"):
            over = f"{path} is over {MAX_WEIGHTS_BYTES:,} bytes"
            raise CheckUsageError(f"--weights: {over}: not a table of weights") from None
        raise CheckUsageError(str(error)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CheckUsageError(f"--weights: cannot read {path}: not readable text") from None
    data: Any
    try:
        data = _toml(text) if file.suffix == ".toml" else json.loads(text)
    except ValueError as error:  # TOMLDecodeError, JSONDecodeError, and a number too long to read
        if not isinstance(error, json.JSONDecodeError) and type(error).__name__ != "TOMLDecodeError":
            raise CheckUsageError(f"--weights: {path} holds a value that cannot be read: {error}") from None
        kind = "TOML" if file.suffix == ".toml" else "JSON"
        raise CheckUsageError(f"--weights: {path} is not valid {kind}: {error}") from None
    except RecursionError:  # hostile input: arrays nested thousands deep exhaust the parser's recursion
        raise CheckUsageError(f"--weights: {path} is nested too deeply to be a table of weights") from None
    if not isinstance(data, dict):
        raise CheckUsageError(f"--weights: {path} must hold a table of category = weight")
    return dict(data)


def load_weights(path: str | Path) -> Weights:
    """Weights from a JSON or TOML file (by its suffix; ``.toml`` or else JSON); bad files raise CheckUsageError."""
    data = weights_table(path)
    total = data.pop("total", DEFAULT_TOTAL)
    weights = {**DEFAULT_WEIGHTS, **data}
    try:
        return Weights(weights, total)
    except CheckUsageError as error:
        raise CheckUsageError(f"--weights: {path}: {str(error).removeprefix('weights: ')}") from None


@dataclass(frozen=True, slots=True)
class Category:
    """One category: ``right`` of ``of`` positions (seats' positions for never_beaten) earned ``points``."""

    name: str
    title: str
    points: int
    max_points: int
    right: int
    of: int
    message: str

    @property
    def passed(self) -> bool:
        return self.points == self.max_points


@dataclass(frozen=True, slots=True)
class Score:
    """The categories that apply, and their sum out of ``total``."""

    categories: tuple[Category, ...]
    total: int
    gradable: bool

    @property
    def points(self) -> int:
        return sum(category.points for category in self.categories)

    @property
    def fraction(self) -> float:
        """From 0 to 1, for graders that want one (PrairieLearn)."""
        return self.points / self.total

    def category(self, name: str) -> Category:
        """One category by name (``never_beaten``...); KeyError if it does not apply to this report."""
        for category in self.categories:
            if category.name == name:
                return category
        raise KeyError(f"no category {name!r} in this score (it has {', '.join(c.name for c in self.categories)})")

    def scaled(self, out_of: float) -> float:
        """The points out of ``out_of`` instead of ``total``, to two decimals."""
        return round(self.points * out_of / self.total, 2)


def score(report: CheckReport, weights: Weights | None = None) -> Score:
    """The report's points by category; a report that could not be checked scores 0 and is not gradable."""
    weights = weights or Weights()
    names = ["loads", "legal", "never_beaten", "keeps_value"]
    if report.standard == "best":
        names.append("best_move")
    if report.helpers_of or report.cs50:  # the same categories for every CS50 AI, however few boards were asked
        names.append("helpers")
    names = [name for name in names if weights.of(name) > 0]
    shares = _shares([weights.of(name) for name in names], weights.total)
    categories = []
    for name, share in zip(names, shares, strict=True):
        right, of, message = _measure(report, name)
        earned = share * right // of if of else 0
        categories.append(Category(name, TITLES[name], earned, share, right, of, message))
    return Score(tuple(categories), weights.total, gradable=report.problem is None)


def rated_score(
    names: Sequence[str],
    weight: Callable[[str], float],
    total: int,
    titles: Mapping[str, str],
    measure: Callable[[str], tuple[float, int, int, str]],
    gradable: bool,
) -> Score:
    """A score by rates (every game with rates): ``total`` shared by the categories ``names`` in proportion to
    ``weight(name)``, each earning its share times the fraction ``measure(name)`` gives (with right, of and
    its words), rounded down."""
    shares = _shares([weight(name) for name in names], total)
    categories = []
    for name, share in zip(names, shares, strict=True):
        fraction, right, of, message = measure(name)
        earned = math.floor(share * fraction + 1e-9)
        categories.append(Category(name, titles[name], earned, share, right, of, message))
    return Score(tuple(categories), total, gradable=gradable)


def _shares(weights: list[float], total: int) -> list[int]:
    """``total`` split in proportion to ``weights``, in whole points (largest remainders get the rest)."""
    whole = sum(weights)
    exact = [total * weight / whole for weight in weights]
    shares = [math.floor(value) for value in exact]
    order = sorted(range(len(weights)), key=lambda index: (-(exact[index] - shares[index]), index))
    for index in order[: total - sum(shares)]:
        shares[index] += 1
    return shares


def _measure(report: CheckReport, name: str) -> tuple[int, int, str]:
    """(right, of, in words) for one category."""
    positions = report.positions
    unasked = positions - report.asked
    gap = f"; {unasked:,} not asked before the check stopped" if unasked and not report.complete else ""
    if report.sampled:
        # Graded on the sample: what the sampled answers earn, every student sampled alike.
        positions = report.asked
        gap = f" in a sample of {report.asked:,} of {report.positions:,}"
    if report.problem is not None:
        return 0, 1, report.problem if name == "loads" else "not checked"
    if name == "loads":
        broken = [finding for finding in report.findings if finding.kind in IMPORT_KINDS]
        if broken:
            return 0, 1, f"it {broken[0].title}: {broken[0].example.answer}"
        return 1, 1, "it loads, and its AI is found"
    if name == "legal":
        return report.legal, report.legal_of, f"{report.legal:,} of {report.legal_of:,} positions{gap}"
    if name == "keeps_value":
        return report.kept, positions, f"{report.kept:,} of {positions:,} positions{gap}"
    if name == "best_move":
        return report.best, positions, f"{report.best:,} of {positions:,} positions{gap}"
    if name == "helpers":
        return report.helpers, report.helpers_of, f"right on {report.helpers:,} of {report.helpers_of:,} boards"
    # never_beaten: each seat is worth its share of the positions, all of it or nothing.
    right, words = 0, []
    for role in report.roles:
        if role.loses:
            words.append(f"{role.label}: it can be beaten")
        elif role.broken:
            some = f"{role.broken:,} position" + ("" if role.broken == 1 else "s")
            words.append(f"{role.label}: it gives no legal move in time in {some} of its games")
        else:
            right += report.asked
            words.append(f"{role.label}: never beaten" + ("" if report.complete else " where it was asked"))
    return right, positions * len(report.roles), "; ".join(words) + gap


def scored(report: CheckReport, given: Score | Weights | None) -> Score:
    """The score a renderer shows: the one it was handed (computed once, by whoever renders every format of
    the report), else -- a library caller with no score at hand -- the report's by the weights it gave."""
    return given if isinstance(given, Score) else score(report, given)


def points(report: CheckReport, out_of: float = 100, weights: Weights | None = None) -> float:
    """The score with partial credit, out of ``out_of``: what a notebook grader records."""
    return score(report, weights).scaled(out_of)
