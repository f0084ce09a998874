"""The same grade idle and on a busy machine: a slow, correct CS50 AI checked twice, then every format compared.

    .venv/bin/python benchmarks/check_load.py                 # PrairieLearn's budget (25 s), idle then loaded
    .venv/bin/python benchmarks/check_load.py --budget 0      # the whole check (no budget), idle then loaded
    .venv/bin/python benchmarks/check_load.py --hogs-per-core 3 --file examples/correct.py

The candidate is benchmarks/naive_cs50/tictactoe.py (the textbook minimax,
several seconds on the empty board). It is checked once on the machine as
it is, then again beside ``--hogs-per-core`` busy processes per core (pure
Python loops), with the limits ``perfectplay check --budget B`` uses. For
each run it prints the verdict, the exit status, the positions and helper
boards asked, the CPU the candidate used and the wall time, then the score
in every format (text, JSON, CSV, Gradescope, PrairieLearn, Classroom 50).
They must be equal: limits count the candidate's CPU time, and the sample a
budget allows is decided by CPU time alone (``check/judge/sample.py``). The
exit status is 1 when anything differs.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from perfectplay.check.api import check_ai
from perfectplay.check.report.model import CheckReport
from perfectplay.check.report.render_csv import csv_row
from perfectplay.check.report.render_graders import classroom50_json, gradescope_json, prairielearn_json
from perfectplay.check.report.render_json import report_json
from perfectplay.check.report.score import score
from perfectplay.check.settings import DEFAULT_MOVE_SECONDS, Candidate, Limits
from perfectplay.cli.check_options import BUDGET_MARGIN, BUDGET_RESERVE

NAIVE = Path(__file__).resolve().parent / "naive_cs50" / "tictactoe.py"


def limits(budget: float) -> Limits:
    """What ``perfectplay check --budget B`` gives ``check_ai`` (cli/check.py ``limits``); 0: no budget."""
    if not budget:
        return Limits()
    seconds = budget * (1 - BUDGET_MARGIN) - BUDGET_RESERVE
    return Limits(min(DEFAULT_MOVE_SECONDS, seconds / 10), seconds, budget_seconds=seconds)


def grades(report: CheckReport) -> dict[str, Any]:
    """The verdict, the counts and the score as every format shows them."""
    text_score = score(report)
    return {
        "verdict": report.verdict,
        "exit status": report.exit_status,
        "positions asked": f"{report.asked} of {report.positions}",
        "helper boards": f"{report.helpers} right of {report.helpers_of}",
        "text score": f"{text_score.points} of {text_score.total}",
        "json score": json.dumps(report_json(report)["score"]["points"]),
        "csv score": csv_row(report)["score"],
        "gradescope": gradescope_json(report)["score"],
        "prairielearn": prairielearn_json(report)["score"],
        "prairielearn gradable": prairielearn_json(report)["gradable"],
        "classroom50": classroom50_json(report, environ={})["score"],
    }


def run(path: Path, budget: float, sandbox: str) -> tuple[CheckReport, float]:
    started = time.monotonic()
    report = check_ai(Candidate(path, sandbox=sandbox), limits=limits(budget))
    return report, time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=NAIVE)
    parser.add_argument("--budget", type=float, default=25.0, help="the grader's budget in seconds (0: none)")
    parser.add_argument("--hogs-per-core", type=int, default=3)
    parser.add_argument("--sandbox", default="auto")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    idle, idle_wall = run(args.file, args.budget, args.sandbox)
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.hogs_per_core * cores)]
    try:
        busy, busy_wall = run(args.file, args.budget, args.sandbox)
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    print(f"{args.file}, budget {args.budget:g} s, {cores} cores, {len(hogs)} busy processes in the loaded run")
    print(f"isolation: {idle.isolation}")
    left, right = grades(idle), grades(busy)
    width = max(len(name) for name in left)
    print(f"{'':{width}}  {'idle':>24}  {'loaded':>24}")
    differ = 0
    for name in left:
        same = left[name] == right[name]
        differ += not same
        print(f"{name:{width}}  {left[name]!s:>24}  {right[name]!s:>24}{'' if same else '   DIFFERS'}")
    for label, report, wall in (("idle", idle, idle_wall), ("loaded", busy, busy_wall)):
        cpu = report.timing.cpu_in_candidate or 0.0
        print(f"{label}: {wall:.1f} s wall for the check, {cpu:.1f} s of CPU in the candidate's code")
    print("same grade idle and loaded" if not differ else f"{differ} figures differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
