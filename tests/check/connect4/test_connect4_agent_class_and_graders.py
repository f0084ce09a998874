"""Connect Four checks as tic-tac-toe's: not gradable versus broken, every grader's format, and class runs."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from cli_helpers import InProcess
from drawn_positions import PRELOAD, drawn_once, write_draws
from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.model import Connect4Report
from perfectplay.check.errors import CheckUsageError, NotGradable
from perfectplay.cli.check_game import PURE_CORE_NOTICE
from repo_paths import ROOT
from shared_results import SharedResults

EXAMPLES = ROOT / "examples" / "connect4"
QUICK = (
    *("--game", "connect4", "--positions", "6", "--seed", "3"),
    *("--no-games", "--sandbox", "off", "--time-per-move", "2"),
)
"""Six positions of one seed: these tests are about agents, classes and formats, not the draw (a fresh seed by
default: test_connect4_drawn_positions), so the positions are drawn and solved once per run, not per check."""


def write(path: Path, source: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(source))
    return path


def quick(path: Path) -> Connect4Report:
    # One process a side: what is read of the agent is the subject, not how many processes ask it.
    return check_connect4(path, positions=6, seed=3, games=False, sandbox="off", workers=1, move_seconds=2.0)


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> InProcess:
    return InProcess(capsys, monkeypatch)


# --- not gradable, or the student's verdict -------------------------------------------------------------


def test_a_module_with_no_agent_in_it_is_not_gradable_and_says_what_it_looked_for(tmp_path: Path) -> None:
    with pytest.raises(NotGradable, match=r"no Connect Four agent recognised.*its functions: helper"):
        quick(write(tmp_path / "nothing.py", "def helper(x):\n    return x\n"))


def test_a_function_named_with_function_that_is_not_there_is_not_gradable(tmp_path: Path) -> None:
    agent = write(tmp_path / "agent.py", "def agent(observation, configuration):\n    return 3\n")
    with pytest.raises(NotGradable, match="--function pick: the module has no such function"):
        check_connect4(agent, function="pick", positions=6, games=False, sandbox="off")


def test_a_board_function_that_never_returns_a_column_under_any_reading_is_not_gradable(tmp_path: Path) -> None:
    agent = write(tmp_path / "agent.py", "def best_move(board):\n    return 'left'\n")
    with pytest.raises(NotGradable, match=r"no reading recognised.*it returned 'left'.*--pieces"):
        quick(agent)


def test_a_board_function_that_only_raises_is_checked_and_broken_not_unrecognised(tmp_path: Path) -> None:
    report = quick(write(tmp_path / "agent.py", "def best_move(board):\n    raise ValueError('no')\n"))
    assert report.verdict == "broken" and report.exit_status == 1


def test_a_module_that_raises_on_import_is_broken_even_when_no_agent_was_defined_yet(tmp_path: Path) -> None:
    report = quick(write(tmp_path / "agent.py", "def helper():\n    pass\n\nraise RuntimeError('half written')\n"))
    assert report.verdict == "broken" and "importing it raised RuntimeError" in str(report.problem)


def test_a_missing_file_and_a_folder_are_not_gradable_before_anything_runs(tmp_path: Path) -> None:
    with pytest.raises(NotGradable, match="no such file"):
        quick(tmp_path / "absent.py")
    with pytest.raises(NotGradable, match="is a folder"):
        quick(tmp_path)


def test_on_the_command_line_not_gradable_is_exit_2_with_one_line_and_broken_is_exit_1(
    run: InProcess, tmp_path: Path
) -> None:
    missing = run("check", str(tmp_path / "absent.py"), *QUICK)
    assert (missing.returncode, missing.stdout, missing.stderr.count("\n")) == (2, "", 1)
    assert "no such file" in missing.stderr and "Traceback" not in missing.stderr
    nothing = run("check", str(write(tmp_path / "nothing.py", "x = 1\n")), *QUICK)
    assert nothing.returncode == 2 and nothing.stderr.count("\n") == 1 and "no Connect Four agent" in nothing.stderr
    broken = run("check", str(write(tmp_path / "broken.py", "import sys\nsys.exit(3)\n")), *QUICK, "--json")
    assert broken.returncode == 1 and json.loads(broken.stdout)["verdict"] == "broken"


def test_a_teachers_wrong_flag_is_a_usage_error_of_one_line(run: InProcess, tmp_path: Path) -> None:
    agent = str(EXAMPLES / "one_ply_connectx.py")
    for flags in (("--memory", "10"), ("--time-per-move", "-1"), ("--manifest", str(tmp_path / "m.csv"))):
        finished = run("check", agent, *QUICK, *flags)
        assert (finished.returncode, finished.stdout, finished.stderr.count("\n")) == (2, "", 1), flags


@pytest.mark.parametrize("grader", ["gradescope", "prairielearn", "classroom50", "coderunner", "autolab"])
def test_a_grader_gets_0_points_marked_not_gradable_for_a_missing_file_and_exit_2(
    run: InProcess, tmp_path: Path, grader: str
) -> None:
    finished = run("check", str(tmp_path / "absent.py"), *QUICK, "--format", grader, "--output", str(tmp_path))
    assert finished.returncode == 2 and finished.stderr.count("\n") == 1 and "no such file" in finished.stderr
    name = {"classroom50": "result.json", "coderunner": "coderunner.json", "autolab": "autolab.txt"}
    written = (tmp_path / name.get(grader, "results.json")).read_text()
    if grader == "autolab":
        assert json.loads(written.splitlines()[-1])["scores"] == {"loads": 0, "legal": 0, "good_moves": 0,
                                                                  "perfect_moves": 0}  # fmt: skip
        assert "(not gradable)" in written
        return
    document = json.loads(written)
    points = {"gradescope": "score", "classroom50": "score", "prairielearn": "score", "coderunner": "fraction"}
    assert document[points[grader]] == 0
    if grader == "prairielearn":
        assert document["gradable"] is False
    if grader in ("gradescope", "prairielearn"):
        assert "could not be graded" in document["output"]
    if grader == "coderunner":
        assert "could not be graded" in document["prologuehtml"]
    if grader == "classroom50":
        assert "no such file" in (tmp_path / "release-body.md").read_text()


# --- the graders' formats -------------------------------------------------------------------------------


def test_every_graders_format_gives_the_same_points_for_the_same_agent(
    run: InProcess, tmp_path: Path, game_checks_once: None
) -> None:
    # One check, each format its rendering (tests/check/conftest.py): the formats are the subject.
    # A deterministic agent (the examples break ties at random): the middle-most open column.
    agent = str(
        write(
            tmp_path / "agent.py",
            """
        def best_move(board):
            return min((c for c in range(7) if board[0][c] == 0), key=lambda c: abs(c - 3))
        """,
        )
    )
    weights = write(tmp_path / "weights.json", json.dumps({"good_full": 0.5, "total": 10}))
    points = {}
    for grader in ("gradescope", "prairielearn", "classroom50", "coderunner", "autolab", "json"):
        folder = tmp_path / grader
        folder.mkdir()
        flags = ("--format", grader, "--weights", str(weights), "--output", str(folder))
        finished = run("check", agent, *QUICK, *flags)
        assert finished.returncode in (0, 1), finished.stderr
        [written] = [path for path in folder.iterdir() if path.name != "release-body.md"]
        text = written.read_text()
        if grader == "autolab":
            points[grader] = sum(json.loads(text.splitlines()[-1])["scores"].values())
        elif grader == "coderunner":
            document = json.loads(text)
            assert document["testresults"][0] == ["iscorrect", "Category", "Points", "Out of", "Details"]
            assert "<pre>" in document["epiloguehtml"] and "Checked: " in document["epiloguehtml"]
            points[grader] = sum(row[2] for row in document["testresults"][1:])
        elif grader == "classroom50":
            document = json.loads(text)
            assert document["schema"] == "classroom50/result/v1" and document["max-score"] == 10
            assert sum(test["score"] for test in document["tests"]) == document["score"]
            assert "## perfectplay check: " in (folder / "release-body.md").read_text()
            points[grader] = document["score"]
        elif grader == "prairielearn":
            points[grader] = sum(test["points"] for test in json.loads(text)["tests"])
        elif grader == "json":
            points[grader] = json.loads(text)["score"]["points"]
        else:
            points[grader] = json.loads(text)["score"]
    assert len(set(points.values())) == 1, points


def test_student_text_in_coderunners_html_is_escaped(tmp_path: Path) -> None:
    from perfectplay.check.connect4.graders import coderunner_json

    agent = write(tmp_path / "agent.py", "def agent(observation, configuration):\n    raise ValueError('<b>x</b>')\n")
    # One process a side: what is read of the agent is the subject, not how many processes ask it.
    document = coderunner_json(check_connect4(agent, positions=6, seed=3, games=False, sandbox="off", workers=1))
    html = document["prologuehtml"] + document["epiloguehtml"]
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html


# --- class runs -----------------------------------------------------------------------------------------


def make_class(root: Path) -> Path:
    """alice: a ConnectX agent (the middle-most open column); bob: a board agent beside its helper; carol: nothing;
    dave: breaks on import. Deterministic, so two runs give the same rows."""
    write(
        root / "alice" / "agent.py",
        "def agent(observation, configuration):\n"
        "    return min((c for c in range(7) if observation.board[c] == 0), key=lambda c: abs(c - 3))\n",
    )
    write(root / "bob" / "helpers.py", "def first(cells):\n    return cells.index(0) % 7\n")
    write(
        root / "bob" / "player.py",
        "from helpers import first\n\ndef best_move(board):\n    return [c for c in range(7) if board[0][c] == 0][0]\n",
    )
    (root / "carol").mkdir()
    write(root / "dave" / "agent.py", "raise RuntimeError('unfinished')\n")
    return root


def test_a_class_folder_is_one_row_per_student_in_order_with_a_summary(run: InProcess, tmp_path: Path) -> None:
    root = make_class(tmp_path / "class")
    grades = tmp_path / "grades.csv"
    finished = run("check", str(root), *QUICK, "--csv", str(grades), "--summary")
    rows = list(csv.DictReader(io.StringIO(grades.read_text())))
    assert [(row["file"], row["verdict"]) for row in rows] == [
        ("alice", rows[0]["verdict"]),
        ("bob", rows[1]["verdict"]),
        ("carol", "not gradable"),
        ("dave", "broken"),
    ]
    assert rows[0]["verdict"] in ("good", "blunders", "perfect") and rows[0]["asked"] == "6"
    assert rows[1]["interface"].startswith("best_move(board)") and rows[1]["legal"] == "6"
    assert rows[2]["points"] == "0" and rows[2]["gradable"] == "False" and "holds no Python file" in rows[2]["problem"]
    assert finished.returncode == 2  # a row that could not be checked, as tic-tac-toe's class runs say
    # On the Python core (no compiler, or PERFECTPLAY_PURE=1) its notice comes besides, once a run.
    told = finished.stderr.replace(PURE_CORE_NOTICE, "")
    assert told.count("\n") == 1 and "carol" in told
    assert "Class summary: 4 students" in finished.stdout and "not gradable" in finished.stdout
    assert [line.split(":")[0] for line in finished.stdout.splitlines()[:4]] == ["alice", "bob", "carol", "dave"]


def test_a_class_to_standard_output_as_csv_or_json_and_jobs_give_the_same_rows(run: InProcess, tmp_path: Path) -> None:
    root = make_class(tmp_path / "class")
    one = run("check", str(root), *QUICK, "--format", "csv")
    two = run("check", str(root), *QUICK, "--format", "csv", "--jobs", "2")
    assert len(one.stdout.splitlines()) == 5
    columns = ("file", "verdict", "asked", "legal", "good", "perfect", "points")
    keep = [[row[name] for name in columns] for row in csv.DictReader(io.StringIO(one.stdout))]
    assert keep == [[row[name] for name in columns] for row in csv.DictReader(io.StringIO(two.stdout))]
    documents = json.loads(run("check", str(root), *QUICK, "--json").stdout)
    assert [document["verdict"] for document in documents][2:] == ["not gradable", "broken"]


def test_a_class_cannot_go_to_a_graders_format_and_a_summary_cannot_share_standard_output(
    run: InProcess, tmp_path: Path
) -> None:
    root = make_class(tmp_path / "class")
    for flags in (("--format", "gradescope"), ("--summary", "--csv", "-"), ("--summary", "--json")):
        finished = run("check", str(root), *QUICK, *flags)
        assert (finished.returncode, finished.stderr.count("\n")) == (2, 1), flags


def test_a_bad_flag_in_a_class_run_ends_it_with_one_line_not_one_row_each(tmp_path: Path) -> None:
    from perfectplay.check.connect4.plug import Connect4Plug
    from perfectplay.check.plug_class import check_plug_class
    from perfectplay.check.roster import Submission

    def check(submission: Submission, progress: object) -> object:
        raise CheckUsageError("--memory must be a whole number of MB")

    with pytest.raises(CheckUsageError, match="--memory"):
        list(check_plug_class(Connect4Plug(), [Submission("a"), Submission("b")], check))


def test_stopping_a_class_run_keeps_the_rows_written_and_says_so_in_one_line(
    tmp_path: Path, shared_results: SharedResults
) -> None:
    root = make_class(tmp_path / "class")
    write(root / "erin" / "agent.py", "import time\n\ndef agent(observation, configuration):\n    time.sleep(30)\n")
    grades = tmp_path / "grades.csv"
    # One student at a time: erin's check starts only once dave's row is written, so the stop finds it waiting
    # (side by side, erin's first move could reach its wall-clock bound before dave's row, and the run end first).
    # ``perfectplay`` as its command runs it, given the run's draw of QUICK's positions (tests/drawn_positions.py).
    draws = write_draws(tmp_path / "draws.pickle", drawn_once(shared_results), (6, 3))
    # SIGUSR1 makes it print every thread's stack: a stop that never ends says where it waits (seen once, beside
    # a busy suite, and not again in 140 stopped runs on a loaded machine).
    stacks = "import faulthandler, signal\nfaulthandler.register(signal.SIGUSR1, all_threads=True)\n"
    code = stacks + PRELOAD + "runpy.run_module('perfectplay', run_name='__main__')\n"
    perfectplay = [sys.executable, "-c", code, str(draws)]
    command = [*perfectplay, "check", str(root), *QUICK, "--csv", str(grades), "--jobs", "1"]
    private = tmp_path / "private"  # where the checks' private copies go: empty again after the stop
    private.mkdir()
    environ = {**os.environ, "TMPDIR": str(private)}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environ)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (not grades.exists() or len(grades.read_text().splitlines()) < 5):
            time.sleep(0.2)
        process.send_signal(signal.SIGTERM)  # erin's check is waiting on its first move
        try:
            _, stderr = process.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGUSR1)
            time.sleep(2)
            process.kill()
            _, stderr = process.communicate()
            pytest.fail(f"the stopped run did not end within 60 s; its threads were at:\n{stderr[-6000:]}")
    finally:
        process.kill()
        process.wait()
    assert process.returncode == 128 + signal.SIGTERM
    *_, last = stderr.splitlines()  # before it, carol's row said why it was not gradable
    assert "interrupted (SIGTERM)" in last and "Traceback" not in stderr
    assert list(private.iterdir()) == []
    # A sandbox killed as the run ended may take a moment to finish dying (its parent gone, the kernel ends it):
    # an agent that outlived the run is one still there seconds later.
    deadline = time.monotonic() + 10
    while _agents_in(private) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _agents_in(private), "an agent outlived the run"
    assert [row["file"] for row in csv.DictReader(io.StringIO(grades.read_text()))] == ["alice", "bob", "carol", "dave"]


def _agents_in(private: Path) -> bool:
    """Whether a live process runs from the checks' private copies under ``private``."""
    running = [Path(f"/proc/{pid}/cmdline") for pid in os.listdir("/proc") if pid.isdigit()]
    return any(str(private) in _read(cmdline) for cmdline in running)


def _read(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8", "replace")
    except OSError:  # the process ended meanwhile
        return ""
