"""The Connect Four check's suite: positions from games, every legal move's exact score, shipped with the package.

``data/connect4-suite.jsonl`` holds one position a line: ``moves`` (the
columns played from the empty board, Pascal Pons's notation, 1-7), ``phase``
(``opening``, ``middle``, ``ending``) and ``scores`` (per column, left to
right, the move's exact score on the solver's scale, win positive, for the
side to move; null for a full column). ``benchmarks/build_connect4_suite.py``
builds it with perfectplay's own solver; a test re-solves positions of it.
Loading it costs a file read: a check costs the student's time, not the solver's.
"""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass
from importlib import resources
from typing import Any

ROWS, COLUMNS = 6, 7
PHASES = ("opening", "middle", "ending")
SUITE_FILE = "connect4-suite.jsonl"


@dataclass(frozen=True, slots=True)
class SuitePosition:
    """One position of the suite and every legal move's exact score (None: a full column)."""

    moves: str
    phase: str
    scores: tuple[int | None, ...]

    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def mark(self) -> int:
        """1 when the first player is to move, else 2."""
        return 1 + self.ply % 2

    @property
    def legal(self) -> tuple[int, ...]:
        return tuple(col for col, score in enumerate(self.scores) if score is not None)

    @property
    def cells(self) -> str:
        """The board as 42 characters ``0``/``1``/``2``, row 0 at the top (the checker's wire form)."""
        return grid_cells(self.moves)

    @property
    def best_score(self) -> int:
        return max(score for score in self.scores if score is not None)

    @property
    def value(self) -> int:
        """1 won, 0 drawn, -1 lost for the side to move."""
        return sign(self.best_score)


def sign(score: int) -> int:
    return (score > 0) - (score < 0)


def grid_cells(moves: str) -> str:
    """The board after ``moves`` (columns 1-7) as 42 characters ``0``/``1``/``2``, row 0 at the top."""
    heights = [0] * COLUMNS
    grid = [["0"] * COLUMNS for _ in range(ROWS)]
    for ply, char in enumerate(moves):
        col = int(char) - 1
        grid[ROWS - 1 - heights[col]][col] = str(1 + ply % 2)
        heights[col] += 1
    return "".join("".join(row) for row in grid)


def parse_line(line: str) -> SuitePosition:
    return position_from(json.loads(line), line)


def position_from(data: dict[str, Any], line: str = "") -> SuitePosition:
    """A position from its JSON fields (``moves``, ``phase``, ``scores``); a ValueError when they are not one."""
    scores = tuple(None if score is None else int(score) for score in data["scores"])
    moves = data["moves"]
    # A column outside 1-7 or filled past its top is no position (a "0" was column -1 of the grid, quietly).
    legal = isinstance(moves, str) and all(moves[:at].count(char) < ROWS for at, char in enumerate(moves))
    if not legal or set(moves) - set("1234567"):
        raise ValueError(f"not a position: {(line or json.dumps(data))[:80]!r}")
    if len(scores) != COLUMNS or data["phase"] not in PHASES or not any(score is not None for score in scores):
        raise ValueError(f"not a position: {(line or json.dumps(data))[:80]!r}")
    return SuitePosition(str(data["moves"]), str(data["phase"]), scores)


@functools.lru_cache(maxsize=1)
def load_suite() -> tuple[SuitePosition, ...]:
    """Every position of the shipped suite, in the file's order (phase, then ply)."""
    text = resources.files("perfectplay.check").joinpath("data").joinpath(SUITE_FILE).read_text(encoding="utf-8")
    return tuple(parse_line(line) for line in text.splitlines() if line.strip())


def sample_suite(count: int | None, seed: int = 28) -> tuple[SuitePosition, ...]:
    """``count`` positions of the suite (all of it for None), the same share of each phase, seeded.

    Every student checked with the same ``count`` and ``seed`` is asked the same positions.
    """
    suite = load_suite()
    if count is None or count >= len(suite):
        return suite
    rng = random.Random(seed)
    by_phase = {phase: [position for position in suite if position.phase == phase] for phase in PHASES}
    chosen: list[SuitePosition] = []
    for index, phase in enumerate(PHASES):
        # Each phase its share of the count, by its share of the suite (the last takes the remainder).
        share = count - len(chosen) if index == len(PHASES) - 1 else round(count * len(by_phase[phase]) / len(suite))
        chosen += rng.sample(by_phase[phase], min(share, len(by_phase[phase])))
    return tuple(sorted(chosen, key=lambda position: (PHASES.index(position.phase), position.ply, position.moves)))
