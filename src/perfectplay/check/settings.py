"""What one check is told, as a few typed objects: whose code (``Candidate``), how long (``Limits``), how strictly
and how much (``Grading``), and what to show while it runs (``Output``); the interface is ``judge.interface.Hint``.

``check_ai`` takes these. Each object checks its own values (``validate``), so the command line and the
Python API refuse the same things with the same words.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from perfectplay.check.errors import CheckUsageError
from perfectplay.check.judge.interface import Hint
from perfectplay.check.judge.sample import DEFAULT_SEED
from perfectplay.check.run.sandbox import Isolation
from perfectplay.check.run.sweep import Progress

STANDARDS = ("value", "best")
"""``value``: any move that keeps the win, draw or loss; ``best``: the fastest win, the slowest loss."""
DEFAULT_MOVE_SECONDS = 20.0
DEFAULT_TOTAL_SECONDS = 600.0
DEFAULT_MEMORY_MB = 1024
MAX_MOVE_SECONDS = 3600.0
MAX_TOTAL_SECONDS = 7 * 24 * 3600.0
MAX_MEMORY_MB = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Candidate:
    """Whose code: a Python file (``path``) or a program (``command``), and how it runs.

    ``name`` names its row (default: the file or the command); ``others`` are files its private copy
    leaves out (the rest of a class); ``sandbox`` is ``auto``, ``require``, ``off`` or an ``Isolation``
    chosen once for many checks; ``packages`` the installed packages the teacher lets it import, read-only
    (``--allow-package``: a tic-tac-toe AI on a NumPy board).
    """

    path: str | os.PathLike[str] | None = None
    command: str | Sequence[str] | None = None
    name: str | None = None
    others: Sequence[str | os.PathLike[str]] = ()
    sandbox: str | Isolation = "auto"
    packages: Sequence[str] = ()

    def validate(self) -> None:
        if (self.path is None) == (self.command is None):
            raise CheckUsageError("give a Python file to check, or --command with a program, not both")


@dataclass(frozen=True, slots=True)
class Limits:
    """How long and how much: the candidate's CPU seconds a move and in all, its memory, and the bounds above them.

    ``budget_seconds`` is a grader's budget (``--budget``): it buys a sample in CPU time and bounds the
    candidate's waiting, never the wall clock. ``wall_seconds`` is a class run's bound on the wall clock
    (``--wall-limit``), named in the report by ``wall_label``. ``workers``: candidate processes side by side.
    """

    move_seconds: float = DEFAULT_MOVE_SECONDS
    total_seconds: float = DEFAULT_TOTAL_SECONDS
    memory_mb: int | None = DEFAULT_MEMORY_MB
    budget_seconds: float | None = None
    wall_seconds: float | None = None
    wall_label: str = "the --wall-limit"
    workers: int = 2

    def validate(self) -> None:
        for flag, value, most in (
            ("--time-per-move", self.move_seconds, MAX_MOVE_SECONDS),
            ("--time-limit", self.total_seconds, MAX_TOTAL_SECONDS),
        ):
            # `not value > 0` also refuses nan; the upper bound refuses inf and values that overflow limits.
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= most:
                raise CheckUsageError(
                    f"{flag} must be a number of CPU seconds above 0 and at most {most:g}, not {value!r}"
                )
        for name, seconds in (("budget_seconds", self.budget_seconds), ("wall_seconds", self.wall_seconds)):
            if seconds is not None and (
                isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0 < seconds < 1e6
            ):
                raise CheckUsageError(f"{name} must be a number of seconds above 0, not {seconds!r}")
        if self.memory_mb is not None and (
            isinstance(self.memory_mb, bool)
            or not isinstance(self.memory_mb, int)
            or not 64 <= self.memory_mb <= MAX_MEMORY_MB
        ):
            raise CheckUsageError(
                f"--memory must be a whole number of megabytes from 64 to {MAX_MEMORY_MB}, not {self.memory_mb!r}"
            )
        if isinstance(self.workers, bool) or not isinstance(self.workers, int) or self.workers < 1:
            raise CheckUsageError(f"workers must be a whole number, at least 1, not {self.workers!r}")


SECRET_WORDS = "drawn for this student from the grader's secret (the same on every resubmission)"
"""How a report names a seed it does not show (``Grading.seed_shown``), in every game's words."""


def fresh_seed() -> int:
    """A seed nobody can know before the check draws it (nine digits: short enough to type into ``--seed``)."""
    return secrets.randbelow(1_000_000_000)


@dataclass(frozen=True, slots=True)
class Grading:
    """How strictly and how much: the ``standard`` (None: follow the interface), and a fixed ``sample`` of the
    positions drawn with ``seed`` (None: every position, or what a budget buys)."""

    standard: str | None = None
    sample: int | None = None
    seed: int = DEFAULT_SEED
    seed_shown: bool = True
    """False for a seed from the grader's secret (``grader_secret``): the report does not show it, so a student
    cannot draw the same positions again on their own machine and carry the answers in."""

    @property
    def seed_words(self) -> str:
        """The seed as a report names it: its number where it is shown, else where it came from."""
        return f"seed {self.seed}" if self.seed_shown else SECRET_WORDS

    def validate(self) -> None:
        if self.standard is not None and self.standard not in STANDARDS:
            raise CheckUsageError(f"--standard must be one of {', '.join(STANDARDS)}, not {self.standard!r}")
        if self.sample is not None and (
            isinstance(self.sample, bool) or not isinstance(self.sample, int) or self.sample < 1
        ):
            raise CheckUsageError(f"sample must be a whole number of positions, at least 1, not {self.sample!r}")


@dataclass(frozen=True, slots=True)
class Output:
    """What the check shows and keeps while it runs: ``progress(phase, done, total)``, and a file to save the
    transcript of its answers in (``transcript``: re-judged by ``api.replay`` without running the student)."""

    progress: Progress | None = None
    transcript: str | os.PathLike[str] | None = None


@dataclass(frozen=True, slots=True)
class CheckSettings:
    """All of one check's settings together."""

    candidate: Candidate
    hint: Hint
    limits: Limits
    grading: Grading
    output: Output


@dataclass(frozen=True, slots=True)
class GameSettings:
    """One check's settings for any game's plug (``conductor.conduct``): the four shared objects, the game's
    interface overrides (``hint``: its plug's ``options``' keys) and the installed packages its candidate may
    import read-only (``allow_packages``; None: the game's default)."""

    candidate: Candidate
    limits: Limits = Limits()
    grading: Grading = Grading()
    output: Output = Output()
    hint: Mapping[str, str] = field(default_factory=dict)
    allow_packages: tuple[str, ...] | None = None


_KEYWORDS = {
    "candidate": ("command", "name", "others", "sandbox"),
    "hint": ("function", "board", "empty", "returns", "plays"),
    "limits": ("move_seconds", "total_seconds", "memory_mb", "workers"),
    "grading": ("standard", "sample", "seed"),
    "output": ("progress", "transcript"),
}


def from_keywords(path: str | os.PathLike[str] | None, keywords: dict[str, Any]) -> CheckSettings:
    """The settings objects from ``check_ai``'s former keyword parameters (notebooks and check50 options use them).

    ``value_only=True`` is ``standard="value"``; ``wall_seconds`` is a grader's budget unless ``wall_label``
    names it a class run's bound. An unknown keyword is a usage error.
    """
    given = dict(keywords)
    if given.pop("value_only", False):
        if given.get("standard") not in (None, "value"):
            raise CheckUsageError("--value-only is --standard value: give one or the other")
        given["standard"] = "value"
    wall, label = given.pop("wall_seconds", None), given.pop("wall_label", None)
    parts: dict[str, dict[str, Any]] = {part: {} for part in _KEYWORDS}
    for part, names in _KEYWORDS.items():
        for name in names:
            if name in given:
                parts[part][name] = given.pop(name)
    if given:
        raise CheckUsageError(f"check_ai: unknown setting {sorted(given)[0]!r}")
    if wall is not None:
        parts["limits"]["wall_seconds" if label is not None else "budget_seconds"] = wall
        if label is not None:
            parts["limits"]["wall_label"] = label
    if "others" in parts["candidate"]:
        parts["candidate"]["others"] = tuple(parts["candidate"]["others"])
    return CheckSettings(
        Candidate(path, **parts["candidate"]),
        Hint(**parts["hint"]),
        Limits(**parts["limits"]),
        Grading(**parts["grading"]),
        Output(**parts["output"]),
    )
