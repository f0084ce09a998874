#!/usr/bin/env bash
# PrairieLearn's external grader entrypoint (info.json: "entrypoint": "/grade/tests/run.sh").
# The student's files are in /grade/student; the result goes to /grade/results/results.json.
# perfectplay is the wheel beside this script, unpacked into a folder of its own (no pip, no index),
# run isolated (python -I) from a fresh folder, so nothing the student uploads is imported in its place;
# it writes into a fresh folder and what it wrote there is moved into place (never through a link).
# GRADE_ROOT, PYTHON and PERFECTPLAY stand in for /grade, python3 and an installed command in tests.
set -u
root="${GRADE_ROOT:-/grade}"
python="${PYTHON:-python3}"
mkdir -p "$root/results"
out=$(mktemp -d "$root/results/.perfectplay.XXXXXX")
# A fresh folder in TMPDIR, else in /tmp (mktemp, unlike Python, does not fall back from a TMPDIR that names no
# folder: an empty name would unpack the checker and make its secret at the machine's root).
work=$(mktemp -d 2>/dev/null || mktemp -d -p /tmp) || exit 1
if [ -n "${PERFECTPLAY:-}" ]; then
    perfectplay=("$PERFECTPLAY")
else
    (cd "$work" && "$python" -I -m zipfile -e "$(ls "$root"/tests/perfectplay-*-py3-none-any.whl | head -n 1)" lib)
    boot='import sys; sys.path.insert(0, sys.argv.pop(1)); from perfectplay.cli import main; sys.exit(main(sys.argv[1:]))'
    perfectplay=("$python" -I -c "$boot" "$work/lib")
fi
# --budget: the question's "timeout" (30 s by default) less the container's start-up.
# A typo that stops Python reading the file is "gradable": false, so it costs no attempt.
# No student is named here: a sample is drawn from a grader's secret of this run alone (a fresh
# draw, never a fixed one, and never a secret the machine could not make).
export XDG_CONFIG_HOME="$work/config"
(cd "$work" && "${perfectplay[@]}" check "$root/student/tictactoe.py" \
    --format prairielearn --budget 25 --output "$out/results.json")
status=$?
# Whatever stopped the check from writing its result, the student still reads one sentence.
if [ "$status" -gt 3 ] || [ ! -s "$out/results.json" ]; then
    cat > "$out/results.json" <<'ZERO'
{"gradable": false, "score": 0, "message": "Your tictactoe.py could not be checked (is it a Python file of your own?): 0 points. Submit it again."}
ZERO
fi
mv -fT "$out/results.json" "$root/results/results.json"
status=$?
rm -rf "$out" "$work"
exit "$status"
