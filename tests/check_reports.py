"""Whole checks of the examples, each made once per test run and shared by every test that reads it.

The standard (``value`` or ``best``) only judges what the candidate
answered: a check records every answer in a transcript, and the report by
another standard is that transcript judged again (``api.replay``), as
``--replay FILE --standard S`` does for a teacher. So one run of a file
serves every standard a test asks for; each report is still the check's own.
"""

from __future__ import annotations

import shlex
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

from perfectplay.check.api import check_ai, replay
from perfectplay.check.judge.interface import Hint
from perfectplay.check.report.model import CheckReport
from perfectplay.check.run.sandbox import choose
from perfectplay.check.settings import Candidate, CheckSettings, Grading, Limits, Output, from_keywords
from shared_results import SharedResults


def settings_of(path: Any = None, *settings: Any, **options: Any) -> CheckSettings:
    """The one ``CheckSettings`` that ``check_ai(path, *settings, **options)`` checks with (its own two forms)."""
    named = ("hint", "limits", "grading", "output")
    objects: list[Any] = [*settings, None, None, None, None][:4]
    for place, name in enumerate(named):
        if name in options:
            objects[place] = options.pop(name)
    if options:
        return from_keywords(path, options)
    hint, limits, grading, output = objects
    who = path if isinstance(path, Candidate) else Candidate(path)
    return CheckSettings(who, hint or Hint(), limits or Limits(), grading or Grading(), output or Output())


class Checked:
    """``check_ai``, each file (or command) with each set of options run once per run: a report is frozen, so
    tests (on every xdist worker) can share it; a test that needs a fresh run (timing, a changed file) calls
    ``check_ai`` itself. Standards share the run: a report by a standard the run was not judged by is its
    transcript judged again."""

    def __init__(self, shared: SharedResults) -> None:
        self._shared = shared

    def __call__(self, path: Any = None, *settings: Any, **options: Any) -> CheckReport:
        asked = settings_of(path, *settings, **options)
        # The run's key: everything but the standard and what is shown while it runs (a progress callback is an
        # address). The path as given (a report names its file as it was asked for), but settings that make the same
        # check make one key: a path and its text, a sandbox mode and the isolation it chooses, a command and the
        # name it gets. So ``check_ai("f.py")`` and ``perfectplay check f.py`` (which names the file and chooses the
        # sandbox once for a class) share a run.
        candidate = asked.candidate
        if candidate.path is not None:
            candidate = replace(candidate, path=str(candidate.path), name=candidate.name or str(candidate.path))
        if candidate.command is not None and candidate.name is None:
            argv = shlex.split(candidate.command) if isinstance(candidate.command, str) else list(candidate.command)
            candidate = replace(candidate, name=shlex.join(argv))
        if isinstance(candidate.sandbox, str):
            candidate = replace(candidate, sandbox=choose(candidate.sandbox))
        run = replace(asked, candidate=candidate, grading=replace(asked.grading, standard=None), output=Output())
        key = repr(("check_ai", run))
        text, report = self._shared.get(key, lambda: _recorded(run))
        if asked.output.transcript is not None and text is not None:
            Path(asked.output.transcript).write_text(text)
        standard = asked.grading.standard
        if standard is None:
            return report
        if text is None:  # nothing was recorded (the check could not start): that check, by the standard asked for
            judged = replace(run, grading=asked.grading)
            return self._shared.get(repr(("check_ai", judged)), lambda: _recorded(judged)[1])
        return self._shared.get(repr(("replay", run, standard)), lambda: _replayed(text, standard))


def _recorded(settings: CheckSettings) -> tuple[str | None, CheckReport]:
    """The check's report and its transcript's text (None when the check recorded none)."""
    with tempfile.TemporaryDirectory(prefix="checked-") as folder:
        file = Path(folder) / "transcript.json"
        output = Output(transcript=file)
        report = check_ai(settings.candidate, settings.hint, settings.limits, settings.grading, output)
        return (file.read_text() if file.exists() else None), report


def _replayed(text: str, standard: str) -> CheckReport:
    with tempfile.TemporaryDirectory(prefix="replayed-") as folder:
        file = Path(folder) / "transcript.json"
        file.write_text(text)
        return replay(file, standard)
