"""A class run side by side shares the machine's cores between its checks, and starts the likeliest longest first.

``--jobs`` checks at once on as many cores give each check one candidate process (not two: three processes of
each check would wait for a core), and the grades stay what one check alone gives: a position is still asked
again in another process than the first time.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from perfectplay.check.api import check_ai
from perfectplay.check.class_run import Plan, Result, check_class, longest_first, share_cores
from perfectplay.check.report.model import CheckReport, unchecked
from perfectplay.check.roster import Submission
from perfectplay.check.run.sandbox import Isolation
from perfectplay.check.run.sweep import Progress
from perfectplay.check.settings import Candidate, Limits

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PLAN = Plan(Isolation("none", "fake checks run nothing"), limits=Limits(1.0, 1.0))


def test_each_of_as_many_jobs_as_cores_gets_one_candidate_process_and_fewer_jobs_keep_two() -> None:
    assert share_cores(PLAN, jobs=2, cores=2).limits.workers == 1
    assert share_cores(PLAN, jobs=8, cores=8).limits.workers == 1
    assert share_cores(PLAN, jobs=3, cores=4).limits.workers == 1
    assert share_cores(PLAN, jobs=2, cores=4) == PLAN  # two cores a check: the two processes it asks anyway
    assert share_cores(PLAN, jobs=2, cores=16) == PLAN  # never more than the limits ask for
    assert share_cores(PLAN, jobs=4, cores=2).limits.workers == 1
    shared = share_cores(PLAN, jobs=2, cores=2)
    assert replace(shared.limits, workers=PLAN.limits.workers) == PLAN.limits  # nothing else changes


def test_the_largest_file_starts_first_and_what_cannot_be_checked_last(tmp_path: Path) -> None:
    sizes = {"ann": 300, "ben": 3000, "cy": 3000, "dee": 10}
    roster = []
    for name, size in sizes.items():
        (tmp_path / f"{name}.py").write_text("#" * size)
        roster.append(Submission(name, file=tmp_path / f"{name}.py"))
    roster.append(Submission("eve", problem="no Python file"))
    roster.append(Submission("flo", file=tmp_path / "gone.py"))
    order = [roster[index].name for index in longest_first(roster)]
    assert order == ["ben", "cy", "ann", "dee", "eve", "flo"]  # ties keep the roster's order


def workers_check(plan: Plan, submission: Submission, progress: Progress | None) -> CheckReport:
    """A check that runs nothing and says how many candidate processes its plan gave it."""
    return replace(unchecked(submission.name, "x"), problem=None, isolation=f"workers {plan.limits.workers}")


def test_checks_side_by_side_on_every_core_get_one_candidate_process_each_and_keep_the_roster_order(
    tmp_path: Path,
) -> None:
    roster = [Submission(name, file=tmp_path / f"{name}.py") for name in ("d", "a", "c")]
    (tmp_path / "c.py").write_text("# the largest: started first")
    jobs = max(2, os.cpu_count() or 1)
    results: list[Result] = list(check_class(roster, PLAN, jobs, None, workers_check))
    assert [result.submission.name for result in results] == ["d", "a", "c"]
    assert {result.report.isolation for result in results if result.report is not None} == {"workers 1"}
    alone = list(check_class(roster[:1], PLAN, jobs, None, workers_check))
    assert alone[0].report is not None and alone[0].report.isolation == "workers 2"


REMEMBERS = '''
_chosen = {}
_random_move = find_best_move


def find_best_move(board):
    """The randomised minimax's move, drawn once per board in this process and then kept."""
    key = str(board)
    if key not in _chosen:
        _chosen[key] = _random_move(board)
    return _chosen[key]
'''


def test_one_candidate_process_still_asks_a_sample_again_in_another_process(tmp_path: Path) -> None:
    # Random, but each process keeps its first answer per board: asked again in the same process it looks
    # deterministic; another process (two workers: the other one; one: a fresh one) gives it away.
    ai = tmp_path / "remembers.py"
    ai.write_text((EXAMPLES / "randomised.py").read_text() + REMEMBERS)
    report = check_ai(Candidate(ai), limits=Limits(workers=1))
    assert report.randomised or any("change with what it was asked before" in note for note in report.notes)
    assert report.timing.moves >= 2 * 4520  # every position asked at least twice, as with two workers
