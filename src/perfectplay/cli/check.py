"""``perfectplay check``: a student's tic-tac-toe AI against perfect play, as a report.

Thin over ``perfectplay.check``: it reads the flags, finds the students
(files, a class folder, a manifest: ``roster``), runs one check each, side
by side with ``--jobs`` (``class_run``; a progress bar on a terminal, drawn
by ``rich`` on stderr), and prints
the text report, the JSON, or a one-line verdict per file with ``--csv``.
Exit status 0 when every file is unbeatable and plays best everywhere, 1
when anything was found, 2 for a usage problem (one line on stderr each).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import signal
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from perfectplay.check import (
    DEFAULT_MOVE_SECONDS,
    DEFAULT_SEED,
    DEFAULT_STUDENT_WALL,
    DEFAULT_TOTAL_SECONDS,
    MAX_TOTAL_SECONDS,
    CheckReport,
    CheckUsageError,
    Grading,
    Hint,
    Isolation,
    Limits,
    NotGradable,
    Plan,
    Result,
    Score,
    Submission,
    Weights,
    check_class,
    check_submission,
    class_summary,
    default_jobs,
    escape_controls,
    from_manifest,
    from_paths,
    interrupted_row,
    lanes,
    load_weights,
    plug_for,
    release_body,
    render_csv,
    replay,
    summary_svg,
    summary_text,
    transcript_game,
    unchecked,
    usage_row,
    validate_jobs,
)
from perfectplay.check import Progress as ProgressCallback
from perfectplay.check import choose_isolation as choose
from perfectplay.cli.check_game import (
    GRADERS,
    feedback_files,
    format_flags,
    run_game,
    student_seeds,
    write_feedback,
    write_grader,
)
from perfectplay.cli.check_options import (
    BUDGET_MARGIN,
    BUDGET_RESERVE,
    CODERUNNER_PROFILE,
    GRADER_BUDGETS,
    MAX_BUDGET,
    MIN_BUDGET,
    add_check_options,
)
from perfectplay.cli.check_strict import refuse_inapplicable
from perfectplay.cli.output import AtomicText, WriteError, print_or_write, write_file

Seeds = dict[str, tuple[int, bool]]
"""Each row's seed and whether its report shows it, by the row's name (``Plan.seeds``)."""


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    """``perfectplay check``'s flags (``check_options``), run by ``run_check``."""
    add_check_options(parser, name)
    parser.set_defaults(run=run_check)


def run_check(args: argparse.Namespace) -> int:
    # SIGTERM (a plain `kill`, an autograder's time-out) stops the run as Ctrl-C does: every finished
    # row is kept, the rest are marked interrupted, and the check's clean-up ends the candidates.
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        return _run(args)
    finally:
        signal.signal(signal.SIGTERM, previous)


class _Interrupted(BaseException):
    # A BaseException, as KeyboardInterrupt: no handler meant for a submission's failure may swallow it.
    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _terminate(signum: int, frame: object) -> None:
    raise _Interrupted(signum)


_NAMED = re.compile(r"([A-Za-z0-9][A-Za-z0-9_.-]*)=(\S.*)")


def _commands(values: list[str]) -> list[tuple[str, str]]:
    """``--command [NAME=]CMD`` values as (row name, command); a bare command names its own row."""
    commands = []
    for value in values:
        match = _NAMED.fullmatch(value.strip())
        commands.append((match.group(1), match.group(2)) if match else (value, value))
    names = [name for name, _ in commands]
    if len(set(names)) < len(names):
        raise CheckUsageError("--command: two commands have the same name; name each one: --command NAME=CMD")
    return commands


def _run(args: argparse.Namespace) -> int:
    refuse_inapplicable(args)  # a flag of another game, a package not installed: one line (issue 43)
    if args.replay is not None and args.game == "tictactoe":
        # A plug's transcript says its game: --replay needs no --game.
        args.game = transcript_game(args.replay) or "tictactoe"
    if args.replay is not None and args.game == "tictactoe":
        return _replay(args)
    if args.game != "tictactoe":
        try:
            return run_game(args)
        except (KeyboardInterrupt, _Interrupted) as stop:
            # Each check's clean-up has ended its agent and removed its copy; the CSV rows written are kept.
            signum = stop.signum if isinstance(stop, _Interrupted) else signal.SIGINT
            name = signal.Signals(signum).name
            sys.stderr.write(f"perfectplay check: interrupted ({name}); the rows already written are kept\n")
            return 128 + signum
    if not args.files and not args.program and not args.manifest:
        raise CheckUsageError("give the Python file(s) to check, or --command with a program to run (or --manifest)")
    if args.files and args.program:
        raise CheckUsageError("give Python files or --command, not both")
    if args.manifest and (args.files or args.program):
        raise CheckUsageError("--manifest lists the class: leave out files and --command")
    weights = load_weights(args.weights) if args.weights is not None else None
    _formats(args)
    if args.csv == "-" and (args.json or args.jsonl):
        raise CheckUsageError("--csv - and --json/--jsonl would share standard output: write the CSV to a file")
    if args.summary and (args.csv == "-" or args.json or args.jsonl):
        raise CheckUsageError("--summary prints to standard output: write the CSV or JSON to a file (or --summary-svg)")
    jobs = validate_jobs(args.jobs if args.jobs is not None else default_jobs())
    roster = _roster(args)
    if args.transcript is not None and len(roster) > 1:
        raise CheckUsageError("--transcript keeps one check's answers: give one file or command")
    seeds = _seeds(args, roster)  # before anything runs or is written: a secret that cannot be read is one line
    isolation = choose(args.sandbox)
    if isolation.uncounted:
        sys.stderr.write(f"perfectplay check: {isolation.uncounted}\n")
    if args.format in GRADERS:
        if len(roster) > 1:
            raise CheckUsageError(f"--format {args.format} grades one submission: give one file")
        if args.summary or args.summary_svg or args.feedback_dir:
            raise CheckUsageError(f"--summary, --summary-svg and --feedback-dir are for a class, not {args.format}")
        return _grade_one(args, roster[0], isolation, weights, seeds=seeds)
    feedback = feedback_files(args.feedback_dir, roster)
    output = _Output(args, several=len(roster) > 1, weights=weights)
    wall = _class_wall(args, len(roster))
    interrupted: int | None = None
    results: list[Result] = []
    scores: list[Score] = []
    with _progress_display(len(roster)) as progress:
        try:
            for result in check_class(roster, _plan(args, isolation, wall, seeds), jobs, progress):
                results.append(result)
                if result.report is not None:
                    points = output.report(result.report)
                    scores.append(points)
                else:
                    problem = result.problem or "not checked"
                    if len(roster) == 1:
                        raise CheckUsageError(problem)
                    sys.stderr.write(f"perfectplay check: error: {escape_controls(problem)}\n")
                    name = result.submission.name
                    output.add(usage_row(name, problem), _usage_json(name, problem), None)
                _feedback(feedback, result, points if result.report is not None else weights)
        except (KeyboardInterrupt, _Interrupted) as stop:
            interrupted = stop.signum if isinstance(stop, _Interrupted) else signal.SIGINT
            why = f"the run was interrupted ({signal.Signals(interrupted).name}) before this file was finished"
            for submission in roster[len(results) :]:
                name = submission.name
                output.add(interrupted_row(name, why), {"target": name, "verdict": "interrupted", "problem": why}, None)
    _summaries(args, output, results, weights, scores)
    output.finish(interrupted)
    if interrupted is not None:
        sys.stderr.write(
            f"perfectplay check: interrupted: {len(results)} of {len(roster)} files checked; their results are kept\n"
        )
        return 128 + interrupted
    return output.status


def _replay(args: argparse.Namespace) -> int:
    """A saved transcript judged and reported again: the student's code is not run."""
    if args.files or args.program or args.manifest or args.transcript is not None:
        raise CheckUsageError(
            "--replay judges a saved transcript: leave out files, --command, --manifest and --transcript"
        )
    weights = load_weights(args.weights) if args.weights is not None else None
    _formats(args)
    report = replay(args.replay, args.standard)
    if args.format in GRADERS:
        return _grade_one(args, Submission(report.target), Isolation("none", "replayed"), weights, report)
    output = _Output(args, several=False, weights=weights)
    output.report(report)
    output.finish(None)
    return output.status


def _roster(args: argparse.Namespace) -> list[Submission]:
    if args.manifest:
        return from_manifest(args.manifest)
    if args.files:
        return from_paths(args.files, args.function)
    return [Submission(name, command=command) for name, command in _commands(args.program)]


def _class_wall(args: argparse.Namespace, students: int) -> tuple[float, str] | None:
    """The wall-clock bound of each check and its name in the report, beside what --budget sets."""
    if args.wall_limit is not None:
        if args.budget is not None:
            raise CheckUsageError("give --budget or --wall-limit, not both")
        if not 0 < args.wall_limit <= MAX_TOTAL_SECONDS:
            raise CheckUsageError(
                f"--wall-limit must be a number of seconds above 0 and at most {MAX_TOTAL_SECONDS:g}, "
                f"not {args.wall_limit!r}"
            )
        return args.wall_limit, "the --wall-limit"
    if students > 1 and args.budget is None and args.format not in GRADER_BUDGETS:
        return DEFAULT_STUDENT_WALL, "the class run's wall-clock bound per student"
    return None


def _feedback(files: dict[str, Path], result: Result, points: Score | Weights | None) -> None:
    """One student's Markdown: the text the grader formats show (Gradescope's output, Classroom 50's release).

    ``points``: the report's score; the weights for a submission not checked (its zero is scored here)."""
    path = files.get(result.submission.name)
    if path is not None:
        write_feedback(path, release_body(result.graded, points))


def _summaries(
    args: argparse.Namespace, output: _Output, results: list[Result], weights: Weights | None, scores: list[Score]
) -> None:
    if not args.summary and args.summary_svg is None:
        return
    summary = class_summary(
        [result.report for result in results if result.report is not None],
        not_checked=sum(1 for result in results if result.report is None),
        weights=weights,
        scores=scores,
    )
    if args.summary:
        output.note(summary_text(summary))
    if args.summary_svg is not None:
        print_or_write("--summary-svg", args.summary_svg, "summary.svg", summary_svg(summary))


def _formats(args: argparse.Namespace) -> None:
    """``--format`` as every game's check reads it (``format_flags``); ``--output`` only with a format that writes.

    The ``--output`` test may come after ``format_flags``: a format it refuses is neither ``json`` nor ``csv``.
    """
    format_flags(args)
    if args.output is not None and args.format not in (*GRADERS, "csv", "json", "text"):
        raise CheckUsageError(f"--output does not go with --format {args.format}")


def _grade_one(
    args: argparse.Namespace,
    submission: Submission,
    isolation: Isolation,
    weights: Weights | None,
    replayed: CheckReport | None = None,
    seeds: Seeds | None = None,
) -> int:
    """One submission to a grader's file: a submission that cannot be checked still gets one (0 points)."""
    status: int | None = None
    name = submission.name
    with _progress_display(1) as progress:
        try:
            if replayed is not None:
                report = replayed
            elif submission.problem is not None:
                raise NotGradable(submission.problem)
            else:
                plan = _plan(args, isolation, _class_wall(args, 1), seeds or {})
                # --jobs N is N processes at once, for a grader's one submission too (class_run.lanes).
                workers = lanes(plan.limits.workers, validate_jobs(args.jobs or default_jobs()), 1)
                plan = replace(plan, limits=replace(plan.limits, workers=workers))
                report = check_submission(plan, submission, progress(name) if progress else None)
        except NotGradable as error:
            report = unchecked(name, str(error), args.standard or "best")
            sys.stderr.write(f"perfectplay check: error: {escape_controls(str(error))}\n")
            status = 2
    plug = plug_for("tictactoe")
    written = write_grader(args, plug, report, plug.score(report, weights))  # scored once, as for every game
    return written if status is None else status


def limits(args: argparse.Namespace) -> tuple[float, float, float | None]:
    """(CPU seconds a move, CPU seconds in all, the grader's budget) from the limits, --budget and the format.

    A budget is cut to 90% of it less 3 s (Python's start, the oracle, writing
    the result), and a move to a tenth of that; the check then counts it as the
    candidate's CPU time (the sample it buys) and its waiting, not as wall time.
    """
    if args.budget is not None and args.time_limit is not None:
        raise CheckUsageError("give --budget or --time-limit, not both")
    if args.format == "coderunner" and args.budget is None:
        # Jobe counts CPU time: the profile's limits are CPU time, and its wall clock only a backstop.
        move = args.time_per_move if args.time_per_move is not None else CODERUNNER_PROFILE["move"]
        total = args.time_limit if args.time_limit is not None else CODERUNNER_PROFILE["total"]
        return move, total, CODERUNNER_PROFILE["wall"]
    budget = args.budget if args.budget is not None else GRADER_BUDGETS.get(args.format)
    if budget is not None and args.time_limit is None:
        if not budget > MIN_BUDGET:
            raise CheckUsageError(f"--budget must be more than {MIN_BUDGET:g} seconds, not {budget:g}")
        if not budget <= MAX_BUDGET:
            raise CheckUsageError(f"--budget must be at most {MAX_BUDGET:,.0f} seconds, not {budget:g}")
        wall = budget * (1 - BUDGET_MARGIN) - BUDGET_RESERVE
        move = args.time_per_move if args.time_per_move is not None else min(DEFAULT_MOVE_SECONDS, wall / 10)
        return move, wall, wall
    move = args.time_per_move if args.time_per_move is not None else DEFAULT_MOVE_SECONDS
    return move, args.time_limit if args.time_limit is not None else DEFAULT_TOTAL_SECONDS, None


def _usage_json(target: str, message: str) -> dict[str, Any]:
    return {"target": target, "verdict": "not checked", "exit_status": 2, "problem": message}


def _sample(args: argparse.Namespace) -> int | None:
    """The positions a fixed sample asks: ``--sample``, else CodeRunner's profile's; None for none."""
    sample: int | None = args.sample
    if sample is None and args.format == "coderunner":
        return int(CODERUNNER_PROFILE["sample"])
    return sample


def _seeds(args: argparse.Namespace, roster: list[Submission]) -> Seeds:
    """Each row's seed and whether its report shows it, drawn as every game's check draws them (``student_seeds``).

    A sample (``--sample``, a budget's rounds, CodeRunner's 200) is what tic-tac-toe draws: from a fixed public
    seed it is a public answer key (a fatalist carrying the best move of each position the same check asked at
    home scored 100 instead of 98 on CodeRunner), and from a seed drawn afresh each run a student may resubmit
    until a kinder one comes. So it is each student's own from the grader's secret, the same on every
    resubmission and regrade and not shown, unless ``--seed``. The full check asks every position: 2026.
    """
    draws = _sample(args) is not None or limits(args)[2] is not None
    seed_of = student_seeds(args, plug_for("tictactoe"), roster, draws)
    return {
        submission.name: (grading.seed, grading.seed_shown)
        for submission in roster
        for grading in [seed_of(submission)]
    }


def _plan(args: argparse.Namespace, isolation: Isolation, wall: tuple[float, str] | None, seeds: Seeds) -> Plan:
    """What every check of the run shares: the limits (``--budget``, the class's wall bound) and the flags, and
    each row's own seed (``_seeds``)."""
    move_seconds, total_seconds, budget_seconds = limits(args)
    bound = Limits(move_seconds, total_seconds, args.memory, budget_seconds)
    if wall is not None:
        bound = replace(bound, wall_seconds=wall[0], wall_label=wall[1])
    return Plan(
        isolation,
        Hint(args.function, args.board, args.empty, args.returns, args.plays),
        bound,
        Grading(args.standard, _sample(args), DEFAULT_SEED),
        args.transcript,
        seeds,
        tuple(dict.fromkeys(getattr(args, "allow_package", None) or ())),
    )


class _Output:
    """Every result written as soon as it is known: CSV rows (the file replaced atomically each time),
    JSON lines, text reports; ``--json`` as one document at the end."""

    def __init__(self, args: argparse.Namespace, several: bool, weights: Weights | None = None) -> None:
        self.args = args
        self.several = several
        self.weights = weights
        self.plug = plug_for("tictactoe")
        # --output for text and JSON: the same text, into a file instead of standard output.
        # The file is rewritten whole as each result arrives: never half a report in it.
        self.stream: Any = sys.stdout
        if args.output is not None:
            try:
                self.stream = AtomicText(args.output)
            except WriteError as error:
                raise CheckUsageError(f"--output: {error}") from None
        self.rows: list[dict[str, object]] = []
        self.documents: list[dict[str, Any]] = []
        self.statuses: list[int] = []
        self.printed = 0
        if args.csv is not None and args.csv != "-":
            self._write_csv()  # fail early (exit 2) if the file cannot be written, and start it empty
        elif args.csv == "-":
            self._print(render_csv([]), end="")

    def report(self, report: CheckReport) -> Score:
        """One report's row, document and text, all from its score, computed once (tic-tac-toe's plug renders)."""
        points = self.plug.score(report, self.weights)
        document = json.loads(self.plug.render(report, points, "json"))
        self.add(self.plug.csv_row(report, points), document, (report, points))
        return points

    def add(self, row: dict[str, object], document: dict[str, Any], scored: tuple[CheckReport, Score] | None) -> None:
        self.rows.append(row)
        self.documents.append(document)
        status = row.get("exit_status")
        if isinstance(status, int):
            self.statuses.append(status)
        args = self.args
        if args.csv == "-":
            self._print(render_csv([row], header=False), end="")
        elif args.csv is not None:
            self._write_csv()
        if args.jsonl:
            self._print(json.dumps(document))
        elif not args.json and args.csv is None and scored is not None:
            self._print(("\n\n" if self.printed else "") + self.plug.render(*scored, "text"))
            self.printed += 1
        elif not args.json and args.csv not in (None, "-"):
            line = (
                self.plug.render(*scored, "line")
                if scored is not None
                else f"{row.get('verdict')}: {row.get('problem')}"
            )
            self._print(escape_controls(f"{row['file']}: {line}"))

    def note(self, text: str) -> None:
        """Text after the results (the class summary), where the text reports go."""
        self._print(("\n" if self.printed or self.rows else "") + text, end="")

    def finish(self, interrupted: int | None) -> None:
        if self.args.json:
            document: Any = self.documents[0] if not self.several and self.documents else self.documents
            if interrupted is not None and not self.several and not self.documents:
                document = []
            self._print(json.dumps(document))
        if self.stream is not sys.stdout:
            self.stream.close()

    @property
    def status(self) -> int:
        if any(status == 2 for status in self.statuses):
            return 2
        return max(self.statuses, default=0)

    def _write_csv(self) -> None:
        """The whole CSV so far, written whole or not at all (a new file renamed over the old one)."""
        try:
            write_file(self.args.csv, render_csv(self.rows))
        except WriteError as error:
            raise CheckUsageError(f"--csv: {error}") from None

    def _print(self, text: str, end: str = "\n") -> None:
        self.stream.write(text + end)
        self.stream.flush()


@contextlib.contextmanager
def _progress_display(files: int) -> Iterator[Any]:
    """A factory of progress callbacks: a rich bar on a terminal's stderr; None elsewhere.

    For several files, one bar counts the files checked and each running check has its own
    (checks run side by side with ``--jobs``); a check's bar goes when it reports ``finished``.
    """
    if not sys.stderr.isatty():
        yield None
        return
    try:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    except ImportError:  # the cli extra is not installed: no bar
        yield None
        return
    # Descriptions are plain text, not rich's markup: a student named "[link=...]" would draw a hyperlink.
    columns = (TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        overall = bar.add_task("checked", total=files) if files > 1 else None

        def for_target(target: str) -> ProgressCallback:
            task = bar.add_task(escape_controls(target), total=None)

            def update(phase: str, done: int, total: int) -> None:
                if phase == "finished":
                    if overall is not None:
                        bar.remove_task(task)
                        bar.advance(overall)
                    return
                bar.update(task, description=f"{escape_controls(target)}: {phase}", completed=done, total=total)

            return update

        yield for_target
