"""``perfectplay check --game nim`` (or ``nim:misere``): a student's Nim AI through the Nim lab's plug.

Its flags are the plug's options (``check/nim/plug.py``), added to
``check``'s parser here; ``cli/check.py`` hands a ``--game nim`` run to
``run_nim``. One file in text, JSON or a grader's format; or several (files,
a student's folder, a class folder) as text, JSON, ``--csv`` rows and a
``--summary``, one row per student, checked one after another. A file that
cannot be checked at all is a usage error for one file (exit 2, one line),
a ``broken`` row in a class, and 0 points marked so in a grader's file.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import sys

from perfectplay.check.conductor import replay_record
from perfectplay.check.errors import CheckUsageError, NotGradable
from perfectplay.check.nim.detect import PLAYERS
from perfectplay.check.nim.graders import gradescope_json
from perfectplay.check.nim.lab import NimCheck, check_nim
from perfectplay.check.nim.model import NimReport
from perfectplay.check.nim.plug import PLUG, NimPlug
from perfectplay.check.nim.render import verdict_line
from perfectplay.check.nim.score import NimWeights
from perfectplay.check.report.escape import csv_cell, line
from perfectplay.check.report.render_summary import summary_svg, summary_text
from perfectplay.check.roster import Submission, from_paths
from perfectplay.cli.output import print_or_write

GAMES = ("nim", "nim:misere")
GRADERS = ("gradescope", "prairielearn", "classroom50", "coderunner", "autolab")
FILE_NAMES = {
    "gradescope": "results.json",
    "prairielearn": "results.json",
    "classroom50": "result.json",
    "coderunner": "coderunner.json",
    "autolab": "autolab.txt",
}
ENTRIES = ("train", *PLAYERS)
"""The names that mark the Nim AI's file in a folder of several."""


def add_nim_options(parser: argparse.ArgumentParser) -> None:
    """The Nim plug's own flags, in a group of their own."""
    group = parser.add_argument_group("Nim (--game nim, nim:misere)")
    for option in PLUG.options:
        group.add_argument(
            option.flag, dest=f"nim_{option.key}", choices=option.choices or None, metavar=None if option.choices
            else "VALUE", help=option.help,
        )  # fmt: skip


def _hint(args: argparse.Namespace) -> dict[str, str]:
    hint = {option.key: getattr(args, f"nim_{option.key}") for option in PLUG.options}
    found = {key: str(value) for key, value in hint.items() if value is not None}
    if args.game == "nim:misere":
        if found.get("rules") == "normal":
            raise CheckUsageError("--game nim:misere and --rules normal disagree: give one")
        found["rules"] = "misere"
    if args.function:
        found["function"] = args.function
    return found


def _refuse(args: argparse.Namespace) -> None:
    """Flags of the other games' checks: one line each, before anything runs."""
    for flag, given in (
        ("--manifest", args.manifest), ("--command", args.program), ("--jsonl", args.jsonl),
        ("--feedback-dir", args.feedback_dir), ("--standard", args.standard), ("--board", args.board),
        ("--empty", args.empty), ("--returns", args.returns), ("--plays", args.plays), ("--sample", args.sample),
        ("--interface", args.interface),
    ):  # fmt: skip
        if given:
            raise CheckUsageError(f"{flag} is not for --game nim (docs/check-nim.md)")
    if args.release_body is not None and args.format != "classroom50":
        raise CheckUsageError("--release-body goes with --format classroom50")
    if args.format in GRADERS and (args.csv or args.summary or args.summary_svg):
        raise CheckUsageError(f"--csv, --summary and --summary-svg are for a class, not --format {args.format}")
    if args.summary and (args.csv == "-" or args.json or args.format in ("json", "csv")):
        raise CheckUsageError("--summary prints to standard output: write the CSV or JSON to a file (or --summary-svg)")


def run_nim(args: argparse.Namespace) -> int:
    """One Nim check, or a class of them, printed or written in the format asked; or a transcript judged again."""
    _refuse(args)
    weights = PLUG.load_weights(args.weights) if args.weights is not None else None
    if args.replay is not None:
        if args.files or args.transcript is not None:
            raise CheckUsageError("--replay judges a saved transcript again: leave out the files and --transcript")
        return _show_one(args, replay_record(NimPlug(), args.replay), weights)
    if not args.files:
        raise CheckUsageError("give the nim.py file(s) or class folder to check")
    settings = NimCheck(
        hint=_hint(args),
        move_seconds=args.time_per_move or PLUG.defaults.move_seconds,
        total_seconds=args.time_limit or PLUG.defaults.total_seconds,
        memory_mb=args.memory,
        seed=args.seed if args.seed is not None else PLUG.defaults.seed,
        sandbox=args.sandbox,
        budget_seconds=args.budget,
        wall_seconds=args.wall_limit,
        transcript=args.transcript,
    )
    roster = from_paths(list(args.files), args.function, ENTRIES)
    if args.transcript is not None and len(roster) > 1:
        raise CheckUsageError("--transcript keeps one check's answers: give one file")
    if args.format in GRADERS:
        if len(roster) != 1:
            raise CheckUsageError(f"--format {args.format} grades one submission: give one file")
        return _grade_one(args, roster[0], settings, weights)
    return _run_class(args, roster, settings, weights)


def _check(submission: Submission, settings: NimCheck, several: bool) -> NimReport:
    assert submission.file is not None
    try:
        return check_nim(submission.file, settings, submission.name)
    except NotGradable as problem:
        if not several:
            raise
        sys.stderr.write(f"perfectplay check: error: {line(str(problem))}\n")
        return PLUG.not_gradable(submission.name, str(problem))


def _grade_one(args: argparse.Namespace, submission: Submission, settings: NimCheck, weights: NimWeights | None) -> int:
    """One submission to a grader's file: one that cannot be checked still gets one (0 points)."""
    try:
        report = check_nim(str(submission.file), settings, submission.name)
    except NotGradable as problem:
        sys.stderr.write(f"perfectplay check: error: {line(str(problem))}\n")
        report = PLUG.not_gradable(submission.name, str(problem))
    score = PLUG.score(report, weights)
    if args.format == "gradescope" and args.visibility is not None:
        text = json.dumps(gradescope_json(report, score, args.visibility), indent=2, ensure_ascii=False) + "\n"
    else:
        text = PLUG.render(report, score, args.format)
    folder = print_or_write("--output", args.output, FILE_NAMES[args.format], text)
    if args.format == "classroom50":
        where = args.release_body or (os.path.join(folder, "release-body.md") if folder is not None else None)
        if where is not None:
            print_or_write("--release-body", where, "release-body.md", PLUG.render(report, score, "release-body"))
    return report.exit_status


def _show_one(args: argparse.Namespace, report: NimReport, weights: NimWeights | None) -> int:
    """A replayed report in the format asked (a grader's file, text or JSON)."""
    score = PLUG.score(report, weights)
    if args.format in GRADERS:
        print_or_write("--output", args.output, FILE_NAMES[args.format], PLUG.render(report, score, args.format))
    elif args.json or args.format == "json":
        print_or_write("--output", args.output, "report.json", PLUG.render(report, score, "json"))
    else:
        _print(PLUG.render(report, score, "text").rstrip("\n"))
    return report.exit_status


def _csv(rows: list[dict[str, object]], header: bool = True) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=PLUG.csv_columns(), lineterminator="\n")
    if header:
        writer.writeheader()
    for row in rows:
        writer.writerow({key: csv_cell(str(value)) for key, value in row.items()})
    return out.getvalue()


def _run_class(
    args: argparse.Namespace, roster: list[Submission], settings: NimCheck, weights: NimWeights | None
) -> int:
    several = len(roster) > 1
    as_json = args.json or args.format == "json"
    csv_to = args.csv if args.csv is not None else ("-" if args.format == "csv" else None)
    reports: list[NimReport] = []
    rows: list[dict[str, object]] = []
    printed = 0
    for submission in roster:
        report = _check(submission, settings, several)
        reports.append(report)
        score = PLUG.score(report, weights)
        rows.append(PLUG.csv_row(report, score))
        if csv_to == "-":
            _print(_csv(rows[-1:], header=len(rows) == 1), end="")
        elif csv_to is not None:
            print_or_write("--csv", csv_to, "grades.csv", _csv(rows))
            _print(verdict_line(report))
        elif not as_json:
            _print(("\n\n" if printed else "") + PLUG.render(report, score, "text").rstrip("\n"))
            printed += 1
    if as_json:
        documents = [json.loads(PLUG.render(report, PLUG.score(report, weights), "json")) for report in reports]
        text = json.dumps(documents if several else documents[0])
        if args.output is not None:
            print_or_write("--output", args.output, "report.json", text + "\n")
        else:
            _print(text)
    if args.summary or args.summary_svg is not None:
        summary = PLUG.summary(reports, [PLUG.score(report, weights) for report in reports])
        if args.summary:
            _print(("\n" if printed or rows else "") + summary_text(summary), end="")
        if args.summary_svg is not None:
            print_or_write("--summary-svg", args.summary_svg, "summary.svg", summary_svg(summary))
    return max((report.exit_status for report in reports), default=0)


def _print(text: str, end: str = "\n") -> None:
    sys.stdout.write(text + end)
    sys.stdout.flush()
