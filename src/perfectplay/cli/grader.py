"""``perfectplay grader NAME --out PATH``: the complete, ready-to-upload autograder for one grader.

One command instead of copying scripts, building a wheel and zipping: the
bundle holds perfectplay itself (a pure-Python wheel of the installed
package, ``wheel.py``, which installs on Python 3.10 and later with no
index), the grader's scripts with the check's options fixed by this
command's flags (``grader_files.py``), the weights, and a README for the
teacher. ``--out`` ending in ``.zip`` makes a zip (what Gradescope
uploads); anything else a folder.
"""

from __future__ import annotations

import argparse
import io
import tarfile
import tempfile
import zipfile
from collections.abc import Mapping
from pathlib import Path

from perfectplay.check import STANDARDS, CheckUsageError, load_connect4_weights, load_weights, plug_for, plug_games
from perfectplay.cli import grader_files
from perfectplay.cli.grader_classroom50 import classroom50
from perfectplay.cli.grader_coderunner import coderunner
from perfectplay.cli.grader_files import GRADER_NAMES, Choices, File
from perfectplay.cli.options import add_whole, duration, path
from perfectplay.cli.wheel import build_wheel
from perfectplay.files import write, writing_binary

GRADESCOPE_VISIBILITY = ("visible", "hidden", "after_due_date", "after_published")
GAMES = plug_games()
PLUG_GRADERS = ("gradescope", "prairielearn", "classroom50")
"""The graders a game plug's check is made for (a plug game's check needs more than Jobe's 5 s of CPU)."""


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.description = (
        "Make the autograder for one grader, ready to upload: perfectplay inside it (a wheel that installs "
        "on Python 3.10 and later with no package index), the grader's scripts with the check's options "
        "fixed by the flags below, and a README for the teacher (docs/graders.md)."
    )
    parser.add_argument("grader", choices=GRADER_NAMES, help="the grader: " + ", ".join(GRADER_NAMES))
    parser.add_argument(
        "--out",
        type=path("--out"),
        required=True,
        metavar="PATH",
        help="where to write it: a .zip file, or else a new folder",
    )
    parser.add_argument(
        "--game",
        choices=GAMES,
        default="tictactoe",
        help="tictactoe (default), or connect4: a student's Connect Four agent"
        + "".join(f", or {game}" for game in GAMES[2:])
        + " (gradescope, prairielearn, classroom50)",
    )
    parser.add_argument(
        "--file", metavar="NAME", help="the student's file (tictactoe.py; agent.py for --game connect4)"
    )
    parser.add_argument("--standard", choices=STANDARDS, help="value or best (default: the interface's own)")
    parser.add_argument("--weights", metavar="FILE", help="the score's category weights, JSON or TOML")
    parser.add_argument(
        "--budget", type=duration("--budget"), metavar="S", help="the grader's wall-clock seconds for one check"
    )
    parser.add_argument(
        "--time-per-move", type=duration("--time-per-move"), metavar="S", help="CPU seconds each answer may take"
    )
    add_whole(parser, "--memory", 1, 1024 * 1024, metavar="MB", help="memory each candidate may use")
    add_whole(
        parser,
        "--sample",
        1,
        1_000_000,
        metavar="N",
        help="ask only N positions (a stratified sample; for connect4 the suite's positions, --positions)",
    )
    parser.add_argument("--visibility", choices=GRADESCOPE_VISIBILITY, help="gradescope: when students see the tests")
    parser.set_defaults(run=run_grader)


def run_grader(args: argparse.Namespace) -> int:
    choices = _choices(args)
    out = Path(args.out)
    if out.is_symlink() or (out.exists() and not (out.is_dir() and not any(out.iterdir()))):
        raise CheckUsageError(f"--out: {out} already exists; give a new path")
    if not (out.parent if str(out.parent) else Path(".")).is_dir():
        raise CheckUsageError(f"--out: cannot write {out}: no such folder")
    with tempfile.TemporaryDirectory() as scratch:
        wheel = build_wheel(Path(scratch))
        files = _bundle(args.grader, choices, wheel)
    try:
        if out.suffix == ".zip":
            _write_zip(out, files)
        else:
            _write_folder(out, files)
    except OSError as error:
        raise CheckUsageError(f"--out: cannot write {out}: {error.strerror or error}") from None
    print(f"{out}: the {args.grader} autograder ({len(files)} files); its README.md says how to set it up")
    return 0


def _choices(args: argparse.Namespace) -> Choices:
    if args.visibility is not None and args.grader != "gradescope":
        raise CheckUsageError("--visibility goes with gradescope")
    plug = plug_for(args.game) if args.game != "tictactoe" else None
    if args.file is None:
        args.file = plug.defaults.file_name if plug is not None else "tictactoe.py"
    if plug is not None:
        if args.grader not in PLUG_GRADERS:
            raise CheckUsageError(
                f"--game {args.game} makes the {', '.join(PLUG_GRADERS)} autograders, not {args.grader} "
                f"(a {plug.title} check needs more than Jobe's 5 s of CPU; Autolab's problems are tic-tac-toe's)"
            )
        if args.standard is not None:
            raise CheckUsageError(f"--standard is for tic-tac-toe; {plug.title} grades by rates (--weights)")
    if "/" in args.file or "\\" in args.file or not args.file.endswith(".py"):
        raise CheckUsageError(f"--file must be a Python file name without a folder, not {args.file!r}")
    for flag, value in (("--budget", args.budget), ("--time-per-move", args.time_per_move)):
        if value is not None and not 0 < value < 1e6:
            raise CheckUsageError(f"{flag} must be a number of seconds above 0, not {value:g}")
    if args.memory is not None and not 64 <= args.memory <= 1024 * 1024:
        raise CheckUsageError(f"--memory must be a whole number of megabytes from 64, not {args.memory}")
    if args.sample is not None and args.sample < 1:
        raise CheckUsageError(f"--sample must be at least 1, not {args.sample}")
    weights = None
    if args.weights is not None and args.game == "connect4":
        chosen = load_connect4_weights(args.weights)  # a bad file is refused now, not on the grader
        weights = {**dict(chosen.weights), **dict(chosen.rates), "total": chosen.total}
    elif args.weights is not None and plug is not None:
        weights = _flat(plug.load_weights(args.weights))  # a bad file is refused now, not on the grader
    elif args.weights is not None:
        loaded = load_weights(args.weights)  # a bad file is refused now, not on the grader
        weights = {**dict(loaded.weights), "total": loaded.total}
    return Choices(
        file=args.file,
        standard=args.standard,
        weights=weights,
        budget=args.budget,
        time_per_move=args.time_per_move,
        memory=args.memory,
        sample=args.sample,
        visibility=args.visibility,
        game=args.game,
    )


def _bundle(grader: str, choices: Choices, wheel: Path) -> list[tuple[str, bytes, int]]:
    """(path, bytes, mode) of every file of the bundle."""
    ship = [(wheel.name, wheel.read_bytes(), grader_files.PLAIN)]
    if grader == "gradescope":
        return _encoded(grader_files.gradescope(choices)) + ship
    if grader == "prairielearn":
        return [*_encoded(grader_files.prairielearn(choices)), (f"tests/{wheel.name}", *ship[0][1:])]
    if grader == "classroom50":
        return _encoded(classroom50(choices, wheel.read_bytes()))
    if grader == "coderunner":
        return _encoded(coderunner(choices)) + ship
    outside, inside = grader_files.autolab(choices)
    return [*_encoded(outside), ("autograde.tar", _tar(_encoded(inside) + ship), grader_files.PLAIN)]


def _encoded(files: list[File]) -> list[tuple[str, bytes, int]]:
    return [(file.path, file.text.encode("utf-8"), file.mode) for file in files]


def _tar(files: list[tuple[str, bytes, int]]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as archive:
        for name, data, mode in files:
            member = tarfile.TarInfo(name)
            member.size, member.mode, member.mtime = len(data), mode, 315532800  # 1980: the same bytes each time
            archive.addfile(member, io.BytesIO(data))
    return buffer.getvalue()


def _write_zip(out: Path, files: list[tuple[str, bytes, int]]) -> None:
    with (
        writing_binary(out, replace=False, option="--out") as stream,
        zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED) as archive,
    ):
        for name, data, mode in files:
            member = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            member.external_attr = (0o100000 | mode) << 16  # a regular file; run_autograder keeps its x bit
            member.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(member, data)


def _write_folder(out: Path, files: list[tuple[str, bytes, int]]) -> None:
    out.mkdir(exist_ok=True)  # new, or empty (checked above); its parent exists
    for name, data, mode in files:
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        write(path, data, replace=False, option="--out", mode=mode)  # never through a link, never over a file


def _flat(weights: object) -> dict[str, float]:
    """A plug's weights as the bundle's one table: its mappings' entries and its numbers, by name."""
    flat: dict[str, float] = {}
    for name in getattr(weights, "__dataclass_fields__", {}):
        value = getattr(weights, name)
        if isinstance(value, Mapping):
            flat.update({str(key): float(number) for key, number in value.items()})
        elif isinstance(value, int | float):
            flat[name] = float(value)
    return flat
