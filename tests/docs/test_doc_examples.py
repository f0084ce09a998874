"""Every example of the README and the docs runs, and prints what the page shows where it shows it.

A page's commands run as a reader would type them, in a scratch folder that
sees the repository's files (``examples/``, ``docs/``, ...) and this
environment's ``perfectplay``; what they write stays in the scratch folder.
A plain ``perfectplay`` command (words, quotes, ``*``) runs as the program
runs it, ``perfectplay.cli.main`` on its words, in this process; anything
that needs more of a shell runs in bash. How each block is read (and what its ``<!-- example: ... -->`` note
means) is in tests/doc_examples.py.
"""

from __future__ import annotations

import glob
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from functools import partial
from itertools import pairwise
from pathlib import Path

import pytest

from cli_helpers import PATIENCE
from doc_examples import ROOT, Example, every_example, matches
from shared_results import SharedResults

EXAMPLES = every_example()


def marked(example: Example) -> object:
    return pytest.param(example, id=example.where, marks=[pytest.mark.slow] if example.slow else [])


RUN = [marked(example) for example in EXAMPLES if example.skipped is None]
"""The examples run; the others say on their page why they cannot run here (no test item: the run's closing line
counts only tests skipped for want of a program)."""


CORRECT = (ROOT / "examples" / "correct.py").read_text(encoding="utf-8")
BEATABLE = """LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def find_best_move(board):
    cells = [cell for row in board for cell in row]
    me = "X" if cells.count("X") == cells.count("O") else "O"
    for who in (me, "O" if me == "X" else "X"):  # a win, else a block
        for line in LINES:
            marks = [cells[i] for i in line]
            if marks.count(who) == 2 and marks.count("-") == 1:
                return divmod(line[marks.index("-")], 3)
    return divmod(4 if cells[4] == "-" else cells.index("-"), 3)  # else the centre, else the first free cell
"""
"""A student a fork beats, in the labs' shape: a whole check of it is 1.7 s of CPU, of examples/graders/beatable (the
same play in CS50's shape, whose helpers are checked too) 5.7 s; two pages check it twice in a class."""
STAND_INS = {
    "exam.txt": "(A (B 3 12 8) (C 2 4 6) (D 14 5 2))\n",
    "my_ai.py": CORRECT,
    "my_tictactoe.py": CORRECT,
    "submissions/ann/tictactoe.py": CORRECT,
    "submissions/bob/tictactoe.py": BEATABLE,
    "class/ann/tictactoe.py": CORRECT,
    "class/bob/tictactoe.py": BEATABLE,
}
"""The files a page names as the reader's own, stood in for by one of the kind it means."""
PROGRAM = ROOT / "tests" / "data" / "programs" / "first_free_cell.sh"
"""A program that speaks the ``--command`` line protocol (its first empty cell, every time), standing for the
programs a page names as the reader's (``java -cp build MyAI``, ``./bob/ai``)."""
PROGRAMS = {"bin/java": "link", "bob/ai": "copy"}
"""Where the stand-in goes, and how. bin/ goes first on PATH, so a machine without Java runs it; the checker runs
the file a name on PATH links to (``sandbox._program_path``), and there it is, outside the scratch folder under /tmp,
which the sandbox hides behind a private /tmp of its own: so linked, it plays (a program that could not start
would be started 26 times, 0.7 s of CPU more per check). ./bob/ai is the reader's file in its own folder, copied."""


@pytest.fixture
def scratch(tmp_path: Path) -> Path:
    """A folder where the repository's files are at hand (linked), the reader's files stood in for, and whatever
    an example writes stays."""
    for entry in ROOT.iterdir():
        if entry.name not in {".git", ".venv", "site", "build"}:
            (tmp_path / entry.name).symlink_to(entry)
    for name, text in STAND_INS.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    for name, how in PROGRAMS.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        if how == "link":
            (tmp_path / name).symlink_to(PROGRAM)
        else:
            (tmp_path / name).write_bytes(PROGRAM.read_bytes())
            (tmp_path / name).chmod(0o755)
    return tmp_path


def search_path(where: Path) -> str:
    """PATH as a reader's shell has it: the stand-in programs first, then this environment's ``perfectplay``."""
    return os.pathsep.join([str(where / "bin"), str(Path(sys.executable).parent), os.environ["PATH"]])


def run(argv: list[str], where: Path) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PATH": search_path(where)}
    environment.pop("COLUMNS", None)
    return subprocess.run(
        argv, cwd=where, env=environment, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=PATIENCE
    )


QUOTED = re.compile("'[^']*'|\"[^\"\\\\$`]*\"")
SHELL_ONLY = re.compile(r"""[<>|;&$`(){}\\~'"]""")
GLOB = re.compile(r"[*?[]")


def plain_command(code: str, where: Path) -> list[str] | None:
    """The words of a ``perfectplay`` command that asks nothing of the shell but splitting its words (quoted as
    a shell quotes them) and expanding its unquoted ``*`` patterns in ``where`` (sorted, as bash does); None for
    anything else (a redirection, a pipe, a variable, ``time``), which a shell runs.

    A command that reads a game from a Python file (``--game FILE.py``) is None too: its module would stay
    imported, and its game registered, in the test's process."""
    if not code.startswith("perfectplay "):
        return None
    unquoted = QUOTED.sub("", code)
    if SHELL_ONLY.search(unquoted):
        return None
    words = shlex.split(code)
    if GLOB.search(unquoted):
        if unquoted != code:  # quoted and unquoted patterns side by side: the shell tells them apart
            return None
        words = [found for word in words for found in (sorted(glob.glob(word, root_dir=where)) or [word])]
    if any(before == "--game" and ("/" in word or word.endswith(".py")) for before, word in pairwise(words)):
        return None
    return words[1:]


def run_here(args: list[str], where: Path, capfd: pytest.CaptureFixture[str]) -> subprocess.CompletedProcess[str]:
    """``perfectplay ARGS`` run as its program runs it (``perfectplay.cli.main``), in this process, in the scratch
    folder with the shell's PATH, no COLUMNS and the null device as its input: what it prints, as a subprocess's.

    The program's start (a fresh interpreter, the package's imports: a tenth to a quarter of a second of CPU for
    each of the pages' fifty commands) is not what a page shows; tests/cli/ runs the program itself."""
    from perfectplay.cli import main

    with pytest.MonkeyPatch.context() as patch, open(os.devnull, encoding="utf-8") as nothing:
        patch.chdir(where)
        patch.setenv("PATH", search_path(where))
        patch.delenv("COLUMNS", raising=False)
        patch.setattr(sys, "stdin", nothing)
        capfd.readouterr()  # what came before is not this command's
        try:
            status = main(args)
        except SystemExit as stopped:  # argparse's refusals and --help end this way, as in the program
            code = stopped.code
            status = code if isinstance(code, int) else 0 if code is None else 1
        printed = capfd.readouterr()
    return subprocess.CompletedProcess(["perfectplay", *args], status, printed.out, printed.err)


def written(where: Path) -> dict[str, bytes]:
    """Every file in the scratch folder that is not a link to the repository: the stand-ins and what was written."""
    found = {}
    for folder, _, names in os.walk(where):  # links to folders are not followed
        for name in names:
            path = Path(folder) / name
            if not path.is_symlink():
                found[str(path.relative_to(where))] = path.read_bytes()
    return found


def ran(
    code: str, kind: str, scratch: Path, capfd: pytest.CaptureFixture[str]
) -> tuple[subprocess.CompletedProcess[str], dict[str, bytes]]:
    """One command or script run in the scratch folder: what it printed, and the folder's files after it."""
    args = plain_command(code, scratch) if kind != "python" else None
    if args is not None:
        result = run_here(args, scratch, capfd)
    else:
        result = run([sys.executable, "-c", code] if kind == "python" else ["bash", "-c", code], scratch)
    return result, written(scratch)


def run_block(
    example: Example, scratch: Path, shared_results: SharedResults, capfd: pytest.CaptureFixture[str]
) -> Iterator[tuple[str, subprocess.CompletedProcess[str]]]:
    """Each code of the example with what it printed, the code run in the scratch folder after the ones before it.

    Pages show the same commands (a whole check of ``examples/fatalist.py``
    on three pages, the class check on two): a command that follows the same
    commands in a fresh scratch folder prints the same and leaves the same
    files, so it runs once per test run, and the other pages' tests read what
    it printed, with its files put in their own scratch folder for the commands after it. A transcript and a
    ``sh`` block both run their commands in a shell: the same command shown both ways runs once too.
    """
    runs_in = "python" if example.kind == "python" else "shell"
    for index, code in enumerate(example.code):
        key = repr(("doc example", runs_in, example.code[: index + 1]))
        result, files = shared_results.get(key, partial(ran, code, example.kind, scratch, capfd))
        for name in written(scratch).keys() - files.keys():
            (scratch / name).unlink()
        for name, data in files.items():
            target = scratch / name
            if not target.exists() or target.read_bytes() != data:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
        yield code, result


@pytest.mark.parametrize("example", RUN)
def test_the_example_runs_and_prints_what_the_page_shows(
    example: Example, scratch: Path, shared_results: SharedResults, capfd: pytest.CaptureFixture[str]
) -> None:
    for code, result in run_block(example, scratch, shared_results, capfd):
        shown = f"{example.where}: {code[:200]}\n--- out\n{result.stdout[-3000:]}\n--- err\n{result.stderr[-2000:]}"
        assert "Traceback" not in result.stderr, shown
        if example.checks_output:
            assert example.expected is not None
            assert matches(example.expected, result.stdout + result.stderr), shown
        elif example.kind == "python":
            assert result.returncode == 0, shown
        else:
            # 1 is a finding (a check that found mistakes); 2 would be a usage error: the page is wrong.
            assert result.returncode in (0, 1), shown


def test_the_docs_hold_examples_of_every_kind_and_no_note_is_misspelt() -> None:
    kinds = {example.kind for example in EXAMPLES}
    assert kinds == {"transcript", "commands", "python"}
    for example in EXAMPLES:
        assert example.note == "" or example.note == "slow" or example.note.startswith(("skip:", "no output check:"))
        assert example.skipped is None or len(example.skipped) > 10, f"{example.where}: say why it cannot run"
    assert len(RUN) > len(EXAMPLES) / 2  # most run


def test_a_shown_output_matches_only_the_lines_it_shows_in_their_order() -> None:
    printed = "board\n\nO to move: loss in 4. Best: 3\n move  outcome\n    3  loss in 4\n    1  loss in 2\n\n10 nodes\n"
    assert matches("O to move: loss in 4. Best: 3\n move  outcome\n", printed)  # before and after left out
    assert matches(" move  outcome\n    ...\n\n10 nodes\n", printed)  # a gap, indented as the lines around it
    assert matches("O to move: loss in 4. ...\n", printed)  # a line cut short
    assert not matches("O to move: loss in 2. Best: 3\n", printed)
    assert not matches(" move  outcome\n    1  loss in 2\n", printed)  # a line left out needs its gap
    assert not matches("10 nodes\nboard\n", printed)  # out of order
