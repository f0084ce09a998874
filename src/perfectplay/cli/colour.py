"""Colour for the terminal game, with ``rich``, only on a terminal.

The game and its messages are plain text (``Game.draw`` draws boards
without colour, so they read the same piped or in a test); the painter adds
colour to what is printed on a terminal: X and O in their own colours, the
last move ``[X]`` underlined, a winning line ``*X*`` on green, outcomes
(``W3``, ``D``, ``L4``) in green, yellow and red, and the result of a game.
Without a terminal, with ``NO_COLOR`` set, with ``TERM=dumb`` or without
``rich`` installed there is no painter and nothing changes.
"""

from __future__ import annotations

import os
import re
from typing import Any

_CELL = re.compile(r"\*[XO]\*|\[[XO]\]|(?<![A-Za-z0-9])(?:[XO]|W\d+|L\d+|D)(?![A-Za-z0-9])")

STYLES = {
    "X": "bold bright_blue",
    "O": "bold bright_magenta",
    "W": "bold green",
    "L": "bold red",
    "D": "bold yellow",
}

RESULTS = (
    ("You win", "bold green"),
    ("The computer wins", "bold red"),
    ("It's a draw", "bold yellow"),
    (" wins", "bold"),
)


class Painter:
    """Prints text with colour through a ``rich`` console."""

    def __init__(self, console: Any) -> None:
        self.console = console

    @classmethod
    def for_terminal(cls) -> Painter | None:
        """A painter for standard output, or None where colour is unwanted or unavailable."""
        if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
            return None
        try:
            from rich.console import Console
        except ImportError:
            return None
        return cls(Console(highlight=False, soft_wrap=True))

    def write(self, text: str) -> None:
        self.console.print(self.paint(text))

    def paint(self, text: str) -> Any:
        """``text`` as a rich ``Text`` with the board cells and results coloured."""
        from rich.text import Text

        painted = Text()
        for number, line in enumerate(text.split("\n")):
            if number:
                painted.append("\n")
            painted.append_text(self._line(line))
        return painted

    def _line(self, line: str) -> Any:
        from rich.text import Text

        text = Text(line)
        if "|" in line:
            for match in _CELL.finditer(line):
                token = match.group()
                if token.startswith("*"):
                    style = f"{STYLES[token[1]]} on green"
                elif token.startswith("["):
                    style = f"{STYLES[token[1]]} underline"
                else:
                    style = STYLES[token[0]]
                text.stylize(style, match.start(), match.end())
            return text
        for start, style in RESULTS:
            if start in line and line.rstrip().endswith(("!", ".", ")")) and len(line) < 60:
                text.stylize(style)
                break
        return text
