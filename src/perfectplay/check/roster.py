"""Who is in a class run: one ``Submission`` per student, from files, folders or a manifest.

Three ways to name a class, each giving one row per student:

* **files** (``class/*.py``, ``class/*/*.py``): each file is a student,
  except that when the files lie in two or more folders that are all
  subfolders of one folder (``class/*/*.py``), each of those folders is one
  student and its files go together: the AI is one of them (chosen as for a
  folder, below) and the others, such as a ``helper.py`` it imports, are in
  its private copy instead of being rows of their own;
* **a folder**: one holding Python files at its top level is one student's
  folder; one holding none is a class, each subfolder one student;
* **a manifest** (CSV, or TOML on Python 3.11+ or with ``tomli``): one row
  per student with its name, its file (or folder) or command, and its own
  interface settings.

In a student's folder the AI is the lab's own file (``tictactoe.py``, CS50's
name; ``nim.py``, ``agent.py``: the game plug's ``file_name``), else the only
Python file, else the only one whose text defines the function to check
(``find_best_move``, CS50's ``minimax`` or ``--function``; else one of the names
students give their AI, ``best_move`` and the like: ``judge/detect.py``). A folder where
that names no file is the student's row, not gradable, never the end of the
run. Each submission's copy leaves out the files of every other submission.

Links are never followed as submissions: a student's ``tictactoe.py`` that is
a symbolic link (to a classmate's file, say) or a student folder that links
elsewhere is that student's row, "not gradable: ... is a symbolic link",
and nothing behind the link is read or named. (The private copy leaves out
links inside a folder as well: ``run/copying.py``.)
"""

from __future__ import annotations

import importlib
import os
import re
import shlex
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from perfectplay.check import manifest_rows
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.judge.detect import students_names
from perfectplay.check.look_alike import looks
from perfectplay.check.plug import spelt

SETTINGS = ("function", "board", "empty", "returns", "plays", "standard")
"""A manifest row's own interface settings: each the command-line flag of the same name, for that student only."""
COLUMNS = ("student", "file", "command", *SETTINGS)
CS50_FILE = "tictactoe.py"
SKIPPED = frozenset({"__pycache__", "node_modules", "venv"})
SCAN_BYTES = 1024 * 1024
"""At most this much of a file is read to see whether it defines the function to check."""
SCAN_FILES = 64
"""At most this many of a student's Python files are read so: each is read in the checker's own process, before
anyone is graded, and a folder of 3,000 empty 1 MB files held a class run 40 s (attack 39l); past it, the row asks
for the file to be named."""
ENTRIES = ("find_best_move", "minimax")
"""The functions whose definition marks the AI among a student's files (tic-tac-toe's; Connect Four gives its own)."""
DEFINED = re.compile(r"^[ \t]*def[ \t]+(\w+)[ \t]*\(", re.MULTILINE)
"""A top-level or nested ``def`` in a file's text, and the name it defines."""
LAST_CALLABLE = "(observation, configuration) last"
"""An entry that marks a file ending with a function of two arguments, as Kaggle's ConnectX takes the file's last
callable for its agent (``negamax_agent(obs, config)`` below its helpers): Connect Four's entries end with it. A file
defining one of the named entries comes first, as in the check itself (``connect4/detect.py``)."""
BOUND = re.compile(r"^(?:(?:async[ \t]+)?def[ \t]+\w+[ \t]*(\()|class\b|import\b|from\b)", re.MULTILINE)
"""A top-level statement that binds a callable: a ``def`` (up to its parameters' opening bracket), a class, an
import."""
PARAMETERS = 300
"""The most characters of a ``def``'s parameters read: one whose ``)`` is further binds nothing here. Found with
``str.find``, not in the expression: ``[^)]{0,300}`` and the bracket there read 300 characters again at each
line of a file of 150,000 lines ``def a(``, 0.3 s of the checker's CPU a file, 64 such files 20 s before anyone
was graded (attack 39m)."""
BINDINGS = 4096
"""A file with more top-level ``def``, ``class`` and import lines is not read to its end for its last callable (an
agent's file has a few dozen): it is not taken for Kaggle's agent, and the row asks for the file to be named."""
NESTING = 3
"""A student folder holding no Python file but one folder is looked into, this many levels at most (unzipped)."""


@dataclass(frozen=True, slots=True)
class Submission:
    """One student of a class run: the row's name, what to check, and its own settings.

    ``problem`` is set when the submission cannot be checked at all (its
    folder holds no Python file, or several and none is the AI): it is
    then that student's row. ``others`` are the files its copy leaves out.
    """

    name: str
    file: Path | None = None
    command: str | list[str] | None = None
    settings: Mapping[str, str] = field(default_factory=dict)
    problem: str | None = None
    others: tuple[Path, ...] = ()


def linked(shown: str) -> str:
    """A link found where a student's own file or folder should be: that student's row, in one line."""
    return f"not gradable: {shown} is a symbolic link (only a student's own files are checked, never a link's target)"


def from_paths(
    paths: Sequence[str], function: str | None = None, entries: Sequence[str] = ENTRIES, named: str = CS50_FILE
) -> list[Submission]:
    """The submissions named on the command line: files, a student's folder, or a class folder.

    ``entries``: the function names that mark the AI in a folder of several files, unless ``function`` is given;
    ``named``: the lab's own file name (tictactoe.py, nim.py), the AI wherever a folder holds it.
    """
    if function is not None:
        entries = (function,)
    submissions: list[Submission] = []
    files: list[str] = []
    for given in paths:
        path = Path(given)
        try:
            folder = path.is_dir()
        except OSError as error:  # a name too long for the file system, say: the command line's, not a student's
            shown = given if len(given) <= 80 else f"{given[:60]}... ({len(given):,} characters)"
            raise CheckUsageError(f"{shown}: {error.strerror or error}") from None
        if folder and _python_files(path):
            submissions.append(_student(given, path, entries, given, named))
        elif folder:
            submissions.extend(_class_folder(given, path, entries, named))
        else:
            files.append(given)
    submissions.extend(_files(files, entries, named))
    return _with_others(_one_file_one_row(_unique(submissions)))


def _class_folder(given: str, folder: Path, entries: Sequence[str], named: str) -> list[Submission]:
    # A link that leads to no file (to nowhere, or to itself: a loop) may have been a student's folder: it is a
    # row saying so, never a student left out of the class without a word.
    students = sorted(
        entry
        for entry in _listing(folder)
        if (entry.is_dir() or (entry.is_symlink() and not entry.is_file()))
        and entry.name not in SKIPPED
        and not entry.name.startswith(".")
    )
    if not students:
        raise CheckUsageError(
            f"{given} is a folder with no Python file and no student folder in it: give the Python file(s) to check"
        )
    # A linked student folder is a row saying so: followed, it would grade a folder outside the class.
    return [
        Submission(student.name, problem=linked(str(Path(given) / student.name)))
        if student.is_symlink()
        else _student(student.name, student, entries, str(Path(given) / student.name), named)
        for student in students
    ]


def _student(name: str, folder: Path, entries: Sequence[str], shown: str, named: str) -> Submission:
    """One student's folder as a submission: its AI file chosen, or why none can be."""
    here, where = folder, Path(shown)
    for _ in range(NESTING):
        try:
            inside = [entry for entry in _listing(here) if entry.is_dir() and not entry.name.startswith(".")]
        except CheckUsageError as error:  # an unreadable folder is this student's row, not the run's end
            return Submission(name, problem=f"{error}: not gradable")
        if _python_files(here) or len(inside) != 1:
            break
        here, where = inside[0], where / inside[0].name
        if here.is_symlink():
            return Submission(name, problem=linked(str(where)))
    found = _python_files(here)
    links = [path for path in found if path.is_symlink()]
    candidates = [path for path in found if not path.is_symlink()]
    if any(path.name == named for path in links) or (links and not candidates):
        shown_link = next((path for path in links if path.name == named), links[0])
        return Submission(name, problem=linked(str(where / shown_link.name)))
    if not candidates:
        return Submission(name, problem=f"{shown} holds no Python file: not gradable")
    try:
        return Submission(name, file=_entry(candidates, entries, shown, named))
    except CheckUsageError as error:
        return Submission(name, problem=str(error))


def _files(files: Sequence[str], entries: Sequence[str], named: str) -> list[Submission]:
    """Named files: one student each, or one student per folder when they are spread over sibling folders."""
    if len(files) > 1:  # a class of files: a linked file or folder is its row, never a classmate's code
        # Files spread over folders (class/*/tictactoe.py): each folder is a student's, and may not be a link.
        # Files of one folder (class/*.py): that folder is the teacher's, wherever it is linked from.
        spread = len({Path(file).parent for file in files}) > 1
        top = os.path.commonpath([os.path.abspath(Path(file).parent) for file in files])
        links = [file for file in files if Path(file).is_symlink() or (spread and _linked_below(file, top))]
        if spread:
            # One student's folder: a linked helper beside their own files is left out as the copy leaves it
            # out; a linked AI (tictactoe.py), a linked folder or only links make the student's one row.
            mine: dict[Path, list[str]] = {}
            for file in files:
                mine.setdefault(Path(file).parent, []).append(file)
            refused = []
            for group in mine.values():
                own = [file for file in group if file not in links]
                ai = [file for file in group if file in links and Path(file).name == named]
                if ai or not own or _linked_below(group[0], top):
                    refused.append((ai or [file for file in group if file in links])[0])
            files = [file for file in files if file not in links and Path(file).parent not in map(_parent, refused)]
            return [*(Submission(file, problem=linked(file)) for file in refused), *_own_files(files, entries, named)]
        files = [file for file in files if file not in links]
        return [*(Submission(file, problem=linked(file)) for file in links), *_own_files(files, entries, named)]
    return _own_files(files, entries, named)


def _linked_below(file: str, top: str) -> bool:
    """Whether a folder on the way from ``top`` (the class's folder) down to ``file`` is a link: ``class/*/*/x.py``
    through a linked student folder grades a folder outside the class, as the folder's own link would."""
    folder = Path(os.path.abspath(Path(file).parent))
    while str(folder) != top and folder != folder.parent:
        if folder.is_symlink():
            return True
        folder = folder.parent
    return False


def _parent(file: str) -> Path:
    return Path(file).parent


def _own_files(files: Sequence[str], entries: Sequence[str], named: str) -> list[Submission]:
    folders = {Path(file).resolve().parent for file in files if Path(file).is_file()}
    parents = {folder.parent for folder in folders}
    grouped = len(folders) >= 2 and len(parents) == 1 and not folders & parents
    if not grouped:
        return [Submission(file, file=Path(file)) for file in files]
    by_folder: dict[Path, list[str]] = {}
    submissions = []
    for file in files:
        path = Path(file)
        if path.is_file():
            by_folder.setdefault(path.resolve().parent, []).append(file)
        else:  # missing: its own row, the check says why
            submissions.append(Submission(file, file=path))
    for group in by_folder.values():
        paths = [Path(file) for file in group]
        if len(paths) == 1:
            submissions.append(Submission(group[0], file=paths[0]))
            continue
        shown = str(paths[0].parent)
        try:
            chosen = _entry(paths, entries, shown, named)
        except CheckUsageError as error:
            submissions.append(Submission(shown, problem=str(error)))
            continue
        submissions.append(Submission(str(chosen), file=chosen))
    return submissions


def _entry(candidates: Sequence[Path], names: Sequence[str], shown: str, named: str) -> Path:
    """The AI among a student's Python files (see the module's docstring): the lab's own file (``named``) first."""
    by_name = {path.name: path for path in candidates}
    if named in by_name:
        return by_name[named]
    if len(candidates) == 1:
        return candidates[0]
    if len(candidates) > SCAN_FILES:
        raise CheckUsageError(
            f"{shown} is a folder: give the Python file in it to check (it holds {len(candidates)} Python files, "
            f"more than the {SCAN_FILES} read to find the AI; a class manifest can name it)"
        )
    heads = {path: _head(path) for path in candidates}
    # Each file's names read once, each name once: a file of 150,000 ``def a(`` lines was read again for every
    # entry asked (16 for Connect Four), each of its names spelt out again, 64 such files 20 s of the checker's CPU.
    defined = {path: list(dict.fromkeys(DEFINED.findall(head))) for path, head in heads.items()}
    marks = [name for name in names if name != LAST_CALLABLE]
    # Spelt as students spell it (findBestMove for find_best_move), as the check itself finds the function.
    defining = [path for path in candidates if any(spelt(defined[path], name) for name in marks)]
    if not defining and LAST_CALLABLE in names:
        defining = [path for path in candidates if ends_with_kaggle_agent(heads[path])]
    if not defining and tuple(names) == ENTRIES:  # tic-tac-toe's: then the names students give their AI
        defining = [path for path in candidates if students_names(defined[path])]
    if len(defining) == 1:
        return defining[0]
    listed = ", ".join(sorted(path.name for path in candidates)[:5]) + (", ..." if len(candidates) > 5 else "")
    why = "several define it" if defining else f"none defines {' or '.join(marks)}"
    if not defining and LAST_CALLABLE in names:
        why += " nor ends with a function of (observation, configuration), Kaggle's agent"
    raise CheckUsageError(
        f"{shown} is a folder: give the Python file in it to check (it holds several: {listed}; {why}; "
        "a class manifest can name it)"
    )


def ends_with_kaggle_agent(text: str) -> bool:
    """Whether the last top-level callable ``text`` binds is a ``def`` of two positional parameters (a second's
    default aside): Kaggle's agent, read from the text alone as Kaggle's rule reads the module."""
    parameters: str | None = None
    for count, match in enumerate(BOUND.finditer(text)):
        if count == BINDINGS:
            return False
        if match.group(1) is None:
            parameters = None
            continue
        start = match.end()
        close = text.find(")", start, start + PARAMETERS + 1)
        if close >= 0:
            parameters = text[start:close]
    if parameters is None:
        return False
    positional = []
    for parameter in (part.strip() for part in parameters.split(",")):
        if parameter.startswith("*"):
            break
        if parameter and parameter != "/":
            positional.append(parameter)
    return len(positional) == 2


def _head(path: Path) -> str:
    try:
        with path.open("rb") as file:
            return file.read(SCAN_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return ""


def _listing(folder: Path) -> list[Path]:
    try:
        return sorted(folder.iterdir())
    except OSError as error:
        raise CheckUsageError(f"{folder}: cannot be read ({error.strerror})") from None


def _python_files(folder: Path) -> list[Path]:
    try:
        # A link counts as found (its row says so); whether it is followed is the caller's choice: never.
        return sorted(
            path for path in folder.iterdir() if path.suffix == ".py" and (path.is_symlink() or path.is_file())
        )
    except OSError:
        return []


def _unique(submissions: list[Submission]) -> list[Submission]:
    """Row names made unique to the eye: two class folders may both hold an ``alice``, and a name may only look
    like a classmate's (``look_alike.looks``: a Cyrillic ``\u0430``, a combining accent, a no-break space).

    A repeated name takes the first ``NAME (N)`` no row holds or was given: a student folder named ``alice (2)``
    beside two ``alice`` folders would otherwise share its row's name (and its feedback file) with one of them."""
    taken = {looks(submission.name) for submission in submissions}
    seen: set[str] = set()
    named = []
    for submission in submissions:
        name, count = submission.name, 1
        while looks(name) in seen or (count > 1 and looks(name) in taken):
            count += 1
            name = f"{submission.name} ({count})"
        seen.add(looks(name))
        named.append(submission if name == submission.name else replace(submission, name=name))
    return named


def _one_file_one_row(submissions: list[Submission]) -> list[Submission]:
    """Rows whose files are one file on disk under two names (a hard link) are not graded as either's:
    which student wrote it cannot be told from the file, so each row says whose file it shares."""
    by_inode: dict[tuple[int, int], list[Submission]] = {}
    for submission in submissions:
        try:
            status = submission.file.stat() if submission.file is not None else None
        except OSError:
            status = None  # missing: the check says so in its row
        if status is not None:
            by_inode.setdefault((status.st_dev, status.st_ino), []).append(submission)
    # One path named twice is the teacher's repetition (each row its own check), not a link between students.
    linked_rows = [rows for rows in by_inode.values() if len({os.path.abspath(str(row.file)) for row in rows}) > 1]
    shared = {id(row): rows for rows in linked_rows for row in rows}
    return [
        replace(
            submission,
            file=None,
            problem=f"not gradable: {submission.file} is the same file as "
            + ", ".join(sorted({str(row.file) for row in shared[id(submission)]} - {str(submission.file)}))
            + " (a hard link): which student wrote it is the teacher's to decide",
        )
        if id(submission) in shared
        else submission
        for submission in submissions
    ]


def _with_others(submissions: list[Submission]) -> list[Submission]:
    """Each submission's copy leaves out the files of every other one (not its own folder's other files)."""
    files = [_real(submission.file) for submission in submissions if submission.file is not None]
    return [
        replace(
            submission,
            others=tuple(file for file in files if submission.file is None or file != _real(submission.file)),
        )
        for submission in submissions
    ]


def _real(file: Path) -> Path:
    """Where ``file`` leads, never an error: a link to itself (a loop) stays as it is, for the check to refuse as
    a link. (``Path.resolve`` raises RuntimeError on a loop before Python 3.13; ``realpath`` stops there.)"""
    return Path(os.path.realpath(file))


def from_manifest(path: str) -> list[Submission]:
    """The submissions a class manifest lists (CSV with a header row, or TOML ``[[student]]`` tables)."""
    manifest = Path(path)
    text = manifest_rows.read(path)  # strictly: a regular file, capped; an open quote, a NUL ... named in one line
    rows = _toml_rows(text, path) if manifest.suffix == ".toml" else manifest_rows.csv_rows(text, path, COLUMNS)
    manifest_rows.no_nul_values(rows, path)
    if not rows:
        raise CheckUsageError(f"--manifest {path}: no student in it")
    base = manifest.resolve().parent
    submissions = [_row(row, number, base, path) for number, row in rows]
    names = [submission.name for submission in submissions]
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise CheckUsageError(f"--manifest {path}: the student {repeated[0]!r} is listed twice")
    return _with_others(_one_file_one_row(submissions))


def _toml_rows(text: str, path: str) -> list[tuple[int, dict[str, str]]]:
    loads = _toml_loader()
    try:
        document = loads(text)
    except ValueError as error:  # tomllib's and tomli's TOMLDecodeError are ValueErrors
        raise CheckUsageError(f"--manifest {path}: not valid TOML ({error})") from None
    tables = document.get("student")
    if not isinstance(tables, list) or not all(isinstance(table, dict) for table in tables):
        raise CheckUsageError(f"--manifest {path}: list the students as [[student]] tables")
    rows = []
    for number, table in enumerate(tables, start=1):
        _known(list(table), path)
        for key, value in table.items():
            if not isinstance(value, str):
                raise CheckUsageError(f"--manifest {path}: student {number}: {key} must be a string, not {value!r}")
        rows.append((number, dict(table)))
    return rows


def _toml_loader() -> Any:
    """tomllib (Python 3.11+), else tomli where it is installed: the manifest needs no dependency of its own."""
    for module in ("tomllib", "tomli"):
        try:
            return importlib.import_module(module).loads
        except ImportError:
            continue
    raise CheckUsageError("--manifest: a TOML manifest needs Python 3.11 or the tomli package here; write it as CSV")


def _known(columns: Iterable[str], path: str) -> None:
    unknown = [column for column in columns if column not in COLUMNS]
    if unknown:
        raise CheckUsageError(f"--manifest {path}: unknown column {unknown[0]!r} (the columns: {', '.join(COLUMNS)})")
    if "student" not in columns:
        raise CheckUsageError(f"--manifest {path}: no 'student' column: name each student")


def _row(row: Mapping[str, str], number: int, base: Path, path: str) -> Submission:
    where = f"--manifest {path}: row {number}"
    name = row.get("student", "")
    if not name:
        raise CheckUsageError(f"{where}: no student name")
    file, command = row.get("file", ""), row.get("command", "")
    if bool(file) == bool(command):
        raise CheckUsageError(f"{where} ({name}): give a file or a command, one of them")
    settings = {key: row[key] for key in SETTINGS if row.get(key)}
    if command:
        argv = _rooted(command, base, where)
        # A file the command names below the manifest's folder is the student's, as a file row's is: a link
        # there (``ben/ai.py`` to ann's program) would run a classmate's program as this student's.
        words = shlex.split(command)
        local = [word for word, rooted in zip(words, argv, strict=True) if rooted != word]
        link = next((word for word in local if _linked_step(base, word)), None)
        if link is not None:
            return Submission(name, problem=linked(link), settings=settings)
        return Submission(name, command=argv, settings=settings)
    target = Path(file) if Path(file).is_absolute() else base / file
    if _linked_step(base, file):
        return Submission(name, problem=linked(file), settings=settings)
    if target.is_dir():
        wanted = settings.get("function")
        student = _student(name, target, (wanted,) if wanted else ENTRIES, file, CS50_FILE)
        return replace(student, settings=settings)
    return Submission(name, file=target, settings=settings)


def _linked_step(base: Path, file: str) -> bool:
    """Whether a step of ``file`` is a link. Below the manifest's folder every step is the student's: a link there
    (to a classmate's file, a folder outside the class) is that row's verdict. An absolute path is the teacher's
    own, but for its end."""
    path = Path(file)
    steps = [path] if path.is_absolute() else [base.joinpath(*path.parts[:n]) for n in range(1, len(path.parts) + 1)]
    return any(step.is_symlink() for step in steps)


def _rooted(command: str, base: Path, where: str) -> list[str]:
    """A manifest's command with its relative paths taken from the manifest's folder, as a teacher reads them."""
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise CheckUsageError(f"{where}: command: {error}") from None
    if not argv:
        raise CheckUsageError(f"{where}: the command is empty")
    rooted = []
    for index, word in enumerate(argv):
        local = not Path(word).is_absolute() and (index > 0 or "/" in word) and (base / word).exists()
        rooted.append(str(base / word) if local else word)
    return rooted
