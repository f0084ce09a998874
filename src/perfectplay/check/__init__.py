"""``perfectplay check``: put a student's tic-tac-toe AI against perfect play.

``check_ai`` (in ``api``) runs the candidate in child processes, asks it
every position it can be to move in, follows its own games, and returns a
frozen ``CheckReport`` (in ``report``) that ``render_text``, ``render_json``
and ``render_csv`` render, and ``render_graders`` turns into Gradescope's,
PrairieLearn's and Classroom 50's files; ``score`` gives its points with
partial credit. The one-file-one-job layout is described in ``api``'s
docstring; only ``oracle`` talks to the engine.

For a notebook grader (docs/graders.md)::

    from perfectplay.check import check_ai
    report = check_ai("tictactoe.py")
    print(report)                  # the student's explanation
    report.points(out_of=10)       # the last value of the cell: nbgrader's partial credit
"""

from perfectplay.check.api import check_ai
from perfectplay.check.interface import CheckUsageError, NotGradable
from perfectplay.check.report import CheckReport
from perfectplay.check.score import Score, Weights, load_weights

__all__ = ["CheckReport", "CheckUsageError", "NotGradable", "Score", "Weights", "check_ai", "load_weights"]
