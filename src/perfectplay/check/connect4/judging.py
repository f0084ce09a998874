"""A Connect Four transcript to its frozen report: every answer judged, its rates, its verdict, its rating.

Reads the transcript alone (``plug.CheckRecord``), never the candidate, so a
saved transcript is judged again the same way (``--replay``).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from perfectplay.check.connect4.asking import game_records
from perfectplay.check.connect4.judge import ColumnJudgement, best_columns, chance, good_columns, judge
from perfectplay.check.connect4.model import (
    Blunder,
    Connect4Report,
    Connect4Timing,
    Failure,
    GameRecord,
    PhaseRates,
)
from perfectplay.check.connect4.opponents import LADDER
from perfectplay.check.connect4.recognise import NOT_INSTALLED
from perfectplay.check.connect4.score import GAME_POINTS
from perfectplay.check.connect4.suite import PHASES, SuitePosition, load_suite, position_from
from perfectplay.check.plug import CheckRecord
from perfectplay.check.run.failures import STOP_WORDS

WORST_BLUNDERS = 3
CONTRACT_KINDS = ("illegal", "wrong_type", "raises", "timeout", "died", "mutates")


def judged(record: CheckRecord, games: bool = True) -> Connect4Report:
    """The report of one Connect Four transcript (broken when it could not be asked); ``games``: whether the
    check meant to play games (what the transcript says wins)."""
    if record.problem is not None or record.recognised is None:
        return unchecked_report(record, games)
    body: dict[str, Any] = dict(record.body)
    # The positions and their scores are in the transcript (generated for this check); a transcript from
    # before they were names positions of the shipped suite.
    drawn = [position_from(item) for item in body.get("positions", [])]
    by_moves = {position.moves: position for position in drawn or load_suite()}
    keys = [str(key) for key in body["suite"]]
    suite = [by_moves[key.partition(":")[2]] for key in keys]
    answers = body["answers"]
    judgements = [judge(suite[index], answers[key]) for index, key in enumerate(keys) if key in answers]
    report = _report(record, suite, judgements, game_records(body), body.get("seed"))
    return replace(report, games_planned=bool(body.get("games_planned", games)))


def unchecked_report(record: CheckRecord, games: bool = True) -> Connect4Report:
    return Connect4Report(
        target=record.target,
        interface=None,
        verdict="broken",
        exit_status=1,
        problem=record.problem,
        suite_size=0,
        overall=PhaseRates("all", 0, 0, 0, 0, 0),
        isolation=record.isolation,
        sandboxed=record.sandboxed,
        complete=False,
        notes=record.notes,
        games_planned=games,
    )


def machine_failed_report(
    target: str, isolation: str, reason: str, notes: tuple[str, ...], games: bool = True
) -> Connect4Report:
    return Connect4Report(
        target=target,
        interface=None,
        verdict="not graded",
        exit_status=3,
        problem=f"not graded: {reason}"
        if NOT_INSTALLED in reason
        else f"not graded: the machine failed, not the submission ({reason}); fix the machine and check it again",
        suite_size=0,
        overall=PhaseRates("all", 0, 0, 0, 0, 0),
        isolation=isolation,
        sandboxed=isolation.startswith("bubblewrap"),
        complete=False,
        notes=notes,
        machine=reason,
        games_planned=games,
    )


def _report(
    record: CheckRecord,
    suite: Sequence[SuitePosition],
    judgements: list[ColumnJudgement],
    games: list[GameRecord],
    seed: int | None,
) -> Connect4Report:
    assert record.recognised is not None
    notes = list(record.notes)
    # A random mover's rates over every position drawn, as the score counts them (one not asked is not right).
    overall = _rates("all", judgements, suite)
    phases = tuple(_rates(phase, [j for j in judgements if j.position.phase == phase]) for phase in PHASES)
    blunders = sorted((j for j in judgements if j.kind == "blunder"), key=lambda j: (-j.severity[0], -j.drop))
    worst = tuple(_blunder(j) for j in blunders[:WORST_BLUNDERS])
    failures = []
    for kind in CONTRACT_KINDS:
        hits = [j for j in judgements if (j.mutated if kind == "mutates" else j.kind == kind)]
        if hits:
            first = min(hits, key=lambda j: (j.position.ply, j.position.moves))
            failures.append(Failure(kind, len(hits), first.position.moves, first.answer))
    complete = record.stopped is None and len(judgements) == len(suite)
    if not complete:
        why = "" if record.stopped is None else f": {STOP_WORDS.get(record.stopped, record.stopped)}"
        notes.append(f"{len(suite) - len(judgements)} of {len(suite)} positions were not asked: the check stopped{why}")
    times = [j.seconds for j in judgements if j.kind not in ("timeout", "died")]
    slowest = max(judgements, key=lambda j: j.seconds, default=None)
    timing = Connect4Timing(
        moves=len(times),
        median=statistics.median(times) if times else 0.0,
        slowest=slowest.seconds if slowest else 0.0,
        slowest_moves=slowest.position.moves if slowest else "",
        cpu=sum(times),
        wall=record.wall,
    )
    verdict, status = _verdict(overall, failures, complete, games)
    return Connect4Report(
        target=record.target,
        interface=record.recognised.words,
        verdict=verdict,
        exit_status=status,
        problem=None,
        suite_size=len(suite),
        seed=seed if isinstance(seed, int) else None,
        overall=overall,
        phases=phases,
        blunders=worst,
        failures=tuple(failures),
        games=tuple(games),
        rating=_rating(games),
        timing=timing,
        isolation=record.isolation,
        sandboxed=record.sandboxed,
        complete=complete,
        notes=tuple(notes),
    )


def _blunder(judgement: ColumnJudgement) -> Blunder:
    position = judgement.position
    return Blunder(
        position.moves,
        position.phase,
        judgement.column or 0,
        judgement.lost or "",
        judgement.drop,
        best_columns(position),
        good_columns(position),
    )


def _rates(
    phase: str, judgements: Sequence[ColumnJudgement], drawn: Sequence[SuitePosition] | None = None
) -> PhaseRates:
    """The rates of ``judgements``; a random mover's over ``drawn`` (the positions asked, by default)."""
    odds = [chance(position) for position in (drawn if drawn is not None else [j.position for j in judgements])]
    return PhaseRates(
        phase,
        asked=len(judgements),
        legal=sum(1 for j in judgements if j.legal),
        good=sum(1 for j in judgements if j.good),
        perfect=sum(1 for j in judgements if j.perfect),
        blunders=sum(1 for j in judgements if j.kind == "blunder"),
        top=sum(1 for j in judgements if j.top),
        chance_good=sum(good for good, _ in odds) / len(odds) if odds else 0.0,
        chance_perfect=sum(best for _, best in odds) / len(odds) if odds else 0.0,
    )


def _verdict(overall: PhaseRates, failures: list[Failure], complete: bool, games: list[GameRecord]) -> tuple[str, int]:
    """``perfect`` (every move among the best), ``good`` (never threw a value away), ``blunders``, ``broken``."""
    if overall.asked and overall.legal == 0:
        return "broken", 1
    if failures:
        return "broken", 1
    if not complete:
        return "incomplete", 1
    if overall.perfect == overall.asked:
        return "perfect", 0
    if overall.good == overall.asked:
        return "good", 0
    return "blunders", 1


def _rating(games: list[GameRecord]) -> str | None:
    """The strongest level of the ladder it took at least half the points against (both seats together)."""
    if not games:
        return None
    held = "below random"
    for level in LADDER:
        played = [game for game in games if game.opponent == level]
        if not played:
            continue
        if sum(GAME_POINTS[game.result] for game in played) * 2 >= len(played):
            held = level
        else:
            break
    return held
