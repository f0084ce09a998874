#!/usr/bin/env bash
# PrairieLearn's external grader entrypoint (info.json: "entrypoint": "/grade/tests/run.sh").
# The student's files are in /grade/student; the result goes to /grade/results/results.json.
# GRADE_ROOT and PERFECTPLAY stand in for /grade and the installed command in tests.
set -u
root="${GRADE_ROOT:-/grade}"
perfectplay="${PERFECTPLAY:-perfectplay}"
mkdir -p "$root/results"
# --budget: the question's "timeout" (30 s by default) less the container's start-up.
# A typo that stops Python reading the file is "gradable": false, so it costs no attempt.
"$perfectplay" check "$root/student/tictactoe.py" \
    --format prairielearn --budget "${BUDGET:-25}" --output "$root/results/results.json"
status=$?
[ "$status" -le 2 ] && [ -s "$root/results/results.json" ]
