"""perfectplay.check.check50 run by the real check50 (``check50 --dev``, offline) on example submissions."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from shared_results import SharedResults

pytestmark = pytest.mark.integration  # runs the real check50

pytest.importorskip("check50")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CHECKS = EXAMPLES / "graders" / "check50"


def run_check50(
    tmp_path: Path, submission: Path, passes: bool, checks: Path = CHECKS, **environ: str
) -> dict[str, dict[str, object]]:
    """check50's JSON results by check name, for ``submission`` copied into a student folder as tictactoe.py.

    check50 exits 0 when every check passed and 1 when one failed. The reports are kept in a cache of the
    test's own, so no other run's report is read.
    """
    student = tmp_path / "student"
    student.mkdir()
    shutil.copy(submission, student / "tictactoe.py")
    check50 = Path(sys.executable).parent / "check50"
    result = subprocess.run(
        [str(check50), "--dev", str(checks), "-o", "json"],
        cwd=student,
        env={**os.environ, "PERFECTPLAY_CHECK50_CACHE": str(tmp_path / "cache"), **environ},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == (0 if passes else 1), result.stderr
    return {entry["name"]: entry for entry in json.loads(result.stdout)["results"]}


def test_a_correct_cs50_minimax_passes_every_check(tmp_path: Path) -> None:
    # Each of check50's checks passing through the extension is the point: a sample (and every position its own
    # games reach) gives the same four passes as the whole check, which test_check_standards reads for this file.
    results = run_check50(tmp_path, EXAMPLES / "graders" / "plain" / "tictactoe.py", True, sampled_checks(tmp_path))
    assert {name: entry["passed"] for name, entry in results.items()} == {
        "exists": True,
        "helpers_right": True,
        "never_beaten": True,
        "keeps_value": True,
    }


def test_a_beatable_one_fails_with_the_board_the_move_it_made_and_the_right_moves(
    beatable_run: tuple[dict[str, dict[str, object]], list[str], int],
) -> None:
    results, _, _ = beatable_run
    assert results["helpers_right"]["passed"] is True
    assert results["never_beaten"]["passed"] is False and results["keeps_value"]["passed"] is False
    cause = results["never_beaten"]["cause"]
    assert isinstance(cause, dict)
    rationale = cause["rationale"]
    assert "as X moving first, X to move, it played 3; right: 4, 6, 7, 9" in rationale
    assert "    O | X | 3         O | X |[X]" in rationale
    assert "Shortest loss as X moving first (O wins in 8 plies):" in rationale


SAMPLED = """
# The test's own addition: the extension's check_ai asks a sample (and every position its own games reach).
# check50 may load this module more than once in a process: the sample is added once, under any other wrapper.
_whole_check_ai = getattr(pp.check_ai, "whole", pp.check_ai)


def _sampled(*args, **kwargs):
    return _whole_check_ai(*args, **{"sample": 50, **kwargs})


_sampled.whole = _whole_check_ai
if not hasattr(pp.check_ai, "real"):  # not yet wrapped by a later addition (COUNTING) of an earlier load
    pp.check_ai = _sampled
"""


def sampled_checks(tmp_path: Path) -> Path:
    """The example's checks with ``SAMPLED`` added, in ``tmp_path``."""
    checks = tmp_path / "checks"
    shutil.copytree(CHECKS, checks)
    with (checks / "__init__.py").open("a") as init:
        init.write(SAMPLED)
    return checks


def test_a_result_that_writes_on_its_board_fails_helpers_right_with_the_changed_board(tmp_path: Path) -> None:
    # Its result() writes on every board it is given: a sample shows it as well as every position.
    results = run_check50(tmp_path, EXAMPLES / "cs50_mutating" / "tictactoe.py", False, sampled_checks(tmp_path))
    assert results["helpers_right"]["passed"] is False
    cause = results["helpers_right"]["cause"]
    assert isinstance(cause, dict)
    assert "result(board, action) changes its board" in cause["rationale"]
    assert "changed the board it was given to" in cause["rationale"]


COUNTING = """
# The test's own addition: every check_ai the extension runs writes a line to $CHECK_COUNT.
import os as _os

# check50 may load this module more than once in a process: the counter wraps the real check_ai only.
_real_check_ai = getattr(pp.check_ai, "real", pp.check_ai)


def _counted(*args, **kwargs):
    with open(_os.environ["CHECK_COUNT"], "a") as _count:
        _count.write("check\\n")
    return _real_check_ai(*args, **kwargs)


_counted.real = _real_check_ai
pp.check_ai = _counted
"""


@pytest.fixture(scope="session")
def beatable_run(
    tmp_path_factory: pytest.TempPathFactory, shared_results: SharedResults
) -> tuple[dict[str, dict[str, object]], list[str], int]:
    """check50 on the beatable submission, once a run: its results, the checks it ran, the reports it cached.

    The checks are the example's with the sample added (``SAMPLED``: its losing games and its first wrong
    move are the whole check's) and a counter of their own (it wraps ``check_ai`` and changes nothing else), so
    the test of what the failures say and the test of how often the check runs read one run.
    """

    def run() -> tuple[dict[str, dict[str, object]], list[str], int]:
        tmp_path = tmp_path_factory.mktemp("check50-beatable")
        checks = sampled_checks(tmp_path)
        with (checks / "__init__.py").open("a") as init:
            init.write(COUNTING)
        count = tmp_path / "count"
        results = run_check50(
            tmp_path, EXAMPLES / "graders" / "beatable" / "tictactoe.py", False, checks, CHECK_COUNT=str(count)
        )
        return results, count.read_text().splitlines(), len(list((tmp_path / "cache").glob("*.report")))

    return shared_results.get("check50 on graders/beatable", run)


def test_the_three_checks_run_the_check_once_and_read_the_same_report(
    beatable_run: tuple[dict[str, dict[str, object]], list[str], int],
) -> None:
    results, count, reports = beatable_run
    assert {name: entry["passed"] for name, entry in results.items()} == {
        "exists": True,
        "helpers_right": True,
        "never_beaten": False,
        "keeps_value": False,
    }
    assert count == ["check"]
    assert reports == 1
