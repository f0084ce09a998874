"""What each grader's bundle holds: its scripts, the teacher's README, where the wheel goes.

``perfectplay grader NAME`` writes these beside a pure-Python wheel of
perfectplay (``wheel.py``). Every script installs perfectplay from that
wheel, never from a package index, and never into a system Python (a
virtual environment, or the wheel unpacked into a folder of its own); every
script leaves a valid result for the grader even when the submission is
missing or cannot be read. The check's options (standard, weights, limits)
are fixed here, when the bundle is made.

Environment variables in the scripts (``AUTOGRADER_ROOT``, ``GRADE_ROOT``,
``PERFECTPLAY``...) stand in for the grader's fixed paths in the tests,
which run every bundle in a folder laid out as its grader lays it out.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass

from perfectplay.check import fresh_secret, plug_for
from perfectplay.cli.grader_student import (
    SECRET_FILE,
    SECRET_MODE,
    SECRET_STEP,
    draws_per_check,
    fresh_identity,
    gradescope_setup_secret,
    identity_lines,
)

GRADER_NAMES = ("gradescope", "prairielearn", "classroom50", "coderunner", "autolab")
EXECUTABLE = 0o755
PLAIN = 0o644
WEIGHTS_FILE = "weights.json"
TASKS = {"tictactoe": "an AI that is never beaten"}
LAB_FLAGS = {"nim": ["--nim-ai", "learning"]}
"""The lab a game's autograder is made for, fixed (a bundle's setting wins over what a file offers): the Nim
bundle's task is CS50's learning nim.py, so a file with only a minimax player's ``best_move`` (normal Nim's
nim-sum, nothing learned) is not checked as a player and graded 100."""
BOOT = "import sys; sys.path.insert(0, sys.argv.pop(1)); from perfectplay.cli import main; sys.exit(main(sys.argv[1:]))"
"""``python -I -c BOOT LIB ARGS...``: perfectplay from LIB alone; neither the working folder nor PYTHONPATH is on
``sys.path`` (isolated mode), so a student's ``json.py`` or ``perfectplay/`` cannot stand in for the checker."""
BUILD_BOOT = BOOT.replace("from perfectplay.cli import main; sys.exit(main(sys.argv[1:]))", "") + (
    "from perfectplay.cli.build_core import main; sys.exit(main())"
)
"""``python -I -c BUILD_BOOT LIB``: the core compiled into LIB's perfectplay (``build_core.py``), one line on stdout."""
COMPILED_GAMES = frozenset({"connect4"})
"""The games whose check solves positions as it runs, for which a bundle compiles the core where the grader can: a
Connect Four position costs seconds on the pure-Python core, milliseconds compiled (docs/graders.md)."""


COMPILE_STEP = (
    "`setup.sh` also installs `gcc` and `python3-dev` and compiles perfectplay's core into the environment (a few "
    "seconds, once): the check solves its positions as it runs, seconds each on the pure-Python core. Its log says "
    "in one line whether the core was compiled (docs/graders.md)."
)


def build_boot(game: str) -> str | None:
    """BUILD_BOOT for a game whose check needs the compiled core, else None (tic-tac-toe's and Nim's do not)."""
    return BUILD_BOOT if game in COMPILED_GAMES else None


def _task(game: str) -> str:
    """The lab in a few words: tic-tac-toe's, or what a game's plug says."""
    return TASKS.get(game) or plug_for(game).defaults.task or f"a {plug_for(game).title} AI"


@dataclass(frozen=True, slots=True)
class Choices:
    """The check's options, as the teacher chose them with ``perfectplay grader``'s flags."""

    file: str = "tictactoe.py"
    standard: str | None = None
    weights: dict[str, float] | None = None
    budget: float | None = None
    time_per_move: float | None = None
    memory: int | None = None
    sample: int | None = None
    visibility: str | None = None
    game: str = "tictactoe"
    """``connect4``: a student's Connect Four agent (``check --game connect4``), its sample the suite's positions."""

    def flags(self, weights_path: str | None) -> list[str]:
        """The ``perfectplay check`` flags these choices make (the weights file at ``weights_path``)."""
        flags = ["--game", self.game, *LAB_FLAGS.get(self.game, [])] if self.game != "tictactoe" else []
        if self.standard is not None:
            flags += ["--standard", self.standard]
        if self.weights is not None and weights_path is not None:
            flags += ["--weights", weights_path]
        if self.budget is not None:
            flags += ["--budget", f"{self.budget:g}"]
        if self.time_per_move is not None:
            flags += ["--time-per-move", f"{self.time_per_move:g}"]
        if self.memory is not None:
            flags += ["--memory", str(self.memory)]
        if self.sample is not None:
            flags += ["--positions" if self.game == "connect4" else "--sample", str(self.sample)]
        if self.visibility is not None:
            flags += ["--visibility", self.visibility]
        return flags

    def draws(self) -> bool:
        """Whether the check draws what it asks (Connect Four's and Nim's positions; tic-tac-toe's sample, which
        ``--sample`` or a budget buys), so that a grader that names no student must draw it afresh."""
        return plug_for(self.game).defaults.fresh_seeds or self.sample is not None or self.budget is not None

    def summary(self) -> list[str]:
        """The choices in words, for the README."""
        lines = [f"- the game: `{self.game}`"] if self.game != "tictactoe" else []
        lines += [f"- the lab: `{' '.join(LAB_FLAGS[self.game])}`"] if self.game in LAB_FLAGS else []
        lines.append(f"- the student's file: `{self.file}`")
        lines.append(f"- standard: `{self.standard}`" if self.standard else "- standard: the default for the interface")
        lines.append(
            f"- weights: `{json.dumps(self.weights)}` (in `{WEIGHTS_FILE}`)" if self.weights else "- weights: default"
        )
        for label, value, unit in (
            ("budget", self.budget, " s"),
            ("time per move", self.time_per_move, " s of CPU"),
            ("memory", self.memory, " MB a candidate process"),
            ("sample", self.sample, " positions"),
        ):
            lines.append(f"- {label}: {value:g}{unit}" if value is not None else f"- {label}: the format's default")
        return lines


@dataclass(frozen=True, slots=True)
class File:
    path: str
    text: str
    mode: int = PLAIN


def weights_files(choices: Choices, folder: str = "") -> list[File]:
    if choices.weights is None:
        return []
    return [File(folder + WEIGHTS_FILE, json.dumps(choices.weights, indent=2) + "\n")]


FRESH_STEP = (
    "The sample is drawn afresh for each {job}, from a seed the report shows (`seed N`): {why}. A student can "
    "resubmit until a kinder sample comes (docs/graders.md)."
)
"""The README's words for a bundle that cannot name its student."""


# --- Gradescope ---------------------------------------------------------------

GRADESCOPE_SETUP = """#!/usr/bin/env bash
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
    apt-get update && apt-get install -y --no-install-recommends python3 python3-venv bubblewrap \\
        || echo "setup.sh: apt-get failed; going on with the image's own Python" >&2
fi
"""
GRADESCOPE_INSTALL = """wheel=$(ls "$source"/perfectplay-*-py3-none-any.whl | head -n 1)
if "$python" -m venv "$venv" 2>/dev/null; then
    "$venv/bin/python" -m pip install --no-index --no-deps --quiet --no-warn-script-location "$wheel"
else
    # No ensurepip in this Python (Debian without python3-venv): an environment without pip, the wheel
    # unpacked into its site-packages (a pure-Python wheel is just that), and the command written by hand.
    "$python" -m venv --without-pip "$venv"
    site=$("$venv/bin/python" -c "import sysconfig; print(sysconfig.get_paths()['purelib'])")
    "$venv/bin/python" -m zipfile -e "$wheel" "$site"
    printf '#!%s\\nimport sys\\nfrom perfectplay.cli import main\\nsys.exit(main())\\n' "$venv/bin/python" \\
        > "$venv/bin/perfectplay"
    chmod +x "$venv/bin/perfectplay"
fi
"""
GRADESCOPE_COMPILER = """if [ -z "${NO_APT:-}" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    # A C compiler and Python's headers, to compile perfectplay's core below: the check solves its positions as
    # it runs, seconds each on the pure-Python core, milliseconds on the compiled one.
    apt-get install -y --no-install-recommends gcc python3-dev \\
        || echo "setup.sh: gcc and python3-dev could not be installed; the check runs on the pure-Python core" >&2
fi
"""
GRADESCOPE_BUILD = """# The core compiled into the environment, once (a few seconds); it says in one line what it did or
# why it could not, and the pure-Python core stays the fallback.
"$venv/bin/python" -I -m perfectplay.cli.build_core || true
"""
GRADESCOPE_VERSION = """"$venv/bin/perfectplay" --version
"""
LAB_EXTRAS = {"connect4": "connect4-lab"}
"""The extra (pyproject) holding what a game's lab lets the student import (NumPy for Connect Four)."""
GRADESCOPE_LAB = """# The lab's packages (the extra {extra}) from the package index, into the same environment: what the
# student may import is the teacher's install; without it the check says "not graded", never a zero.
"$venv/bin/python" -m pip install --quiet --no-warn-script-location "$wheel[{extra}]" \\
    || echo "setup.sh: the lab's packages ({extra}) could not be installed" >&2
"""

RESULTS_OR_ZERO = """if [ "$status" -gt 3 ] || [ ! -s "$out/results.json" ]; then
    cat > "$out/results.json" <<'ZERO'
{zero}
ZERO
fi
mv -fT "$out/results.json" "$root/results/results.json"
status=$?
rm -rf "$out" "$work"
exit "$status"
"""
"""How both graders' run scripts end: ``results.json`` moved into place, a zero with one sentence (``{zero}``) if
the check wrote none; then the temporary folders go."""

GRADESCOPE_RUN = (
    """#!/usr/bin/env bash
# Gradescope runs this for every submission: the student's files are in
# /autograder/submission, and /autograder/results/results.json must exist at the end.
# The checker is the environment setup.sh made, run isolated (python -I) from a fresh folder: nothing
# in the upload (a json.py, a perfectplay/ package) is imported in its place. It writes into a fresh
# folder, and what it wrote there is moved into place (a rename: never written through a link).
# AUTOGRADER_ROOT, VENV and PERFECTPLAY stand in for /autograder, /opt/perfectplay and a command in tests.
set -u
root="${{AUTOGRADER_ROOT:-/autograder}}"
venv="${{VENV:-/opt/perfectplay}}"
if [ -n "${{PERFECTPLAY:-}}" ]; then
    perfectplay=("$PERFECTPLAY")
else
    perfectplay=("$venv/bin/python" -I -m perfectplay)
fi
mkdir -p "$root/results"
out=$(mktemp -d "$root/results/.perfectplay.XXXXXX")
# A fresh folder in TMPDIR, else in /tmp (mktemp, unlike Python, does not fall back from a TMPDIR that names no
# folder: an empty name would unpack the checker and make its secret at the machine's root).
work=$(mktemp -d 2>/dev/null || mktemp -d -p /tmp) || exit 1
# The file wherever the student put it (a folder, a zip's subfolder); the first one found (no links).
# Names end in NUL, not a newline: a folder named "a<newline>/autograder/source/..." would otherwise make
# its second line a path of the teacher's, outside the upload.
submission=
while IFS= read -r -d '' found; do submission=$found; break; done \\
    < <(find "$root/submission" -name {file} -type f -print0 2>/dev/null | sort -z)
# --budget: Gradescope's default timeout is 10 minutes (600 s); keep a minute for start-up.
# --memory: the container has 768 MB in all; each of the two candidate processes gets 256.
# A file that is missing or has no AI still gets a results.json (0 points, and why).
{identity}(cd "$work" && "${{perfectplay[@]}}" check "${{submission:-$root/submission/{file}}}" \\
    --format gradescope {flags}{identity_flags}--output "$out/results.json")
status=$?
# 0 and 1 are grades (1: something was found), 2 a submission that could not be checked, 3 not graded (the
# machine's failure, a package the lab allows missing: its result says so, never "your file"): all four
# wrote results.json. Whatever else happened, the student still gets a valid zero and one sentence.
"""
    + RESULTS_OR_ZERO
)


def gradescope(choices: Choices) -> list[File]:
    effective = _with_defaults(choices, Choices(budget=540, memory=256))
    flags = effective.flags('"$root/source/weights.json"')
    zero = {"score": 0, "output": _cannot(choices.file), "tests": []}
    secret = draws_per_check(choices.game)
    run = GRADESCOPE_RUN.format(
        file=shlex.quote(choices.file),
        flags=_flag_text(flags),
        zero=json.dumps(zero),
        identity=identity_lines("gradescope") if secret else "",
        identity_flags='${identity[@]+"${identity[@]}"} ' if secret else "",
    )
    readme = teacher_readme(
        "Gradescope",
        effective,
        [
            "Upload this zip as the assignment's autograder (Configure Autograder, Zip file upload). Gradescope "
            "builds its image with `setup.sh` (Ubuntu 22.04, Python 3.10): the wheel beside it is installed into "
            "`/opt/perfectplay`, with no package index"
            + (
                f"; then what the lab lets students import (the extra `{LAB_EXTRAS[choices.game]}`, NumPy) comes "
                "from the package index into the same environment."
                if choices.game in LAB_EXTRAS
                else "."
            ),
            f"Students submit `{choices.file}`; `run_autograder` writes `/autograder/results/results.json` with one "
            "test per score category.",
            *([SECRET_STEP] if secret else []),
            *([COMPILE_STEP] if choices.game in COMPILED_GAMES else []),
        ],
    )
    extra = LAB_EXTRAS.get(choices.game)
    compiled = choices.game in COMPILED_GAMES
    setup = GRADESCOPE_SETUP + (GRADESCOPE_COMPILER if compiled else "") + GRADESCOPE_INSTALL
    setup += (GRADESCOPE_BUILD if compiled else "") + GRADESCOPE_VERSION
    setup += GRADESCOPE_LAB.format(extra=extra) if extra else ""
    setup += gradescope_setup_secret() if secret else ""
    return [
        File("setup.sh", setup, EXECUTABLE),
        File("run_autograder", run, EXECUTABLE),
        *weights_files(choices),
        *([File(SECRET_FILE, fresh_secret(), SECRET_MODE)] if secret else []),
        File("README.md", readme),
    ]


# --- PrairieLearn --------------------------------------------------------------

PRAIRIELEARN_RUN = (
    """#!/usr/bin/env bash
# PrairieLearn's external grader entrypoint (info.json: "entrypoint": "/grade/tests/run.sh").
# The student's files are in /grade/student; the result goes to /grade/results/results.json.
# perfectplay is the wheel beside this script, unpacked into a folder of its own (no pip, no index),
# run isolated (python -I) from a fresh folder, so nothing the student uploads is imported in its place;
# it writes into a fresh folder and what it wrote there is moved into place (never through a link).
# GRADE_ROOT, PYTHON and PERFECTPLAY stand in for /grade, python3 and an installed command in tests.
set -u
root="${{GRADE_ROOT:-/grade}}"
python="${{PYTHON:-python3}}"
mkdir -p "$root/results"
out=$(mktemp -d "$root/results/.perfectplay.XXXXXX")
# A fresh folder in TMPDIR, else in /tmp (mktemp, unlike Python, does not fall back from a TMPDIR that names no
# folder: an empty name would unpack the checker and make its secret at the machine's root).
work=$(mktemp -d 2>/dev/null || mktemp -d -p /tmp) || exit 1
if [ -n "${{PERFECTPLAY:-}}" ]; then
    perfectplay=("$PERFECTPLAY")
else
    (cd "$work" && "$python" -I -m zipfile -e "$(ls "$root"/tests/perfectplay-*-py3-none-any.whl | head -n 1)" lib)
{build}    boot={boot}
    perfectplay=("$python" -I -c "$boot" "$work/lib")
fi
# --budget: the question's "timeout" (30 s by default) less the container's start-up.
# A typo that stops Python reading the file is "gradable": false, so it costs no attempt.
{identity}(cd "$work" && "${{perfectplay[@]}}" check "$root/student/{file}" \\
    --format prairielearn {flags}{identity_flags}--output "$out/results.json")
status=$?
# Whatever stopped the check from writing its result, the student still reads one sentence.
"""
    + RESULTS_OR_ZERO
)


PRAIRIELEARN_SECRET_STEP = (
    f"`tests/{SECRET_FILE}` is this question's own grader's secret, 32 random bytes made with it: each student's "
    "positions (or the sample tic-tac-toe's budget buys) are drawn from it and the student's variant of the question "
    "(`singleVariant`: one variant a student), the same on every resubmission and regrade. Students never see a "
    "question's `tests/`; keep the course repository private, and make a new bundle for a new term."
)


def prairielearn(choices: Choices) -> list[File]:
    # Connect Four: 80 of the suite's positions and the games fit PrairieLearn's 30 s (docs/check-connect4.md).
    effective = _with_defaults(choices, Choices(budget=25, sample=80 if choices.game == "connect4" else None))
    flags = effective.flags('"$root/tests/weights.json"')
    title = "An unbeatable tic-tac-toe AI" if choices.game == "tictactoe" else f"A {plug_for(choices.game).title} AI"
    info = {
        "uuid": "REPLACE-WITH-A-NEW-UUID",
        "title": title,
        "topic": "Search",
        "type": "v3",
        "singleVariant": True,
        "gradingMethod": "External",
        "externalGradingOptions": {
            "enabled": True,
            "image": "prairielearn/grader-python",
            "entrypoint": "/grade/tests/run.sh",
            "timeout": 30,
        },
    }
    zero = {"gradable": False, "score": 0, "message": _cannot(choices.file)}
    secret = draws_per_check(choices.game)  # tic-tac-toe too: PrairieLearn's check always has a budget
    run = PRAIRIELEARN_RUN.format(
        file=shlex.quote(choices.file),
        flags=_flag_text(flags),
        zero=json.dumps(zero),
        boot=shlex.quote(BOOT),
        build=_shell_build(choices.game, '"$work/lib"'),
        identity=identity_lines("prairielearn") if secret else fresh_identity("$work", '"$python"'),
        identity_flags='${identity[@]+"${identity[@]}"} ',
    )
    question = (
        f"<pl-question-panel>\n  <p>Write <code>{choices.file}</code>: {_task(choices.game)}.</p>\n"
        f'</pl-question-panel>\n<pl-file-upload file-names="{choices.file}"></pl-file-upload>\n'
        "<pl-submission-panel>\n  <pl-external-grader-results></pl-external-grader-results>\n"
        "  <pl-file-preview></pl-file-preview>\n</pl-submission-panel>\n"
    )
    readme = teacher_readme(
        "PrairieLearn",
        effective,
        [
            "Copy this folder into your course's `questions/` and give `info.json` a fresh `uuid`. The external "
            "grader runs `tests/run.sh` in `prairielearn/grader-python` (any image with Python 3.10 or later "
            "does): it unpacks the wheel in `tests/` into a temporary folder, with no package index.",
            "Keep `tests/run.sh` executable when you commit it (`git update-index --chmod=+x`).",
            *([PRAIRIELEARN_SECRET_STEP] if secret else []),
        ],
    )
    return [
        File("info.json", json.dumps(info, indent=2) + "\n"),
        File("question.html", question),
        File("tests/run.sh", run, 0o755),
        *weights_files(choices, "tests/"),
        *([File(f"tests/{SECRET_FILE}", fresh_secret(), SECRET_MODE)] if secret else []),
        File("README.md", readme),
    ]


# --- Autolab ---------------------------------------------------------------------------

AUTOLAB_MAKEFILE = """# Autolab's autograde-Makefile: the job's folder holds this (as Makefile),
# autograde.tar and the student's handin.
all:
\ttar xf autograde.tar
\t./grade.sh
"""

AUTOLAB_GRADE = """#!/usr/bin/env bash
# Autolab runs this (through autograde-Makefile) in the job's folder, beside the student's handin.
# Its output is the student's feedback; its last line must be {{"scores": {{...}}}}.
# perfectplay is the wheel from autograde.tar, unpacked into a folder of its own (no pip, no index),
# run isolated (python -I) from that folder: nothing beside the handin is imported in its place.
# PYTHON and PERFECTPLAY stand in for python3 and an installed command in tests.
set -u
python="${{PYTHON:-python3}}"
job="$PWD"
# Autolab names the handin after the assessment's handin file name; take {file} or the one .py file.
submission={file}
if [ ! -f "$submission" ]; then
    submission=$(ls *.py 2>/dev/null | head -n 1)
fi
submission=${{submission:-{file}}}
# Fresh folders in TMPDIR, else in /tmp (mktemp, unlike Python, does not fall back from a TMPDIR that names no
# folder: an empty name would unpack the checker into the job's folder and copy the handin to the root).
lib=$(mktemp -d 2>/dev/null || mktemp -d -p /tmp) || exit 1
# The handin is checked in a folder of its own: the job's folder holds the wheel (the checker and its
# solver, importable from the zip), which the handin's private copy of its folder must not carry.
answer=$(mktemp -d 2>/dev/null || mktemp -d -p /tmp) || exit 1
cp -P -- "$job/$submission" "$answer/" 2>/dev/null
if [ -n "${{PERFECTPLAY:-}}" ]; then
    perfectplay=("$PERFECTPLAY")
elif "$python" -I -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
    wheel="$job/$(ls perfectplay-*-py3-none-any.whl | head -n 1)"
    (cd "$lib" && "$python" -I -m zipfile -e "$wheel" .)
    boot={boot}
    perfectplay=("$python" -I -c "$boot" "$lib")
else
    echo "The grader's image has no Python 3.10 or later: perfectplay cannot run here."
    echo '{zeros}'
    exit 0
fi
# Autolab's job names no student: the sample is drawn afresh for each job, and the report shows its seed.
# Its output is kept in a variable, never a file: unsandboxed, the handin runs as this script's user, and a
# file of the report is one it could write a forged scores line into by its path.
{fresh}feedback=$(cd "$lib" && "${{perfectplay[@]}}" check "$answer/$(basename -- "$submission")" \\
    --format autolab {flags} ${{identity[@]+"${{identity[@]}}"}})
status=$?
if [ -n "$feedback" ]; then
    printf '%s\\n' "$feedback"
fi
# The scores line only if this check printed one; otherwise zeros and why.
if [ "$status" -gt 3 ] || ! printf '%s\\n' "$feedback" | tail -n 1 | grep -q '^{{"scores"'; then
    echo "{cannot}"
    echo '{zeros}'
fi
rm -rf "$lib" "$answer"
exit 0
"""

AUTOLAB_CATEGORIES = ("loads", "legal", "never_beaten", "keeps_value", "best_move", "helpers")


def autolab(choices: Choices) -> tuple[list[File], list[File]]:
    """(the files beside autograde.tar, the files inside it)."""
    effective = _with_defaults(choices, Choices(budget=170))
    flags = effective.flags('"$job/weights.json"')
    zeros = json.dumps({"scores": dict.fromkeys(AUTOLAB_CATEGORIES, 0)})
    grade = AUTOLAB_GRADE.format(
        file=shlex.quote(choices.file),
        flags=_flag_text(flags).rstrip(),
        zeros=zeros,
        cannot=_cannot(choices.file),
        boot=shlex.quote(BOOT),
        fresh=fresh_identity("$lib", '"$python"'),
    )
    readme = teacher_readme(
        "Autolab",
        effective,
        [
            "Upload `autograde-Makefile` and `autograde.tar` as the assessment's autograder (Autograder "
            "settings); set its timeout to 180 s or more. The tar holds `grade.sh`, the wheel"
            + (" and `weights.json`" if choices.weights else "")
            + ": `grade.sh` unpacks perfectplay into a temporary folder of its own, with no package index. The "
            "image needs Python 3.10 or later (`python3`).",
            "Name the assessment's problems after the score categories that apply: `loads`, `legal`, "
            "`never_beaten`, `keeps_value`, and `best_move` (under `--standard best`) and `helpers` (CS50's "
            "functions); each with the points `perfectplay check --format autolab` gives it. The scoreboard "
            "shows the total and 1 for a program never beaten.",
            FRESH_STEP.format(
                job="job",
                why="Autolab's job names no student (it holds the handin, the Makefile and `autograde.tar`), and a "
                "secret without a student would ask every student the same sample",
            ),
        ],
    )
    outside = [File("autograde-Makefile", AUTOLAB_MAKEFILE), File("README.md", readme)]
    inside = [File("grade.sh", grade, EXECUTABLE), *weights_files(choices)]
    return outside, inside


# --- shared ---------------------------------------------------------------------------


def _shell_build(game: str, lib: str) -> str:
    """The run script's line that compiles the core into the unpacked wheel at ``lib``, for a Connect Four check
    (a few seconds each run, where the image has a C compiler and Python's headers; nothing where not)."""
    boot = build_boot(game)
    if boot is None:
        return ""
    return (
        "    # Connect Four's check solves its positions as it runs: the core compiled for this run where the image\n"
        "    # has a C compiler (a few seconds); else the pure-Python core, seconds a position (docs/graders.md).\n"
        f'    "$python" -I -c {shlex.quote(boot)} {lib} >&2\n'
    )


def _with_defaults(choices: Choices, defaults: Choices) -> Choices:
    """``choices`` with the grader's defaults where the teacher chose nothing."""
    return Choices(
        file=choices.file,
        standard=choices.standard,
        weights=choices.weights,
        budget=choices.budget if choices.budget is not None else defaults.budget,
        time_per_move=choices.time_per_move,
        memory=choices.memory if choices.memory is not None else defaults.memory,
        sample=choices.sample if choices.sample is not None else defaults.sample,
        visibility=choices.visibility,
        game=choices.game,
    )


def _cannot(file: str) -> str:
    """The one sentence a student reads when the check could not start or wrote no result."""
    return f"Your {file} could not be checked (is it a Python file of your own?): 0 points. Submit it again."


def _flag_text(flags: list[str]) -> str:
    """Flags for a bash line, with a trailing space when there are any; a quoted path is kept as written."""
    words = [word if word.startswith('"') else shlex.quote(word) for word in flags]
    return " ".join(words) + " " if words else ""


def teacher_readme(grader: str, choices: Choices, steps: list[str]) -> str:
    lines = [f"# perfectplay check on {grader}", "", "Made by `perfectplay grader`. To set it up:", ""]
    lines += [f"{number}. {step}" for number, step in enumerate(steps, start=1)]
    lines += ["", "The check's choices, fixed when this bundle was made (make it again to change them):", ""]
    lines += choices.summary()
    lines += [
        "",
        "What the score means, the categories and the sandbox: docs/graders.md in perfectplay's repository.",
        "",
    ]
    return "\n".join(lines)
