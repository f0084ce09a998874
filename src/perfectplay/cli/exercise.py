"""``perfectplay exercise``: a printable alpha-beta (or minimax) exercise and its answer key, from a seed.

The same seed, shape and convention always give the same tree, so a
teacher can hand out a sheet and publish its key later, or give every
student their own seed. Each is written as LaTeX (``viz/exercise.py``), SVG
(``viz/exercise_svg.py``, printable without LaTeX) and PDF (the LaTeX
compiled by pdflatex where the machine has it, ``cli/latex.py``);
``perfectplay quiz --practice TREE`` grades the same exercise node by node
on a terminal (the sheet names the tree in its first line).
"""

from __future__ import annotations

import argparse
import os
import random
import sys

from perfectplay import PerfectplayError
from perfectplay.cli.latex import INSTALL, compile_pdf, have_pdflatex
from perfectplay.cli.options import add_whole, path, whole
from perfectplay.cli.output import write_file
from perfectplay.files import check_target
from perfectplay.teaching import Convention, random_tree, tree_text
from perfectplay.viz import exercise_svg, exercise_tikz

FORMATS = ("tex", "svg", "pdf")
"""What ``--format`` may name; by default all three, the PDF only where pdflatex is installed."""


def formats(text: str) -> tuple[str, ...]:
    """``tex,svg``: some of ``FORMATS``, in the order given, each once."""
    chosen = tuple(dict.fromkeys(part.strip().lower() for part in text.split(",") if part.strip()))
    wrong = [part for part in chosen if part not in FORMATS]
    if not chosen or wrong:
        raise argparse.ArgumentTypeError(
            f"--format takes some of {','.join(FORMATS)} separated by commas, not {text[:30]!r}"
        )
    return chosen


def branching(text: str) -> tuple[int, int]:
    """``2,3``: the fewest and the most children of an inner node, each from 2 to 4."""
    parts = text.split(",")
    parse = whole(2, "--branching", 4)
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"--branching takes LOW,HIGH such as 2,3, not {text[:20]!r}")
    low, high = parse(parts[0]), parse(parts[1])
    if low > high:
        raise argparse.ArgumentTypeError(f"--branching {text[:20]}: the first number is the smaller")
    return low, high


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.description = (
        "Write a printable exercise (a random textbook tree from a seed, every inner node blank) and its "
        "answer key (every node's value, alpha and beta, and the cuts), each as LaTeX, SVG and PDF."
    )
    add_whole(parser, "--seed", 0, 2**31, default=0, help="the tree's seed, 0 to 2**31 (default 0)")
    add_whole(parser, "--depth", 2, 4, default=3, metavar="D", help="levels, 2-4 (default 3)")
    parser.add_argument(
        "--branching", type=branching, default=(2, 3), metavar="LOW,HIGH", help="children a node has (default 2,3)"
    )
    add_whole(parser, "--top", 1, 99, default=20, help="leaf values from 0 to TOP (default 20)")
    parser.add_argument("--algorithm", choices=("alphabeta", "minimax"), default="alphabeta")
    parser.add_argument("--strict", action="store_true", help="cut only when a bound is passed, not on equality")
    parser.add_argument("--root-window", choices=("first", "best"), default="first", help="textbook (first) or engine")
    parser.add_argument(
        "--out",
        type=path("--out"),
        metavar="PREFIX",
        required=True,
        help="write PREFIX-sheet.EXT and PREFIX-key.EXT for each format",
    )
    parser.add_argument(
        "--format",
        type=formats,
        metavar="tex,svg,pdf",
        help="which files to write (default all three; the PDF only where pdflatex is installed, "
        "said on stderr otherwise; asked for by name, a missing pdflatex is an error)",
    )
    parser.set_defaults(run=run_exercise)


def run_exercise(args: argparse.Namespace) -> int:
    if args.out.endswith(("/", os.sep)) or os.path.isdir(args.out):
        raise PerfectplayError(f"--out {args.out} is a folder: give a file name prefix in it, such as exercise1")
    if not os.path.isdir(os.path.dirname(args.out) or "."):  # said before the PDFs are compiled (seconds), not after
        raise PerfectplayError(f"cannot write {args.out}-sheet.tex: no such folder")
    if (os.path.lexists(args.out) and not os.path.isfile(args.out)) or os.path.islink(args.out):
        # /dev/full as a prefix made /dev/full-sheet.tex: a prefix that is a device, a FIFO or a link is a mistake.
        raise PerfectplayError(f"--out {args.out} is not a file name prefix: it names something that is not a file")
    tree = random_tree(random.Random(args.seed), args.depth, args.branching, args.top)
    convention = Convention(cut_on_equal=not args.strict, root_window=args.root_window, algorithm=args.algorithm)
    title = f"Exercise {args.seed}: {tree_text(tree.root)}"
    wanted = args.format or FORMATS
    if args.format is None and not have_pdflatex():
        wanted = tuple(kind for kind in wanted if kind != "pdf")
        sys.stderr.write(f"perfectplay exercise: no pdflatex here, so no PDF: {INSTALL} (the SVG prints as well)\n")
    documents = []
    for part, answers in (("sheet", False), ("key", True)):
        tex = exercise_tikz(tree.root, convention, answers=answers, title=title)
        files: dict[str, str | bytes] = {
            "tex": tex,
            "svg": exercise_svg(tree.root, convention, answers=answers, title=title),
        }
        if "pdf" in wanted:  # compiled before anything is written: a failure leaves no half-set of files
            files["pdf"] = compile_pdf(tex, f"{args.out}-{part}")
        documents.append((part, files))
    targets = [(f"{args.out}-{part}.{kind}", files[kind]) for part, files in documents for kind in wanted]
    for target, _ in targets:  # a link, a device or a folder among them is refused before any file is written
        check_target(target, option="--out")
    for target, content in targets:
        # Whole or not at all, so a reader never sees half a sheet; a failure is one line and status 2.
        replaced = write_file(target, content, option="--out")
        # The names come from a prefix, not from the user: a file that was there is never replaced without a word.
        sys.stdout.write(f"wrote {target}" + (" (replaced the file there)\n" if replaced else "\n"))
    return 0
