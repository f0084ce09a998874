"""Start-up benchmark: ``perfectplay best`` on 3x3 positions as whole processes, beside ``python -c pass``.

    .venv/bin/python benchmarks/startup.py                 # 21 warm and 7 cold runs of each command
    .venv/bin/python benchmarks/startup.py --runs 9 --output -

Each command is started as its own process, in rotation so that a busy
machine slows them all alike, and timed from start to exit; the table gives
the median of the runs. *Warm* runs reuse one bytecode cache
(``PYTHONPYCACHEPREFIX``, filled by a first round), as every run after the
first does; *cold* runs get, each time, a fresh copy of that cache without
this project's modules, so perfectplay (and the seed script) is compiled
from source as on the first run after an install or a change, while the
standard library is as cached as it always is. (With
``PYTHONDONTWRITEBYTECODE`` set, as in some shells, every run of an editable
install is a cold run: the benchmark unsets it.)

The reference is the seeds' textbook minimax run as a script on the empty
board: the Python listing of seed 000 (``find_best_move`` over a list of
nine cells) is taken from ``shared/seeds/`` at run time, one line asking for
the empty board's best move is appended, and the file is run from a
temporary folder; none of the seed's code is kept in this repository.

Targets: ``perfectplay best`` on any 3x3 position within 30 ms of bare
interpreter start-up, warm (issue 27; issue 11 asked 100 ms), and at least
5x faster than the seed script. ``tests/cli/test_cli_output.py`` holds what it
imports to a list of modules, so the budget does not wait for this
benchmark to be run. The console script runs ``perfectplay.cli:run``, which
ends ``best`` without the interpreter's teardown of every module (about a
sixth of the whole process): an install made before that entry point calls
``main`` and needs ``pip install -e .`` again to be measured as shipped.
"""

from __future__ import annotations

import argparse
import html
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "startup.md"
SEEDS = ROOT.parent / "shared" / "seeds"

POSITIONS = (".../.../...", "X../.O./...", "XOX/OO./.X.", ".X./..X/OOX", "XOX/XO./...")
"""The empty board, an opening, the seeds' example, seed 003's fatalist position, a late middle game."""


def seed_listing(seeds: Path) -> str:
    """The Python listing of the seed whose textbook minimax values a list of nine cells (seed 000)."""
    for path in sorted(seeds.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        match = re.search(r"Python Implementation:.*?<pre>(.*?)</pre>", text, re.DOTALL)
        if match and "def find_best_move(board)" in match.group(1):
            return html.unescape(match.group(1)).strip() + "\n"
    raise SystemExit(f"no seed with a Python minimax listing in {seeds}")


def timed(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - started


def measure(commands: dict[str, list[str]], runs: int, cache: str, *, fresh: bool) -> dict[str, float]:
    """The median seconds of each command over ``runs`` rounds, in rotation.

    ``cache`` is the bytecode cache folder: reused as it is (warm), or, when
    ``fresh``, copied anew for every run (cold: what it lacks is compiled).
    """
    times: dict[str, list[float]] = {name: [] for name in commands}
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # some shells set it; a warm run needs its cache
    for _ in range(runs):
        for name, command in commands.items():
            if not fresh:
                times[name].append(timed(command, env | {"PYTHONPYCACHEPREFIX": cache}))
                continue
            with tempfile.TemporaryDirectory() as folder:
                copy = shutil.copytree(cache, Path(folder) / "bytecode")
                times[name].append(timed(command, env | {"PYTHONPYCACHEPREFIX": str(copy)}))
    return {name: statistics.median(values) for name, values in times.items()}


def without_project(cache: str, target: Path) -> str:
    """A copy of the bytecode cache without this project's modules: the standard library's stay."""
    mirror = Path(cache) / str(ROOT).lstrip(os.sep)
    shutil.copytree(cache, target, ignore=lambda folder, names: [n for n in names if Path(folder, n) == mirror])
    return str(target)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="warm runs of each command (cold: a third)")
    parser.add_argument("--seeds", type=Path, default=SEEDS, help=f"the seeds folder (default {SEEDS})")
    parser.add_argument("--output", default=str(RESULTS), help="Markdown file to write, or - for stdout")
    args = parser.parse_args()
    python = sys.executable
    perfectplay = str(Path(python).with_name("perfectplay"))
    with tempfile.TemporaryDirectory() as folder:
        seed = Path(folder) / "seed_minimax.py"
        seed.write_text(seed_listing(args.seeds) + "\nprint(find_best_move([' '] * 9))\n", encoding="utf-8")
        commands = {"python -c pass": [python, "-c", "pass"]}
        commands |= {f"perfectplay best {position}": [perfectplay, "best", position] for position in POSITIONS}
        commands["seed 000 minimax script, empty board"] = [python, str(seed)]
        cache = str(Path(folder) / "bytecode")
        measure(commands, 1, cache, fresh=False)  # fills the cache, and fails loudly if a command does
        warm = measure(commands, args.runs, cache, fresh=False)
        library_only = without_project(cache, Path(folder) / "library-only")
        cold = measure(commands, max(3, args.runs // 3), library_only, fresh=True)
    bare_warm, bare_cold = warm["python -c pass"], cold["python -c pass"]
    seed_warm = warm["seed 000 minimax script, empty board"]
    lines = [
        f"# Start-up: whole processes, median of {args.runs} warm and {max(3, args.runs // 3)} cold runs",
        "",
        f"`{Path(sys.executable).name} benchmarks/startup.py`, {time.strftime('%Y-%m-%d')}, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end.",
        "",
        "| command | warm | over `python -c pass` | cold | over `python -c pass` | seed script / this (warm) |",
        "|---|--:|--:|--:|--:|--:|",
    ]
    for name in commands:
        lines.append(
            f"| `{name}` | {warm[name] * 1000:.0f} ms | {(warm[name] - bare_warm) * 1000:+.0f} ms "
            f"| {cold[name] * 1000:.0f} ms | {(cold[name] - bare_cold) * 1000:+.0f} ms "
            f"| {seed_warm / warm[name]:.1f}x |"
        )
    worst = max(warm[f"perfectplay best {position}"] for position in POSITIONS)
    worst_cold = max(cold[f"perfectplay best {position}"] for position in POSITIONS)
    lines += [
        "",
        f"Slowest `perfectplay best`: {(worst - bare_warm) * 1000:.0f} ms over bare start-up warm, "
        f"{(worst_cold - bare_cold) * 1000:.0f} ms cold (target: within 30 ms warm); "
        f"{seed_warm / worst:.1f}x faster than the seed's minimax script (target: at least 5x).",
    ]
    text = "\n".join(lines) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
