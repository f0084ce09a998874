"""What one Nim check will do: the interface, the rules and start, training's games, seeds and budget.

Made from the recognised interface and the teacher's flags (the plug's
hint), and kept in the transcript (``to_json``/``from_json``) so that a
saved check is judged again exactly as it was asked.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from perfectplay.check.errors import CheckUsageError
from perfectplay.check.nim.positions import LAB_START, MAX_PILE, MAX_PILES, Piles, Rules

DEFAULT_GAMES = 10_000
DEFAULT_SEEDS = 3
DEFAULT_BUDGET = 30.0
"""CPU seconds for one seed: its ``train(n)`` and its greedy choice in every position."""
DEFAULT_PASS_MARK = 0.9
MAX_GAMES = 1_000_000
MAX_SEEDS = 20
MAX_SEED = 2**31 - 1
RULES = ("misere", "normal")
MAX_POSITIONS = 65_535
"""The most positions a start may lead to (15,15,15,15's): the check works out every one before it asks anything,
and 6 piles of 15 lead to 16.7 million (minutes and gigabytes of the checker's, a live check's or a replayed
transcript's, before any limit of the candidate's applies)."""


@dataclass(frozen=True, slots=True)
class NimPlan:
    """``kind`` ``learning`` or ``player`` (then ``name`` is its function), the rules, and training's settings."""

    kind: str
    name: str
    misere: bool
    start: Piles
    games: int
    seeds: tuple[int, ...]
    budget: float
    pass_mark: float

    @property
    def rules(self) -> Rules:
        return Rules(self.misere, self.start)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "misere": self.misere,
            "start": list(self.start),
            "games": self.games,
            "seeds": list(self.seeds),
            "budget": self.budget,
            "pass_mark": self.pass_mark,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> NimPlan:
        """A plan read back from a transcript (``CheckUsageError`` for one this module never wrote)."""
        try:
            plan = cls(
                str(data["kind"]),
                str(data["name"]),
                bool(data["misere"]),
                tuple(int(pile) for pile in data["start"]),
                int(data["games"]),
                tuple(int(seed) for seed in data["seeds"]),
                float(data["budget"]),
                float(data["pass_mark"]),
            )
        except (KeyError, TypeError, ValueError):
            raise CheckUsageError("the transcript's Nim plan is not one perfectplay wrote") from None
        plan.validate()
        return plan

    def validate(self) -> None:
        if self.kind not in ("learning", "player"):
            raise CheckUsageError(f"--nim-ai must be learning or player, not {self.kind!r}")
        if not 1 <= len(self.start) <= MAX_PILES or not all(0 <= pile <= MAX_PILE for pile in self.start):
            raise CheckUsageError(f"--start: from 1 to {MAX_PILES} piles of 0 to {MAX_PILE} objects each")
        if not any(self.start):
            raise CheckUsageError("--start: the piles must hold at least one object")
        positions = math.prod(pile + 1 for pile in self.start) - 1
        if positions > MAX_POSITIONS:
            raise CheckUsageError(
                f"--start: the piles lead to {positions:,} positions, more than the {MAX_POSITIONS:,} a check can ask "
                "(15,15,15,15 leads to that many)"
            )
        if not 1 <= self.games <= MAX_GAMES:
            raise CheckUsageError(f"--train-games must be from 1 to {MAX_GAMES:,}, not {self.games}")
        if not 1 <= len(self.seeds) <= MAX_SEEDS or not all(0 <= seed <= MAX_SEED for seed in self.seeds):
            raise CheckUsageError(f"--train-seed: from 1 to {MAX_SEEDS} of them, each from 0 to {MAX_SEED:,}")
        if not 0 < self.budget <= 3600:
            raise CheckUsageError(f"--train-budget must be CPU seconds above 0 and at most 3600, not {self.budget!r}")
        if not 0 < self.pass_mark <= 1:
            raise CheckUsageError(f"--pass-mark must be a rate above 0 and at most 1, not {self.pass_mark!r}")


def parse_start(text: str) -> Piles:
    """``--start 1,3,5,7`` (commas or spaces)."""
    parts = text.replace(",", " ").split()
    if not parts or not all(part.isascii() and part.isdigit() and len(part) <= 3 for part in parts):
        raise CheckUsageError(f"--start must be pile sizes such as 1,3,5,7, not {text[:40]!r}")
    return tuple(int(part) for part in parts)


def _number(hint: Mapping[str, str], key: str, flag: str, default: float) -> float:
    value = hint.get(key)
    if value is None:
        return float(default)
    try:
        return float(value)
    except ValueError:
        raise CheckUsageError(f"{flag} must be a number, not {value[:40]!r}") from None


def make_plan(kind: str, name: str, hint: Mapping[str, str], seed: int) -> NimPlan:
    """The plan for an interface of ``kind``, the teacher's ``hint`` and the check's ``seed``.

    A learning AI is always checked under the lab's rules (misère from 1,3,5,7, as CS50's ``Nim``); a
    minimax player under the rules the teacher names (``--game nim``: normal play, ``nim:misere``: misère)
    from ``--start`` (default 1,3,5,7).
    """
    rules = hint.get("rules", "normal")
    if rules not in RULES:
        raise CheckUsageError(f"--rules must be misere or normal, not {rules[:20]!r}")
    start = parse_start(hint["start"]) if "start" in hint else LAB_START
    seeds_text = hint.get("train_seeds")
    if seeds_text is None:
        seeds = tuple((seed + index) % (MAX_SEED + 1) for index in range(DEFAULT_SEEDS))
    else:
        parts = seeds_text.replace(",", " ").split()
        if not parts or not all(part.isascii() and part.isdigit() and len(part) <= 10 for part in parts):
            raise CheckUsageError(f"--train-seed must be whole numbers such as 1,2,3, not {seeds_text[:40]!r}")
        seeds = tuple(int(part) for part in parts)
    games = _number(hint, "train_games", "--train-games", DEFAULT_GAMES)
    if not games.is_integer():
        raise CheckUsageError(f"--train-games must be a whole number, not {games:g}")
    plan = NimPlan(
        kind=kind,
        name=name,
        misere=True if kind == "learning" else rules == "misere",
        start=LAB_START if kind == "learning" else start,
        games=int(games),
        seeds=seeds,
        budget=_number(hint, "train_budget", "--train-budget", DEFAULT_BUDGET),
        pass_mark=_number(hint, "pass_mark", "--pass-mark", DEFAULT_PASS_MARK),
    )
    plan.validate()
    return plan
