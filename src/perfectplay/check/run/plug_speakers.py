"""How a game plug's candidate is spoken to: the runner with the plug's driver, or a program's line protocol.

Game-free: what a game adds is its ``GamePlug`` (``check/plug.py``): the
driver the runner loads (op ``drive``), the check of each record its driver
sends (``GamePlug.clean``), and a ``--command`` program's lines
(``GamePlug.command_lines``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from perfectplay.check.plug import CommandLines
from perfectplay.check.run.sandbox import Jail
from perfectplay.check.run.speakers import CommandSpeaker, RunnerSpeaker

Clean = Callable[[str, dict[str, Any]], dict[str, Any]]


class DriverSpeaker(RunnerSpeaker):
    """A Python module loaded by the runner, asked through a game plug's driver as well as the runner's own ops."""

    OPERATIONS: ClassVar[dict[str, str]] = {**RunnerSpeaker.OPERATIONS, "drive": "items"}

    def __init__(self, jail: Jail, path: Path, clean: Clean) -> None:
        super().__init__(jail, path)
        self.clean = clean

    def cleaned(self, op: str, value: dict[str, Any]) -> dict[str, Any]:
        """The driver's records are checked by the plug that knows their shape; the runner's own, by ``protocol``."""
        return self.clean(op, value) if op == "drive" else super().cleaned(op, value)


class LineSpeaker(CommandSpeaker):
    """A program in any language, spoken to in its game's line protocol."""

    def __init__(self, jail: Jail, program: list[str], lines: CommandLines) -> None:
        super().__init__(jail, program)
        self.lines = lines

    def request(self, item: Any) -> bytes:
        return self.lines.request(item)

    def answer(self, line: str) -> dict[str, Any]:
        return self.lines.answer(line)
