"""A fuzz campaign of the command line's newer surfaces, as a careless or hostile user would try them (issue 43).

Transcripts and ``--replay``, typed trees (``tree --from``), exercises,
``mcts``, data sets, manifests, weights, grader bundles and positions, each
run as a real process with seeded variants. Every run is counted:

- **traceback**: "Traceback" on stderr, or an exit status other than 0, 1, 2;
- **hang**: still running after ``--patience`` seconds (then killed);
- **silent loss**: something outside the command's own files changed (a
  link's target, a device replaced by a file, a teacher's file overwritten
  without a word), or bad input accepted with status 0 where it must be
  refused;
- **multi-line refusal**: status 2 with more than one line on stderr.

    python benchmarks/fuzz_bad_input.py [--seed 43] [--runs-per-surface 40] [--jobs 2]

Prints one line per failure and the totals; exit status 1 if any.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import copy
import hashlib
import json
import os
import random
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
CORRECT = str(EXAMPLES / "correct.py")


@dataclass
class Case:
    """One run: its words, the files it may not touch (path -> what they must still be), and whether it must be
    refused (status 2)."""

    surface: str
    argv: list[str]
    guarded: dict[str, Any] = field(default_factory=dict)
    must_refuse: bool = False
    stdin: bytes | None = None


@dataclass
class Outcome:
    case: Case
    status: int | None
    stderr: str
    seconds: float
    problems: list[str]


def _snapshot(path: str) -> Any:
    """What a guarded path is now: its kind, and a regular file's bytes."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return None
    if stat.S_ISREG(found.st_mode):
        return ("file", Path(path).read_bytes())
    if stat.S_ISLNK(found.st_mode):
        return ("link", os.readlink(path))
    return ("kind", stat.S_IFMT(found.st_mode))


def run(case: Case, patience: float, work: Path) -> Outcome:
    before = {path: _snapshot(path) for path in case.guarded}
    started = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "perfectplay", *case.argv], cwd=work, stdin=subprocess.PIPE if case.stdin else
        subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )
    try:
        out, err = process.communicate(case.stdin, timeout=patience)
        status: int | None = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, 9)
        out, err = process.communicate()
        status = None
    seconds = time.monotonic() - started
    stderr = err.decode("utf-8", "replace")
    problems = []
    if status is None:
        problems.append("hang")
    elif "Traceback" in stderr or status not in (0, 1, 2):
        problems.append("traceback")
    elif status == 2 and stderr.strip().count("\n") > 0:
        problems.append("multi-line")
    after = {path: _snapshot(path) for path in case.guarded}
    said = out.decode("utf-8", "replace") + stderr
    # A file the command replaced and said so ("wrote X (replaced the file there)") is not lost without a word.
    changed = any(after[path] != before[path] and not (path in said and "replaced" in said) for path in case.guarded)
    if changed or (case.must_refuse and status == 0):
        problems.append("silent loss")
    return Outcome(case, status, stderr, seconds, problems)


# The surfaces -------------------------------------------------------------------------------------------------------

JSONISH: list[Any] = [None, True, 0, -1, 10**30, 1e308, -1e308, float("nan"), float("inf"), "", "junk", "X", [],
                      {}, [1, 2], {"a": 1}, "timeout", ".........", ["XO.......", "X"]]


def _seal(body: dict[str, Any], path: Path) -> None:
    digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()
    path.write_text(json.dumps({"schema": "perfectplay/check-transcript/v1", "digest": digest, "body": body}))


def _places(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _places(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:2]):
            found += _places(item, (*prefix, index))
    return found


def special_files(folder: Path) -> dict[str, str]:
    """Paths of every kind a careless user names: FIFO, devices, folder, links, missing folder, empty, binary."""
    fifo = folder / "fifo"
    if not fifo.exists():
        os.mkfifo(fifo)
    (folder / "dir").mkdir(exist_ok=True)
    target = folder / "precious.txt"
    target.write_text("precious\n")
    for name, to in (("link", target), ("dangling", folder / "nowhere"), ("fifo-link", fifo)):
        if not (folder / name).is_symlink():
            (folder / name).symlink_to(to)
    (folder / "empty").write_bytes(b"")
    (folder / "binary").write_bytes(bytes(range(256)) * 4)
    (folder / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    return {
        "fifo": str(fifo), "null": "/dev/null", "full": "/dev/full", "zero": "/dev/zero", "dir": str(folder / "dir"),
        "link": str(folder / "link"), "dangling": str(folder / "dangling"), "fifo-link": str(folder / "fifo-link"),
        "missing": str(folder / "missing" / "x"), "empty": str(folder / "empty"), "binary": str(folder / "binary"),
        "deep": str(folder / "deep.json"), "precious": str(target),
    }


def guard_of(specials: dict[str, str]) -> dict[str, Any]:
    return {specials[name]: None for name in ("precious", "fifo", "null", "full", "dir", "link", "dangling")}


def transcript_cases(rng: random.Random, count: int, base: dict[str, Any], folder: Path,
                     specials: dict[str, str]) -> list[Case]:
    cases = []
    for index in range(count):
        body = copy.deepcopy(base["body"])
        for _ in range(rng.randint(1, 3)):
            where = rng.choice(_places(body))
            parent = body
            for step in where[:-1]:
                parent = parent[step]
            parent[where[-1]] = copy.deepcopy(rng.choice(JSONISH))
        path = folder / f"edited-{index}.json"
        _seal(body, path)
        cases.append(Case("transcripts", ["check", "--replay", str(path), "--format",
                                          rng.choice(["text", "json", "csv", "gradescope", "prairielearn"])]))
    for index in range(count // 4):
        body = copy.deepcopy(base["body"])
        where = rng.choice(_places(body))
        parent = body
        for step in where[:-1]:
            parent = parent[step]
        if isinstance(parent, dict):
            del parent[where[-1]]  # a field dropped
        else:
            parent.append(copy.deepcopy(parent[0]))  # an item repeated
        path = folder / f"dropped-{index}.json"
        _seal(body, path)
        cases.append(Case("transcripts", ["check", "--replay", str(path)]))
    unsealed = copy.deepcopy(base)
    unsealed["body"]["every"] = 1
    (folder / "unsealed.json").write_text(json.dumps(unsealed))
    (folder / "cut.json").write_text(json.dumps(base)[:500])
    for path in (folder / "unsealed.json", folder / "cut.json"):
        cases.append(Case("transcripts", ["check", "--replay", str(path)], must_refuse=True))
    for name in ("fifo", "zero", "dir", "fifo-link", "empty", "binary", "deep", "missing"):
        cases.append(Case("transcripts", ["check", "--replay", specials[name]], must_refuse=True))
    for name in ("null", "full", "fifo", "dir", "link", "dangling", "missing"):
        cases.append(Case("transcripts", ["check", CORRECT, "--sandbox", "off", "--sample", "2", "--transcript",
                                          specials[name]], guarded=guard_of(specials), must_refuse=True))
    return cases


TREE_ALPHABET = [*"()[]|,;- 0123456789\n\tab", "\0", "é", "9" * 30]


def tree_cases(rng: random.Random, count: int, folder: Path, specials: dict[str, str]) -> list[Case]:
    cases = []
    for index in range(count):
        text = "".join(rng.choice(TREE_ALPHABET) for _ in range(rng.randint(0, 30)))
        path = folder / f"tree-{index}.txt"
        path.write_text(text, encoding="utf-8")
        argv = ["tree", "--from", str(path), "--format", rng.choice(["svg", "dot", "json", "sexpr", "tikz"])]
        if rng.random() < 0.3:
            argv += ["-o", rng.choice([specials["full"], specials["link"], specials["fifo"], specials["dir"]])]
            cases.append(Case("trees", argv, guarded=guard_of(specials)))
        else:
            cases.append(Case("trees", argv))
    for name in ("fifo", "zero", "dir", "fifo-link", "binary"):
        cases.append(Case("trees", ["tree", "--from", specials[name]], must_refuse=True))
    cases.append(Case("trees", ["tree", "--from", "-"], stdin=b"3 12 8 | 2 4 6"))
    return cases


def exercise_cases(rng: random.Random, count: int, folder: Path, specials: dict[str, str]) -> list[Case]:
    cases = []
    teacher = folder / "mine-sheet.svg"
    teacher.write_text("the teacher's own sheet\n")
    for _ in range(count):
        prefix = rng.choice([specials["full"], specials["null"], specials["fifo"], specials["dir"], specials["link"],
                             specials["missing"], str(folder / "ex"), str(folder / "dir" / ""), "", " "])
        seed = rng.choice(["1", "0", "-1", "99999999999999", "x", "1e3", ""])
        argv = ["exercise", "--seed", seed, "--out", prefix, "--format", rng.choice(["svg", "tex", "svg,tex", "pdf"])]
        cases.append(Case("exercises", argv, guarded=guard_of(specials)))
    cases.append(Case("exercises", ["exercise", "--seed", "1", "--out", str(folder / "mine"), "--format", "svg"],
                      guarded={str(teacher): None}))
    return cases


def mcts_cases(rng: random.Random, count: int, specials: dict[str, str]) -> list[Case]:
    cases = []
    for _ in range(count):
        game = rng.choice(["tictactoe", "connect4", "mnk:4,4,3", "nim:3,4"])
        position = rng.choice(["", "4", "44", "4455", "X../.O./...", "XXX/OOO/...", "1234567" * 7, "9", "x", "4 4"])
        iterations = rng.choice(["10", "10,,30", ",10", "10,5", "0", "-1", "1e9", "10,100", "200001", "a", ""])
        argv = ["mcts", position, "--game", game, "--runs", rng.choice(["1", "2", "0", "201"]),
                "--iterations", iterations]
        if rng.random() < 0.3:
            argv += ["--svg", rng.choice([specials["full"], specials["link"], specials["dir"]])]
        cases.append(Case("mcts", argv, guarded=guard_of(specials)))
    cases.append(Case("mcts", ["mcts", "", "--game", "connect4", "--runs", "1", "--iterations", "10"]))
    cases.append(Case("mcts", ["mcts", "", "--iterations", "10,,30"], must_refuse=True))
    return cases


def dataset_cases(rng: random.Random, count: int, folder: Path, specials: dict[str, str]) -> list[Case]:
    cases = []
    for index in range(count):
        game = rng.choice(["tictactoe", "connect4", "connect4:4,3", "mnk:4,4,3", "nim:2,2"])
        fmt = rng.choice(["jsonl", "csv", "scores", "parquet"])
        out = rng.choice([specials["full"], specials["link"], specials["fifo"], specials["dir"],
                          specials["missing"], str(folder / f"data-{index}")])
        argv = ["dataset", game, "--format", fmt, "-o", out]
        if rng.random() < 0.4:
            argv += ["--plies", rng.choice(["0", "2", "100", "-1", "x"])]
        cases.append(Case("datasets", argv, guarded=guard_of(specials)))
    cases.append(Case("datasets", ["dataset", "connect4", "--format", "scores", "-o", str(folder / "c4.scores")],
                      must_refuse=True))
    return cases


def manifest_cases(rng: random.Random, count: int, folder: Path, specials: dict[str, str]) -> list[Case]:
    cases = []
    fields = ["ann", "correct.py", '"ann', 'a"b', "an\0n", "", " ", "flat", "nested", "zzz", CORRECT, "x,y"]
    for index in range(count):
        header = rng.sample(["student", "file", "command", "board", "student", "grade", "empty"], rng.randint(1, 4))
        rows = [[rng.choice(fields) for _ in range(rng.randint(1, 5))] for _ in range(rng.randint(0, 3))]
        text = "\n".join(",".join(row) for row in [header, *rows]) + "\n"
        path = folder / f"class-{index}.csv"
        path.write_bytes(text.encode("utf-8"))
        # A manifest that names a real student would run a check: refuse only, so every row names no real file.
        cases.append(Case("manifests", ["check", "--manifest", str(path), "--sandbox", "off", "--sample", "2",
                                        "--csv", str(folder / f"grades-{index}.csv")]))
    for name in ("fifo", "zero", "dir", "binary"):
        cases.append(Case("manifests", ["check", "--manifest", specials[name]], must_refuse=True))
    return cases


def weights_cases(rng: random.Random, count: int, transcript: Path, folder: Path,
                  specials: dict[str, str]) -> list[Case]:
    names = ["loads", "legal", "never_beaten", "keeps_value", "best_move", "helpers", "total", "other", "games"]
    cases = []
    for index in range(count):
        table = {rng.choice(names): copy.deepcopy(rng.choice(JSONISH)) for _ in range(rng.randint(0, 4))}
        suffix = rng.choice([".json", ".toml"])
        path = folder / f"weights-{index}{suffix}"
        if suffix == ".toml":
            path.write_text("\n".join(f"{key} = {json.dumps(value)}" for key, value in table.items()))
        else:
            path.write_text(json.dumps(table))
        cases.append(Case("weights", ["check", "--replay", str(transcript), "--weights", str(path)]))
    for name in ("fifo", "zero", "dir", "binary", "deep"):
        cases.append(Case("weights", ["check", "--replay", str(transcript), "--weights", specials[name]],
                          must_refuse=True))
    huge = folder / "huge.json"
    huge.write_text(json.dumps({"loads": 1e308, "legal": 1e308, "never_beaten": 1e308}))
    cases.append(Case("weights", ["check", "--replay", str(transcript), "--weights", str(huge)], must_refuse=True))
    return cases


def grader_cases(rng: random.Random, count: int, folder: Path, specials: dict[str, str]) -> list[Case]:
    huge = folder / "huge.json"
    cases = []
    for index in range(count):
        out = rng.choice([specials["full"], specials["link"], specials["fifo"], specials["dir"], specials["dangling"],
                          str(folder / f"bundle-{index}.zip"), str(folder / f"bundle-{index}")])
        argv = ["grader", rng.choice(["gradescope", "prairielearn", "classroom50", "coderunner", "autolab"]),
                "--out", out]
        if rng.random() < 0.4:
            argv += ["--weights", str(huge)]
        cases.append(Case("graders", argv, guarded=guard_of(specials)))
    return cases


def flag_cases(rng: random.Random, count: int, folder: Path) -> list[Case]:
    connect4_only = [["--rows", "top"], ["--pieces", "dot"], ["--interface", "board"], ["--board-type", "list"],
                     ["--no-games"], ["--allow-package", "no_such_package_43"], ["--allow-package", "numpy"],
                     ["--positions", "5"]]
    tictactoe_only = [["--board", "flat"], ["--empty", "-"], ["--plays", "X"], ["--sample", "3"],
                      ["--standard", "best"], ["--transcript", str(folder / "t.json")]]
    cases = []
    for _ in range(count):
        game = rng.choice(["tictactoe", "connect4"])
        flags = rng.choice(connect4_only if game == "tictactoe" else tictactoe_only)
        argv = ["check", "--game", game, CORRECT, "--sandbox", "off", *flags]
        cases.append(Case("check flags", argv, must_refuse=True))  # a flag of the other game never applies
    cases.append(Case("check flags", ["check", "--game", "connect4", CORRECT, "--sandbox", "off", "--no-games",
                                      "--positions", "5"]))
    return cases


def position_cases(rng: random.Random, count: int) -> list[Case]:
    cases = []
    for _ in range(count):
        moves = "".join(rng.choice("1234567") for _ in range(rng.randint(0, 6)))
        side = rng.choice(["X", "O", "x", "", "Z"])
        command = rng.choice(["analyze", "best"])
        argv = [command, "--game", "connect4", moves, "--to-move", side, "--time-limit", "5"]
        # The sequence is X first: only the side its length makes to move may be given (issue 43).
        wrong = side.upper() in ("X", "O") and side.upper() != ("X" if len(moves) % 2 == 0 else "O") and moves
        cases.append(Case("positions", argv, must_refuse=bool(wrong)))
    drawings = ["......./......./......./......./......./...X...", "......./......./......./......./......./...O...",
                "X../.O./...", "XO./.../...", "XXX/OOO/...", "3,4,5", "O........", "xo.x.o..."]
    for _ in range(count // 2):
        position = rng.choice(drawings)
        game = "connect4" if "/......./" in position else rng.choice(["tictactoe", "nim:3,4,5", "mnk:3,3,3"])
        cases.append(Case("positions", [rng.choice(["analyze", "best", "solve"]), "--game", game, position,
                                        "--to-move", rng.choice(["X", "O", "o", "Z"])]))
    return cases


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=43)
    parser.add_argument("--runs-per-surface", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--patience", type=float, default=90.0, help="seconds before a run counts as a hang")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="fuzz43-"))
    try:
        specials = special_files(work)
        transcript = work / "base.json"
        subprocess.run([sys.executable, "-m", "perfectplay", "check", str(EXAMPLES / "fatalist.py"), "--sandbox",
                        "off", "--sample", "30", "--transcript", str(transcript)], cwd=work,
                       stdout=subprocess.DEVNULL, check=False)
        base = json.loads(transcript.read_text())
        n = args.runs_per_surface
        makers: list[Callable[[], list[Case]]] = [
            lambda: transcript_cases(rng, n, base, work, specials),
            lambda: tree_cases(rng, n, work, specials),
            lambda: exercise_cases(rng, n // 2, work, specials),
            lambda: mcts_cases(rng, n, specials),
            lambda: dataset_cases(rng, n // 2, work, specials),
            lambda: manifest_cases(rng, n, work, specials),
            lambda: weights_cases(rng, n, transcript, work, specials),
            lambda: grader_cases(rng, max(4, n // 8), work, specials),
            lambda: position_cases(rng, n),
            lambda: flag_cases(rng, n // 2, work),
        ]
        cases = [case for make in makers for case in make()]
        outcomes: list[Outcome] = []
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for outcome in pool.map(lambda case: run(case, args.patience, work), cases):
                outcomes.append(outcome)
                for problem in outcome.problems:
                    line = outcome.stderr.strip().splitlines()[-1:] or [""]
                    print(f"{problem}: {outcome.case.surface}: {outcome.case.argv!r} -> {outcome.status}: {line[0]}")
        totals = {kind: sum(kind in o.problems for o in outcomes)
                  for kind in ("traceback", "hang", "silent loss", "multi-line")}
        surfaces = sorted({o.case.surface for o in outcomes})
        for surface in surfaces:
            mine = [o for o in outcomes if o.case.surface == surface]
            statuses = {status: sum(o.status == status for o in mine) for status in (0, 1, 2)}
            print(f"  {surface:<12} {len(mine):>4} runs (status 0/1/2: {statuses[0]}/{statuses[1]}/{statuses[2]}), "
                  f"slowest {max(o.seconds for o in mine):5.1f} s, "
                  f"{sum(bool(o.problems) for o in mine)} with a problem")
        print(f"tried {len(outcomes)}: {totals['traceback']} tracebacks, {totals['hang']} hangs, "
              f"{totals['silent loss']} silent losses, {totals['multi-line']} multi-line refusals")
        return 1 if any(totals.values()) else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
