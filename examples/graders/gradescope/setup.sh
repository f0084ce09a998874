#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (Ubuntu 22.04, Python 3.10).
# It installs the perfectplay wheel shipped beside it into a virtual environment of its own: never from
# a package index, never into the system Python. SOURCE, VENV, PYTHON and NO_APT stand in for
# /autograder/source, /opt/perfectplay, python3 and an image that needs no packages, in tests.
set -euo pipefail
source="${SOURCE:-/autograder/source}"
venv="${VENV:-/opt/perfectplay}"
python="${PYTHON:-python3}"
if [ -z "${NO_APT:-}" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    # python3-venv gives the environment its pip; bubblewrap gives the student's code a sandbox where the
    # container allows one (the report says how the code was isolated).
    apt-get update && apt-get install -y --no-install-recommends python3 python3-venv bubblewrap \
        || echo "setup.sh: apt-get failed; going on with the image's own Python" >&2
fi
wheel=$(ls "$source"/perfectplay-*-py3-none-any.whl | head -n 1)
if "$python" -m venv "$venv" 2>/dev/null; then
    "$venv/bin/python" -m pip install --no-index --no-deps --quiet --no-warn-script-location "$wheel"
else
    # No ensurepip in this Python (Debian without python3-venv): an environment without pip, the wheel
    # unpacked into its site-packages (a pure-Python wheel is just that), and the command written by hand.
    "$python" -m venv --without-pip "$venv"
    site=$("$venv/bin/python" -c "import sysconfig; print(sysconfig.get_paths()['purelib'])")
    "$venv/bin/python" -m zipfile -e "$wheel" "$site"
    printf '#!%s\nimport sys\nfrom perfectplay.cli import main\nsys.exit(main())\n' "$venv/bin/python" \
        > "$venv/bin/perfectplay"
    chmod +x "$venv/bin/perfectplay"
fi
"$venv/bin/perfectplay" --version
# The grader's secret stays this user's alone in the image, however the zip was unpacked.
chmod 600 "$source/check-secret" 2>/dev/null || true
