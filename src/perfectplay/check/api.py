"""``check_ai``: put a tic-tac-toe AI against perfect play and report where it loses, misplays or breaks.

The Python entry of tic-tac-toe's plug (``tictactoe/plug.py``): its settings
are checked here, the conductor runs the check as it runs every game's
(``conductor.conduct``: the jail, the processes, the start), and the plug
asks and judges (``tictactoe/asking.py``, ``tictactoe/judging.py``). The
transcript of its answers is tic-tac-toe's own (``transcript.py``): saved
with ``Output.transcript`` and judged again by ``replay``.
"""

from __future__ import annotations

import dataclasses
import os
from typing import Any

from perfectplay.check import transcript
from perfectplay.check.conductor import conduct
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.judge.interface import Hint
from perfectplay.check.report.model import CheckReport
from perfectplay.check.settings import (
    Candidate,
    CheckSettings,
    GameSettings,
    Grading,
    Limits,
    Output,
    from_keywords,
)
from perfectplay.check.tictactoe.asking import STRICTER
from perfectplay.check.tictactoe.plug import TicTacToeCheck, TicTacToePlug


def check_ai(
    candidate: Candidate | str | os.PathLike[str] | None = None,
    hint: Hint | None = None,
    limits: Limits | None = None,
    grading: Grading | None = None,
    output: Output | None = None,
    **keywords: Any,
) -> CheckReport:
    """Check a tic-tac-toe AI: the Python file or program ``candidate`` names (a path is a ``Candidate``).

    ``hint`` gives what is known of its interface (``function``, ``board``, ``empty``, ``returns``,
    ``plays``; the rest is recognised: CS50's functions, or ``find_best_move``); ``limits`` the CPU
    seconds a move and in all, its memory, a grader's budget (a sample bought in CPU time, its waiting
    bounded, never the wall clock) or a class run's wall-clock bound; ``grading`` the standard (None:
    ``value`` for CS50's functions, ``best`` otherwise) and a fixed sample; ``output`` a progress
    callback. Raises ``CheckUsageError`` (a ``PerfectplayError``) when the check cannot start;
    everything the candidate does wrong is in the report.

    The former keyword parameters (``board="flat"``, ``move_seconds=5``, ``command=[...]``...) are still
    taken, for notebooks and check50 options (``settings.from_keywords``), but not beside the objects.
    """
    if keywords:
        if isinstance(candidate, Candidate) or any(part is not None for part in (hint, limits, grading, output)):
            raise CheckUsageError("check_ai: give the settings objects or the keywords, not both")
        settings = from_keywords(candidate, keywords)
    else:
        who = candidate if isinstance(candidate, Candidate) else Candidate(candidate)
        settings = CheckSettings(who, hint or Hint(), limits or Limits(), grading or Grading(), output or Output())
    return _check(settings)


def _check(settings: CheckSettings) -> CheckReport:
    settings.hint.validate()
    settings.limits.validate()
    settings.grading.validate()
    settings.candidate.validate()
    if settings.candidate.command is not None and settings.hint.given:
        raise CheckUsageError("--function, --board, --empty and --returns are for Python files, not --command")
    plug = TicTacToePlug(settings)
    # The transcript is tic-tac-toe's own file, saved here; the conductor's generic one is not asked for.
    shared = GameSettings(
        settings.candidate,
        settings.limits,
        settings.grading,
        Output(settings.output.progress),
        allow_packages=tuple(settings.candidate.packages),
    )
    report = conduct(plug, shared)
    state = plug.state
    if settings.output.transcript is not None and state is not None and state.transcript is not None:
        transcript.save(state.transcript, settings.output.transcript)
    return report


def replay(path: str | os.PathLike[str], standard: str | None = None) -> CheckReport:
    """The report of a saved transcript (``Output.transcript``), judged again without running the student.

    ``standard`` judges it by another standard than the one the check was asked for. Raises
    ``CheckUsageError`` for a file that is not a transcript or was changed after it was written.
    """
    Grading(standard=standard).validate()
    recorded = transcript.load(path)
    if standard is not None:
        # The teacher's standard decides, as in a live check given one: the run's note on the stricter one goes.
        notes = [note for note in recorded.notes if STRICTER not in note]
        recorded = dataclasses.replace(recorded, standard=standard, notes=notes)
    settings = CheckSettings(Candidate(recorded.target), Hint(), Limits(), Grading(standard), Output())
    return TicTacToeCheck(recorded.target, [], None, settings, lambda: "replayed from a transcript")._judge(recorded)
