"""What every game plug does alike with its own functions: its weights, its score and its formats.

A plug names its functions once, in a ``Scoring`` (its weights' class and
file reader, its scorer, a renderer per text format, its JSON documents, its CSV
row and columns), and inherits ``ScoredPlug``'s members of the protocol
that only hand over to them. The score is computed once (``score``) and
every renderer takes it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from perfectplay.check.errors import CheckUsageError

if TYPE_CHECKING:
    from perfectplay.check.report.score import Score

R = TypeVar("R")
W = TypeVar("W")


JSON_FORMATS = ("json", "gradescope", "prairielearn", "coderunner", "classroom50")
"""The formats of ``plug.FORMATS`` that are JSON documents (``Documents``)."""


@dataclass(frozen=True, slots=True)
class Documents(Generic[R]):
    """One game's JSON documents, a ``document(report, score)`` for each of ``JSON_FORMATS``, dumped as text
    by ``ScoredPlug.render`` (with ``indent``: pretty, a newline last)."""

    json: Callable[[R, Score], Any]
    gradescope: Callable[[R, Score], Any]
    prairielearn: Callable[[R, Score], Any]
    coderunner: Callable[[R, Score], Any]
    classroom50: Callable[[R, Score], Any]
    indent: int | None = None


@dataclass(frozen=True, slots=True)
class Scoring(Generic[R, W]):
    """One game's weights, scorer and renderers: ``formats``, a text format's name to ``renderer(report, score)``
    (``text``, ``autolab``, ``release-body``, ``line``), and its JSON ``documents``."""

    weights: Callable[[], W]
    load: Callable[[str | Path], W]
    scorer: Callable[[R, W | None], Score]
    formats: Mapping[str, Callable[[R, Score], str]]
    documents: Documents[R]
    row: Callable[[R, Score], dict[str, object]]
    columns: tuple[str, ...]


class ScoredPlug(Generic[R, W]):
    """``GamePlug``'s weights, score, render and CSV members, handed to the plug's ``scoring``."""

    name: str
    scoring: Scoring[R, W]

    def default_weights(self) -> W:
        return self.scoring.weights()

    def load_weights(self, path: str | Path) -> W:
        return self.scoring.load(path)

    def score(self, report: R, weights: W | None = None) -> Score:
        return self.scoring.scorer(report, weights)

    def render(self, report: R, score: Score, format: str) -> str:
        documents = self.scoring.documents
        if format in JSON_FORMATS:
            document = getattr(documents, format)(report, score)
            if documents.indent is None:
                return json.dumps(document)
            return json.dumps(document, indent=documents.indent, ensure_ascii=False) + "\n"
        renderer = self.scoring.formats.get(format)
        if renderer is None:
            raise CheckUsageError(f"--game {self.name} writes no --format {format}")
        return renderer(report, score)

    def csv_row(self, report: R, score: Score) -> dict[str, object]:
        return self.scoring.row(report, score)

    def csv_columns(self) -> tuple[str, ...]:
        return self.scoring.columns
