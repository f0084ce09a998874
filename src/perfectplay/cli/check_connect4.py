"""``perfectplay check --game connect4``: a student's Connect Four agent, judged against exact play.

Its own flags (the reading, the suite's size, the games, the allowed
packages) are added to ``check``'s parser here; ``cli/check.py`` hands a
``--game connect4`` run over to ``run_connect4``. One submission (a Python
file or a ``--command``) in text, JSON or a grader's format; or a class
(files, a class folder of student folders) as text, JSON, ``--csv`` rows
and a ``--summary``, one row per student (``check/connect4/class_run.py``).
A submission that cannot be checked (no such file, no agent recognised)
is a usage error for one file (exit 2, one line), a not-gradable row in a
class, and 0 points marked not gradable in a grader's file.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable

from perfectplay.check.class_run import DEFAULT_STUDENT_WALL, validate_jobs
from perfectplay.check.connect4.check import DEFAULT_ALLOWED, DEFAULT_POSITIONS, DEFAULT_SEED, check_connect4
from perfectplay.check.connect4.class_report import class_summary, csv_row, render_csv
from perfectplay.check.connect4.class_run import ENTRIES, Connect4Result, check_connect4_class
from perfectplay.check.connect4.detect import PIECES
from perfectplay.check.connect4.graders import classroom50_json, coderunner_json, release_body
from perfectplay.check.connect4.model import Connect4Report
from perfectplay.check.connect4.render import (
    autolab_output,
    gradescope_json,
    prairielearn_json,
    render_text,
    report_json,
    verdict_line,
)
from perfectplay.check.connect4.score import Connect4Weights, connect4_score, load_connect4_weights
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.report.escape import line
from perfectplay.check.report.render_summary import summary_svg, summary_text
from perfectplay.check.report.score import Score
from perfectplay.check.roster import Submission, from_paths
from perfectplay.check.run.sweep import Progress
from perfectplay.cli.options import whole
from perfectplay.cli.output import print_or_write

GAMES = ("tictactoe", "connect4", "nim", "nim:misere")
GRADERS = ("gradescope", "prairielearn", "classroom50", "coderunner", "autolab")
FORMATS = ("text", "json", "csv", *GRADERS)
FILE_NAMES = {
    "gradescope": "results.json",
    "prairielearn": "results.json",
    "classroom50": "result.json",
    "coderunner": "coderunner.json",
    "autolab": "autolab.txt",
}


def add_options(parser: argparse.ArgumentParser) -> None:
    """``--game`` and the Connect Four check's own flags."""
    parser.add_argument(
        "--game",
        choices=GAMES,
        default="tictactoe",
        help="the game the AI plays: tictactoe (default), connect4 (a heuristic agent, docs/check-connect4.md), "
        "nim or nim:misere (CS50's learning nim.py or a minimax player, docs/check-nim.md)",
    )
    group = parser.add_argument_group("Connect Four (--game connect4)")
    group.add_argument(
        "--interface",
        choices=("connectx", "board", "pettingzoo"),
        help="agent(observation, configuration) as Kaggle's ConnectX; a board function; PettingZoo's observation",
    )
    group.add_argument("--board-type", choices=("list", "numpy"), help="a board function's board: lists, or an array")
    group.add_argument("--rows", choices=("top", "bottom"), help="a board function's row 0: at the top or the bottom")
    group.add_argument("--pieces", choices=tuple(PIECES), help="a board's values: 012, space, dot, dash or 1-1")
    group.add_argument(
        "--positions",
        type=whole(1, "--positions", 100_000),
        default=DEFAULT_POSITIONS,
        metavar="N",
        help=f"suite positions asked, every phase in its share (default {DEFAULT_POSITIONS}; more than the suite "
        "holds asks them all)",
    )
    group.add_argument("--no-games", action="store_true", help="skip the games against perfectplay's levels")
    group.add_argument(
        "--allow-package",
        action="append",
        metavar="NAME",
        help=f"an installed package the agent may import, read-only (default {', '.join(DEFAULT_ALLOWED)}; "
        "give it again for more)",
    )


def _wall(args: argparse.Namespace, students: int) -> float | None:
    """A grader's ``--budget`` leaves room to write the result: the check itself gets 90 % of it, less 3 s.

    In a class run each student's check is bounded by the class's wall clock unless told otherwise.
    """
    if args.budget is not None:
        return max(float(args.budget) * 0.9 - 3.0, 1.0)
    if args.wall_limit is not None:
        return float(args.wall_limit)
    return DEFAULT_STUDENT_WALL if students > 1 else None


def run_connect4(args: argparse.Namespace) -> int:
    """One Connect Four check, or a class of them, printed or written in the format asked."""
    _refuse(args)
    weights = load_connect4_weights(args.weights) if args.weights is not None else None
    roster = _roster(args)
    if args.format in GRADERS:
        if len(roster) != 1:
            raise CheckUsageError(f"--format {args.format} grades one submission: give one file")
        return _grade_one(args, roster[0], weights)
    return _run_class(args, roster, weights)


def _refuse(args: argparse.Namespace) -> None:
    """Flags that make no sense for Connect Four, or together: one line each, before anything runs."""
    if args.manifest:
        raise CheckUsageError(
            "--manifest is for tic-tac-toe classes (its columns are tic-tac-toe's): for --game connect4 give "
            "the class folder (one folder per student) or the files"
        )
    for flag, given in (
        ("--jsonl", args.jsonl), ("--feedback-dir", args.feedback_dir), ("--standard", args.standard),
        ("--board", args.board), ("--empty", args.empty), ("--returns", args.returns), ("--plays", args.plays),
        ("--sample", args.sample), ("--transcript", getattr(args, "transcript", None)),
    ):  # fmt: skip
        if given:
            raise CheckUsageError(f"{flag} is for tic-tac-toe checks, not --game connect4 (docs/check-connect4.md)")
    if args.format not in FORMATS:
        raise CheckUsageError(f"--game connect4 writes {', '.join(FORMATS)}, not --format {args.format}")
    if args.release_body is not None and args.format != "classroom50":
        raise CheckUsageError("--release-body goes with --format classroom50")
    if args.format == "json":
        args.json = True
    elif args.format == "csv":
        if args.csv is not None:
            raise CheckUsageError("--format csv writes to --output (or standard output): leave out --csv")
        args.csv, args.output = (args.output if args.output is not None else "-"), None
    if args.format in GRADERS and (args.csv or args.summary or args.summary_svg):
        raise CheckUsageError(f"--csv, --summary and --summary-svg are for a class, not --format {args.format}")
    if args.csv == "-" and args.json:
        raise CheckUsageError("--csv - and --json would share standard output: write the CSV to a file")
    if args.summary and (args.csv == "-" or args.json):
        raise CheckUsageError("--summary prints to standard output: write the CSV or JSON to a file (or --summary-svg)")
    if args.budget is not None and args.wall_limit is not None:
        raise CheckUsageError("give --budget or --wall-limit, not both")


def _roster(args: argparse.Namespace) -> list[Submission]:
    files, programs = list(args.files or []), list(args.program or [])
    if files and programs:
        raise CheckUsageError("give Python files or --command, not both")
    if not files and not programs:
        raise CheckUsageError("give the Python file(s) or class folder to check, or --command with a program to run")
    if programs:
        if len(programs) != len(set(programs)):
            raise CheckUsageError("--command: the same command is given twice")
        return [Submission(program, command=program) for program in programs]
    return from_paths(files, args.function, ENTRIES)


def _checker(args: argparse.Namespace, students: int) -> Callable[[Submission, Progress | None], Connect4Report]:
    """Checks one submission with the run's flags."""
    allowed = list(DEFAULT_ALLOWED) + [name for name in args.allow_package or [] if name not in DEFAULT_ALLOWED]
    wall = _wall(args, students)

    def check(submission: Submission, progress: Progress | None) -> Connect4Report:
        return check_connect4(
            submission.file,
            command=submission.command,
            function=args.function,
            style=args.interface,
            shape=args.board_type,
            rows=args.rows,
            pieces=args.pieces,
            positions=args.positions,
            seed=args.seed if args.seed is not None else DEFAULT_SEED,
            games=not args.no_games,
            move_seconds=args.time_per_move or 5.0,
            total_seconds=args.time_limit or 600.0,
            memory_mb=args.memory,
            wall_seconds=wall,
            allow_packages=allowed,
            sandbox=args.sandbox,
            name=submission.name,
            others=submission.others,
            progress=progress,
        )

    return check


def _grade_one(args: argparse.Namespace, submission: Submission, weights: Connect4Weights | None) -> int:
    """One submission to a grader's file: one that cannot be checked still gets one (0 points, not gradable)."""
    result = next(check_connect4_class([submission], _checker(args, 1)))
    report = result.graded
    if result.report is None:
        sys.stderr.write(f"perfectplay check: error: {line(str(result.problem))}\n")
    points = connect4_score(report, weights)  # scored once: every format takes the score
    if args.format == "gradescope":
        text = json.dumps(gradescope_json(report, points, args.visibility))
    elif args.format == "prairielearn":
        text = json.dumps(prairielearn_json(report, points))
    elif args.format == "coderunner":
        text = json.dumps(coderunner_json(report, points))
    elif args.format == "classroom50":
        text = json.dumps(classroom50_json(report, points), indent=2)
    else:
        text = autolab_output(report, points).rstrip("\n")
    folder = print_or_write("--output", args.output, FILE_NAMES[args.format], text + "\n")
    if args.format == "classroom50":
        # Beside result.json when the output is a folder (Classroom 50's working directory), or where asked.
        where = args.release_body or (os.path.join(folder, "release-body.md") if folder is not None else None)
        if where is not None:
            print_or_write("--release-body", where, "release-body.md", release_body(report, points))
    return report.exit_status


def _run_class(args: argparse.Namespace, roster: list[Submission], weights: Connect4Weights | None) -> int:
    """Every submission in order: text reports, or ``--json``, or ``--csv`` rows as each finishes; a summary."""
    jobs = validate_jobs(args.jobs if args.jobs is not None else 1)
    several = len(roster) > 1
    results: list[Connect4Result] = []
    scores: list[Score] = []
    rows: list[dict[str, object]] = []
    printed = 0
    if args.csv not in (None, "-"):
        print_or_write("--csv", args.csv, "grades.csv", render_csv([]))  # fail early (exit 2) if it cannot be written
    elif args.csv == "-":
        _print(render_csv([]), end="")
    for result in check_connect4_class(roster, _checker(args, len(roster)), jobs):
        if result.report is None and not several:
            raise CheckUsageError(str(result.problem))
        if result.report is None:
            sys.stderr.write(f"perfectplay check: error: {line(str(result.problem))}\n")
        results.append(result)
        report = result.graded
        scores.append(connect4_score(report, weights))  # scored once: every format takes the score
        rows.append(csv_row(report, scores[-1]))
        if args.csv == "-":
            _print(render_csv(rows[-1:], header=False), end="")
        elif args.csv is not None:
            print_or_write("--csv", args.csv, "grades.csv", render_csv(rows))
            _print(verdict_line(report))
        elif not args.json:
            _print(("\n\n" if printed else "") + render_text(report, scores[-1]).rstrip("\n"))
            printed += 1
    reports = [result.graded for result in results]
    if args.json:
        documents = [report_json(report, points) for report, points in zip(reports, scores, strict=True)]
        text = json.dumps(documents if several else documents[0])
        if args.output is not None:
            print_or_write("--output", args.output, "report.json", text + "\n")
        else:
            _print(text)
    if args.summary or args.summary_svg is not None:
        summary = class_summary(reports, scores)
        if args.summary:
            _print(("\n" if printed or rows else "") + summary_text(summary), end="")
        if args.summary_svg is not None:
            print_or_write("--summary-svg", args.summary_svg, "summary.svg", summary_svg(summary))
    statuses = [report.exit_status for report in reports]
    return 2 if 2 in statuses else max(statuses, default=0)


def _print(text: str, end: str = "\n") -> None:
    sys.stdout.write(text + end)
    sys.stdout.flush()
