"""The report as JSON, for autograders: moves are cell indices 0-8 with their row and column.

The schema is documented in docs/check.md, next to the analysis schema.
"""

from __future__ import annotations

from typing import Any

from perfectplay.check.position import row_col
from perfectplay.check.report import CheckReport, Choice, Example, Finding, RoleResult, Timing


def report_json(report: CheckReport) -> dict[str, Any]:
    """One check as a JSON-ready dict."""
    return {
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
        "problem": report.problem,
        "roles": [_role(role) for role in report.roles],
        "findings": [_finding(finding) for finding in report.findings],
        "notes": list(report.notes),
        "timing": _timing(report.timing),
    }


def cell(move: int) -> dict[str, int]:
    row, col = row_col(move)
    return {"move": move, "row": row, "col": col}


def _choice(choice: Choice | None) -> dict[str, Any] | None:
    if choice is None:
        return None
    return {**cell(choice.move), "outcome": choice.outcome, "plies": choice.plies, "score": choice.score}


def _role(role: RoleResult) -> dict[str, Any]:
    return {
        "side": role.side,
        "first": role.first,
        "loses": role.loses,
        "positions": role.positions,
        "broken": role.broken,
        "losing_game": [
            {"side": step.side, **cell(step.move), "by_candidate": step.by_candidate} for step in role.losing_game
        ],
        "final": role.final,
    }


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
        "position": example.position,
        "to_move": example.to_move,
        "chose": _choice(example.chose),
        "best": [_choice(choice) for choice in example.best],
        "answer": example.answer,
        "expected": example.expected,
        "call": example.call,
        "after": example.after,
        "threats": [cell(move) for move in example.threats],
        "fork": None if example.fork is None else cell(example.fork),
        "output": example.output,
    }


def _timing(timing: Timing) -> dict[str, Any]:
    return {
        "moves": timing.moves,
        "median": timing.median,
        "slowest": timing.slowest,
        "slowest_position": timing.slowest_position,
        "slowest_to_move": timing.slowest_to_move,
        "in_moves": timing.in_moves,
        "cpu_in_candidate": timing.cpu_in_candidate,
        "wall": timing.wall,
    }
