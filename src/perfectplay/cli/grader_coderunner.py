"""Moodle CodeRunner's bundle: one template grader that unpacks the wheel beside it and checks the answer.

The answer is pasted into the template by Twig, so the template trusts nothing in it: the answer is written to
a folder of its own and checked by the wheel's checker run isolated. The sample the check asks is drawn from the
grader's secret written into the template when the bundle is made and from CodeRunner's record of the attempt's
student (``STUDENT.id``, which CodeRunner keeps with the attempt, so a regrade names the same student).
"""

from __future__ import annotations

from perfectplay.check import fresh_secret
from perfectplay.cli.grader_files import BOOT, Choices, File, teacher_readme, weights_files
from perfectplay.cli.grader_student import FRESH_SEED_BITS

CODERUNNER_TEMPLATE = '''# CodeRunner template grader ("Template grader", "Is combinator" ticked): the student's
# answer is the file perfectplay checks; the result is one JSON object (fraction, testresults,
# prologuehtml, epiloguehtml).
# perfectplay is the support file perfectplay-*.whl, unpacked beside the answer: no pip, no index.
import os
import sys

# The job's folder is never where this script's own imports come from (os and sys are loaded before any path).
sys.path[:] = [entry for entry in sys.path if entry and os.path.abspath(entry) != os.getcwd()]

import glob
import json
import secrets
import subprocess
import tempfile
import zipfile

FILE = {file!r}
FLAGS = {flags!r}
ANSWER = """{{{{ STUDENT_ANSWER | e('py') }}}}"""
# The grader's secret, made with this template: the question is the teacher's, and students see only its text.
SECRET = {secret!r}
# The student, as CodeRunner records the attempt (its user's id, kept for regrades), never the answer's words.
STUDENT = """{{{{ STUDENT.id | e('py') }}}}"""


def fallback(why):
    """A valid result whatever happened: the grader itself failed, and says why."""
    return {{
        "fraction": 0.0,
        "testresults": [["iscorrect", "Category", "Points", "Out of", "Details"], [False, "perfectplay", 0, 1, why]],
        "prologuehtml": "<p>The grader could not check this answer; please tell your teacher.</p>",
        "epiloguehtml": "",
    }}


def main():
    wheels = sorted(os.path.abspath(wheel) for wheel in glob.glob("perfectplay-*-py3-none-any.whl"))
    if not wheels:
        return fallback("the support file perfectplay-*.whl is missing from the question")
    with tempfile.TemporaryDirectory(prefix="perfectplay-") as scratch:
        return check(wheels[0], scratch)


def identity(scratch, environ):
    """``--secret`` and ``--student``: the sample drawn for this student, the same on every resubmission and regrade.
    A student id that is not a number (no Twig, an old CodeRunner) draws afresh, and the report shows the seed."""
    student = STUDENT.strip()
    if not (student.isascii() and student.isdigit() and len(student) <= 20):
        environ["XDG_CONFIG_HOME"] = os.path.join(scratch, "config")
        return ["--seed", str(secrets.randbelow(1 << {bits}))]
    secret = os.path.join(scratch, "check-secret")
    with os.fdopen(os.open(secret, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600), "w") as out:
        out.write(SECRET)
    return ["--secret", secret, "--student", "coderunner:id:" + student]


def check(wheel, scratch):
    """The check of the answer, written into a folder of its own in ``scratch``: the job's folder holds the
    wheel (the checker and its solver, importable from the zip), which the answer's copy must not carry."""
    os.mkdir(os.path.join(scratch, "answer"))
    answer = os.path.join(scratch, "answer", FILE)
    with open(answer, "w", encoding="utf-8") as out:
        out.write(ANSWER)
    # The checker runs isolated (-I) from its own folder: nothing beside the answer is imported in its place.
    lib = os.path.join(scratch, "lib")
    zipfile.ZipFile(wheel).extractall(lib)
    environ = {{key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}}
    weights = os.path.abspath("weights.json")
    flags = list(FLAGS) + (["--weights", weights] if os.path.isfile(weights) else []) + identity(scratch, environ)
    boot = {boot!r}
    argv = [sys.executable, "-I", "-c", boot, lib, "check", answer, "--format", "coderunner", *flags]
    try:
        done = subprocess.run(argv, env=environ, cwd=lib, capture_output=True, text=True, timeout=25)
    except subprocess.TimeoutExpired:
        return fallback("the check did not finish in time")
    try:
        result = json.loads(done.stdout)
    except ValueError:
        return fallback("the check gave no result: " + (done.stderr.strip().splitlines() or ["no message"])[-1])
    return result if isinstance(result, dict) and "fraction" in result else fallback("the check's result was not valid")


print(json.dumps(main()))
'''


def coderunner(choices: Choices) -> list[File]:
    script = CODERUNNER_TEMPLATE.format(
        file=choices.file,
        flags=choices.flags(None),
        boot=BOOT,
        secret=fresh_secret().strip(),
        bits=FRESH_SEED_BITS,
    )
    readme = teacher_readme(
        "Moodle CodeRunner",
        choices,
        [
            "Make a CodeRunner question of type `python3`. Under Customisation, tick Customise, paste "
            "`template.py` into Template, set Grading to `Template grader` and tick `Is combinator`.",
            "Upload the wheel (`perfectplay-*.whl`) as a Support file"
            + (" and `weights.json` too" if choices.weights else "")
            + "; add one test case (its fields can be empty): the template grades the whole answer once.",
            "The check fits Jobe's default 5 s of CPU: a stratified sample of 200 positions plus every position the "
            "student's own games reach, 2 s of the student's CPU time in all and 0.5 s a move. The result says it was "
            "a sample.",
            "The sample is the student's own: drawn from the grader's secret in `template.py` (32 random bytes made "
            "with it) and CodeRunner's id of the student (`STUDENT.id`), the same on every resubmission and regrade, "
            "another student's another. Students see the question's text, never its template: keep it so, and make "
            "a new bundle for a new term.",
        ],
    )
    return [File("template.py", script), *weights_files(choices), File("README.md", readme)]
