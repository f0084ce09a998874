"""Who a bundle's student is, and the grader's secret the bundle ships (docs/graders.md, each grader's section).

Connect Four and Nim draw each student's positions, and tic-tac-toe the sample its budget buys, from an HMAC of
the student under the grader's secret (``check/grader_secret.py``). In a grader's container a secret made on
first use would be new in every container, so a student could resubmit until kinder positions came. A bundle
therefore ships a secret made when the teacher makes the bundle (Gradescope's source folder, a PrairieLearn
question's ``tests/``, a CodeRunner question's template: what the student never holds and the sandbox never shows
a candidate), and names the student by the platform's own record of the submission (Gradescope's
``submission_metadata.json``, PrairieLearn's variant in ``data.json``, CodeRunner's ``STUDENT``), never by anything
the student sent. Both are needed together: a shared secret without a name per student would ask every student
the same positions. Where a platform names no student (Autolab, Classroom 50), the bundle draws afresh each run.
"""

from __future__ import annotations

import shlex

from perfectplay.check import plug_for

SECRET_FILE = "check-secret"
"""The secret's name in the bundle (Gradescope: ``/autograder/source/check-secret``)."""
SECRET_MODE = 0o600

RECORD = r"""
import json, os, stat, sys
# {what}; anything unexpected prints nothing (a fresh draw).
try:
    descriptor = os.open(sys.argv[1], os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    with os.fdopen(descriptor, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            sys.exit(1)
        record = json.loads(file.read({most}))
{name}except Exception:
    sys.exit(1)
"""
"""A reader of the platform's record of the submission (a JSON file, never followed through a link, never a FIFO,
at most ``most`` bytes read), whose ``name`` lines print the student or exit 1."""

WHO = RECORD.format(
    what="The submission's users as Gradescope recorded them",
    most="1 << 20",
    name="""    names = []
    for user in record["users"]:
        key = user.get("id")
        if isinstance(key, (int, str)) and not isinstance(key, bool) and str(key).strip():
            names.append("id:" + str(key).strip())
        elif isinstance(user.get("email"), str) and user["email"].strip():
            names.append("email:" + user["email"].strip().lower())
        else:
            sys.exit(1)
    student = ",".join(sorted(set(names)))
    if not names or len(student) > 4000 or not student.isprintable():
        sys.exit(1)
    print("gradescope:" + student)
""",
)
"""Prints the submission's student (its users' ids, sorted: a group is one student), or nothing and exits 1."""

PRAIRIELEARN_WHO = RECORD.format(
    what="The variant PrairieLearn gave this student (data.json's variant_seed)",
    most="64 << 20",
    name="""    seed = record["variant_seed"]
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        sys.exit(1)
    seed = str(seed).strip()
    if not seed or len(seed) > 200 or not seed.isprintable():
        sys.exit(1)
    print("prairielearn:variant:" + seed)
""",
)
"""Prints the student as PrairieLearn's variant of the question (``singleVariant``: one variant a student), or
nothing and exits 1. ``data.json`` is written by PrairieLearn, but it also carries the student's answers: bounded."""

IDENTITY = """# The check draws each student's positions (tic-tac-toe's: the sample its budget buys) from an
# HMAC of the student under {secret}, made with this bundle: a resubmission is asked the same positions,
# another student others.
# The student is {platform}, never the {upload}'s files.
# The secret is copied into this run's private folder (mode 0600, this user's), so a {unpacked} with
# other modes still loads; without a student or a secret the positions are drawn afresh, and it says so.
who={who}
identity=()
chmod go-rwx "{source}/{secret}" 2>/dev/null  # this user's alone, however it was unpacked or checked out
student=$({python} -I -c "$who" "{record}" 2>/dev/null)
if [ -n "$student" ] && [ -s "{source}/{secret}" ] \\
    && (umask 077 && cp -- "{source}/{secret}" "$work/{secret}") 2>/dev/null; then
    identity=(--secret "$work/{secret}" --student "$student")
else
    echo "{script}: no student in {record_name} or no {secret}: positions drawn afresh" >&2
{fresh}fi
"""
"""Sets ``identity`` (the flags ``--secret`` and ``--student``, or a fresh ``--seed``) before a bundle's check line."""

FRESH = """    # A fresh draw is shown as one: a seed of this run alone, in the report ("seed N"), never the words of a
    # student's own draw (the same on every resubmission), which only a student and a secret keep.
    export XDG_CONFIG_HOME="{folder}/config"  # and any secret the check would make, made in this run's folder
    fresh=$({python} -I -c "import secrets; print(secrets.randbelow(1 << 31))" 2>/dev/null)
    if [ -n "$fresh" ]; then identity=(--seed "$fresh"); fi
"""
"""The lines that draw afresh, shown: ``identity`` becomes ``--seed`` and a random seed (Nim's seeds are below
2**31), or stays empty (no Python: the check's own fresh secret in ``{folder}``)."""

FRESH_SEED_BITS = 31
"""A fresh seed drawn by a bundle's Python script is below ``2**FRESH_SEED_BITS``, as the shell's is."""

GRADESCOPE_SETUP_SECRET = """# The grader's secret stays this user's alone in the image, however the zip was unpacked.
chmod 600 "$source/{secret}" 2>/dev/null || true
"""


def draws_per_check(game: str) -> bool:
    """Whether ``game``'s check on Gradescope draws its positions per student: Connect Four and Nim always,
    tic-tac-toe the sample its budget buys (Gradescope's check always has a budget: ``grader_files.gradescope``)."""
    return game == "tictactoe" or plug_for(game).defaults.fresh_seeds


READERS = {
    "gradescope": {
        "platform": "Gradescope's own record of the submission (its users' ids)",
        "upload": "upload",
        "unpacked": "zip unpacked",
        "who": WHO,
        "python": '"$venv/bin/python"',
        "record": "$root/submission_metadata.json",
        "source": "$root/source",
        "script": "run_autograder",
    },
    "prairielearn": {
        "platform": "PrairieLearn's variant of the question (data.json)",
        "upload": "student",
        "unpacked": "course checked out",
        "who": PRAIRIELEARN_WHO,
        "python": '"$python"',
        "record": "$root/data/data.json",
        "source": "$root/tests",
        "script": "run.sh",
    },
}
"""How each grader's script finds its student and its secret: the words of its comments, the reader of the
platform's record (``who``, run by ``python``) and the folder the bundle's secret is unpacked in (``source``)."""


def identity_lines(grader: str) -> str:
    """The lines of ``grader``'s script that set ``identity`` from the platform's record and the shipped secret."""
    reader = READERS[grader]
    return IDENTITY.format(
        **{**reader, "who": shlex.quote(reader["who"])},
        secret=SECRET_FILE,
        record_name=reader["record"].rsplit("/", 1)[-1],
        fresh=FRESH.format(folder="$work", python=reader["python"]),
    )


def fresh_identity(folder: str, python: str) -> str:
    """The lines of a bundle told no student that set ``identity`` to a fresh ``--seed``, shown (Autolab's)."""
    return "identity=()\n" + FRESH.format(folder=folder, python=python).replace("\n    ", "\n").lstrip()


SECRET_STEP = (
    "`check-secret` (mode 0600) is this bundle's own grader's secret, 32 random bytes made with it: each student's "
    "positions (Connect Four's, Nim's, or the sample tic-tac-toe's budget buys) are drawn from it and Gradescope's id "
    "of the student, the same on every resubmission. Keep the zip to yourself; make a new bundle for a new term "
    "(new positions for everyone)."
)


def gradescope_setup_secret() -> str:
    return GRADESCOPE_SETUP_SECRET.format(secret=SECRET_FILE)
