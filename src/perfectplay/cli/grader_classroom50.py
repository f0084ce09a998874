"""Classroom 50's bundle: one ``autograder.py`` that carries perfectplay inside it and trusts nothing in the checkout.

The runner calls the script in the student's repository, so everything
there is hostile: the script runs the checker isolated from a fresh folder,
takes a result only from a fresh folder this run made, and places it as a
new file (never through a link, never a committed one).
"""

from __future__ import annotations

import base64

from perfectplay.cli.grader_files import BOOT, FRESH_STEP, PLAIN, Choices, File, build_boot, teacher_readme
from perfectplay.cli.grader_student import FRESH_SEED_BITS

CLASSROOM50_AUTOGRADER = '''"""Classroom 50 autograder: CLASSROOM/autograders/ASSIGNMENT/autograder.py.

The runner calls it in the student's checkout with CLASSROOM, ASSIGNMENT,
SUBMISSION_TAG, COMMIT_URL, RELEASE_URL and REVIEW_URL set; it leaves
./result.json ("schema": "classroom50/result/v1") and ./release-body.md,
the page the student reads. Exit 0 means it ran end to end (the grade is in
result.json); anything else is an infrastructure error.
perfectplay is the wheel inside this file (pure Python, any Python 3.10 or
later), unpacked into a temporary folder: no package index, no pip.
The checkout is the student's: the checker runs with an isolated
interpreter (-I) from a fresh folder, so nothing in the checkout (a json.py,
a perfectplay/ package) is imported in its place; it writes into a fresh
folder, and only what it wrote there in this run is put in the checkout,
as new files (a committed result.json, or one that is a link, is removed,
never believed or written through). PERFECTPLAY stands in for an installed
command in tests.
"""

import os
import sys

# The checkout is never where this script's own imports come from (os and sys are loaded before any path).
sys.path[:] = [entry for entry in sys.path if entry and os.path.abspath(entry) != os.getcwd()]

import base64
import datetime
import io
import json
import secrets
import shutil
import subprocess
import tempfile
import zipfile

FILE = {file!r}
FLAGS = {flags!r}
WEIGHTS = {weights!r}
DRAWS = {draws!r}
OUTPUTS = ("result.json", "release-body.md")
BOOT = {boot!r}
BUILD = {build!r}
WHEEL = (
{wheel}
)


def check(folder, out):
    """Run the check of ./FILE; its outputs go to ``out`` (a fresh folder). The exit status."""
    lib = os.path.join(folder, "lib")
    if os.environ.get("PERFECTPLAY"):
        command = [os.environ["PERFECTPLAY"]]
    else:
        zipfile.ZipFile(io.BytesIO(base64.b64decode("".join(WHEEL)))).extractall(lib)
        if BUILD:
            # Connect Four's check solves its positions as it runs: the core compiled for this run with the
            # runner's C compiler (a few seconds); where there is none, the pure-Python core (seconds a position).
            try:
                subprocess.run([sys.executable, "-I", "-c", BUILD, lib], stdout=sys.stderr, timeout=300)
            except (OSError, subprocess.SubprocessError):
                pass
        command = [sys.executable, "-I", "-c", BOOT, lib]
    flags = list(FLAGS)
    if WEIGHTS is not None:
        weights = os.path.join(folder, "weights.json")
        with open(weights, "w", encoding="utf-8") as stream:
            json.dump(WEIGHTS, stream)
        flags += ["--weights", weights]
    argv = [*command, "check", os.path.abspath(FILE), "--format", "classroom50", *flags, "--output", out]
    environ = {{key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}}
    # No student is named here (the repository is the student's: no secret stays secret in it), so what the check
    # draws is drawn afresh for this run, from a seed the report shows; any secret the check would make is made in
    # this run's folder (a runner whose home is read-only must not turn a correct program into a zero).
    environ["XDG_CONFIG_HOME"] = os.path.join(folder, "config")
    if DRAWS:
        argv += ["--seed", str(secrets.randbelow(1 << {bits}))]
    try:
        return subprocess.run(argv, env=environ, cwd=folder).returncode
    except OSError:
        return -1


def zero(why):
    """A valid zero-point result and release body: the check could not run or wrote nothing."""
    document = {{"schema": "classroom50/result/v1"}}
    for field, variable in (
        ("classroom", "CLASSROOM"),
        ("assignment", "ASSIGNMENT"),
        ("submission", "SUBMISSION_TAG"),
        ("commit", "COMMIT_URL"),
        ("release", "RELEASE_URL"),
    ):
        document[field] = os.environ.get(variable, "")
    document["review"] = os.environ.get("REVIEW_URL") or document["commit"]
    document["datetime"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    total = int((WEIGHTS or {{}}).get("total", 100))
    document.update({{"score": 0, "max-score": total}})
    document["tests"] = [{{"test-name": "Checked", "passed": False, "score": 0, "max-score": total, "message": why}}]
    body = "# perfectplay check\\n\\n0 points: " + why + "\\n"
    return json.dumps(document, indent=2).encode("utf-8"), body.encode("utf-8")


def produced(out):
    """What the check wrote in ``out`` in this run, or None when it wrote no valid result."""
    try:
        with open(os.path.join(out, "result.json"), "rb") as stream:
            result = stream.read()
        document = json.loads(result)
        with open(os.path.join(out, "release-body.md"), "rb") as stream:
            body = stream.read()
    except (OSError, ValueError):
        return None
    return (result, body) if isinstance(document, dict) and "score" in document else None


def place(name, data):
    """Put ``data`` at ./name as a new file: whatever was there (a file, a link, a folder) is removed first."""
    for _ in range(3):
        if os.path.isdir(name) and not os.path.islink(name):
            shutil.rmtree(name)
        elif os.path.lexists(name):
            os.unlink(name)
        try:
            handle = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        except FileExistsError:
            continue  # put back meanwhile: remove it again
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        return True
    return False


def main():
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "out")
        os.mkdir(out)
        if os.path.islink(FILE):  # a link is not the student's program (it may point at anyone's file)
            outputs = zero(FILE + " is a symbolic link: commit your own program as " + FILE + ".")
        else:
            status = check(folder, out)
            outputs = produced(out) if status in (0, 1, 2, 3) else None  # 3: not graded, the machine's failure
            if outputs is None:
                outputs = zero(FILE + " could not be checked (exit status " + str(status) + "): is it your program?")
    placed = [place(name, data) for name, data in zip(OUTPUTS, outputs)]
    return 0 if all(placed) else 1


sys.exit(main())
'''


def classroom50(choices: Choices, wheel: bytes) -> list[File]:
    encoded = base64.b64encode(wheel).decode("ascii")
    lines = "\n".join(f'    "{encoded[i : i + 100]}"' for i in range(0, len(encoded), 100))
    script = CLASSROOM50_AUTOGRADER.format(
        file=choices.file,
        flags=choices.flags(None),
        weights=choices.weights,
        draws=choices.draws(),
        wheel=lines,
        boot=BOOT,
        build=build_boot(choices.game),
        bits=FRESH_SEED_BITS,
    )
    readme = teacher_readme(
        "Classroom 50",
        choices,
        [
            "Put `autograder.py` at `CLASSROOM/autograders/ASSIGNMENT/autograder.py`. It carries perfectplay "
            "inside it (a pure-Python wheel, base64) and unpacks it into a temporary folder on the runner: no "
            "package index, no pip, nothing installed into the runner's Python.",
            'Add `"apt": ["bubblewrap"]` to the assignment\'s `runtime` block to give the student\'s code a sandbox.',
            *(
                [
                    FRESH_STEP.format(
                        job="run",
                        why="the workflow runs in the student's own repository, so no secret "
                        "(a file, an Actions secret) stays hidden from the student there",
                    )
                ]
                if choices.draws()
                else []
            ),
        ],
    )
    return [File("autograder.py", script, PLAIN), File("README.md", readme)]
