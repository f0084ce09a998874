"""A class in one run: safe copies, who the students are, side by side in a stable order, and the class summary."""

from __future__ import annotations

import argparse
import csv
import io
import json
import multiprocessing
import os
import re
import subprocess
import sys
import time
import xml.etree.ElementTree as ElementTree
from collections.abc import Generator, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from cli_helpers import InProcess, run_cli
from perfectplay.check.class_run import DEFAULT_STUDENT_WALL, Plan, Result, check_class
from perfectplay.check.errors import CheckUsageError, NotGradable
from perfectplay.check.report.model import CheckReport, Example, Finding, RoleResult, unchecked
from perfectplay.check.report.render_summary import class_summary, summary_svg, summary_text
from perfectplay.check.roster import Submission, from_manifest, from_paths
from perfectplay.check.run.copying import Caps, copy_submission
from perfectplay.check.run.sandbox import Isolation
from perfectplay.check.run.sweep import Progress
from perfectplay.check.settings import Limits
from perfectplay.check.submission import command_folder as _command_folder

ROOT = Path(__file__).resolve().parents[2]
SYNTAX_ERROR = "def find_best_move(board):\n    return (\n"


def nest(folder: Path, depth: int) -> None:
    """``depth`` folders inside one another, made without recursion (os.makedirs recurses)."""
    here = os.open(folder, os.O_RDONLY)
    try:
        for _ in range(depth):
            os.mkdir("a", dir_fd=here)
            inner = os.open("a", os.O_RDONLY, dir_fd=here)
            os.close(here)
            here = inner
    finally:
        os.close(here)


@pytest.fixture()
def deep_tmp(tmp_path: Path) -> Iterator[Path]:
    """A tmp_path removed at the end by ``rm -rf``: pytest's own clean-up recurses, and a 1,100-deep tree breaks it."""
    yield tmp_path
    subprocess.run(["rm", "-rf", str(tmp_path)], check=False)


def student(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


# --- copying a submission -------------------------------------------------------------------------


def test_a_folder_nested_1100_deep_is_not_gradable_and_raises_no_recursion_error(deep_tmp: Path) -> None:
    tmp_path = deep_tmp
    source = student(tmp_path / "mallory", {"tictactoe.py": "X = 1\n"})
    nest(source, 1100)
    target = tmp_path / "copy"
    target.mkdir()
    with pytest.raises(NotGradable, match="nested deeper than 32 folders"):
        copy_submission(source, target)


def test_the_copy_is_capped_in_entries_and_bytes_and_skips_links_and_excluded_files(tmp_path: Path) -> None:
    source = student(tmp_path / "s", {"a.py": "1", "b.py": "22", "other.py": "333"})
    (source / "link.py").symlink_to(source / "a.py")
    (source / ".git").mkdir()
    (source / ".git" / "config").write_text("secret")
    target = tmp_path / "copy"
    target.mkdir()
    assert copy_submission(source, target, frozenset({(source / "other.py").resolve()})) == 2
    assert sorted(path.name for path in target.iterdir()) == ["a.py", "b.py"]
    with pytest.raises(NotGradable, match="more than 3 files and folders"):
        copy_submission(source, tmp_path / "copy", caps=Caps(entries=3))
    (tmp_path / "again").mkdir()
    with pytest.raises(NotGradable, match="more than 0 MB of files"):
        copy_submission(source, tmp_path / "again", caps=Caps(bytes=2))


def test_a_deep_folder_is_that_students_row_not_the_end_of_the_class_run(deep_tmp: Path) -> None:
    tmp_path = deep_tmp
    nest(student(tmp_path / "class" / "dave", {"tictactoe.py": SYNTAX_ERROR}), 1100)
    student(tmp_path / "class" / "erin", {"tictactoe.py": SYNTAX_ERROR})
    grades = tmp_path / "grades.csv"
    result = run_cli("check", str(tmp_path / "class"), "--csv", str(grades), "--jobs", "1", "--sandbox", "off")
    assert "RecursionError" not in result.stderr + result.stdout
    rows = list(csv.DictReader(io.StringIO(grades.read_text())))
    assert [(row["file"], row["verdict"]) for row in rows] == [("dave", "not checked"), ("erin", "broken")]
    assert "nested deeper than 32 folders: not gradable" in rows[0]["problem"]
    assert result.returncode == 2


# --- who the students are ---------------------------------------------------------------------------


def test_a_folder_of_folders_is_one_student_per_folder_with_its_ai_chosen(tmp_path: Path) -> None:
    classroom = tmp_path / "class"
    student(classroom / "bob", {"tictactoe.py": "", "helper.py": ""})
    student(classroom / "ann", {"ai.py": ""})
    student(classroom / "cat", {"util.py": "def helper(): pass\n", "mine.py": "def find_best_move(board): pass\n"})
    student(classroom / "dan", {"a.py": "", "b.py": ""})
    student(classroom / "eve" / "project0", {"tictactoe.py": ""})
    student(classroom / "fay", {"notes.txt": ""})
    found = {submission.name: submission for submission in from_paths([str(classroom)])}
    assert list(found) == ["ann", "bob", "cat", "dan", "eve", "fay"]
    assert found["ann"].file == classroom / "ann" / "ai.py"
    assert found["bob"].file == classroom / "bob" / "tictactoe.py"
    assert found["cat"].file == classroom / "cat" / "mine.py"
    assert found["dan"].file is None and "it holds several: a.py, b.py; none defines" in str(found["dan"].problem)
    assert found["eve"].file == classroom / "eve" / "project0" / "tictactoe.py"
    assert found["fay"].problem is not None and "holds no Python file" in found["fay"].problem


def test_files_of_one_student_folder_named_together_are_in_each_others_copy(tmp_path: Path) -> None:
    classroom = tmp_path / "class"
    student(classroom / "ann", {"tictactoe.py": "", "helper.py": ""})
    student(classroom / "ben", {"ai.py": ""})
    named = [str(path) for path in sorted(classroom.glob("*/*.py"))]
    found = from_paths(named)
    assert [Path(submission.name).relative_to(classroom).as_posix() for submission in found] == [
        "ann/tictactoe.py",
        "ben/ai.py",
    ]
    ann, ben = found
    assert (classroom / "ann" / "helper.py").resolve() not in ann.others
    assert ann.others == ((classroom / "ben" / "ai.py").resolve(),)
    assert ben.others == ((classroom / "ann" / "tictactoe.py").resolve(),)


def test_files_of_a_flat_class_folder_are_students_each_left_out_of_the_others_copy(tmp_path: Path) -> None:
    flat = student(tmp_path / "class", {"alice.py": "", "bob.py": ""})
    alice, bob = from_paths([str(flat / "alice.py"), str(flat / "bob.py")])
    assert alice.file == flat / "alice.py" and alice.others == ((flat / "bob.py").resolve(),)
    assert bob.others == ((flat / "alice.py").resolve(),)


def test_a_csv_manifest_gives_each_student_its_own_file_command_and_interface(tmp_path: Path) -> None:
    student(tmp_path / "subs" / "ann", {"tictactoe.py": ""})
    student(tmp_path / "subs", {"ben.py": "", "ai.sh": ""})
    manifest = tmp_path / "class.csv"
    manifest.write_text(
        "student,file,command,function,board,empty,returns,plays\n"
        "ann,subs/ann,,,,,,\n"
        "ben,subs/ben.py,,choose,flat,None,index,X\n"
        "cy,,sh subs/ai.sh --fast,,,,,O\n"
    )
    ann, ben, cy = from_manifest(str(manifest))
    assert (ann.name, ann.file) == ("ann", tmp_path / "subs" / "ann" / "tictactoe.py")
    assert ben.file == tmp_path / "subs" / "ben.py"
    assert dict(ben.settings) == {
        "function": "choose",
        "board": "flat",
        "empty": "None",
        "returns": "index",
        "plays": "X",
    }
    assert cy.command == ["sh", str(tmp_path / "subs" / "ai.sh"), "--fast"] and dict(cy.settings) == {"plays": "O"}
    assert (tmp_path / "subs" / "ben.py").resolve() in ann.others


def test_a_toml_manifest_lists_students_as_tables(tmp_path: Path) -> None:
    pytest.importorskip("tomllib" if sys.version_info >= (3, 11) else "tomli")
    (tmp_path / "a.py").write_text("")
    manifest = tmp_path / "class.toml"
    manifest.write_text('[[student]]\nstudent = "ann"\nfile = "a.py"\nfunction = "pick"\n')
    (ann,) = from_manifest(str(manifest))
    assert ann.file == tmp_path / "a.py" and dict(ann.settings) == {"function": "pick"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("student,file,grade\nann,a.py,10\n", "unknown column 'grade'"),
        ("file\na.py\n", "no 'student' column"),
        ("student,file\nann,a.py\nann,b.py\n", "the student 'ann' is listed twice"),
        ("student,file,command\nann,a.py,sh x.sh\n", "row 2 (ann): give a file or a command, one of them"),
        ("student,file\n", "no student in it"),
    ],
)
def test_a_manifest_that_makes_no_sense_is_a_usage_error(tmp_path: Path, text: str, message: str) -> None:
    manifest = tmp_path / "class.csv"
    manifest.write_text(text)
    with pytest.raises(CheckUsageError, match=re.escape(message)):
        from_manifest(str(manifest))


# --- side by side ------------------------------------------------------------------------------------


PLAN = Plan(Isolation("none", "fake checks run nothing"), limits=Limits(1.0, 1.0))


def fake_report(name: str, where: str = "") -> CheckReport:
    return replace(unchecked(name, "x"), problem=None, interface="fake", isolation=where)


def fake_check(plan: Plan, submission: Submission, progress: Progress | None) -> CheckReport:
    """A check that runs nothing (module level: a checker process is sent it by name)."""
    if progress is not None:
        progress("asking", 1, 2)
    if submission.name == "c":
        raise RecursionError("maximum recursion depth exceeded")
    assert submission.file is not None
    if plan.isolation.detail == "rendezvous" and submission.name in ("d", "a"):
        # The first two wait for each other: with two jobs they can only meet if they run side by side.
        submission.file.with_suffix(".started").write_text("")
        other = submission.file.with_name("a.started" if submission.name == "d" else "d.started")
        deadline = time.monotonic() + 120
        while not other.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
    return fake_report(submission.name, where=str(os.getpid()))


def endless_check(plan: Plan, submission: Submission, progress: Progress | None) -> CheckReport:
    """A check that never ends by itself, and says when it was made to (its clean-up ran)."""
    if submission.name == "a":
        return fake_report("a")
    assert submission.file is not None
    try:
        # Inside the try: a SIGTERM that comes as soon as the marker exists still runs the clean-up below.
        submission.file.with_suffix(".started").write_text("")
        while True:
            time.sleep(0.05)
    finally:
        submission.file.with_suffix(".cleaned").write_text("")


def test_two_jobs_give_the_same_results_in_the_same_order_as_one(tmp_path: Path) -> None:
    roster = [Submission(name, file=tmp_path / f"{name}.py") for name in ("d", "a", "c", "b")]
    seen: list[tuple[str, str]] = []

    def progresses(name: str) -> Progress:
        return lambda phase, done, total: seen.append((name, phase))

    serial = list(check_class(roster, PLAN, 1, progresses, fake_check))
    rendezvous = replace(PLAN, isolation=Isolation("none", "rendezvous"))
    side_by_side = list(check_class(roster, rendezvous, 2, progresses, fake_check))
    assert [result.submission.name for result in side_by_side] == ["d", "a", "c", "b"]

    def without_process(results: list[Result]) -> list[Result]:
        return [replace(r, report=replace(r.report, isolation="")) if r.report else r for r in results]

    assert without_process(side_by_side) == without_process(serial)
    assert side_by_side[2].report is None and "RecursionError" in str(side_by_side[2].problem)
    processes = {result.report.isolation for result in side_by_side if result.report is not None}
    assert len(processes) == 2 and str(os.getpid()) not in processes  # two checker processes, not this one
    assert seen.count(("b", "asking")) == 2 and seen.count(("b", "finished")) == 2


def test_stopping_a_class_run_ends_the_checks_still_running_through_their_clean_up(tmp_path: Path) -> None:
    roster = [Submission(name, file=tmp_path / f"{name}.py") for name in ("a", "b", "c")]
    results = check_class(roster, PLAN, 3, None, endless_check)
    assert isinstance(results, Generator)
    assert next(results).submission.name == "a"
    # b is running (c may not have started: nothing depends on it); waited for, however busy the machine.
    started = tmp_path / "b.started"
    for _ in range(6000):
        if started.exists():
            break
        time.sleep(0.05)
    assert started.exists()
    results.close()  # what Ctrl-C or SIGTERM does to the loop over the results
    assert multiprocessing.active_children() == []
    assert (tmp_path / "b.cleaned").exists()


# --- commands ----------------------------------------------------------------------------------------


def test_an_absolute_interpreter_or_an_inline_program_copies_no_system_folder(tmp_path: Path) -> None:
    python = os.path.realpath(sys.executable)
    assert _command_folder([python, "-c", "print(4)"]) is None
    assert _command_folder(["/usr/bin/env", "python3", "-c", "print(4)"]) is None
    (tmp_path / "ai.py").write_text("")
    assert _command_folder([python, str(tmp_path / "ai.py")]) == tmp_path.resolve()
    program = tmp_path / "ai"
    program.write_text("#!/bin/sh\n")
    assert _command_folder([str(program)]) == tmp_path.resolve()


@pytest.mark.slow
def test_an_inline_program_on_an_absolute_interpreter_is_checked() -> None:
    python = os.path.realpath(sys.executable)
    first_empty = "import sys\nfor line in sys.stdin:\n    print(line.replace('/', '').index('.'), flush=True)\n"
    # A sample: what is tested is that the program starts and is asked (its first empty cell loses by its own games).
    result = run_cli("check", "--command", f'{python} -c "{first_empty}"', "--csv", "-", "--sample", "20", timeout=300)
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert rows[0]["verdict"] == "beatable", result.stderr
    assert "copy" not in result.stderr


# --- the summary -------------------------------------------------------------------------------------


def test_the_class_summary_counts_verdicts_scores_categories_and_findings() -> None:
    perfect = replace(
        unchecked("a", "x"),
        problem=None,
        interface="find_best_move(board)",
        positions=10,
        asked=10,
        best=10,
        legal=10,
        legal_of=10,
        kept=10,
        complete=True,
        roles=(RoleResult("X", "X", 5, False, 0),),
    )
    fork = Finding("walks_into_fork", 3, Example(position="........."))
    beaten = replace(perfect, target="b", best=7, kept=7, findings=(fork,), roles=(RoleResult("X", "X", 5, True, 0),))
    broken = unchecked("c", "importing it failed")
    summary = class_summary([perfect, beaten, broken], not_checked=1)
    assert summary.students == 4
    assert dict(summary.verdicts) == {"unbeatable": 1, "beatable": 1, "broken": 1, "not checked": 1}
    assert summary.scores == (100, 49, 0)  # 10 + 15 + 0 + 70 % of 20 + 70 % of 15, rounded down
    assert sum(count for _, _, count in summary.histogram) == 3
    assert summary.findings == (("walks into a fork", 1),)
    never = next(category for category in summary.categories if category.title == "Never beaten")
    assert never.students == 3 and never.mean_percent == pytest.approx(100 / 3)
    text = summary_text(summary)
    assert "Class summary: 4 students" in text and "walks into a fork      1" in text
    drawing = ElementTree.fromstring(summary_svg(summary))
    assert drawing.tag == "{http://www.w3.org/2000/svg}svg"
    assert any(element.text == "walks into a fork" for element in drawing.iter())


@pytest.mark.slow  # two class runs of four students
def test_a_mixed_class_from_a_manifest_in_one_command_with_summary_and_feedback(
    tmp_path: Path, in_process: InProcess
) -> None:
    # A sample of each (50 positions and every one its own games reach: the verdicts and points of the whole
    # check): what is tested is the class run, each row with its own settings, serial and side by side.
    (tmp_path / "pick.py").write_text((ROOT / "examples" / "correct.py").read_text().replace("find_best_move", "pick"))
    student(tmp_path / "broken", {"tictactoe.py": SYNTAX_ERROR})
    manifest = tmp_path / "class.csv"
    manifest.write_text(
        "student,file,command,function,plays\n"
        f"awk,,sh {ROOT / 'examples' / 'rules.sh'},,\n"
        "pick,pick.py,,pick,\n"
        "zed,broken,,,\n"
        "only,missing.py,,,X\n"
    )
    feedback = tmp_path / "feedback"
    svg = tmp_path / "summary.svg"
    outputs = []
    for jobs in ("1", "2"):
        grades = tmp_path / f"grades{jobs}.csv"
        # One seed for both runs: the command line draws a fresh sample for each run unless told. One job in this
        # process (a checker's start saved); side by side in a command of its own (the worker pool's helper process
        # would outlive the run here).
        argv = (
            "check", "--manifest", str(manifest), "--csv", str(grades), "--jobs", jobs, "--summary",
            "--summary-svg", str(svg), "--feedback-dir", str(feedback), "--sample", "50", "--seed", "7",
        )  # fmt: skip
        result = in_process(*argv) if jobs == "1" else run_cli(*argv, timeout=600)
        assert result.returncode == 2, result.stderr
        rows = list(csv.DictReader(io.StringIO(grades.read_text())))
        outputs.append(
            [
                {key: value for key, value in row.items() if key not in ("seconds", "median_ms", "slowest_ms")}
                for row in rows
            ]
        )
        assert "Class summary: 4 students" in result.stdout
    assert outputs[0] == outputs[1]
    verdicts = [(row["file"], row["verdict"]) for row in outputs[0]]
    assert verdicts == [("awk", "beatable"), ("pick", "unbeatable"), ("zed", "broken"), ("only", "not checked")]
    assert sorted(path.name for path in feedback.iterdir()) == ["awk.md", "only.md", "pick.md", "zed.md"]
    assert (feedback / "pick.md").read_text().startswith("## perfectplay check: 100 / 100")
    assert "could not be graded" in (feedback / "only.md").read_text()
    ElementTree.fromstring(svg.read_text())


# --- a finite class run ------------------------------------------------------------------------------


def test_several_submissions_get_the_default_wall_bound_per_student_and_one_file_does_not() -> None:
    from perfectplay.cli.check import _class_wall

    def namespace(**given: object) -> argparse.Namespace:
        return argparse.Namespace(**{"wall_limit": None, "budget": None, "format": "text", **given})

    assert _class_wall(namespace(), 40) == (DEFAULT_STUDENT_WALL, "the class run's wall-clock bound per student")
    assert _class_wall(namespace(), 1) is None
    assert _class_wall(namespace(budget=60.0), 40) is None  # --budget bounds each check already
    assert _class_wall(namespace(wall_limit=30.0), 1) == (30.0, "the --wall-limit")
    with pytest.raises(CheckUsageError, match="--wall-limit must be a number of seconds above 0"):
        _class_wall(namespace(wall_limit=float("nan")), 2)


SLEEPER = """
import time

_calls = 0
_answer = find_best_move


def find_best_move(board):
    global _calls
    _calls += 1
    if _calls > 40:
        time.sleep(60)  # just under the per-move backstop, on every move
    return _answer(board)
"""


@pytest.mark.slow
def test_students_who_sleep_on_every_move_cannot_keep_a_class_run_busy(tmp_path: Path) -> None:
    correct = (ROOT / "examples" / "correct.py").read_text()
    for name in ("sam", "sue"):
        student(tmp_path / "class" / name, {"tictactoe.py": correct + SLEEPER})
    started = time.monotonic()
    result = run_cli(
        "check", str(tmp_path / "class"), "--json", "--jobs", "2", "--wall-limit", "8", "--time-per-move", "30",
        timeout=600,
    )  # fmt: skip
    elapsed = time.monotonic() - started
    reports = json.loads(result.stdout)
    assert [report["target"] for report in reports] == ["sam", "sue"]
    for report in reports:
        assert report["verdict"] == "incomplete", report
        stopped = next(finding for finding in report["findings"] if finding["kind"] == "not_checked")
        assert "the --wall-limit of 8 s ran out" in stopped["example"]["answer"]
    # Without the bound each would take 25 time-outs of 100 s; with it, seconds (generous for a busy machine).
    assert elapsed < 300


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["examples/correct.py", "--jobs", "0"], "--jobs must be 1 or more, not 0"),
        (["examples/correct.py", "--summary", "--csv", "-"], "--summary prints to standard output"),
        (["examples/correct.py", "--format", "gradescope", "--summary"], "are for a class, not gradescope"),
        (["examples/correct.py", "--manifest", "class.csv"], "--manifest lists the class: leave out files"),
        (["--manifest", "no-such-manifest.csv"], "--manifest: cannot read no-such-manifest.csv"),
        (["examples/correct.py", "--wall-limit", "10", "--budget", "60"], "give --budget or --wall-limit, not both"),
    ],
)
def test_class_run_usage_problems_exit_2_with_one_line(args: list[str], message: str, in_process: InProcess) -> None:
    result = in_process("check", *args)
    assert result.returncode == 2 and message in result.stderr
    assert result.stderr.count("\n") == 1


def test_an_unreadable_student_folder_is_that_students_row(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    classroom = tmp_path / "class"
    student(classroom / "ann", {"tictactoe.py": ""})
    student(classroom / "ben", {"tictactoe.py": ""})
    real = Path.iterdir

    def iterdir(self: Path) -> Iterator[Path]:
        if self.name == "ben":  # as a folder without read permission is for a user who is not root
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "iterdir", iterdir)
    ann, ben = from_paths([str(classroom)])
    assert ann.file == classroom / "ann" / "tictactoe.py"
    assert ben.file is None and "cannot be read (Permission denied): not gradable" in str(ben.problem)
