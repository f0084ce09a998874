"""Hostile Connect Four agents under the sandbox: tic-tac-toe's corpus (``hostile/``), one attack for one attack.

Every agent here is the same honest ConnectX agent (``hostile/_first_column.py``:
the first open column, which blunders) plus one attack file of the corpus,
made at import or in one position of the check (the first of its seeded
sample). So the verdict each must get is known: the clean agent's
(``baseline``), or that with the one position where its process broke. Like
``test_check_hostile.py`` these need a working bubblewrap and run hostile
code only with ``sandbox="require"``.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
import sysconfig
import tempfile
import time
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import markdown_it
import pytest

from cli_helpers import InProcess
from drawn_positions import PRELOAD, as_checked, drawn_once, run_drawn, write_draws
from hostile_payloads import listening
from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.model import Connect4Report
from perfectplay.check.connect4.render import render_text as connect4_text
from perfectplay.check.connect4.render import report_json
from perfectplay.check.connect4.suite import SuitePosition, grid_cells
from perfectplay.check.run import worker
from perfectplay.check.run.sandbox import probe
from process_tree import descendants, started_since
from repo_paths import TESTS
from shared_results import SharedResults

HOSTILE = TESTS / "check" / "hostile"
POSITIONS = 16
SEED = 5


def target() -> SuitePosition:
    """The position where an attack made during a move is made: the first the check asks, from the draw the check
    itself makes (``asking.draw_positions``: in a test, the run's one draw, tests/check/conftest.py), drawn when a
    test first needs it, not at collection in every test process."""
    return as_checked(POSITIONS, SEED)[0]


FLAGS = ("--game", "connect4", "--positions", str(POSITIONS), "--seed", str(SEED), "--no-games", "--sandbox", "require")

pytestmark = [
    pytest.mark.integration,  # hostile code in the real bubblewrap sandbox
    pytest.mark.skipif(probe() is not None, reason=f"no bubblewrap sandbox here: {probe()}"),
]


def build(folder: Path, name: str | None, **fill: object) -> Path:
    """The honest agent plus the attack ``name``, its placeholders filled, as ``folder/agent.py``."""
    text = (HOSTILE / "_first_column.py").read_text()
    if name is not None:
        text += "\n\n" + (HOSTILE / f"{name}.py").read_text()
    for key, value in {"target": grid_cells(target().moves), **fill}.items():
        text = text.replace(f"__{key.upper()}__", str(value))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "agent.py"
    path.write_text(text)
    return path


Summary = tuple[object, ...]


def summary(report: Connect4Report) -> Summary:
    overall = report.overall
    kinds = {failure.kind: failure.count for failure in report.failures}
    return (report.verdict, overall.asked, overall.legal, overall.good, overall.perfect, report.complete, kinds)


def check(path: Path, **options: object) -> Connect4Report:
    settings: dict[str, object] = {"positions": POSITIONS, "seed": SEED, "games": False, "sandbox": "require"}
    settings["move_seconds"] = 5.0
    return check_connect4(path, **{**settings, **options})  # type: ignore[arg-type]


def broke_at_the_target(report: Connect4Report, baseline: Summary, kinds: set[str]) -> None:
    """The baseline but for the target position, where its process failed in one of ``kinds``."""
    _, asked, legal, good, perfect, complete, _ = baseline
    assert isinstance(legal, int) and isinstance(good, int) and isinstance(perfect, int)
    assert report.problem is None and (report.overall.asked, report.complete) == (asked, complete)
    assert report.overall.legal == legal - 1 and good - 1 <= report.overall.good <= good
    assert report.verdict == "broken" and report.exit_status == 1
    [failure] = report.failures
    assert failure.kind in kinds and (failure.count, failure.moves) == (1, target().moves), failure


def assert_terminal_safe(text: str) -> None:
    """Valid UTF-8 with no control character but the line break: nothing the agent wrote can drive a terminal."""
    text.encode("utf-8")  # strict: a lone surrogate raises here
    assert not any(unicodedata.category(c) in ("Cc", "Cs") and c != "\n" for c in text), repr(text)


def assert_no_live_markup(markdown: str) -> None:
    """Whatever the agent wrote is text: no HTML, image or link, and no heading it made (a fake score)."""
    markdown.encode("utf-8")
    tokens = markdown_it.MarkdownIt("commonmark").parse(markdown)
    every = [*tokens, *(child for token in tokens for child in token.children or ())]
    live = [token.type for token in every if token.type in ("html_block", "html_inline", "image", "link_open")]
    assert live == [], live
    headings = [tokens[index + 1].content for index, token in enumerate(tokens) if token.type == "heading_open"]
    assert all(heading.startswith("perfectplay check: ") for heading in headings), headings


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory, shared_results: SharedResults) -> Summary:
    """The clean agent's check, made once a run for the tests here on every xdist worker (tests/shared_results.py)."""

    def make() -> Summary:
        report = check(build(tmp_path_factory.mktemp("clean"), None))
        assert report.verdict == "blunders" and report.failures == () and report.overall.asked == POSITIONS
        return summary(report)

    return shared_results.get(f"{__name__}: baseline", make)


@pytest.fixture(scope="module")
def draws(tmp_path_factory: pytest.TempPathFactory, shared_results: SharedResults) -> Path:
    """The check's draw for the ``perfectplay`` processes these tests start (tests/drawn_positions.py)."""
    folder = tmp_path_factory.mktemp("draws")
    return write_draws(folder / "draws.pickle", drawn_once(shared_results), (POSITIONS, SEED))


@pytest.fixture(autouse=True)
def nothing_left_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # This test's own temporary folder for the private copies: other tests may be checking at the same time.
    private = tmp_path / "private"
    private.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(private))
    before = frozenset(descendants(os.getpid()))
    yield
    deadline = time.monotonic() + 10
    while started_since(before) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert started_since(before) == set(), "an agent's process outlived its check"
    assert list(private.iterdir()) == [], "a private copy was left behind"


def test_patching_the_checker_from_inside_changes_nothing_but_its_own_process(
    tmp_path: Path, baseline: Summary
) -> None:
    report = check(build(tmp_path / "alice", "forge"))
    assert summary(report) == baseline and report.exit_status == 1
    assert report.timing is not None and report.timing.cpu >= 0


def test_a_daemon_left_behind_dies_with_the_sandbox_and_never_touches_the_grades(
    tmp_path: Path, baseline: Summary
) -> None:
    grades, marker = tmp_path / "grades.csv", tmp_path / "daemon-was-here"
    grades.write_text("file,verdict\n")
    report = check(build(tmp_path / "alice", "daemon", grades=grades, marker=marker))
    assert summary(report) == baseline
    time.sleep(1.0)  # the daemon would write every 0.2 s
    assert grades.read_text() == "file,verdict\n" and not marker.exists()


@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGINT", "SIGKILL", "SIGSTOP"])
def test_signals_to_the_checker_cannot_reach_it(
    tmp_path: Path, baseline: Summary, draws: Path, signal_name: str
) -> None:
    path = build(tmp_path / "alice", "signals", signal=signal_name)
    result = run_drawn(draws, "check", str(path), *FLAGS, "--json")
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)
    kinds = {failure["kind"]: failure["count"] for failure in document["failures"]}
    overall = document["overall"]
    # Signalling the sandbox's own init may end the agent's process there: its failure, in that position.
    if kinds:
        assert kinds == {"died": 1} and document["failures"][0]["moves"] == target().moves
        assert overall["legal"] == baseline[2] - 1  # type: ignore[operator]
    else:
        assert (document["verdict"], overall["asked"], overall["legal"], overall["good"]) == baseline[:4]


@pytest.mark.parametrize("kind", ["huge", "deep", "not_json", "wrong_shape"])
def test_garbage_on_the_channel_is_the_agents_failure_in_that_position(
    tmp_path: Path, baseline: Summary, kind: str
) -> None:
    report = check(build(tmp_path / "alice", "garbage", kind=kind))
    broke_at_the_target(report, baseline, {"died"})
    assert "broke the protocol" in report.failures[0].answer


def test_a_flood_of_extra_answers_is_read_as_its_answers_and_nothing_more(tmp_path: Path) -> None:
    report = check(build(tmp_path / "alice", "garbage", kind="many"))
    assert report.problem is None and report.complete and report.overall.asked == POSITIONS
    assert report.verdict in ("blunders", "broken")


def test_secrets_outside_its_folder_and_the_other_submissions_are_not_visible(tmp_path: Path) -> None:
    key = tmp_path / "teacher" / ".ssh" / "id_rsa"
    key.parent.mkdir(parents=True)
    key.write_text("PRIVATE-KEY-DO-NOT-LEAK")
    other = build(tmp_path / "bob", None)
    other.write_text(other.read_text() + "# BOB-SOLUTION-DO-NOT-LEAK\n")
    alice = build(tmp_path / "alice", "snoop", key=key, other=other)
    neighbour = alice.with_name("bob.py")  # another submission of the same run, in the same folder
    neighbour.write_text("# BOB2-SOLUTION-DO-NOT-LEAK\n")
    report = check(alice, others=[neighbour])
    everything = connect4_text(report) + json.dumps(report_json(report))
    assert "stolen" in everything  # what it printed and raised is in the report...
    for secret in ("PRIVATE-KEY", "BOB-SOLUTION", "BOB2-SOLUTION", "root:"):
        assert secret not in everything  # ...but none of what it tried to read
    assert {failure.kind for failure in report.failures} == {"raises"}


def test_writing_outside_its_private_tmp_changes_nothing(tmp_path: Path, baseline: Summary) -> None:
    other = build(tmp_path / "bob", None)
    before = other.read_text()
    marker = tmp_path / "teacher-marker"
    alice = build(tmp_path / "alice", "scribble", other=other, marker=marker)
    alice = build(tmp_path / "alice", "scribble", other=other, marker=marker, self=alice)
    own = alice.read_text()
    report = check(alice)
    assert summary(report) == baseline
    assert other.read_text() == before and alice.read_text() == own
    assert not marker.exists() and not Path("/tmp/scribble-was-here").exists()


def test_the_network_is_out_of_reach(tmp_path: Path, baseline: Summary) -> None:
    with listening() as (port, reached):
        report = check(build(tmp_path / "alice", "network", port=port))
    assert reached == [] and summary(report) == baseline


def test_a_pth_file_cannot_be_planted_for_later_pythons(tmp_path: Path, baseline: Summary) -> None:
    site = sysconfig.get_paths()["purelib"]
    marker = tmp_path / "planted"
    report = check(build(tmp_path / "alice", "pth", site=site, marker=marker))
    assert summary(report) == baseline
    for folder in {site, sysconfig.get_paths(vars={"base": sys.base_prefix})["purelib"]}:
        assert not (Path(folder) / "zz_hostile.pth").exists()
    assert not marker.exists()


def test_fake_reports_through_proc_fd_never_reach_the_checkers_output(
    tmp_path: Path, baseline: Summary, draws: Path
) -> None:
    result = run_drawn(draws, "check", str(build(tmp_path / "alice", "procfd")), *FLAGS, "--json")
    assert result.returncode == 1
    document = json.loads(result.stdout)  # one document: nothing was written around it
    assert (document["verdict"], document["overall"]["good"]) == (baseline[0], baseline[3])
    assert "never loses" not in result.stderr and "procfd" not in result.stdout


def test_a_fork_bomb_is_stopped_at_the_sandboxs_limit_and_is_its_failure_in_that_position(
    tmp_path: Path, baseline: Summary
) -> None:
    report = check(build(tmp_path / "alice", "forkbomb"))
    assert report.problem is None and report.overall.asked == POSITIONS and report.verdict == "broken"
    there = [failure for failure in report.failures if failure.moves == target().moves]
    assert there and there[0].kind in ("raises", "died", "timeout"), report.failures
    if there[0].kind == "raises":
        assert "the bomb stopped after" in there[0].answer


def test_a_memory_hog_fails_alone_in_the_position_where_it_hogs(tmp_path: Path, baseline: Summary) -> None:
    report = check(build(tmp_path / "alice", "hog", megabytes=1024), memory_mb=256)
    broke_at_the_target(report, baseline, {"raises", "died"})


def test_an_agent_that_sleeps_instead_of_computing_is_stopped_and_that_position_is_a_time_out(
    tmp_path: Path, baseline: Summary, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A move's wall-clock backstop is 3 * 0.5 + 1 = 2.5 s of waiting here (10 s more by default): what is tested
    # is that a sleeper is stopped in that position and the check carries on, not how long the default waits.
    monkeypatch.setattr(worker, "WALL_EXTRA", 1.0)
    report = check(build(tmp_path / "alice", "sleep"), move_seconds=0.5)
    broke_at_the_target(report, baseline, {"timeout"})


def test_markup_and_surrogates_it_prints_and_raises_go_through_every_format_inert(
    tmp_path: Path, in_process: InProcess, game_checks_once: None
) -> None:
    path = build(tmp_path / "alice", "markup")
    # In process: the formats are what is tested; the agent runs in its sandbox either way, once, each format
    # rendering that one check's report (tests/check/conftest.py).
    text = in_process("check", str(path), *FLAGS)
    assert text.returncode == 1 and "Traceback" not in text.stderr
    assert "<img src=x onerror=alert(1)>\\ud800" in text.stdout  # written out, on one line
    assert_terminal_safe(text.stdout)
    document = json.loads(in_process("check", str(path), *FLAGS, "--json").stdout)
    [raised] = document["failures"]
    assert raised["kind"] == "raises" and "onerror" in raised["answer"]
    folder = tmp_path / "out"
    folder.mkdir()
    for grader in ("gradescope", "prairielearn", "classroom50", "coderunner"):
        result = in_process("check", str(path), *FLAGS, "--format", grader, "--output", str(folder))
        assert result.returncode == 1, result.stderr
    gradescope = json.loads((folder / "results.json").read_text(encoding="utf-8"))  # PrairieLearn's replaced it
    for markdown in [gradescope["output"], *(test.get("output", "") for test in gradescope["tests"])]:
        assert_no_live_markup(markdown)
    assert_no_live_markup((folder / "release-body.md").read_text(encoding="utf-8"))
    coderunner = json.loads((folder / "coderunner.json").read_text(encoding="utf-8"))
    html = coderunner["prologuehtml"] + coderunner["epiloguehtml"]
    for tag in ("<img", "<script", "<h1>", "</pre><"):
        assert tag not in html
    rows = in_process("check", str(path), *FLAGS, "--format", "csv").stdout
    assert len(rows.splitlines()) == 2 and "=1+1" not in rows.replace("'=1+1", "")


def checker_peak_kb(draws: Path, *args: str) -> tuple[int, str]:
    """Run ``perfectplay check ARGS`` in a fresh process (given ``draws``); its peak resident memory in KB, and its
    stdout."""
    code = (
        PRELOAD + "import resource\n"
        "sys.argv = ['perfectplay', 'check', *sys.argv[1:]]\n"
        "try:\n    runpy.run_module('perfectplay', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "sys.stderr.write(f'PEAK {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}\\n')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(draws), *args], capture_output=True, text=True, timeout=300, check=False
    )
    return int(done.stderr.rsplit("PEAK ", 1)[1]), done.stdout


FLOODS = {"fd1": 100, "line": 50, "stderr": 100, "stdout": 100}
"""Each kind of flood and its size in MB (well above the checker's allowance of 40 MB), in the class's order."""


def class_peak_kb(root: Path, attack: str | None, draws: Path) -> tuple[int, dict[str, Any]]:
    """One checker process checks a class of four agents (a flood of each kind, or four clean ones), one at a time:
    its peak memory, and each agent's JSON document by its kind of flood."""
    for kind, megabytes in FLOODS.items():
        build(root / kind, attack, kind=kind, megabytes=megabytes)
    peak, stdout = checker_peak_kb(draws, str(root), *FLAGS, "--json", "--jobs", "1", "--time-per-move", "10")
    return peak, dict(zip(FLOODS, json.loads(stdout), strict=True))


@pytest.fixture(scope="module")
def quiet_peak_kb(tmp_path_factory: pytest.TempPathFactory, draws: Path, shared_results: SharedResults) -> int:
    """A class run of four clean agents, once a run (whichever xdist worker asks first)."""
    return shared_results.get(
        f"{__name__}: quiet", lambda: class_peak_kb(tmp_path_factory.mktemp("quiet"), None, draws)[0]
    )


@pytest.fixture(scope="module")
def flooded(
    tmp_path_factory: pytest.TempPathFactory, draws: Path, shared_results: SharedResults
) -> tuple[int, dict[str, Any]]:
    """The four floods in one run: a flood that stayed in the checker's memory would raise its peak for all four.
    Made once a run for the four tests reading it, on whichever xdist worker they run."""
    return shared_results.get(
        f"{__name__}: floods", lambda: class_peak_kb(tmp_path_factory.mktemp("floods"), "flood", draws)
    )


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(FLOODS))
def test_floods_of_output_leave_the_checkers_memory_where_it_was(
    quiet_peak_kb: int, flooded: tuple[int, dict[str, Any]], baseline: Summary, kind: str
) -> None:
    peak, documents = flooded
    document = documents[kind]
    assert Path(document["target"]).name == kind, document["target"]
    assert document["problem"] is None and document["overall"]["asked"] == POSITIONS
    assert document["overall"]["good"] in (baseline[3], baseline[3] - 1)  # type: ignore[operator]
    assert peak < quiet_peak_kb + 40 * 1024, f"checker peak {peak} KB against {quiet_peak_kb} KB without the floods"


def test_a_class_run_with_one_hostile_agent_keeps_the_other_rows_right(
    tmp_path: Path, baseline: Summary, in_process: InProcess
) -> None:
    grades = tmp_path / "grades.csv"
    root = tmp_path / "class"
    build(root / "alice", "daemon", grades=grades, marker=tmp_path / "marker")
    build(root / "bob", None)
    build(root / "carol", "garbage", kind="deep")
    # In process, one check at a time (side by side would leave the worker pool's helper process behind it).
    result = in_process("check", str(root), *FLAGS, "--csv", str(grades), "--jobs", "1")
    assert result.returncode == 1, result.stderr
    time.sleep(1.0)  # the daemon would write every 0.2 s
    rows = list(csv.DictReader(io.StringIO(grades.read_text())))
    assert [(row["file"], row["verdict"], row["good"]) for row in rows] == [
        ("alice", baseline[0], str(baseline[3])),
        ("bob", baseline[0], str(baseline[3])),
        ("carol", "broken", rows[2]["good"]),
    ]
    assert all(row["isolation"].startswith("bubblewrap sandbox") for row in rows)
