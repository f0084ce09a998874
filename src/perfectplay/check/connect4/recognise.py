"""How a Connect Four agent reads the board: what its import showed, its function's name, then probing.

The choice among readings is ``detect.py``'s; this module asks the probes
through the conductor's session and words what went wrong.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from perfectplay.check.connect4.detect import (
    BoardReading,
    act_timeout,
    candidates,
    choose_reading,
    lone_last_callable,
    probe_positions,
    score_probe,
    style_of,
)
from perfectplay.check.connect4.flags import LAB_PACKAGES
from perfectplay.check.errors import CheckUsageError, NotGradable
from perfectplay.check.plug import LoadedModule, Question, Recognised, Session
from perfectplay.check.run.allowed import allow_words
from perfectplay.check.run.failures import MachineFailed

LAB_EXTRA = "connect4-lab"
"""pyproject's extra that installs what the lab allows (``LAB_PACKAGES``) beside perfectplay."""
NOT_INSTALLED = "is not installed where perfectplay runs"
COMMAND_WORDS = "the --command line protocol: the board's rows from the top and the side to move; a column 0-6 back"
FIXED = ("shape", "rows", "pieces")
"""The hint's keys that fix a part of a board function's reading (``--board-type``, ``--rows``, ``--pieces``)."""


def missing_allowed(error: Mapping[str, Any], missing: Sequence[str]) -> str | None:
    """The allowed package whose absence on this machine made the import fail, or None (the student's failure:
    a package the lab does not allow, or one the machine has)."""
    if error.get("type") not in ("ModuleNotFoundError", "ImportError"):
        return None
    named = re.match(r"No module named '([A-Za-z0-9_]+)", str(error.get("message", "")))
    return named.group(1) if named is not None and named.group(1) in missing else None


def machine_lacks(session: Session, records: Iterable[Mapping[str, Any]]) -> None:
    """Raise ``MachineFailed`` when an answer failed on an allowed package this machine lacks: an agent that
    imports NumPy inside its function (Kaggle's way) is the teacher's install too, not a zero for each move."""
    for record in records:
        error = record.get("error")
        lacking = missing_allowed(error, session.packages.missing) if isinstance(error, Mapping) else None
        if lacking is not None:
            raise MachineFailed(f"{lacking} {NOT_INSTALLED}; pip install {install_hint(lacking)}")


def install_hint(package: str) -> str:
    """What the teacher runs to install ``package`` where perfectplay runs (the lab's extra for its own)."""
    return f"'perfectplay[{LAB_EXTRA}]'" if package in LAB_PACKAGES else package


def hint_reading(hint: Mapping[str, str]) -> tuple[BoardReading | None, set[str]]:
    """The reading the teacher gave (None: none), and which of its parts they fixed."""
    fixed = {key for key in FIXED if hint.get(key) is not None}
    if hint.get("function") or hint.get("style") or fixed:
        reading = BoardReading(
            hint.get("style") or "",
            hint.get("function") or "",
            hint.get("shape") or "list",
            hint.get("rows") or "top",
            hint.get("pieces") or "012",
        )
        return reading, fixed
    return None, fixed


def recognise(session: Session, loaded: LoadedModule, hint: Mapping[str, str], moves: int) -> Recognised | str:
    """The reading to ask it in, or the problem that ends its check (broken); ``moves``: what the check will ask
    at most (its positions and its games' moves), whose share of the check's time the agent is told it has."""
    if loaded.command:
        return Recognised("command", COMMAND_WORDS, {})
    import_failed: str | None = None
    notes: list[str] = []
    error = loaded.error
    if error is not None:
        where = f" (line {error['line']}: {error.get('code', '')})" if "line" in error else ""
        problem = f"importing it raised {error.get('type')}: {error.get('message', '')}{where}"
        problem += allow_words(error, session.packages.granted)
        lacking = missing_allowed(error, session.packages.missing)
        if lacking is not None:  # the teacher's install lacks what the lab allows: not the student's zero
            raise MachineFailed(f"{lacking} {NOT_INSTALLED}; pip install {install_hint(lacking)}")
        if not loaded.functions:
            return problem
        import_failed = problem
        notes.append(problem)
    if loaded.output:
        notes.append(f"it printed on import: {str(loaded.output)[:200]!r}")
    given, fixed = hint_reading(hint)
    refusal: str | None = None
    try:
        base = style_of(dict(loaded.functions), given)
    except CheckUsageError as refused:
        if import_failed is not None:  # it broke while loading: its own verdict (broken), as tic-tac-toe's
            notes.remove(import_failed)
            for note in notes:
                session.note(note)
            return f"{import_failed}, before its agent was defined"
        refusal = f"{session.target}: {refused}"
        lone = lone_last_callable(dict(loaded.functions), given)
        if lone is None:
            raise NotGradable(refusal) from None
        base = lone  # my_agent_v2(obs, config=None) last: probed as Kaggle's agent, refused as before if it is none
    for note in notes:
        session.note(note)
    try:
        reading = _probed(session, base, fixed, import_failed, moves, loaded.raw.get("letters", ()))
    except NotGradable:
        if refusal is None:
            raise
        raise NotGradable(refusal) from None
    if isinstance(reading, str):
        return reading
    return Recognised(reading.style, reading.words(), reading.interface(), detail=reading)


def _probed(
    session: Session,
    base: BoardReading,
    fixed: set[str],
    import_failed: str | None,
    moves: int,
    letters: Sequence[str] = (),
) -> BoardReading | str:
    packages = session.packages
    base = replace(base, allowed=packages.folders, act_timeout=act_timeout(session.limits, moves))
    numpy = "numpy" in packages.granted or (
        not session.sandboxed and bool(packages.folders) and "numpy" not in packages.missing
    )
    readings = candidates(base, numpy, fixed, letters)
    if len(readings) == 1 and not base.last_callable:
        session.use(readings[0].interface())
        return readings[0]
    probes = [
        Question(f"probe:{index}", "drive", [cells, mark]) for index, (cells, mark) in enumerate(probe_positions())
    ]
    marks: list[tuple[tuple[int, int], BoardReading]] = []
    returned: list[str] = []
    slow: set[str] = set()
    for reading in readings:
        if reading.pieces in slow:
            continue  # these pieces made it search without end (a 3x3 AI on 42 cells): rows and shape do not help
        records = session.probe(reading.interface(), probes, stop_at_failure=False, until=_searched_in_vain)
        if records is None:
            return "the check's time limit ran out while finding how it reads the board"
        machine_lacks(session, records)
        answers: list[int | None] = []
        counted: list[int | None] = []  # the same answers as columns counted 1-7, as a player types them
        for record in records:
            value = record.get("value") if record.get("kind") == "int" and "error" not in record else None
            column = value if isinstance(value, int) and 0 <= value < 7 else None
            answers.append(column)
            counted.append(value - 1 if isinstance(value, int) and 1 <= value <= 7 else None)
            if record.get("failure") == "timeout" and not any(answer is not None for answer in answers):
                slow.add(reading.pieces)  # out of time before one column: a wrong game's AI (issue 43)
                break
            if column is None and "error" not in record and "failure" not in record and "kind" in record:
                shown = value if record.get("kind") == "int" else record.get("repr", "None")
                returned.append(str(shown)[:80])
        answers += [None] * (len(probes) - len(answers))
        marks.append((score_probe(answers), reading))
        if reading.style == "board":  # a board function's columns may be counted from 1: the same probe tells
            counted += [None] * (len(probes) - len(counted))
            marks.append((score_probe(counted), replace(reading, first_column=1)))
        if max(mark[0][0] for mark in marks[-2:]) == len(answers):
            break
    (won, legal), reading = choose_reading(marks)
    if legal == 0 and base.last_callable and import_failed is None:
        # Kaggle's rule took the file's last callable, and it is no agent in any reading (a helper last, an agent
        # above it): what a name not found is, a usage problem in one line, never a zero.
        raise NotGradable(
            f"{session.target}: no Connect Four agent recognised: {base.name}, the file's last callable "
            "(Kaggle's rule), gave no column as agent(observation, configuration); name yours with --function"
        )
    if legal == 0:
        tried = len(readings)
        problem = f"no reading recognised: {base.name} gave no legal column in any of the {tried} readings tried"
        if returned and not fixed and import_failed is None:
            # It answered, but nothing it answered was a column under any reading: the checker cannot tell
            # how it reads a board (tic-tac-toe's "no interface recognised"), so the flags must say.
            raise NotGradable(
                f"{session.target}: {problem} (it returned {returned[0]}); "
                "say how it reads the board with --interface, --board-type, --rows and --pieces"
            )
        return problem
    if won < len(probes) and reading.style == "board":  # the flags it names set a board function's reading only
        session.note(
            f"the board's reading was not certain: it took {won} of {len(probes)} wins in one; "
            "give --board, --rows and --pieces if this one is wrong"
        )
    session.use(reading.interface())
    return reading


def _searched_in_vain(records: Sequence[dict[str, Any]]) -> bool:
    """Out of time before one column: a wrong game's AI searching without end (no other probe is asked)."""
    return records[-1].get("failure") == "timeout" and not any(_column(record) is not None for record in records)


def _column(record: dict[str, Any]) -> int | None:
    value = record.get("value") if record.get("kind") == "int" and "error" not in record else None
    return value if isinstance(value, int) and 0 <= value < 7 else None
