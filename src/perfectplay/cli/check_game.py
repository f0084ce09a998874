"""``perfectplay check --game GAME``: a game plug's check (Connect Four, and each game in ``check/plugs.py``).

Each plug's own flags (its interface's overrides, ``PlugOption``) are added
to ``check``'s parser here, with Connect Four's suite size, games and allowed
packages; ``cli/check.py`` hands a plug game's run over to ``run_game``. One
submission (a Python file or a ``--command``) in text, JSON or a grader's
format, with ``--transcript`` to keep its answers and ``--replay`` to judge
them again; or a class (files, a class folder of student folders, a
``--manifest``) as text, JSON, ``--csv`` rows, ``--feedback-dir`` files and a
``--summary``, one row per student. A submission that cannot be checked (no
such file, nothing recognised) is a usage error for one file (exit 2, one
line), a not-gradable row in a class, and 0 points marked not gradable in a
grader's file. Everything comes through the checker's door
(``perfectplay.check``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from perfectplay.check import (
    CONNECT4_ALLOWED,
    CONNECT4_MAX_POSITIONS,
    CONNECT4_POSITIONS,
    DEFAULT_STUDENT_WALL,
    DRAWING,
    Candidate,
    CheckUsageError,
    GamePlug,
    GameSettings,
    Grading,
    Limits,
    Output,
    PlugResult,
    Progress,
    Score,
    Submission,
    check_plug_class,
    conduct,
    folder_holding,
    fresh_seed,
    from_manifest,
    from_paths,
    lanes,
    load_secret,
    one_line,
    plug_flags,
    plug_for,
    plug_games,
    render_rows,
    replay_record,
    secret_outside,
    secret_path,
    student_seed,
    summary_svg,
    summary_text,
    validate_jobs,
)
from perfectplay.cli.options import add_whole
from perfectplay.cli.output import print_or_write, write_file
from perfectplay.files import WriteError, kind_of

GRADERS = ("gradescope", "prairielearn", "classroom50", "coderunner", "autolab")
"""The autograders ``--format`` writes a bundle for; ``check_options`` offers the same, so they are named once."""
FORMATS = ("text", "json", "csv", *GRADERS)
FILE_NAMES = {
    "gradescope": "results.json",
    "prairielearn": "results.json",
    "classroom50": "result.json",
    "coderunner": "coderunner.json",
    "autolab": "autolab.txt",
}
PURE_CORE_NOTICE = (
    "perfectplay check: the compiled core is not in use (perfectplay --version says why), so this check solves "
    "its positions in pure Python: several seconds of CPU a position instead of milliseconds\n"
)
"""Said before a Connect Four check on the Python core: one line on stderr, so that no report changes."""

TICTACTOE_ONLY = ("--jsonl", "--standard", "--board", "--empty", "--returns", "--plays", "--sample")


def games() -> tuple[str, ...]:
    """Every game ``--game`` takes: each installed plug's, tic-tac-toe (the default) first."""
    return plug_games()


def add_options(parser: argparse.ArgumentParser) -> None:
    """``--game`` and the plug games' own flags."""
    parser.add_argument(
        "--game",
        choices=games(),
        default="tictactoe",
        help="the game the AI plays: tictactoe (default), or connect4 (a heuristic agent, docs/check-connect4.md)"
        + "".join(f", {game}" for game in plug_games() if game not in ("tictactoe", "connect4")),
    )
    known = {flag for action in parser._actions for flag in action.option_strings}
    for game in plug_games():
        title, options = plug_flags(game)  # each game's flags module alone: no game's checker is imported here
        new = [option for option in options if option.flag not in known]  # --function: one flag, read by each
        if not new and game != "connect4":
            continue  # tic-tac-toe's flags are check's own (check_options)
        group = parser.add_argument_group(f"{title} (--game {game})")
        for option in new:
            known.add(option.flag)
            group.add_argument(option.flag, choices=option.choices or None, help=option.help)
        if game == "connect4":
            add_whole(
                group,
                "--positions",
                1,
                CONNECT4_MAX_POSITIONS,
                default=CONNECT4_POSITIONS,
                metavar="N",
                help=f"decisive positions asked, generated and solved for the check, every phase in its share "
                f"(default {CONNECT4_POSITIONS})",
            )
            group.add_argument("--no-games", action="store_true", help="skip the games against perfectplay's levels")
            group.add_argument(
                "--allow-package",
                action="append",
                metavar="NAME",
                help=f"an installed package the candidate may import, read-only (Connect Four's default "
                f"{', '.join(CONNECT4_ALLOWED)}, none for the other games; give it again for more)",
            )


def compiled_in_use() -> bool:
    """Whether the compiled core solves positions: the search's door, loaded for a Connect Four check alone."""
    from perfectplay.search.solver import compiled_in_use as in_use

    return in_use()


def _dest(flag: str) -> str:
    return flag.lstrip("-").replace("-", "_")


def _plug(args: argparse.Namespace) -> GamePlug[Any, Any]:
    if args.game == "connect4":
        return plug_for("connect4", positions=args.positions, games=not args.no_games)
    return plug_for(args.game)


def _hint(args: argparse.Namespace, plug: GamePlug[Any, Any]) -> dict[str, str]:
    values = {option.key: getattr(args, _dest(option.flag), None) for option in plug.options}
    return {key: str(value) for key, value in values.items() if value is not None}


def _wall(args: argparse.Namespace, students: int) -> float | None:
    """A grader's ``--budget`` leaves room to write the result: the check itself gets 90 % of it, less 3 s.

    In a class run each student's check is bounded by the class's wall clock unless told otherwise.
    """
    if args.budget is not None:
        return max(float(args.budget) * 0.9 - 3.0, 1.0)
    if args.wall_limit is not None:
        return float(args.wall_limit)
    return DEFAULT_STUDENT_WALL if students > 1 else None


def run_game(args: argparse.Namespace) -> int:
    """One plug game's check, or a class of them, printed or written in the format asked."""
    plug = _plug(args)
    _refuse(args)
    weights = plug.load_weights(args.weights) if args.weights is not None else plug.default_weights()
    if args.replay is not None:
        return _replay(args, plug, weights)
    roster = _roster(args, plug)
    if args.transcript is not None and len(roster) != 1:
        raise CheckUsageError("--transcript keeps one check's answers: give one file or command")
    if args.format in GRADERS:
        if len(roster) != 1:
            raise CheckUsageError(f"--format {args.format} grades one submission: give one file")
        return _grade_one(args, plug, roster[0], weights)
    return _run_class(args, plug, roster, weights)


def format_flags(args: argparse.Namespace) -> None:
    """``--format json`` and ``csv`` as ``--json`` and ``--csv``, and ``--release-body`` with classroom50 alone.

    Every game's check reads ``--format`` so, tic-tac-toe's (``check.py``) as a plug's: one place to change it.
    """
    if args.release_body is not None and args.format != "classroom50":
        raise CheckUsageError("--release-body goes with --format classroom50")
    if args.format == "json":
        args.json = True
    elif args.format == "csv":
        if args.csv is not None:
            raise CheckUsageError("--format csv writes to --output (or standard output): leave out --csv")
        args.csv, args.output = (args.output if args.output is not None else "-"), None


def _refuse(args: argparse.Namespace) -> None:
    """Flags that make no sense for a plug's game, or together: one line each, before anything runs."""
    for flag in TICTACTOE_ONLY:
        if getattr(args, _dest(flag), None):
            raise CheckUsageError(f"{flag} is for tic-tac-toe checks, not --game {args.game} (docs/check.md)")
    if args.format not in FORMATS:
        raise CheckUsageError(f"--game {args.game} writes {', '.join(FORMATS)}, not --format {args.format}")
    format_flags(args)
    if args.format in GRADERS and (args.csv or args.summary or args.summary_svg or args.feedback_dir):
        raise CheckUsageError(
            f"--csv, --summary, --summary-svg and --feedback-dir are for a class, not --format {args.format}"
        )
    if args.csv == "-" and args.json:
        raise CheckUsageError("--csv - and --json would share standard output: write the CSV to a file")
    if args.summary and (args.csv == "-" or args.json):
        raise CheckUsageError("--summary prints to standard output: write the CSV or JSON to a file (or --summary-svg)")
    if args.budget is not None and args.wall_limit is not None:
        raise CheckUsageError("give --budget or --wall-limit, not both")
    if args.replay is not None and (args.files or args.program or args.manifest or args.transcript is not None):
        raise CheckUsageError(
            "--replay judges a saved transcript: leave out files, --command, --manifest and --transcript"
        )


def _roster(args: argparse.Namespace, plug: GamePlug[Any, Any]) -> list[Submission]:
    files, programs = list(args.files or []), list(args.program or [])
    if args.manifest:
        if files or programs:
            raise CheckUsageError("--manifest lists the class: leave out files and --command")
        roster = from_manifest(args.manifest)
        for submission in roster:
            extra = sorted(key for key, value in submission.settings.items() if value and key != "function")
            if extra:
                raise CheckUsageError(
                    f"--manifest: {extra[0]!r} is a tic-tac-toe setting, not one of --game {args.game} "
                    f"(student {submission.name!r})"
                )
        return roster
    if files and programs:
        raise CheckUsageError("give Python files or --command, not both")
    if not files and not programs:
        raise CheckUsageError("give the Python file(s) or class folder to check, or --command with a program to run")
    if programs:
        if len(programs) != len(set(programs)):
            raise CheckUsageError("--command: the same command is given twice")
        return [Submission(program, command=program) for program in programs]
    return from_paths(files, args.function, plug.defaults.entries, plug.defaults.file_name)


def student_seeds(
    args: argparse.Namespace, plug: GamePlug[Any, Any], roster: list[Submission], draws: bool | None = None
) -> Callable[[Submission], Grading]:
    """Each submission's seed: ``--seed`` as given (shown), the game's own fixed one, or, for a check that draws its
    positions per check, the student's own from the grader's secret (the same on every resubmission, not shown).

    ``draws``: whether this check draws what it asks (None: the game's ``fresh_seeds``; tic-tac-toe's check draws
    only a sample: ``--sample``, a budget's, CodeRunner's)."""
    if args.student is not None and len(roster) != 1:
        raise CheckUsageError("--student names the one submission checked: give one file or command")
    draws = plug.defaults.fresh_seeds if draws is None else draws
    if args.seed is not None or not draws:
        if args.secret is not None and args.seed is not None:
            raise CheckUsageError("--secret draws each student's seed: leave out --seed")
        given = [flag for flag, value in (("--secret", args.secret), ("--student", args.student)) if value is not None]
        if given and args.seed is None:  # a check that draws nothing: they would do nothing
            raise CheckUsageError(
                f"{given[0]} is for games that draw their positions per check (--game connect4, nim; "
                "tic-tac-toe with --sample or --budget)"
            )
        shown = Grading(seed=args.seed if args.seed is not None else plug.defaults.seed)
        return lambda submission: shown
    folders = [submission.file.parent for submission in roster if submission.file is not None]
    if args.secret is None and args.student is None and folder_holding(secret_path(), folders) is not None:
        # A file checked in its owner's home folder, where the default secret lives: a fresh seed, shown (as a
        # library call's), rather than a refusal naming a --secret nobody gave. Only a secret given on purpose
        # (or a bundle's) promises the same draw on every resubmission.
        return lambda submission: Grading(seed=fresh_seed())
    where = Path(args.secret) if args.secret is not None else secret_path()
    secret_outside(where, folders)
    secret = load_secret(where)
    return lambda submission: Grading(
        seed=student_seed(secret, plug.name, args.student or submission.name), seed_shown=False
    )


def _checker(
    args: argparse.Namespace, plug: GamePlug[Any, Any], roster: list[Submission]
) -> Callable[[Submission, Progress | None], Any]:
    """Checks one submission with the run's flags."""
    students = len(roster)
    defaults = plug.defaults
    allowed = list(defaults.allowed_packages) + [
        name for name in getattr(args, "allow_package", None) or [] if name not in defaults.allowed_packages
    ]
    # --jobs N is N processes computing at once, as for tic-tac-toe (class_run.lanes). Without it, one student
    # at a time on a check's two processes: checks side by side run in threads, which Ctrl-C cannot stop.
    workers = Limits().workers if args.jobs is None else lanes(Limits().workers, _jobs(args), students)
    wall = _wall(args, students)
    total = args.time_limit or defaults.total_seconds
    if args.budget is not None and wall is not None:
        # A budget bounds the candidate's CPU time too, at what its processes could use in the wall bound: the
        # bound forgives time queued for a processor, and a program that keeps busy children queued behind one
        # another on every move is always queued (it ran 270 s under --budget 10 with only the wall bound).
        total = min(total, wall * workers)
    limits = Limits(args.time_per_move or defaults.move_seconds, total, args.memory, wall_seconds=wall, workers=workers)
    seed_of = student_seeds(args, plug, roster)
    hint = _hint(args, plug)

    noticed: list[bool] = []

    def pure_notice(progress: Progress | None) -> Progress | None:
        """``progress``, saying once in the run that a Connect Four check solves its positions in pure Python.

        Each check solves the positions it draws: seconds a position on the Python core, where the compiled one
        takes milliseconds. Said when the first check starts drawing, so that a slow check is not taken for a hung
        one, and never before a refusal (a file that cannot be checked, a --replay): that is one line alone.
        """
        if args.game != "connect4" or compiled_in_use():
            return progress

        def told(phase: str, done: int, total: int) -> None:
            if phase == DRAWING and not noticed:
                noticed.append(True)
                sys.stderr.write(PURE_CORE_NOTICE)
            if progress is not None:
                progress(phase, done, total)

        return told

    def check(submission: Submission, progress: Progress | None) -> Any:
        given = dict(hint)
        if submission.settings.get("function"):
            given["function"] = submission.settings["function"]
        candidate = Candidate(submission.file, submission.command, submission.name, submission.others, args.sandbox)
        output = Output(pure_notice(progress), args.transcript)
        return conduct(plug, GameSettings(candidate, limits, seed_of(submission), output, given, tuple(allowed)))

    return check


def _replay(args: argparse.Namespace, plug: GamePlug[Any, Any], weights: Any) -> int:
    report = replay_record(plug, args.replay)
    result = plug.score(report, weights)
    if args.format in GRADERS:
        return write_grader(args, plug, report, result)
    if args.csv is not None:  # "-" (--format csv's default) is standard output, as for a check that runs
        rows = render_rows(plug, [plug.csv_row(report, result)])
        print_or_write("--csv", None if args.csv == "-" else args.csv, "grades.csv", rows)
    elif args.json:
        _print(plug.render(report, result, "json"))
    else:
        _print(plug.render(report, result, "text").rstrip("\n"))
    return int(report.exit_status)


def _grade_one(args: argparse.Namespace, plug: GamePlug[Any, Any], submission: Submission, weights: Any) -> int:
    """One submission to a grader's file: one that cannot be checked still gets one (0 points, not gradable)."""
    result = next(check_plug_class(plug, [submission], _checker(args, plug, [submission])))
    report = result.graded
    if result.report is None:
        sys.stderr.write(f"perfectplay check: error: {one_line(str(result.problem))}\n")
    return write_grader(args, plug, report, plug.score(report, weights))


def write_grader(args: argparse.Namespace, plug: GamePlug[Any, Any], report: Any, points: Score) -> int:
    """A grader's file (``--format``) of one report and its score, with Classroom 50's release body beside it."""
    if args.format == "gradescope" and args.visibility != "visible":
        document = json.loads(plug.render(report, points, "gradescope"))
        for part in (document, *document.get("tests", [])):
            part["visibility"] = args.visibility
        text = json.dumps(document)
    elif args.format == "classroom50":
        text = json.dumps(json.loads(plug.render(report, points, "classroom50")), indent=2)
    else:
        text = plug.render(report, points, args.format).rstrip("\n")
    folder = print_or_write("--output", args.output, FILE_NAMES[args.format], text + "\n")
    if args.format == "classroom50":
        # Beside result.json when the output is a folder (Classroom 50's working directory), or where asked.
        where = args.release_body or (os.path.join(folder, "release-body.md") if folder is not None else None)
        if where is not None:
            print_or_write("--release-body", where, "release-body.md", plug.render(report, points, "release-body"))
    return int(report.exit_status)


def _jobs(args: argparse.Namespace) -> int:
    return validate_jobs(args.jobs if args.jobs is not None else 1)


def _run_class(args: argparse.Namespace, plug: GamePlug[Any, Any], roster: list[Submission], weights: Any) -> int:
    """Every submission in order: text reports, or ``--json``, or ``--csv`` rows as each finishes; a summary."""
    jobs = _jobs(args)
    several = len(roster) > 1
    feedback = feedback_files(args.feedback_dir, roster)
    results: list[PlugResult] = []
    scores: list[Score] = []
    rows: list[dict[str, object]] = []
    printed = 0
    if args.csv not in (None, "-"):
        print_or_write("--csv", args.csv, "grades.csv", render_rows(plug, []))  # fail early (exit 2)
    elif args.csv == "-":
        _print(render_rows(plug, []), end="")
    for result in check_plug_class(plug, roster, _checker(args, plug, roster), jobs):
        if result.report is None and not several:
            raise CheckUsageError(str(result.problem))
        if result.report is None:
            sys.stderr.write(f"perfectplay check: error: {one_line(str(result.problem))}\n")
        results.append(result)
        report = result.graded
        scores.append(plug.score(report, weights))  # scored once: every format takes the score
        rows.append(plug.csv_row(report, scores[-1]))
        if result.submission.name in feedback:
            write_feedback(feedback[result.submission.name], plug.render(report, scores[-1], "release-body"))
        if args.csv == "-":
            _print(render_rows(plug, rows[-1:], header=False), end="")
        elif args.csv is not None:
            print_or_write("--csv", args.csv, "grades.csv", render_rows(plug, rows))
            _print(plug.render(report, scores[-1], "line"))
        elif not args.json:
            _print(("\n\n" if printed else "") + plug.render(report, scores[-1], "text").rstrip("\n"))
            printed += 1
    reports = [result.graded for result in results]
    if args.json:
        documents = [
            json.loads(plug.render(report, points, "json")) for report, points in zip(reports, scores, strict=True)
        ]
        text = json.dumps(documents if several else documents[0])
        if args.output is not None:
            print_or_write("--output", args.output, "report.json", text + "\n")
        else:
            _print(text)
    if args.summary or args.summary_svg is not None:
        summary = plug.summary(reports, scores)
        if args.summary:
            _print(("\n" if printed or rows else "") + summary_text(summary), end="")
        if args.summary_svg is not None:
            print_or_write("--summary-svg", args.summary_svg, "summary.svg", summary_svg(summary))
    statuses = [int(report.exit_status) for report in reports]
    return 2 if 2 in statuses else max(statuses, default=0)


def feedback_files(folder: str | None, roster: list[Submission]) -> dict[str, Path]:
    """Each student's feedback file: the row's name made a safe file name, unique in this run."""
    if folder is None:
        return {}
    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise CheckUsageError(f"--feedback-dir: cannot make {folder}: {error.strerror}") from None
    # A name that is its own safe file name, unlike any other's but for case, is the file's name; any other name
    # (made safe, or one of two that differ in case) gets a short digest of itself: no classmate's name, and no
    # order of the class, can take a student's file or hand it theirs.
    stems = {submission.name: _safe_stem(submission.name) for submission in roster}
    exact = [name.lower() for name, stem in stems.items() if stem == name]
    files: dict[str, Path] = {}
    used: set[str] = set()
    for submission in roster:
        stem = stems[submission.name]
        if stem != submission.name or exact.count(stem.lower()) > 1:
            stem += "-" + hashlib.sha256(submission.name.encode("utf-8", "surrogateescape")).hexdigest()[:8]
        unique, number = stem, 1
        while unique.lower() in used:  # the same name twice (a manifest's rows)
            number += 1
            unique = f"{stem}-{number}"
        used.add(unique.lower())
        files[submission.name] = path / f"{unique}.md"
    for file in files.values():
        # Looked at before anyone is checked: a link or a folder found only when its student's turn came ended
        # the class run there, every later student unchecked and their rows lost. (Written, it is looked at again.)
        try:
            mode = os.lstat(file).st_mode
        except OSError:
            continue
        if not stat.S_ISREG(mode):
            reason = f"it is {kind_of(mode)}, not a regular file (left as it is; nothing was checked)"
            raise WriteError(str(file), reason, option="--feedback-dir")
    return files


def _safe_stem(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("._")[:100] or "student"


def write_feedback(path: Path, text: str) -> None:
    """One student's Markdown: the text the grader formats show (Gradescope's output, Classroom 50's release)."""
    # A regular file only, whole or not at all (perfectplay.files); one that was there is said, not hidden.
    if write_file(path, text, option="--feedback-dir"):
        sys.stderr.write(f"--feedback-dir: replaced {path}, the file of an earlier run\n")


def _print(text: str, end: str = "\n") -> None:
    sys.stdout.write(text + end)
    sys.stdout.flush()
