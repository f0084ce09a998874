"""``perfectplay check``: put a student's AI against perfect play, and grade it.

The checker's door. Inside, three floors that data flows through one way:

* ``run/`` starts the candidate in its sandbox and asks it for moves over a
  narrow, capped channel (``sandbox``, ``runner``, ``protocol``, ``worker``);
* ``judge/`` decides what to ask and what each answer is worth, against the
  engine's exact values (``oracle``, ``interface``, ``detect``, ``classify``);
* ``report/`` is the frozen result (``model``), its points (``score``) and
  every format a person or a grader reads (``render_*``).

``check_ai`` (in ``api``) puts them together. For a notebook grader
(docs/graders.md)::

    from perfectplay.check import Limits, check_ai, points, render_text
    report = check_ai("tictactoe.py", limits=Limits(total_seconds=120))
    print(render_text(report))     # the student's explanation
    points(report, out_of=10)      # the last value of the cell: nbgrader's partial credit
"""

from __future__ import annotations

import typing as _typing

from perfectplay._lazy import lazy_door as _lazy_door

_HOMES: dict[str, str] = {
    "Candidate": "perfectplay.check.settings",
    "CheckReport": "perfectplay.check.report.model",
    "CheckUsageError": "perfectplay.check.errors",
    "Grading": "perfectplay.check.settings",
    "Hint": "perfectplay.check.judge.interface",
    "Limits": "perfectplay.check.settings",
    "NotGradable": "perfectplay.check.errors",
    "Output": "perfectplay.check.settings",
    "Score": "perfectplay.check.report.score",
    "Weights": "perfectplay.check.report.score",
    "check_ai": "perfectplay.check.api",
    "load_weights": "perfectplay.check.report.score",
    "points": "perfectplay.check.report.score",
    "render_text": "perfectplay.check.report.render_text",
    "score": "perfectplay.check.report.score",
}
"""Where each public name lives: the module imported when the name is first used."""

__all__ = sorted(_HOMES)

__getattr__, __dir__ = _lazy_door(__name__, _HOMES, globals())

if _typing.TYPE_CHECKING:
    from perfectplay.check.api import check_ai as check_ai
    from perfectplay.check.errors import CheckUsageError as CheckUsageError
    from perfectplay.check.errors import NotGradable as NotGradable
    from perfectplay.check.judge.interface import Hint as Hint
    from perfectplay.check.report.model import CheckReport as CheckReport
    from perfectplay.check.report.render_text import render_text as render_text
    from perfectplay.check.report.score import Score as Score
    from perfectplay.check.report.score import Weights as Weights
    from perfectplay.check.report.score import load_weights as load_weights
    from perfectplay.check.report.score import points as points
    from perfectplay.check.report.score import score as score
    from perfectplay.check.settings import Candidate as Candidate
    from perfectplay.check.settings import Grading as Grading
    from perfectplay.check.settings import Limits as Limits
    from perfectplay.check.settings import Output as Output
