"""Classroom 50 autograder: CLASSROOM/autograders/ASSIGNMENT/autograder.py.

The runner calls it in the student's checkout with CLASSROOM, ASSIGNMENT,
SUBMISSION_TAG, COMMIT_URL, RELEASE_URL and REVIEW_URL set; perfectplay
writes ./result.json ("schema": "classroom50/result/v1") and
./release-body.md, the page the student reads. Exit 0 means it ran end to
end (the grade is in result.json); anything else is an infrastructure error.
PERFECTPLAY stands in for the installed command in tests. This one uses
perfectplay where it is installed already; `perfectplay grader classroom50
--out FOLDER` makes one that carries perfectplay inside it, and also leaves a
zero-point result when the check cannot start (docs/graders.md).
The checkout is the student's: the check writes into a fresh folder, and only
what it wrote there in this run replaces ./result.json and ./release-body.md
(a committed one, or a link, is removed: never believed, never written through).
"""

import os
import shutil
import subprocess
import sys
import tempfile

command = os.environ.get("PERFECTPLAY") or shutil.which("perfectplay")
if command is None:
    # Never pip install here: no index has perfectplay, and the runner's Python refuses installs (PEP 668).
    sys.exit("perfectplay is not installed: make this autograder with `perfectplay grader classroom50`")
with tempfile.TemporaryDirectory() as out:
    argv = [command, "check", os.path.abspath("tictactoe.py"), "--format", "classroom50", "--output", out]
    status = subprocess.run(argv, cwd=out).returncode
    for name in ("result.json", "release-body.md"):
        if os.path.lexists(name):
            os.unlink(name)  # a link is removed, not followed
        if status in (0, 1, 2) and os.path.exists(os.path.join(out, name)):
            with (
                open(os.path.join(out, name), "rb") as written,
                open(os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644), "wb") as placed,
            ):
                placed.write(written.read())
# 0 and 1 are grades, 2 a submission that could not be checked (0 points): all wrote result.json.
sys.exit(0 if os.path.isfile("result.json") and not os.path.islink("result.json") else 1)
