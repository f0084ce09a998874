"""A position the check's time ended before it was asked is a position not played well: the rates count every
position drawn, not only the ones answered (attack 39m).

The positions are asked in their draw's order, the openings first and the endings last. An agent that plays the
openings well and the endings badly, and that thought just under its move limit on every move once the endings
came, ran the check's time out before most of them were asked: they were left out, and its good-move and
perfect-move rates were taken over the openings alone, full points for both, where its honest twin (the same
moves, no stalling) was graded on its blunders too. Games the time ended were already counted as not won.
"""

from __future__ import annotations

from perfectplay.check.connect4.judge import best_columns, good_columns
from perfectplay.check.connect4.judging import judged
from perfectplay.check.connect4.score import connect4_score
from perfectplay.check.connect4.suite import SuitePosition, load_suite
from perfectplay.check.plug import CheckRecord, Recognised

EACH = 10


def decisive(phase: str) -> list[SuitePosition]:
    """The suite's first ``EACH`` positions of ``phase`` where some legal move throws the value away."""
    found = [p for p in load_suite() if p.phase == phase and len(good_columns(p)) < len(p.legal)]
    return found[:EACH]


def record(answers: dict[str, int], suite: list[SuitePosition], stopped: str | None) -> CheckRecord:
    keys = [f"{index}:{position.moves}" for index, position in enumerate(suite)]
    body = {
        "seed": 7,
        "games_planned": False,
        "suite": keys,
        "answers": {key: {"kind": "int", "value": answers[key]} for key in keys if key in answers},
        "games": [],
    }
    recognised = Recognised("connectx", "a ConnectX agent", {})
    return CheckRecord("connect4", "agent.py", "none", {}, recognised, stopped=stopped, body=body)


def test_positions_the_time_ended_before_they_were_asked_count_as_not_played_well() -> None:
    openings, endings = decisive("opening"), decisive("ending")
    suite = openings + endings
    keys = [f"{index}:{position.moves}" for index, position in enumerate(suite)]
    best = {key: best_columns(position)[0] for key, position in zip(keys, suite, strict=True)}
    blunders = {
        key: next(column for column in position.legal if column not in good_columns(position))
        for key, position in zip(keys, suite, strict=True)
    }
    # The honest twin: best in the openings, a blunder in every ending.
    honest = {key: (best[key] if index < EACH else blunders[key]) for index, key in enumerate(keys)}
    # The stalling twin: the same openings, then the check's time ran out before any ending was asked.
    stalled = {key: best[key] for key in keys[:EACH]}
    honest_report = judged(record(honest, suite, None), games=False)
    stalled_report = judged(record(stalled, suite, "time"), games=False)
    assert honest_report.complete and not stalled_report.complete
    assert stalled_report.verdict == "incomplete"
    honest_points = connect4_score(honest_report).points
    stalled_points = connect4_score(stalled_report).points
    assert stalled_points <= honest_points, (stalled_points, honest_points)
    good = {category.name: category for category in connect4_score(stalled_report).categories}["good_moves"]
    assert good.of == len(suite) and good.right == EACH
    assert f"{EACH:,} not asked before the check stopped" in good.message


def test_a_check_that_asked_everything_is_graded_as_before() -> None:
    suite = decisive("opening") + decisive("ending")
    keys = [f"{index}:{position.moves}" for index, position in enumerate(suite)]
    report = judged(record({key: best_columns(p)[0] for key, p in zip(keys, suite, strict=True)}, suite, None))
    score = connect4_score(report)
    assert report.verdict == "perfect" and score.points == score.total
