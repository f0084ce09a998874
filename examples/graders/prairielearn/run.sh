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
# The check draws each student's positions (tic-tac-toe's: the sample its budget buys) from an
# HMAC of the student under check-secret, made with this bundle: a resubmission is asked the same positions,
# another student others.
# The student is PrairieLearn's variant of the question (data.json), never the student's files.
# The secret is copied into this run's private folder (mode 0600, this user's), so a course checked out with
# other modes still loads; without a student or a secret the positions are drawn afresh, and it says so.
who='
import json, os, stat, sys
# The variant PrairieLearn gave this student (data.json'"'"'s variant_seed); anything unexpected prints nothing (a fresh draw).
try:
    descriptor = os.open(sys.argv[1], os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    with os.fdopen(descriptor, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            sys.exit(1)
        record = json.loads(file.read(64 << 20))
    seed = record["variant_seed"]
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        sys.exit(1)
    seed = str(seed).strip()
    if not seed or len(seed) > 200 or not seed.isprintable():
        sys.exit(1)
    print("prairielearn:variant:" + seed)
except Exception:
    sys.exit(1)
'
identity=()
chmod go-rwx "$root/tests/check-secret" 2>/dev/null  # this user's alone, however it was unpacked or checked out
student=$("$python" -I -c "$who" "$root/data/data.json" 2>/dev/null)
if [ -n "$student" ] && [ -s "$root/tests/check-secret" ] \
    && (umask 077 && cp -- "$root/tests/check-secret" "$work/check-secret") 2>/dev/null; then
    identity=(--secret "$work/check-secret" --student "$student")
else
    echo "run.sh: no student in data.json or no check-secret: positions drawn afresh" >&2
    # A fresh draw is shown as one: a seed of this run alone, in the report ("seed N"), never the words of a
    # student's own draw (the same on every resubmission), which only a student and a secret keep.
    export XDG_CONFIG_HOME="$work/config"  # and any secret the check would make, made in this run's folder
    fresh=$("$python" -I -c "import secrets; print(secrets.randbelow(1 << 31))" 2>/dev/null)
    if [ -n "$fresh" ]; then identity=(--seed "$fresh"); fi
fi
(cd "$work" && "${perfectplay[@]}" check "$root/student/tictactoe.py" \
    --format prairielearn --budget 25 ${identity[@]+"${identity[@]}"} --output "$out/results.json")
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
