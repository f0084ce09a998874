"""``check_nim``: one Nim submission checked by the checker's conductor, through the Nim lab's plug.

The conductor (``check/conductor.py``) copies and jails the file, starts
the runner with the plug's driver, and lends the plug a session; the plug
recognises, plans, asks and judges (``plug.py``). This is the Python door to
that for one file, with the lab's defaults.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from perfectplay.check.conductor import conduct
from perfectplay.check.nim.model import NimReport
from perfectplay.check.nim.plug import NimPlug
from perfectplay.check.run.sandbox import Isolation
from perfectplay.check.run.sweep import Progress
from perfectplay.check.settings import Candidate, GameSettings, Grading, Limits, Output

DEFAULTS = NimPlug.defaults


@dataclass(frozen=True, slots=True)
class NimCheck:
    """One Nim check's settings: the teacher's flags for the plug (``hint``: its options' keys), the limits, the
    seed, and the processes side by side (training runs go one a process)."""

    hint: Mapping[str, str] = field(default_factory=dict)
    move_seconds: float = DEFAULTS.move_seconds
    total_seconds: float = DEFAULTS.total_seconds
    memory_mb: int | None = DEFAULTS.memory_mb
    seed: int = DEFAULTS.seed
    sandbox: str | Isolation = "auto"
    workers: int = 2
    budget_seconds: float | None = None
    wall_seconds: float | None = None
    progress: Progress | None = None
    transcript: str | os.PathLike[str] | None = None


def check_nim(path: str | os.PathLike[str], settings: NimCheck | None = None, target: str | None = None) -> NimReport:
    """Check one Python file; raises ``NotGradable`` for a file that is not there, not Python, or holds no Nim AI."""
    settings = settings or NimCheck()
    game = GameSettings(
        Candidate(path, None, target, (), settings.sandbox),
        Limits(
            settings.move_seconds,
            settings.total_seconds,
            settings.memory_mb,
            budget_seconds=settings.budget_seconds,
            wall_seconds=settings.wall_seconds,
            workers=settings.workers,
        ),
        Grading(seed=settings.seed),
        Output(settings.progress, settings.transcript),
        dict(settings.hint),
    )
    return conduct(NimPlug(), game)
