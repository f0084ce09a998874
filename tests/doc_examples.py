"""The examples the README and the docs show, read from their Markdown: what tests/docs/ runs.

Three kinds, each in a fenced block:

- a transcript: a block whose first line is ``$ perfectplay ...``; what
  follows is a part of what the command prints (stdout and stderr), a line
  ``...`` standing for any number of lines left out, `` ...`` at the end of
  a line for the rest of that line;
- commands: a ``sh`` block, each line that starts with ``perfectplay`` or
  ``python3 dev.py run`` (after it, a ``# comment``) one command that must
  run without a usage error or a traceback;
- Python: a ``python`` block, run as a script; a plain block right after it
  (blank lines between) is what it prints.

An HTML comment on the line before the fence, invisible on the page, says
how to treat the block: ``<!-- example: skip: WHY -->`` (a fragment, a
placeholder file, a server that runs until stopped), ``<!-- example: slow -->``
(many seconds of CPU: only the whole suite runs it), ``<!-- example: no output
check: WHY -->`` (run it, but what it prints changes from run to run).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FENCE = re.compile(r"^```(?P<lang>[\w-]*)[^\n]*\n(?P<body>.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
NOTE = re.compile(r"<!--\s*example:\s*(?P<note>.*?)\s*-->\s*\n\s*\Z")
COMMAND = re.compile(r"^(?:perfectplay|python3 dev\.py run) ")
GAP = "..."


@dataclass(frozen=True)
class Example:
    """One example: where it is, its kind, what it runs, what it should print (None: not shown), its note."""

    where: str
    kind: str  # "transcript", "commands" or "python"
    code: tuple[str, ...]
    expected: str | None
    note: str

    @property
    def skipped(self) -> str | None:
        return self.note.removeprefix("skip:").strip() if self.note.startswith("skip") else None

    @property
    def slow(self) -> bool:
        return self.note == "slow"

    @property
    def checks_output(self) -> bool:
        return self.expected is not None and not self.note.startswith("no output check")


def pages() -> list[Path]:
    """The README and every page of the site (the course labs' listings are material, not examples)."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def commands_of(body: str) -> tuple[str, ...]:
    """The commands of a ``sh`` block: continued lines joined, comments cut, ``python3 dev.py run`` as the command."""
    joined = re.sub(r"\\\n\s*", "", body)
    found = []
    for line in joined.splitlines():
        line = line.strip()
        if COMMAND.match(line):
            line = re.sub(r"\s+#.*$", "", line)
            found.append(re.sub(r"^python3 dev\.py run ", "perfectplay ", line))
    return tuple(found)


def examples_in(path: Path) -> list[Example]:
    text = path.read_text(encoding="utf-8")
    fences = list(FENCE.finditer(text))
    found = []
    for index, fence in enumerate(fences):
        lang, body = fence.group("lang"), fence.group("body")
        line = text.count("\n", 0, fence.start()) + 1
        where = f"{path.relative_to(ROOT)}:{line}"
        note_match = NOTE.search(text, 0, fence.start())
        note = note_match.group("note") if note_match else ""
        if body.startswith("$ perfectplay "):
            command, _, printed = body.partition("\n")
            found.append(Example(where, "transcript", (command[2:],), printed, note))
        elif lang == "sh" and commands_of(body):
            found.append(Example(where, "commands", commands_of(body), None, note))
        elif lang == "python":
            after = fences[index + 1] if index + 1 < len(fences) else None
            printed = None
            if after is not None and after.group("lang") == "" and not text[fence.end() : after.start()].strip():
                printed = after.group("body")
            found.append(Example(where, "python", (body,), printed, note))
    return found


def every_example() -> list[Example]:
    return [example for page in pages() for example in examples_in(page)]


def matches(expected: str, printed: str) -> bool:
    """Whether ``printed`` holds ``expected`` line for line (trailing spaces aside), each ``...`` line any lines.

    A page shows the part of the output it speaks of: what comes before or
    after that part (the board a command draws first, the node count it ends
    with) may be left out without a ``...``; inside it, every line counts.
    """
    want = [GAP, *(line.rstrip() for line in expected.rstrip("\n").splitlines()), GAP]
    got = [line.rstrip() for line in printed.rstrip("\n").splitlines()]
    return _match(want, got)


def _match(want: list[str], got: list[str]) -> bool:
    if not want:
        return not got
    if want[0].strip() == GAP:
        return any(_match(want[1:], got[start:]) for start in range(len(got) + 1))
    return bool(got) and _same_line(want[0], got[0]) and _match(want[1:], got[1:])


def _same_line(want: str, got: str) -> bool:
    """The same line; one the page cut short (``... proven. ...``) only has to begin the same."""
    if want.endswith(" " + GAP):
        return got.startswith(want[: -len(GAP)])
    return want == got
