"""A Nim check's transcript judged: the frozen ``NimReport``, the student's code not run.

The body the plug's ``ask`` returned holds the plan and the records, each
as ``answers.clean`` kept it (or a failure the run recorded: a time-out, a
process that died). Judging reads them back through ``answers`` again, so a
saved transcript is judged as strictly as a live check.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from perfectplay.check.errors import CheckUsageError
from perfectplay.check.nim import answers
from perfectplay.check.nim.bugs import name_bugs, none_in_play
from perfectplay.check.nim.judge import judge_play, judge_unit
from perfectplay.check.nim.model import NimReport, NimTiming, SeedResult, UnitResult
from perfectplay.check.nim.plan import NimPlan
from perfectplay.check.nim.positions import LAB_START, NimOracle, Piles, Rules, actions, reachable
from perfectplay.check.nim.questions import unit_cases
from perfectplay.check.plug import CheckRecord
from perfectplay.check.run.failures import STOP_WORDS
from perfectplay.check.run.protocol import ProtocolError


def seed_key(seed: int) -> str:
    return f"seed:{seed}"


def move_key(piles: Piles) -> str:
    return "move:" + ",".join(map(str, piles))


def unit_key(name: str) -> str:
    return f"unit:{name}"


def judge_record(record: CheckRecord) -> NimReport:
    """The report of one check's transcript."""
    body = record.body
    plan = NimPlan.from_json(body["plan"]) if "plan" in body else None
    rules = plan.rules if plan is not None else Rules(True, LAB_START)
    words = record.recognised.words if record.recognised is not None else ""
    notes = list(record.notes)
    base: dict[str, Any] = {
        "target": record.target,
        "rules": rules,
        "isolation": record.isolation,
        "stopped": record.stopped,
    }
    if record.problem is not None or plan is None:
        problem = record.problem or "nothing was asked"
        return NimReport(
            **base, kind="", interface=words, problem=problem, notes=tuple(notes), timing=NimTiming(record.wall)
        )
    if record.stopped is not None:
        notes.append(f"the check stopped early: {STOP_WORDS.get(record.stopped, record.stopped)}")
    try:
        if plan.kind == "player":
            return _player(base, plan, words, body, notes, record.wall)
        return _learning(base, plan, words, body, notes, record.wall, int(body.get("unit_seed", 0)))
    except ProtocolError as broken:
        raise CheckUsageError(f"the transcript holds a record perfectplay never keeps: {broken}") from None


def _first(records: Mapping[str, Any], key: str) -> dict[str, Any] | None:
    found = records.get(key)
    if isinstance(found, list):
        found = found[0] if found else None
    return found if isinstance(found, dict) else None


def _cpu(record: Mapping[str, Any] | None) -> float:
    value = record.get("cpu", 0.0) if record is not None else 0.0
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0


def _player(
    base: dict[str, Any], plan: NimPlan, words: str, body: Mapping[str, Any], notes: list[str], wall: float
) -> NimReport:
    positions = reachable(plan.start)
    records = body.get("moves", {})
    got: list[answers.Answer | None] = []
    cpu = 0.0
    for piles in positions:
        found = _first(records, move_key(piles))
        cpu += _cpu(found)
        got.append(_move_answer(found))
    raised = _raised_everywhere(plan.name, positions, records, got)
    if raised is not None and raised[0] == "problem":
        # Written for piles of another kind (a game object): not gradable, as tic-tac-toe's is.
        timing = NimTiming(wall, cpu)
        return NimReport(
            **base, kind="player", interface=words, problem=raised[1], notes=tuple(notes), unchecked=True, timing=timing
        )
    if raised is not None:  # its own code's error everywhere: graded (failing), the error said once
        notes.append(raised[1])
    oracle = NimOracle(plan.rules)
    # A player's position with no record was never asked: the check stopped before it (every question asked has a
    # record, an error's or a time-out's too).
    play = judge_play(oracle, positions, got, plan.seeds[0], unanswered=NOT_ASKED)
    left = _as_left(positions, got)
    kept = judge_play(oracle, positions, left, plan.seeds[0], unanswered=NOT_ASKED) if left is not None else None
    if kept is not None and kept.legal == len(positions) and kept.winning > play.winning:
        # (i, j) with j what it leaves in pile i, as a player that says "make pile i j" answers: read so where every
        # answer is a legal move that way and it takes more winning moves than read as (pile, count).
        notes.append(
            f"its answers are read as (pile, objects left in it): read as (pile, count), {play.legal} of "
            f"{len(positions)} were legal and {play.winning} winning"
        )
        play, words = kept, words.replace("(pile, count)", "(pile, objects left in it)")
    elif play.winning < play.winnable:
        notes.extend(_other_rules(plan.rules, positions, got, plan.seeds[0]))
    settings = {"positions": f"{len(positions)} (every position reachable from the start)"}
    return NimReport(
        **base,
        kind="player",
        interface=words,
        player=play,
        notes=tuple(notes),
        settings=settings,
        pass_mark=1.0,
        timing=NimTiming(wall, cpu),
    )


def _raised_everywhere(
    name: str, positions: Sequence[Piles], records: Mapping[str, Any], got: Sequence[answers.Answer | None]
) -> tuple[str, str] | None:
    """Where it raised ``AttributeError`` or ``TypeError`` in every position with the piles as a list, a tuple and
    a dict, what that says: ``("problem", ...)`` why no position could be asked (written for a game object of its
    own: ``game.piles``), or ``("note", ...)`` where each error came the same whatever the piles' kind (a bug of
    its own code, graded as such). None where it answered."""
    if not got or any(answer is None or answer.text not in SHAPE_ERRORS for answer in got):
        return None
    asked = [found for piles in positions if (found := _first(records, move_key(piles))) is not None]
    first = _first(records, move_key(positions[0]))
    error = answers.move(first).error if first is not None and "failure" not in first else None
    said = error.show() if error is not None else got[0].text if got[0] is not None else "an error"
    if all(answers.move(found).every_shape for found in asked):
        return "note", f"it raised {said} in every position, the same with the piles as a list, a tuple and a dict"
    return "problem", (
        f"no interface recognised: {name} raised in every position with the piles as a list, a tuple and a dict "
        f"({said}); if it takes them another way (a game object of its own), add def best_move(piles) that builds "
        "it and returns the move as (pile, count), or point the checker at another function with --function NAME"
    )


SHAPE_ERRORS = ("AttributeError", "TypeError")
NOT_ASKED = "not asked: the check stopped first"


def _as_left(positions: Sequence[Piles], got: Sequence[answers.Answer | None]) -> list[answers.Answer | None] | None:
    """Every answer (i, j) read as "leave j in pile i" (the move taking ``piles[i] - j``); None if one cannot be."""
    read: list[answers.Answer | None] = []
    for piles, answer in zip(positions, got, strict=True):
        if answer is None or answer.kind != "pair" or answer.pair is None or not 0 <= answer.pair[0] < len(piles):
            return None
        pile, left = answer.pair
        read.append(answers.Answer("pair", (pile, piles[pile] - left)))
    return read


def _other_rules(
    rules: Rules, positions: Sequence[Piles], got: Sequence[answers.Answer | None], seed: int
) -> list[str]:
    """A sentence for the teacher where the player plays the other rules (misère for normal) perfectly: the flag
    that checks it under those, should they be the assignment's. Its grade stays that of the rules asked."""
    other = Rules(not rules.misere, rules.start)
    play = judge_play(NimOracle(other), positions, got, seed)
    if play.winning < play.winnable or play.legal < len(positions):
        return []
    flag = "--game nim:misere" if other.misere else "--game nim --rules normal"
    return [
        f"it plays {'misère' if other.misere else 'normal'} Nim perfectly (a winning move in every winnable "
        f"position of those rules): if that is the game asked, check it with {flag}"
    ]


def _move_answer(found: dict[str, Any] | None) -> answers.Answer | None:
    if found is None:
        return None
    if "failure" in found:
        return answers.Answer("failed", text=failure_words(found))
    reply = answers.move(found)
    if reply.answer is not None:
        return reply.answer
    if reply.error is not None:
        return answers.Answer("error", text=reply.error.type, line=reply.error.line or 0)
    return answers.Answer("other", text="nothing", shown=reply.missing or "no answer")


def _learning(
    base: dict[str, Any],
    plan: NimPlan,
    words: str,
    body: Mapping[str, Any],
    notes: list[str],
    wall: float,
    unit_seed: int,
) -> NimReport:
    cpu = 0.0
    units: list[UnitResult] = []
    unit_records = body.get("units", {})
    for case in unit_cases(unit_seed):
        found = _first(unit_records, unit_key(case.name))
        cpu += _cpu(found)
        if found is None:
            units.append(UnitResult(case.name, case.title, False, "not asked: the check stopped first"))
        elif "failure" in found:
            units.append(UnitResult(case.name, case.title, False, failure_words(found)))
        else:
            units.append(judge_unit(case, answers.unit(found)))
    oracle = NimOracle(plan.rules)
    positions = reachable(plan.rules.start)
    seeds: list[SeedResult] = []
    train_cpu: list[float] = []
    seed_records = body.get("seeds", {})
    # An update_q_value that follows the lab's rule on hand-made tables and another one in training tells the two
    # apart: what it learned there is not the lab's learning (an update that is simply wrong is wrong in both).
    updates = [unit for unit in units if unit.name.startswith("update")]
    two_faced = bool(updates) and all(unit.passed for unit in updates)
    # Its get_q_value, best_future_reward and update_q_value right on hand-made tables: a training write whose old
    # value, reward or future no move of a game gives is no slip of theirs but numbers fed to them.
    methods = [unit for unit in units if unit.name.startswith(("q_", "update", "future"))]
    fed = bool(methods) and all(unit.passed for unit in methods)
    for seed in plan.seeds:
        found = _first(seed_records, seed_key(seed))
        train_cpu.append(_cpu(found))
        seeds.append(_seed(plan, seed, found, positions, oracle, notes, two_faced, fed))
    cpu += sum(train_cpu)
    bugs = list(name_bugs(units, seeds, plan.budget, plan.games))
    in_play = none_in_play(seeds)
    if in_play is not None and not any(bug.kind == "none_at_zero" for bug in bugs):
        bugs.append(in_play)
    settings = {
        "training": f"train({plan.games:,}) once a seed ({', '.join(map(str, plan.seeds))}), "
        f"{plan.budget:g} CPU seconds each (training and the greedy choices)",
        "positions": f"{len(positions)} reachable from {','.join(map(str, plan.start))}, "
        f"{sum(oracle.mover_wins(piles) for piles in positions)} winnable for the side to move",
        "pass mark": f"a winning move in {plan.pass_mark:.0%} of the winnable positions, every seed",
        "hand-made tables": f"values drawn with seed {unit_seed}",
    }
    return NimReport(
        **base,
        kind="learning",
        interface=words,
        units=tuple(units),
        seeds=tuple(seeds),
        bugs=tuple(bugs),
        notes=tuple(notes),
        settings=settings,
        pass_mark=plan.pass_mark,
        timing=NimTiming(wall, cpu, tuple(train_cpu)),
    )


def _uncounted(
    oracle: NimOracle, positions: Sequence[Piles], got: Sequence[answers.Answer | None], off: frozenset[int]
) -> int:
    """How many winning moves ``judge_play`` did not count because they were not the AI's own learned choice."""
    uncounted = 0
    for index in off:
        if index >= len(positions) or index >= len(got) or (answer := got[index]) is None:
            continue
        judged = oracle.judge(positions[index])
        if answer.pair in judged.winning and len(judged.winning) < len(actions(positions[index])):
            uncounted += 1
    return uncounted


def uncounted_note(seed: int, uncounted: int) -> str:
    """The report's note on a seed's winnable positions whose winning move its trained table did not choose."""
    where = "1 winnable position" if uncounted == 1 else f"{uncounted:,} winnable positions"
    return (
        f"seed {seed}: in {where} a winning move was not counted: it was not of the highest value in the trained q"
        " table, or every action's value there was the same"
    )


def _seed(
    plan: NimPlan,
    seed: int,
    found: dict[str, Any] | None,
    positions: Sequence[Piles],
    oracle: NimOracle,
    notes: list[str],
    ruled: bool = False,
    fed: bool = False,
) -> SeedResult:
    """``ruled``: update_q_value followed the lab's rule on every hand-made table, so a training write off it is
    no slip of the student's update but another rule kept for training. ``fed``: its other methods did too, so a
    write that is no move's update (``answers.SeedReply.off_move``) was given numbers no game gives."""
    games = plan.games
    if found is None:
        return SeedResult(seed, games, False, "not run: the check's time was up first", "timeout")
    if "failure" in found:
        if found["failure"] == "timeout":
            words = f"train({games:,}) did not finish within {plan.budget:g} CPU seconds"
            return SeedResult(seed, games, False, words, "timeout")
        return SeedResult(seed, games, False, f"train({games:,}): {failure_words(found)}", "died")
    reply = answers.seed(found)
    if reply.missing:
        return SeedResult(seed, games, False, f"no {reply.missing}", "died", reply.printed)
    if reply.error is not None:
        where = f" in training game {reply.games:,}" if reply.games else ""
        words = f"train({games:,}) raised {reply.error.show()}{where}"
        return SeedResult(seed, games, False, words, "crash", reply.printed)
    if reply.summary is None:
        words = f"train({games:,}) returned {reply.returned or 'nothing'}, not a NimAI with a q table"
        return SeedResult(seed, games, False, words, "returned", reply.printed)
    got: list[answers.Answer | None] = [*reply.answers, *([None] * (len(positions) - len(reply.answers)))]
    off_rule = reply.off_rule if ruled else 0
    off_move = reply.off_move if fed else 0
    off = frozenset(range(len(positions))) if off_rule or off_move else answers.off_table(reply, len(positions))
    off |= _lucky_ties(reply, positions, oracle)
    play = judge_play(oracle, positions, got[: len(positions)], seed, off)
    if off_rule:
        notes.append(
            f"seed {seed}: in training, update_q_value wrote {off_rule:,} values that are not old + alpha * (reward"
            " + future - old) of its own arguments, the rule it follows on hand-made tables, so no greedy choice is"
            " counted"
        )
    elif reply.best is None:
        notes.append(
            f"seed {seed}: the trained q could not be read (not a dict of numbers), so no greedy choice is counted"
        )
    elif reply.unwritten:
        notes.append(
            f"seed {seed}: {reply.unwritten:,} values in the trained q were never written by update_q_value (the table"
            " was filled some other way, not learned), so no greedy choice is counted"
        )
    elif off_move:
        notes.append(
            f"seed {seed}: in training, update_q_value was given {off_move:,} times an old value, a reward or a future"
            " that no move of a game gives (old: the value it learned; reward: -1 or 1 as the game ends, else 0;"
            " future: the best value it learned for the position after the opponent's reply), so no greedy choice"
            " is counted"
        )
    elif uncounted := _uncounted(oracle, positions, got, off):
        notes.append(uncounted_note(seed, uncounted))
    summary = reply.summary
    known = summary.entries >= 0
    return SeedResult(
        seed,
        games,
        True,
        printed=reply.printed,
        lowest_value=summary.lowest if known else None,
        negative_values=summary.negative if known else None,
        entries=summary.entries if known else None,
        play=play,
    )


def failure_words(record: Mapping[str, Any]) -> str:
    """A failure the run recorded, in words: a time-out, or a process that died (its last line of stderr)."""
    if record.get("failure") == "timeout":
        return f"took more than its {record.get('seconds')} s of {record.get('clock', 'cpu')} time"
    status = str(record.get("status", "died"))
    stderr = str(record.get("stderr", "")).strip().splitlines()
    return f"its process {status}" + (f": {stderr[-1][:200]}" if stderr else "")


def _lucky_ties(reply: answers.SeedReply, positions: Sequence[Piles], oracle: NimOracle) -> frozenset[int]:
    """Positions where the table's best actions are a tie of winning and losing ones: which of them the AI picks is
    luck or knowledge from elsewhere (a formula breaking the tie), never what it learned, so it is not counted
    (a nim-sum tie-break over an honest 300-game table took 0.313 of the winnable positions, the lab's 0.281)."""
    lucky = set()
    for index, (piles, best) in enumerate(zip(positions, reply.best or (), strict=False)):
        if best is not None and len(best) > 1:
            winning = oracle.judge(piles).winning
            if best & winning and not best <= winning:
                lucky.add(index)
    return frozenset(lucky)
