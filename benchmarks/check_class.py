"""How long a mixed class of 40 takes to check in one command, one student at a time and two side by side.

    .venv/bin/python benchmarks/check_class.py                  # 40 students, --jobs 1 then --jobs 2
    .venv/bin/python benchmarks/check_class.py --students 12    # a smaller class

The class is made in a temporary folder from the sample submissions
(examples/graders/: a correct CS50 AI, a beatable one, one that crashes,
one that does not parse; examples/correct.py and examples/cs50/), one
folder per student, plus a program in another language (examples/rules.sh
through the line protocol) every seventh student, all named in one CSV
manifest. Each run is ``python -m perfectplay check --manifest class.csv
--csv grades.csv --jobs N`` as a teacher types it; the script prints both
wall times, their ratio (the target: at most 55 % of the serial time on 2
cores), the machine's load before each run, and whether the two runs wrote
the same rows (they must: the rows do not depend on --jobs).
"""

from __future__ import annotations

import argparse
import csv
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = [
    ROOT / "examples" / "graders" / "plain" / "tictactoe.py",
    ROOT / "examples" / "graders" / "beatable" / "tictactoe.py",
    ROOT / "examples" / "graders" / "crashes" / "tictactoe.py",
    ROOT / "examples" / "graders" / "syntax_error" / "tictactoe.py",
    ROOT / "examples" / "correct.py",
    ROOT / "examples" / "cs50" / "tictactoe.py",
]
COMMAND_EVERY = 7
TIMING_COLUMNS = ("seconds", "median_ms", "slowest_ms")


def make_class(folder: Path, students: int) -> Path:
    """One folder per student (a copy of a sample) and the manifest naming them; returns the manifest."""
    rows = []
    for number in range(students):
        name = f"student{number + 1:02d}"
        if number % COMMAND_EVERY == COMMAND_EVERY - 1:
            rows.append({"student": name, "file": "", "command": f"sh {ROOT / 'examples' / 'rules.sh'}"})
            continue
        sample = SAMPLES[number % len(SAMPLES)]
        (folder / name).mkdir()
        shutil.copyfile(sample, folder / name / sample.name)
        rows.append({"student": name, "file": f"{name}/{sample.name}", "command": ""})
    manifest = folder / "class.csv"
    with manifest.open("w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=["student", "file", "command"])
        writer.writeheader()
        writer.writerows(rows)
    return manifest


def run(manifest: Path, jobs: int) -> tuple[float, list[dict[str, str]]]:
    grades = manifest.with_name(f"grades-{jobs}.csv")
    started = time.perf_counter()
    command = ["check", "--manifest", str(manifest), "--csv", str(grades), "--jobs", str(jobs)]
    done = subprocess.run(
        [sys.executable, "-m", "perfectplay", *command],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - started
    if done.returncode not in (0, 1, 2) or not grades.exists():
        raise SystemExit(f"the check failed (exit {done.returncode}): {done.stderr.strip()[-500:]}")
    with grades.open() as file:
        rows = [{k: v for k, v in row.items() if k not in TIMING_COLUMNS} for row in csv.DictReader(file)]
    return elapsed, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="perfectplay-class-") as temporary:
        manifest = make_class(Path(temporary), args.students)
        print(f"{args.students} students, {os.cpu_count()} cores", flush=True)
        times = {}
        rows = {}
        for jobs in (1, 2):
            load = os.getloadavg()[0]
            times[jobs], rows[jobs] = run(manifest, jobs)
            print(f"--jobs {jobs}: {times[jobs]:7.1f} s  (load average before: {load:.1f})", flush=True)
    ratio = times[2] / times[1]
    print(f"ratio: {100 * ratio:.0f} % of the serial time (target <= 55 %)")
    print("same rows with --jobs 1 and --jobs 2:", "yes" if rows[1] == rows[2] else "NO")
    verdicts: dict[str, int] = {}
    for row in rows[1]:
        verdicts[row["verdict"]] = verdicts.get(row["verdict"], 0) + 1
    print("verdicts:", ", ".join(f"{verdict} {count}" for verdict, count in sorted(verdicts.items())))


if __name__ == "__main__":
    main()
