"""Hostile submissions under the sandbox: each gets the verdict its moves earn, leaves nothing behind, changes nothing.

Every file in ``hostile/`` is the same honest AI (the first free cell, which
can be beaten) plus one attack, made at import or in one position::

     X | O | X
    ---+---+---
     O | X | O       X to move; the attack is made here
    ---+---+---
     . | . | .

So the verdict each must get is known: the clean AI's (``baseline``), or
that plus the one position where its process broke. These tests need a
working bubblewrap (``apt-get install bubblewrap``); they run hostile code
only with ``sandbox="require"``, never unsandboxed.

Each check asks a seeded sample (``SAMPLE``) and every position the AI's
own games reach from it: the first free cell's games as X pass through the
attack's position, so every check asks it, and the clean AI's check on the
same sample is the baseline. Asking all 4,520 positions would only repeat
the clean AI's answers.
"""

from __future__ import annotations

import csv
import io
import json
import os
import sys
import sysconfig
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess, run_cli
from hostile_payloads import SANDBOXED, build, listening
from perfectplay.check import DEFAULT_SEED, transcript
from perfectplay.check.api import check_ai
from perfectplay.check.position import TicTacToePosition
from perfectplay.check.report.model import CheckReport
from perfectplay.check.report.render_json import report_json
from perfectplay.check.report.render_text import render_text
from process_tree import descendants, started_since
from shared_results import SharedResults

SAMPLE = 50
"""Positions of the seeded sample each check asks, besides those its own games reach (about 280 in all)."""

pytestmark = SANDBOXED


def summary(report: CheckReport) -> tuple[object, ...]:
    return (
        report.verdict,
        report.positions,
        report.asked,
        report.best,
        report.complete,
        {finding.kind: finding.count for finding in report.findings},
    )


def check(path: Path, **options: object) -> CheckReport:
    return check_ai(path, sandbox="require", move_seconds=5, sample=SAMPLE, **options)  # type: ignore[arg-type]


CLI = ("--sandbox", "require", "--sample", str(SAMPLE), "--seed", str(DEFAULT_SEED))
"""The command line's flags for the same checks as ``check``'s (whose sample is the library's fixed seed's; the
command line draws a fresh one for a sample unless told)."""


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory, shared_results: SharedResults) -> tuple[object, ...]:
    """The clean AI's check, made once a run for the tests here on every xdist worker (tests/shared_results.py)."""

    def make() -> tuple[object, ...]:
        folder = tmp_path_factory.mktemp("clean")
        report = check(build(folder, None), transcript=folder / "transcript.json")
        assert report.verdict == "beatable" and report.complete
        # A sample and the positions its games reach, the attack's among them: every check here meets its attack.
        assert report.positions == report.asked < 4520
        assert TicTacToePosition("XOXOXO...", "X") in transcript.load(folder / "transcript.json").asked
        return summary(report)

    return shared_results.get(f"{__name__}: baseline", make)


def with_crash(baseline: tuple[object, ...], count: int = 1) -> tuple[object, ...]:
    """The baseline, plus ``count`` positions where the process died (it lost those answers)."""
    verdict, positions, asked, best, complete, kinds = baseline
    assert isinstance(kinds, dict) and isinstance(best, int)
    return (verdict, positions, asked, best - count, complete, {"crash": count, **kinds})


@pytest.fixture(autouse=True)
def nothing_left_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # This test's own temporary folder for the private copies: other tests may be checking at the same time.
    private = tmp_path / "private"
    private.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(private))
    before = frozenset(descendants(os.getpid()))  # a server another test left running is not ours
    yield
    deadline = time.monotonic() + 5
    while started_since(before) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert started_since(before) == set(), "a candidate's process outlived its check"
    assert list(private.iterdir()) == [], "a private copy was left behind"


def test_patching_the_checker_from_inside_changes_nothing_but_its_own_process(
    tmp_path: Path, baseline: tuple[object, ...]
) -> None:
    report = check(build(tmp_path / "alice", "forge"))
    assert summary(report) == baseline
    assert report.exit_status == 1


def test_a_daemon_left_behind_dies_with_the_sandbox_and_never_touches_the_grades(
    tmp_path: Path, baseline: tuple[object, ...]
) -> None:
    grades, marker = tmp_path / "grades.csv", tmp_path / "daemon-was-here"
    grades.write_text("file,verdict\n")
    report = check(build(tmp_path / "alice", "daemon", grades=grades, marker=marker))
    assert summary(report) == baseline
    time.sleep(1.0)  # the daemon would write every 0.2 s
    assert grades.read_text() == "file,verdict\n"
    assert not marker.exists()


SIGNALS = ("SIGTERM", "SIGINT", "SIGKILL", "SIGSTOP")


def test_signals_to_the_checker_cannot_reach_it(tmp_path: Path, baseline: tuple[object, ...]) -> None:
    # One checker process for the four, one check at a time (a checker's start each, not four): a signal that
    # reached it would end it or stop it (the command's time-out) before the row of that file and the next ones.
    paths = [str(build(tmp_path / name, "signals", signal=name)) for name in SIGNALS]
    result = run_cli("check", *paths, *CLI, "--jsonl", "--time-per-move", "5", "--jobs", "1")
    assert result.returncode == 1, result.stderr
    documents = [json.loads(line) for line in result.stdout.splitlines()]
    assert [Path(document["target"]).parent.name for document in documents] == list(SIGNALS)
    verdict, positions, asked, _, complete, expected = baseline
    for document in documents:
        kinds = {finding["kind"]: finding["count"] for finding in document["findings"]}
        assert (document["verdict"], document["positions"], document["asked"], document["complete"]) == (
            verdict,
            positions,
            asked,
            complete,
        ), document["target"]
        # Signalling the sandbox's own init may end the candidate's process there: its failure, in that position.
        assert kinds in (expected, {"crash": 1, **expected}), document["target"]  # type: ignore[dict-item]


@pytest.mark.parametrize(
    ("kind", "answer"),
    [
        ("huge", "died: its process broke the protocol: it sent a line of more than 65,536 bytes"),
        ("deep", "died: its process broke the protocol: it sent a message nested more than 12 deep"),
        ("not_json", "died: its process broke the protocol: it sent a line that is not JSON: 'this is not JSON\\n'"),
        ("wrong_shape", "died: its process broke the protocol: it sent an index that is not a whole number"),
    ],
)
def test_garbage_on_the_channel_is_the_candidates_failure_in_that_position(
    tmp_path: Path, baseline: tuple[object, ...], kind: str, answer: str
) -> None:
    report = check(build(tmp_path / "alice", "garbage", kind=kind))
    assert summary(report) == with_crash(baseline)
    crash = next(finding for finding in report.findings if finding.kind == "crash")
    assert (crash.example.position, crash.example.answer) == ("XOX/OXO/...", answer)


def test_a_flood_of_extra_answers_is_read_as_its_answers_and_nothing_more(tmp_path: Path) -> None:
    report = check(build(tmp_path / "alice", "garbage", kind="many"))
    # Each position asked is one answer; which positions its games reach depends on the answers it was read to give.
    assert report.complete and report.asked == report.positions >= SAMPLE
    assert report.verdict in ("beatable", "broken")


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
    everything = render_text(report) + json.dumps(report_json(report))
    assert "stolen" in everything  # what it printed and raised is in the report...
    for secret in ("PRIVATE-KEY", "BOB-SOLUTION", "BOB2-SOLUTION", "root:"):
        assert secret not in everything  # ...but none of what it tried to read
    assert {finding.kind for finding in report.findings} >= {"raises"}


def test_writing_outside_its_private_tmp_changes_nothing(tmp_path: Path, baseline: tuple[object, ...]) -> None:
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


def test_the_network_is_out_of_reach(tmp_path: Path, baseline: tuple[object, ...]) -> None:
    with listening() as (port, reached):
        report = check(build(tmp_path / "alice", "network", port=port))
    assert reached == []
    assert summary(report) == baseline


def test_a_pth_file_cannot_be_planted_for_later_pythons(tmp_path: Path, baseline: tuple[object, ...]) -> None:
    site = sysconfig.get_paths()["purelib"]
    marker = tmp_path / "planted"
    report = check(build(tmp_path / "alice", "pth", site=site, marker=marker))
    assert summary(report) == baseline
    for folder in {site, sysconfig.get_paths(vars={"base": sys.base_prefix})["purelib"]}:
        assert not (Path(folder) / "zz_hostile.pth").exists()
    assert not marker.exists()


def test_fake_reports_through_proc_fd_never_reach_the_checkers_output(
    tmp_path: Path, baseline: tuple[object, ...]
) -> None:
    result = run_cli("check", str(build(tmp_path / "alice", "procfd")), *CLI, "--json")
    assert result.returncode == 1
    document = json.loads(result.stdout)  # one document: nothing was written around it
    assert document["verdict"] == baseline[0] and document["best"] == baseline[3]
    assert "never loses" not in result.stderr and "procfd" not in result.stdout


def checker_peak_kb(*args: str) -> tuple[int, str]:
    """Run ``perfectplay check ARGS`` in a fresh process; its peak resident memory in KB, and its stdout."""
    code = (
        "import resource, runpy, sys\n"
        "sys.argv = ['perfectplay', 'check', *sys.argv[1:]]\n"
        "try:\n    runpy.run_module('perfectplay', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "sys.stderr.write(f'PEAK {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}\\n')\n"
    )
    import subprocess

    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=300, check=False)
    peak = int(done.stderr.rsplit("PEAK ", 1)[1])
    return peak, done.stdout


FLOODS = {"stdout": 100, "stderr": 100, "fd1": 100, "line": 50}
"""Each kind of flood and its size in MB: well above the checker's allowance of 40 MB more than a quiet run."""


def class_peak_kb(folder: Path, attack: str | None) -> tuple[int, dict[str, Any]]:
    """One checker process checks a class of four (one a flood of each kind, or four clean files), one at a time:
    its peak memory, and each file's JSON document by its kind of flood."""
    files = [str(build(folder / kind, attack, kind=kind, megabytes=megabytes)) for kind, megabytes in FLOODS.items()]
    peak, stdout = checker_peak_kb(*files, *CLI, "--json", "--jobs", "1", "--time-per-move", "10")
    return peak, dict(zip(FLOODS, json.loads(stdout), strict=True))


@pytest.fixture(scope="module")
def quiet_peak_kb(tmp_path_factory: pytest.TempPathFactory, shared_results: SharedResults) -> int:
    """A class run of four clean files, once a run (whichever xdist worker asks first)."""
    return shared_results.get(f"{__name__}: quiet", lambda: class_peak_kb(tmp_path_factory.mktemp("quiet"), None)[0])


@pytest.fixture(scope="module")
def flooded(tmp_path_factory: pytest.TempPathFactory, shared_results: SharedResults) -> tuple[int, dict[str, Any]]:
    """The four floods in one run: a flood that stayed in the checker's memory would raise its peak for all four.
    Made once a run for the four tests reading it, on whichever xdist worker they run."""
    return shared_results.get(f"{__name__}: floods", lambda: class_peak_kb(tmp_path_factory.mktemp("floods"), "flood"))


@pytest.mark.parametrize("kind", sorted(FLOODS))
def test_floods_of_output_leave_the_checkers_memory_where_it_was(
    quiet_peak_kb: int, flooded: tuple[int, dict[str, Any]], baseline: tuple[object, ...], kind: str
) -> None:
    peak, documents = flooded
    document = documents[kind]
    assert Path(document["target"]).parent.name == kind
    assert (document["verdict"], document["best"]) == (baseline[0], baseline[3])
    assert peak < quiet_peak_kb + 40 * 1024, f"checker peak {peak} KB against {quiet_peak_kb} KB without the floods"
    if kind in ("stderr", "fd1"):
        assert any("only its first and last 4,096 bytes were kept" in note for note in document["notes"])


def test_a_class_run_with_one_hostile_file_keeps_the_other_rows_right(
    tmp_path: Path, examples: Path, in_process: InProcess, baseline: tuple[object, ...]
) -> None:
    grades = tmp_path / "grades.csv"
    correct = tmp_path / "correct" / "tictactoe.py"
    correct.parent.mkdir()
    correct.write_text((examples / "correct.py").read_text())
    alice = build(tmp_path / "alice", "daemon", grades=grades, marker=tmp_path / "marker")
    bob = build(tmp_path / "bob", None)
    # In process, one check at a time (side by side would leave the worker pool's helper process behind it).
    result = in_process("check", str(correct), str(alice), str(bob), *CLI, "--csv", str(grades), "--jobs", "1")
    assert result.returncode == 1, result.stderr
    time.sleep(1.0)  # the daemon would write every 0.2 s
    rows = list(csv.DictReader(io.StringIO(grades.read_text())))
    # The other rows are right: the correct file's is perfect, bob's (the clean AI) is the baseline's.
    verdict, positions, _, best, _, _ = baseline
    assert [(Path(row["file"]).parent.name, row["verdict"], row["positions"], row["best"]) for row in rows] == [
        ("correct", "unbeatable", rows[0]["positions"], rows[0]["positions"]),
        ("alice", "beatable", rows[1]["positions"], rows[1]["best"]),
        ("bob", verdict, str(positions), str(best)),
    ]
    assert all(row["isolation"].startswith("bubblewrap sandbox") for row in rows)
