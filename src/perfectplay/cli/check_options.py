"""The options of ``perfectplay check``: every flag, its range and its help, in one place.

``cli/check.py`` runs the command; this module only builds its parser (the
plug games' own flags come from their plugs, ``cli/check_game.add_options``),
and names the grader formats and budgets the run reads back.
"""

from __future__ import annotations

import argparse

from perfectplay.check import (
    BOARDS,
    DEFAULT_MEMORY_MB,
    DEFAULT_MOVE_SECONDS,
    DEFAULT_STUDENT_WALL,
    DEFAULT_TOTAL_SECONDS,
    MAX_MEMORY_MB,
    MAX_MOVE_SECONDS,
    MAX_TOTAL_SECONDS,
    PLAYS,
    RETURNS,
    SANDBOXES,
    STANDARDS,
)
from perfectplay.cli.check_game import FORMATS, add_options
from perfectplay.cli.options import MAX_SEED, add_path_option, add_whole, duration, path

GRADESCOPE_VISIBILITY = ("visible", "hidden", "after_due_date", "after_published")
GRADER_BUDGETS = {"gradescope": 540.0, "prairielearn": 25.0}
"""Whole-run seconds by default: Gradescope's 10 minutes less one; PrairieLearn's 30 s less its start-up."""
BUDGET_MARGIN = 0.1
BUDGET_RESERVE = 3.0
MIN_BUDGET = 5.0
MAX_BUDGET = 1_000_000.0
CODERUNNER_PROFILE = {"sample": 200, "move": 0.5, "total": 2.0, "wall": 20.0}
"""Jobe gives a run 5 s of CPU: 200 positions (a stratified sample), 2 s of the candidate's CPU time in all and
half a second a move, leaving the checker its own second and a half; 20 s of wall clock at most (the template
waits 25)."""

OTHER_GAMES_MOVE_SECONDS = "Connect Four 5, Nim 2"
"""The other games' own defaults (their plugs' ``defaults.move_seconds``), in the help: named here, not imported,
so that ``--help`` loads no game (tests/cli/test_check_help_defaults.py holds them equal)."""


def add_check_options(parser: argparse.ArgumentParser, name: str) -> None:
    parser.description = (
        "Put a tic-tac-toe AI against perfect play in every position and report where it loses, "
        "misplays or breaks. Recognises CS50's tictactoe.py and find_best_move(board) by itself; "
        "--command checks a program in any language (line protocol in docs/check.md). "
        "Exit status: 0 unbeatable and best everywhere, 1 findings, 2 usage problem."
    )
    parser.add_argument(
        "files",
        nargs="*",
        type=path("FILE"),
        metavar="FILE",
        help="Python files holding the AI; a student's folder; or a class folder (each subfolder one student)",
    )
    parser.add_argument(
        "--manifest",
        type=path("--manifest"),
        metavar="FILE",
        help="a class manifest (CSV, or TOML): one row per student with its file or command and its own "
        "interface settings (docs/check.md)",
    )
    parser.add_argument(
        "--command",
        dest="program",
        action="append",
        metavar="[NAME=]CMD",
        help="check a program in any language instead (line protocol); give it several times, "
        "each as NAME=CMD, for one row per program",
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="text (default); json (as --json); csv (as --csv -); gradescope, prairielearn, classroom50, "
        "coderunner (Moodle's template grader, a sample within Jobe's 5 s) or autolab (the report, then the "
        "scores line): that grader's result, for one submission (docs/graders.md)",
    )
    add_path_option(
        parser,
        "--output",
        "write the result to PATH instead of standard output; a folder gets the grader's file name "
        "(results.json; result.json and release-body.md for classroom50)",
        metavar="PATH",
    )
    add_path_option(parser, "--weights", "the score's category weights, JSON or TOML (defaults in docs/graders.md)")
    add_path_option(parser, "--release-body", "classroom50: also write the student's release-body.md")
    parser.add_argument(
        "--visibility",
        choices=GRADESCOPE_VISIBILITY,
        default="visible",
        help="gradescope: when students see the tests (default visible)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print the report as JSON at the end (an array for several files)"
    )
    parser.add_argument("--jsonl", action="store_true", help="print one JSON report per line as each file finishes")
    add_path_option(parser, "--csv", "write one row per file to FILE as each finishes ('-' for standard output)")
    add_path_option(
        parser,
        "--transcript",
        "save the transcript of every answer the candidate gave (JSON), to judge it again with --replay",
    )
    add_path_option(
        parser,
        "--replay",
        "judge and report a saved transcript again (any format, --weights, --standard) without running "
        "the student's code",
    )
    parser.add_argument(
        "--sandbox",
        choices=SANDBOXES,
        default="auto",
        help="run student code in a bubblewrap sandbox: auto (where it works, the default), "
        "require (refuse to run without it), off",
    )
    parser.add_argument(
        "--standard",
        choices=STANDARDS,
        help="value: any move that keeps the position's win, draw or loss is right (the default for CS50's "
        "tictactoe.py, whose +1/0/-1 utility asks no more); best: only the fastest win or slowest loss "
        "(the default for find_best_move and other functions); under value slower wins are notes",
    )
    parser.add_argument(
        "--value-only", dest="standard", action="store_const", const="value", help="the same as --standard value"
    )
    shape = parser.add_argument_group("the interface (recognised by probing when not given)")
    shape.add_argument("--function", metavar="NAME", help="the function that returns a move (default find_best_move)")
    shape.add_argument(
        "--board",
        choices=BOARDS,
        help="a flat list of 9 cells, a list of 3 lists, a string of 9 characters, or a dict of the squares 1-9",
    )
    shape.add_argument(
        "--empty",
        metavar="CHAR",
        help="what an empty cell holds, e.g. ' ' or - (None for None; 1-9: each free square its own number)",
    )
    shape.add_argument(
        "--returns",
        choices=RETURNS,
        help="a cell index 0-8, (row, col), the cell's number 1-9, or board (it plays its move onto the board)",
    )
    shape.add_argument("--plays", choices=PLAYS, help="the side(s) it plays")
    limits = parser.add_argument_group("limits")
    limits.add_argument(
        "--time-per-move",
        type=float,
        metavar="S",
        help=f"CPU seconds each answer may take (above 0, at most {MAX_MOVE_SECONDS:g}; default "
        f"{DEFAULT_MOVE_SECONDS:g}, {OTHER_GAMES_MOVE_SECONDS}, less under a small --budget; waiting counts only as "
        "a generous wall-clock backstop)",
    )
    limits.add_argument(
        "--time-limit",
        type=float,
        metavar="S",
        help=f"CPU seconds for the whole check of one file (above 0, at most {MAX_TOTAL_SECONDS:g}; "
        f"default {DEFAULT_TOTAL_SECONDS:g})",
    )
    limits.add_argument(
        "--budget",
        type=float,
        metavar="S",
        help="the grader's time limit for the whole run, more than "
        f"{MIN_BUDGET:g} and at most {MAX_BUDGET:,.0f} seconds: it buys a sample in the candidate's CPU time and "
        "bounds its waiting, never read off the wall clock, so load never changes the grade "
        f"(default for --format gradescope {GRADER_BUDGETS['gradescope']:g}, "
        f"prairielearn {GRADER_BUDGETS['prairielearn']:g})",
    )
    add_whole(
        limits,
        "--sample",
        1,
        1_000_000,
        metavar="N",
        help="ask only N positions, a sample stratified by the number of stones (the report says so; "
        f"default for --format coderunner {CODERUNNER_PROFILE['sample']})",
    )
    add_whole(
        limits,
        "--seed",
        0,
        MAX_SEED,
        default=None,
        metavar="S",
        help="the check's seed, for what it draws, shown in the report (default: each student's own, from --secret, "
        "for Connect Four, Nim and a tic-tac-toe sample; 2026 for tic-tac-toe's whole check)",
    )
    limits.add_argument(
        "--secret",
        type=path("--secret"),
        metavar="FILE",
        help="Connect Four, Nim, a tic-tac-toe sample: the grader's secret each student's seed is drawn from, kept "
        "outside every student's files (default ~/.config/perfectplay/check-secret, made on first use)",
    )
    limits.add_argument(
        "--student",
        metavar="NAME",
        help="Connect Four, Nim, a tic-tac-toe sample: who the one submission is (its seed is drawn from --secret and "
        "this name; default: the row's name, the file as given for one file)",
    )
    limits.add_argument(
        "--memory",
        type=int,
        default=DEFAULT_MEMORY_MB,
        metavar="MB",
        help=f"memory each candidate process may use, where the OS can limit it (64 to {MAX_MEMORY_MB}; "
        f"default {DEFAULT_MEMORY_MB})",
    )
    limits.add_argument(
        "--wall-limit",
        type=duration("--wall-limit"),
        metavar="S",
        help="wall-clock seconds for the whole check of one submission (default "
        f"{DEFAULT_STUDENT_WALL:g} for each student of a class run; for one file, the CPU limit's backstop)",
    )
    group = parser.add_argument_group("a class")
    add_whole(
        group,
        "--jobs",
        1,
        256,
        metavar="N",
        help="at most N processes computing at once: N students side by side, each in its own sandbox with one "
        "candidate process (one file: up to two); --jobs 1 is one at a time (default: the processors this run may use; "
        "--game connect4 and nim: one student at a time on two processes)",
    )
    group.add_argument(
        "--summary",
        action="store_true",
        help="after the results, print the class's verdicts, score histogram, category means and common findings",
    )
    group.add_argument(
        "--summary-svg", type=path("--summary-svg"), metavar="FILE", help="draw the class summary as an SVG file"
    )
    group.add_argument(
        "--feedback-dir",
        type=path("--feedback-dir"),
        metavar="DIR",
        help="write one Markdown file per student into DIR: the text the grader formats show",
    )
    add_options(parser)
