"""The report as JSON, for autograders: moves are cell indices 0-8 with their row and column.

The schema is documented in docs/check.md, next to the analysis schema.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from importlib import resources
from typing import Any

from perfectplay.check.position import row_col
from perfectplay.check.report import escape
from perfectplay.check.report.model import CheckReport, Example, Finding, MoveChoice, RoleResult
from perfectplay.check.report.score import Score, Weights, scored

SCHEMA = "perfectplay/check/v1"
"""Named in every object of the JSON (the schema is src/perfectplay/check/schema/check-v1.json)."""


def report_json(report: CheckReport, points: Score | Weights | None = None) -> dict[str, Any]:
    """One check as a JSON-ready dict, with its score (``points``: the score, or the weights to compute it by).

    The candidate's text is kept as it was, but for lone surrogates (``escape.json_value``):
    the document always dumps, and as valid UTF-8.
    """
    document = {
        "schema": SCHEMA,
        "target": report.target,
        "interface": report.interface,
        "verdict": report.verdict,
        "exit_status": report.exit_status,
        "standard": report.standard,
        "positions": report.positions,
        "asked": report.asked,
        "best": report.best,
        "complete": report.complete,
        "randomised": report.randomised,
        "history": report.history,
        "problem": report.problem,
        "roles": [_role(role) for role in report.roles],
        "findings": [_finding(finding) for finding in report.findings],
        "notes": list(report.notes),
        "timing": asdict(report.timing),
        "isolation": report.isolation,
        "sandboxed": report.isolation.startswith("bubblewrap"),
        "score": score_json(scored(report, points)),
    }
    return dict(escape.json_value(document))


def score_json(result: Score) -> dict[str, Any]:
    return {
        "points": result.points,
        "max_points": result.total,
        "gradable": result.gradable,
        "categories": [
            {
                "name": category.name,
                "title": category.title,
                "points": category.points,
                "max_points": category.max_points,
                "right": category.right,
                "of": category.of,
                "message": category.message,
            }
            for category in result.categories
        ],
    }


def cell(move: int) -> dict[str, int]:
    row, col = row_col(move)
    return {"move": move, "row": row, "col": col}


def _choice(choice: MoveChoice | None) -> dict[str, Any] | None:
    if choice is None:
        return None
    return {**cell(choice.move), "outcome": choice.outcome, "plies": choice.plies, "score": choice.score}


def _role(role: RoleResult) -> dict[str, Any]:
    steps = [{"side": step.side, **cell(step.move), "by_candidate": step.by_candidate} for step in role.losing_game]
    return {**asdict(role), "losing_game": steps}


def _finding(finding: Finding) -> dict[str, Any]:
    return {
        "kind": finding.kind,
        "title": finding.title,
        "category": finding.category,
        "count": finding.count,
        "note": finding.note,
        "example": _example(finding.example),
    }


def _example(example: Example) -> dict[str, Any]:
    return {
        **asdict(example),
        "chose": _choice(example.chose),
        "best": [_choice(choice) for choice in example.best],
        "threats": [cell(move) for move in example.threats],
        "fork": None if example.fork is None else cell(example.fork),
    }


def json_schema() -> dict[str, Any]:
    """The JSON Schema of ``report_json``'s output, shipped with the package (check/schema/check-v1.json)."""
    text = resources.files("perfectplay.check").joinpath("schema").joinpath("check-v1.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded
