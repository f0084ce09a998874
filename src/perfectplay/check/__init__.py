"""``perfectplay check``: put a student's AI against perfect play, and grade it.

The checker's door. Inside, three floors that data flows through one way:

* ``run/`` starts the candidate in its sandbox and asks it for moves over a
  narrow, capped channel (``sandbox``, ``runner``, ``protocol``, ``worker``);
* ``judge/`` decides what to ask and what each answer is worth, against the
  engine's exact values (``oracle``, ``interface``, ``detect``, ``classify``);
* ``report/`` is the frozen result (``model``), its points (``score``) and
  every format a person or a grader reads (``render_*``).

Every game is a plug (``plug.py``, one folder a game: ``tictactoe/``,
``connect4/``, ``nim/``; ``plugs.plug_for``) run by the one conductor
(``conductor.conduct``); ``check_ai`` (in ``api``) is tic-tac-toe's Python
entry to it. A report is scored once and every format takes that score. The door also hands the
command line (``cli/check*.py``, ``cli/grader*.py``) everything it uses, so
that no front end reaches past it. For a notebook grader
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
    "BOARDS": "perfectplay.check.judge.interface",
    "CONNECT4_ALLOWED": "perfectplay.check.connect4.flags",
    "CONNECT4_MAX_POSITIONS": "perfectplay.check.connect4.flags",
    "CONNECT4_POSITIONS": "perfectplay.check.connect4.flags",
    "Candidate": "perfectplay.check.settings",
    "CheckReport": "perfectplay.check.report.model",
    "CheckUsageError": "perfectplay.check.errors",
    "DEFAULT_MEMORY_MB": "perfectplay.check.settings",
    "DEFAULT_MOVE_SECONDS": "perfectplay.check.settings",
    "DEFAULT_SEED": "perfectplay.check.judge.sample",
    "DEFAULT_STUDENT_WALL": "perfectplay.check.class_run",
    "DRAWING": "perfectplay.check.conductor",
    "DEFAULT_TOTAL_SECONDS": "perfectplay.check.settings",
    "GamePlug": "perfectplay.check.plug",
    "GameSettings": "perfectplay.check.settings",
    "Grading": "perfectplay.check.settings",
    "Hint": "perfectplay.check.judge.interface",
    "Isolation": "perfectplay.check.submission",
    "Limits": "perfectplay.check.settings",
    "MAX_MEMORY_MB": "perfectplay.check.settings",
    "MAX_MOVE_SECONDS": "perfectplay.check.settings",
    "MAX_TOTAL_SECONDS": "perfectplay.check.settings",
    "NotGradable": "perfectplay.check.errors",
    "Output": "perfectplay.check.settings",
    "PLAYS": "perfectplay.check.judge.interface",
    "Plan": "perfectplay.check.class_run",
    "PlugResult": "perfectplay.check.plug_class",
    "Progress": "perfectplay.check.run.sweep",
    "RETURNS": "perfectplay.check.judge.interface",
    "Result": "perfectplay.check.class_run",
    "SANDBOXES": "perfectplay.check.submission",
    "STANDARDS": "perfectplay.check.settings",
    "Score": "perfectplay.check.report.score",
    "Submission": "perfectplay.check.roster",
    "TICTACTOE_OPTIONS": "perfectplay.check.tictactoe.flags",
    "Weights": "perfectplay.check.report.score",
    "autolab_output": "perfectplay.check.report.render_graders",
    "check_ai": "perfectplay.check.api",
    "check_class": "perfectplay.check.class_run",
    "check_connect4": "perfectplay.check.connect4.check",
    "check_plug_class": "perfectplay.check.plug_class",
    "check_submission": "perfectplay.check.class_run",
    "choose_isolation": "perfectplay.check.submission",
    "class_summary": "perfectplay.check.report.render_summary",
    "classroom50_json": "perfectplay.check.report.render_graders",
    "coderunner_json": "perfectplay.check.report.render_graders",
    "conduct": "perfectplay.check.conductor",
    "csv_row": "perfectplay.check.report.render_csv",
    "default_jobs": "perfectplay.check.class_run",
    "escape_controls": "perfectplay.check.report.render_text",
    "folder_holding": "perfectplay.check.grader_secret",
    "fresh_secret": "perfectplay.check.grader_secret",
    "fresh_seed": "perfectplay.check.settings",
    "from_manifest": "perfectplay.check.roster",
    "from_paths": "perfectplay.check.roster",
    "gradescope_json": "perfectplay.check.report.render_graders",
    "interrupted_row": "perfectplay.check.report.render_csv",
    "lanes": "perfectplay.check.class_run",
    "load_connect4_weights": "perfectplay.check.connect4.score",
    "load_secret": "perfectplay.check.grader_secret",
    "load_weights": "perfectplay.check.report.score",
    "one_line": "perfectplay.check.plug_class",
    "package_folders": "perfectplay.check.run.allowed",
    "plug_flags": "perfectplay.check.plugs",
    "plug_for": "perfectplay.check.plugs",
    "plug_games": "perfectplay.check.plugs",
    "points": "perfectplay.check.report.score",
    "prairielearn_json": "perfectplay.check.report.render_graders",
    "release_body": "perfectplay.check.report.render_graders",
    "render_csv": "perfectplay.check.report.render_csv",
    "render_rows": "perfectplay.check.plug_class",
    "render_text": "perfectplay.check.report.render_text",
    "replay": "perfectplay.check.api",
    "replay_record": "perfectplay.check.conductor",
    "report_json": "perfectplay.check.report.render_json",
    "score": "perfectplay.check.report.score",
    "secret_outside": "perfectplay.check.grader_secret",
    "secret_path": "perfectplay.check.grader_secret",
    "student_seed": "perfectplay.check.grader_secret",
    "summary_svg": "perfectplay.check.report.render_summary",
    "summary_text": "perfectplay.check.report.render_summary",
    "transcript_game": "perfectplay.check.records",
    "unchecked": "perfectplay.check.report.model",
    "usage_row": "perfectplay.check.report.render_csv",
    "validate_jobs": "perfectplay.check.class_run",
    "verdict_line": "perfectplay.check.report.render_text",
}
"""Where each public name lives: the module imported when the name is first used."""

__all__ = sorted(_HOMES)

__getattr__, __dir__ = _lazy_door(__name__, _HOMES, globals())

if _typing.TYPE_CHECKING:
    from perfectplay.check.api import check_ai as check_ai
    from perfectplay.check.api import replay as replay
    from perfectplay.check.class_run import DEFAULT_STUDENT_WALL as DEFAULT_STUDENT_WALL
    from perfectplay.check.class_run import Plan as Plan
    from perfectplay.check.class_run import Result as Result
    from perfectplay.check.class_run import check_class as check_class
    from perfectplay.check.class_run import check_submission as check_submission
    from perfectplay.check.class_run import default_jobs as default_jobs
    from perfectplay.check.class_run import lanes as lanes
    from perfectplay.check.class_run import validate_jobs as validate_jobs
    from perfectplay.check.conductor import DRAWING as DRAWING
    from perfectplay.check.conductor import conduct as conduct
    from perfectplay.check.conductor import replay_record as replay_record
    from perfectplay.check.connect4.check import check_connect4 as check_connect4
    from perfectplay.check.connect4.flags import CONNECT4_ALLOWED as CONNECT4_ALLOWED
    from perfectplay.check.connect4.flags import CONNECT4_MAX_POSITIONS as CONNECT4_MAX_POSITIONS
    from perfectplay.check.connect4.flags import CONNECT4_POSITIONS as CONNECT4_POSITIONS
    from perfectplay.check.connect4.score import load_connect4_weights as load_connect4_weights
    from perfectplay.check.errors import CheckUsageError as CheckUsageError
    from perfectplay.check.errors import NotGradable as NotGradable
    from perfectplay.check.grader_secret import folder_holding as folder_holding
    from perfectplay.check.grader_secret import fresh_secret as fresh_secret
    from perfectplay.check.grader_secret import load_secret as load_secret
    from perfectplay.check.grader_secret import secret_outside as secret_outside
    from perfectplay.check.grader_secret import secret_path as secret_path
    from perfectplay.check.grader_secret import student_seed as student_seed
    from perfectplay.check.judge.interface import BOARDS as BOARDS
    from perfectplay.check.judge.interface import PLAYS as PLAYS
    from perfectplay.check.judge.interface import RETURNS as RETURNS
    from perfectplay.check.judge.interface import Hint as Hint
    from perfectplay.check.judge.sample import DEFAULT_SEED as DEFAULT_SEED
    from perfectplay.check.plug import GamePlug as GamePlug
    from perfectplay.check.plug_class import PlugResult as PlugResult
    from perfectplay.check.plug_class import check_plug_class as check_plug_class
    from perfectplay.check.plug_class import one_line as one_line
    from perfectplay.check.plug_class import render_rows as render_rows
    from perfectplay.check.plugs import plug_flags as plug_flags
    from perfectplay.check.plugs import plug_for as plug_for
    from perfectplay.check.plugs import plug_games as plug_games
    from perfectplay.check.records import transcript_game as transcript_game
    from perfectplay.check.report.model import CheckReport as CheckReport
    from perfectplay.check.report.model import unchecked as unchecked
    from perfectplay.check.report.render_csv import csv_row as csv_row
    from perfectplay.check.report.render_csv import interrupted_row as interrupted_row
    from perfectplay.check.report.render_csv import render_csv as render_csv
    from perfectplay.check.report.render_csv import usage_row as usage_row
    from perfectplay.check.report.render_graders import autolab_output as autolab_output
    from perfectplay.check.report.render_graders import classroom50_json as classroom50_json
    from perfectplay.check.report.render_graders import coderunner_json as coderunner_json
    from perfectplay.check.report.render_graders import gradescope_json as gradescope_json
    from perfectplay.check.report.render_graders import prairielearn_json as prairielearn_json
    from perfectplay.check.report.render_graders import release_body as release_body
    from perfectplay.check.report.render_json import report_json as report_json
    from perfectplay.check.report.render_summary import class_summary as class_summary
    from perfectplay.check.report.render_summary import summary_svg as summary_svg
    from perfectplay.check.report.render_summary import summary_text as summary_text
    from perfectplay.check.report.render_text import escape_controls as escape_controls
    from perfectplay.check.report.render_text import render_text as render_text
    from perfectplay.check.report.render_text import verdict_line as verdict_line
    from perfectplay.check.report.score import Score as Score
    from perfectplay.check.report.score import Weights as Weights
    from perfectplay.check.report.score import load_weights as load_weights
    from perfectplay.check.report.score import points as points
    from perfectplay.check.report.score import score as score
    from perfectplay.check.roster import Submission as Submission
    from perfectplay.check.roster import from_manifest as from_manifest
    from perfectplay.check.roster import from_paths as from_paths
    from perfectplay.check.run.allowed import package_folders as package_folders
    from perfectplay.check.run.sweep import Progress as Progress
    from perfectplay.check.settings import DEFAULT_MEMORY_MB as DEFAULT_MEMORY_MB
    from perfectplay.check.settings import DEFAULT_MOVE_SECONDS as DEFAULT_MOVE_SECONDS
    from perfectplay.check.settings import DEFAULT_TOTAL_SECONDS as DEFAULT_TOTAL_SECONDS
    from perfectplay.check.settings import MAX_MEMORY_MB as MAX_MEMORY_MB
    from perfectplay.check.settings import MAX_MOVE_SECONDS as MAX_MOVE_SECONDS
    from perfectplay.check.settings import MAX_TOTAL_SECONDS as MAX_TOTAL_SECONDS
    from perfectplay.check.settings import STANDARDS as STANDARDS
    from perfectplay.check.settings import Candidate as Candidate
    from perfectplay.check.settings import GameSettings as GameSettings
    from perfectplay.check.settings import Grading as Grading
    from perfectplay.check.settings import Limits as Limits
    from perfectplay.check.settings import Output as Output
    from perfectplay.check.settings import fresh_seed as fresh_seed
    from perfectplay.check.submission import SANDBOXES as SANDBOXES
    from perfectplay.check.submission import Isolation as Isolation
    from perfectplay.check.submission import choose_isolation as choose_isolation
    from perfectplay.check.tictactoe.flags import TICTACTOE_OPTIONS as TICTACTOE_OPTIONS
