"""Classroom 50 autograder: CLASSROOM/autograders/ASSIGNMENT/autograder.py.

The runner calls it in the student's checkout with CLASSROOM, ASSIGNMENT,
SUBMISSION_TAG, COMMIT_URL, RELEASE_URL and REVIEW_URL set; perfectplay
writes ./result.json ("schema": "classroom50/result/v1") and
./release-body.md, the page the student reads. Exit 0 means it ran end to
end (the grade is in result.json); anything else is an infrastructure error.
PERFECTPLAY stands in for the installed command in tests. This one uses
perfectplay where it is installed already; `perfectplay grader classroom50
--out FOLDER` makes one that carries perfectplay inside it (docs/graders.md).
"""

import os
import shutil
import subprocess
import sys

command = os.environ.get("PERFECTPLAY") or shutil.which("perfectplay")
if command is None:
    # Never pip install here: no index has perfectplay, and the runner's Python refuses installs (PEP 668).
    sys.exit("perfectplay is not installed: make this autograder with `perfectplay grader classroom50`")
status = subprocess.run([command, "check", "tictactoe.py", "--format", "classroom50", "--output", "."]).returncode
# 0 and 1 are grades, 2 a submission that could not be checked (0 points): all wrote result.json.
sys.exit(0 if status in (0, 1, 2) and os.path.getsize("result.json") else 1)
