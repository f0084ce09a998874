#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (Ubuntu).
# bubblewrap lets perfectplay put the student's code in its own sandbox where the
# container allows it; where it does not, the report says how the code was isolated.
set -euo pipefail
apt-get update
apt-get install -y --no-install-recommends python3 python3-pip python3-venv bubblewrap
python3 -m venv /opt/perfectplay
# A wheel of perfectplay put beside this file (pip wheel --no-deps -w . /path/to/perfectplay)
# is installed as it is; without one, perfectplay comes from the package index.
wheel=$(ls /autograder/source/perfectplay-*.whl 2>/dev/null | head -n 1 || true)
/opt/perfectplay/bin/pip install "${wheel:-perfectplay}"
