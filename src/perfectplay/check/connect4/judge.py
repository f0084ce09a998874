"""Judging one Connect Four answer against the suite's exact scores: perfect, good, blunder, or broken.

* **perfect**: the move is among the best exact scores (the fastest win,
  else a draw, else the slowest loss);
* **good**: the move keeps the position's value (a win stays a win, a draw
  a draw; in a lost position every legal move is good);
* **blunder**: the move throws a win or a draw away; ``lost`` says how much
  (``win -> draw``, ``win -> loss``, ``draw -> loss``) and ``drop`` how far
  the exact score fell;
* a contract failure: ``illegal`` (a full column, or not a column at all),
  ``raises``, ``wrong_type``, ``timeout``, ``died``, and ``mutates`` (the
  board it was given was changed), which also counts against a good move.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any

from perfectplay.check.connect4.suite import SuitePosition, sign

VALUE_WORDS = {1: "win", 0: "draw", -1: "loss"}
CONTRACT = ("timeout", "died", "raises", "wrong_type", "illegal")
TOP_K = 2
"""The top-k rate's k: the move is one of the two best (as move-prediction benchmarks report top-1 and top-k)."""


@dataclass(frozen=True, slots=True)
class ColumnJudgement:
    """What one answer was worth in one position."""

    position: SuitePosition
    kind: str
    """``perfect``, ``good``, ``blunder``, or a contract failure (see the module docstring)."""
    column: int | None
    answer: str
    """What it did, as words that follow "it" (``played column 4``, ``raised ValueError: ...``)."""
    mutated: bool = False
    seconds: float = 0.0

    @property
    def legal(self) -> bool:
        return self.column is not None

    @property
    def good(self) -> bool:
        return self.kind in ("perfect", "good") and not self.mutated

    @property
    def perfect(self) -> bool:
        return self.kind == "perfect" and not self.mutated

    @property
    def top(self) -> bool:
        """Among the ``TOP_K`` best legal moves by exact score (ties share a place), and the board left alone."""
        if self.column is None or self.mutated:
            return False
        ranked = sorted((score for score in self.position.scores if score is not None), reverse=True)
        chosen = self.position.scores[self.column]
        return chosen is not None and chosen >= ranked[min(TOP_K, len(ranked)) - 1]

    @property
    def lost(self) -> str | None:
        """For a blunder: ``win -> draw`` and the like."""
        if self.kind != "blunder" or self.column is None:
            return None
        after = self.position.scores[self.column]
        assert after is not None
        return f"{VALUE_WORDS[self.position.value]} -> {VALUE_WORDS[sign(after)]}"

    @property
    def drop(self) -> int:
        """How far the exact score fell from the best (0 for a perfect move)."""
        if self.column is None:
            return 0
        after = self.position.scores[self.column]
        return 0 if after is None else self.position.best_score - after

    @property
    def severity(self) -> tuple[int, int]:
        """For ordering blunders: a lost win first, then the value lost, then the score lost."""
        if self.column is None:
            return (0, 0)
        after = self.position.scores[self.column]
        assert after is not None
        return (self.position.value - sign(after), self.drop)


def best_columns(position: SuitePosition) -> tuple[int, ...]:
    return tuple(col for col, score in enumerate(position.scores) if score == position.best_score)


def good_columns(position: SuitePosition) -> tuple[int, ...]:
    return tuple(
        col for col, score in enumerate(position.scores) if score is not None and sign(score) == position.value
    )


def chance(position: SuitePosition) -> tuple[float, float]:
    """A uniformly random legal move's chance of keeping the value, and of being among the best."""
    legal = position.legal
    return len(good_columns(position)) / len(legal), len(best_columns(position)) / len(legal)


def judge(position: SuitePosition, record: dict[str, Any]) -> ColumnJudgement:
    """One answer record (as ``run/connect4_protocol`` cleaned it) against the position's scores."""
    seconds = float(record.get("cpu", 0.0) or 0.0)
    mutated = "after" in record
    failure = record.get("failure")
    if failure == "timeout":
        return ColumnJudgement(
            position, "timeout", None, f"gave no answer within {record.get('seconds', 0):g} s", False, seconds
        )
    if failure == "died":
        return ColumnJudgement(
            position, "died", None, f"died: its process {record.get('status', 'ended')}", False, seconds
        )
    error = record.get("error")
    if isinstance(error, dict):
        where = f" (line {error['line']}: {error.get('code', '')})" if "line" in error else ""
        words = f"raised {error.get('type', 'an error')}: {error.get('message', '')}{where}"
        return ColumnJudgement(position, "raises", None, words, mutated, seconds)
    kind = record.get("kind")
    if kind != "int":
        shown = record.get("repr", "None") if kind != "none" else "None"
        return ColumnJudgement(position, "wrong_type", None, f"returned {shown}, not a column", mutated, seconds)
    column = operator.index(record["value"])
    if not 0 <= column < len(position.scores) or position.scores[column] is None:
        # A full column is named as the board labels it (1-7), as a column played is: "returned 3" beside a board
        # whose column 3 has room read as the checker's mistake.
        if 0 <= column < len(position.scores):
            words = f"chose column {column + 1}, which is full"
        else:
            words = f"returned {column}: not a column 0-6"
        return ColumnJudgement(position, "illegal", None, words, mutated, seconds)
    score = position.scores[column]
    assert score is not None
    if score == position.best_score:
        verdict = "perfect"
    elif sign(score) == position.value:
        verdict = "good"
    else:
        verdict = "blunder"
    return ColumnJudgement(position, verdict, column, f"played column {column + 1}", mutated, seconds)
