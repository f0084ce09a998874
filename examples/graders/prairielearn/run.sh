#!/usr/bin/env bash
# PrairieLearn's external grader entrypoint (info.json: "entrypoint": "/grade/tests/run.sh").
# The student's files are in /grade/student; the result goes to /grade/results/results.json.
# perfectplay is the wheel beside this script, unpacked into a folder of its own (no pip, no index).
# GRADE_ROOT, PYTHON and PERFECTPLAY stand in for /grade, python3 and an installed command in tests.
set -u
root="${GRADE_ROOT:-/grade}"
python="${PYTHON:-python3}"
mkdir -p "$root/results"
if [ -n "${PERFECTPLAY:-}" ]; then
    perfectplay=("$PERFECTPLAY")
else
    lib=$(mktemp -d)
    "$python" -m zipfile -e "$(ls "$root"/tests/perfectplay-*-py3-none-any.whl | head -n 1)" "$lib"
    perfectplay=(env PYTHONPATH="$lib" "$python" -m perfectplay)
fi
# --budget: the question's "timeout" (30 s by default) less the container's start-up.
# A typo that stops Python reading the file is "gradable": false, so it costs no attempt.
"${perfectplay[@]}" check "$root/student/tictactoe.py" \
    --format prairielearn --budget 25 --output "$root/results/results.json"
status=$?
[ "$status" -le 2 ] && [ -s "$root/results/results.json" ]
