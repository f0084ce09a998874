"""How long a class folder takes to check in one command: the default ``--jobs`` against ``--jobs 1``, and why.

    .venv/bin/python benchmarks/check_class.py                  # 6 students, 3 rounds
    .venv/bin/python benchmarks/check_class.py --students 12 --rounds 5
    .venv/bin/python benchmarks/check_class.py --phases --jobs 2   # each student's start, phases and end

The class is a folder made in a temporary folder from the sample
submissions, one student folder each (``tictactoe.py``): a correct CS50 AI,
a beatable one, one that crashes, one that does not parse
(examples/graders/), examples/correct.py and examples/cs50/. Each run is
``python -m perfectplay check CLASS --json`` as a teacher types it, with the
default ``--jobs`` (the number of cores) or ``--jobs 1``; the two take turns,
each round in the other order, so that a machine whose speed drifts slows
both alike. Printed per run: the wall time, the machine's load average
before it, the checker's CPU time (this command's process and the checker
processes it started: ``RUSAGE_CHILDREN``) and the candidates' CPU time in
their moves (the reports' ``cpu_in_candidate``); then the median ratio and
whether every run wrote the same reports (they must: a report does not
depend on ``--jobs``).

Why the ratio is what it is: ``--jobs N`` is N processes computing at
once. ``--jobs 1`` checks one student at a time on one candidate process,
and a move is asked only once the answer before it is judged, so the
candidate and its checker take turns: about one core. The default runs one
such check per core. With C the checkers' CPU and K the candidates', no run
can take less than (C + K) / cores: the script prints that floor and the
ratio it would give against ``--jobs 1``'s measured time.

    .venv/bin/python benchmarks/check_class.py --cores   # where a run uses more than one core

``--cores`` runs each command once while reading ``/proc`` every 0.05 s for
every process of its tree: the CPU time of the checker processes and of the
candidates (``runner.py``), and the mean number of cores the run kept busy.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = [
    ROOT / "examples" / "graders" / "plain" / "tictactoe.py",
    ROOT / "examples" / "graders" / "beatable" / "tictactoe.py",
    ROOT / "examples" / "graders" / "crashes" / "tictactoe.py",
    ROOT / "examples" / "graders" / "syntax_error" / "tictactoe.py",
    ROOT / "examples" / "correct.py",
    ROOT / "examples" / "cs50" / "tictactoe.py",
]
TIMING = ("timing", "notes")
"""Report fields that differ from run to run (times, the wall clock's notes): left out of the comparison."""


def make_class(folder: Path, students: int) -> Path:
    """One folder per student, each a copy of a sample as ``tictactoe.py``; returns the class folder."""
    root = folder / "class"
    for number in range(students):
        student = root / f"student{number + 1:02d}"
        student.mkdir(parents=True)
        shutil.copyfile(SAMPLES[number % len(SAMPLES)], student / "tictactoe.py")
    return root


def run(root: Path, jobs: int | None) -> dict[str, Any]:
    """One class run: its wall time, the load before it, the checkers' and the candidates' CPU, its reports."""
    command = [sys.executable, "-m", "perfectplay", "check", str(root), "--json"]
    if jobs is not None:
        command += ["--jobs", str(jobs)]
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1, 2):
        raise SystemExit(f"the check failed (exit {done.returncode}): {done.stderr.strip()[-500:]}")
    reports = json.loads(done.stdout)
    candidates = sum((report.get("timing") or {}).get("cpu_in_candidate") or 0.0 for report in reports)
    checker = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    kept = [{key: value for key, value in report.items() if key not in TIMING} for report in reports]
    return {"wall": wall, "load": load, "checker": checker, "candidates": candidates, "reports": kept}


def phases(root: Path, jobs: int = 1) -> None:
    """Where each student's check spends its time: when it started and each phase's wall seconds, with this
    process's CPU seconds (the checker's: ``--jobs 1`` checks in this process; with more jobs the checks run in
    checker processes of their own, and their CPU is not shown), then the candidates' CPU in their moves."""
    from perfectplay.check.class_run import Plan, check_class
    from perfectplay.check.roster import from_paths
    from perfectplay.check.run.sandbox import choose

    marks: dict[str, list[tuple[str, float, float]]] = {}

    def progresses(name: str) -> Callable[[str, int, int], None]:
        def progress(phase: str, done: int, total: int) -> None:
            seen = marks.setdefault(name, [])
            if not seen or seen[-1][0] != phase:
                seen.append((phase, time.perf_counter(), time.process_time()))

        return progress

    started = time.perf_counter()
    roster = from_paths([str(root)])
    print(f"the roster: {time.perf_counter() - started:.2f} s")
    # A phase ends when the next starts. Side by side, "finished" comes when the run reaches the row, not when the
    # check ended: there the last phase ends after the check's own wall time (its report's: to the end of its asking;
    # judging the transcript follows, 0.1-0.2 s), and no CPU is shown.
    begun = time.perf_counter()
    for result in list(check_class(roster, Plan(choose("auto")), jobs, progresses)):
        seen = marks.get(result.submission.name, [])
        wall = result.report.timing.wall if result.report is not None else 0.0
        if jobs > 1 and seen:
            seen = [mark for mark in seen if mark[0] != "finished"] + [("finished", seen[0][1] + wall, 0.0)]
        steps = [
            f"{phase} {end - start:.2f} s" + (f" ({cpu_end - cpu_start:.2f} CPU)" if jobs == 1 else "")
            for (phase, start, cpu_start), (_, end, cpu_end) in itertools.pairwise(seen)
        ]
        cpu = result.report.timing.cpu_in_candidate if result.report is not None else None
        at = f"from {seen[0][1] - begun:.2f} s to {seen[-1][1] - begun:.2f} s: " if seen else ""
        print(f"{result.submission.name}: {at}{'; '.join(steps)}; candidates' CPU {cpu or 0:.2f} s", flush=True)
    print(f"the class: {time.perf_counter() - begun:.2f} s")


def cores(root: Path, jobs: int | None) -> None:
    """One run of the class, its process tree read from ``/proc`` every 0.05 s: CPU by kind and the mean cores."""
    command = [sys.executable, "-m", "perfectplay", "check", str(root), "--json"]
    command += ["--jobs", str(jobs)] if jobs is not None else []
    tick = os.sysconf("SC_CLK_TCK")
    seen: dict[int, tuple[str, float]] = {}
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while process.poll() is None:
        table: dict[int, tuple[int, float, str]] = {}
        for name in filter(str.isdigit, os.listdir("/proc")):
            try:
                stat = Path(f"/proc/{name}/stat").read_text()
                argv = Path(f"/proc/{name}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2 :].split()
            table[int(name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick, argv)
        tree = {process.pid}
        for _ in range(8):  # the checker, its pool, bubblewrap and the candidate: a few levels deep
            tree |= {pid for pid, (parent, _, _) in table.items() if parent in tree}
        for pid in tree & table.keys():
            _, cpu, argv = table[pid]
            kind = "candidates" if "runner.py" in argv else "bwrap" if "bwrap" in argv.split(" ")[0] else "checker"
            seen[pid] = (kind, cpu)
        time.sleep(0.05)
    wall = time.perf_counter() - started
    kinds: dict[str, float] = {}
    for kind, cpu in seen.values():
        kinds[kind] = kinds.get(kind, 0.0) + cpu
    total = sum(kinds.values())
    parts = ", ".join(f"{kind} {cpu:.1f} s" for kind, cpu in sorted(kinds.items()))
    name = "default" if jobs is None else str(jobs)
    print(f"--jobs {name:>7}: {wall:6.1f} s wall, CPU {total:.1f} s ({parts}): {total / wall:.2f} cores", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--phases", action="store_true", help="one run in this process, student by student")
    parser.add_argument("--jobs", type=int, default=1, help="with --phases: checks side by side (default 1)")
    parser.add_argument("--cores", action="store_true", help="one run of each, its processes' CPU read from /proc")
    args = parser.parse_args()
    if args.cores:
        with tempfile.TemporaryDirectory(prefix="perfectplay-class-") as temporary:
            root = make_class(Path(temporary), args.students)
            for jobs in (1, None):
                cores(root, jobs)
        return
    processors = os.cpu_count() or 1
    if args.phases:
        with tempfile.TemporaryDirectory(prefix="perfectplay-class-") as temporary:
            phases(make_class(Path(temporary), args.students), args.jobs)
        return
    runs: dict[str, list[dict[str, Any]]] = {"default": [], "1": []}
    with tempfile.TemporaryDirectory(prefix="perfectplay-class-") as temporary:
        root = make_class(Path(temporary), args.students)
        print(f"{args.students} students, {processors} cores, {args.rounds} rounds (each in turn)", flush=True)
        for number in range(args.rounds):
            order = ["default", "1"] if number % 2 == 0 else ["1", "default"]
            for name in order:
                measured = run(root, None if name == "default" else int(name))
                runs[name].append(measured)
                print(
                    f"--jobs {name:>7}: {measured['wall']:6.1f} s wall  (load before {measured['load']:4.1f}; "
                    f"checker CPU {measured['checker']:5.1f} s, candidates' {measured['candidates']:5.1f} s)",
                    flush=True,
                )
    ratios = [default["wall"] / one["wall"] for default, one in zip(runs["default"], runs["1"], strict=True)]
    checker = statistics.median(run["checker"] for run in runs["default"])
    candidates = statistics.median(run["candidates"] for run in runs["default"])
    floor = (checker + candidates) / processors
    serial = statistics.median(run["wall"] for run in runs["1"])
    print(f"ratio default/--jobs 1, round by round: {', '.join(f'{ratio:.2f}' for ratio in ratios)}")
    print(f"median ratio: {statistics.median(ratios):.2f} (target <= 0.6)")
    print(
        f"the floor, every core busy: (C {checker:.1f} s + K {candidates:.1f} s) / {processors} = {floor:.1f} s, "
        f"a ratio of {floor / serial:.2f} to --jobs 1's median {serial:.1f} s"
    )
    every = [run["reports"] for name in runs for run in runs[name]]
    differ = sorted(
        {
            f"{first['target']}: {key}"
            for reports in every[1:]
            for first, other in zip(every[0], reports, strict=True)
            for key in first
            if first[key] != other.get(key)
        }
    )
    print("same reports in every run:", "yes" if not differ else f"NO ({', '.join(differ)})")


if __name__ == "__main__":
    main()
