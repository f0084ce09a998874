"""Judging a Nim submission's answers against the specification and against exact play, on the trusted side.

``judge_unit`` holds one hand-made Q-table case against what CS50's
specification says; ``judge_play`` holds the greedy choices (or a player's
moves) in every position against the exact values (``positions.NimOracle``)
and plays games from the start against perfect play and a random mover.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from perfectplay.check.nim.answers import Answer, UnitReply
from perfectplay.check.nim.model import Games, Play, UnitResult, Wrong
from perfectplay.check.nim.positions import Action, NimOracle, Piles, actions, after, show
from perfectplay.check.nim.questions import SHARE_ASKS, TOLERANCE, Case, share_bounds

WRONG_SHOWN = 6
"""Wrong positions drawn in a report (the simplest first); the rest are counted."""

RANDOM_GAMES = 100
"""Games against the random mover in each seat."""


def _table_text(case: Case) -> str:
    entries = ", ".join(f"{_key(piles, action)}: {value:g}" for piles, action, value in case.table)
    return "{" + entries + "}"


def _key(piles: Piles, action: Action) -> str:
    return f"(({', '.join(str(pile) for pile in piles)}), ({action[0]}, {action[1]}))"


def call_text(case: Case) -> str:
    """The call in Python, as a student would write it: the state, then what the method takes besides."""
    arguments = [str(list(case.state))]
    if case.method in ("get_q_value", "update_q_value"):
        arguments.append(str(case.action))
    if case.method == "update_q_value":
        arguments.extend(f"{number:g}" for number in case.more)  # old_q, reward, future_rewards
    if case.method == "choose_action":
        arguments.append(f"epsilon={case.greedy_flag}")
    return f"{case.method}({', '.join(arguments)})"


def setting(case: Case) -> str:
    """The AI the case made: its alpha and epsilon when not the defaults, and its table."""
    made = f"NimAI(alpha={case.alpha:g})" if case.alpha is not None else "NimAI()"
    extra = f", self.epsilon = {case.epsilon:g}" if case.epsilon is not None else ""
    return f"{made}{extra}, self.q = {_table_text(case)}"


def judge_unit(case: Case, reply: UnitReply) -> UnitResult:
    """Right or wrong, with the call and its answer in words."""
    asked = f"{setting(case)}; {call_text(case)}"
    if reply.missing:
        return UnitResult(case.name, case.title, False, f"{asked}: NimAI has no method {reply.missing}")
    if reply.error is not None and not reply.answers:
        return UnitResult(case.name, case.title, False, f"{asked} raised {reply.error.show()}")
    if case.method in ("get_q_value", "best_future_reward"):
        return _value(case, reply, asked)
    if case.method == "update_q_value":
        return _update(case, reply, asked)
    return _choices(case, reply, asked)


def _value(case: Case, reply: UnitReply, asked: str) -> UnitResult:
    got = reply.answers[0] if reply.answers else Answer("none")
    expected = case.expect_value
    assert expected is not None
    right = got.kind == "number" and got.number is not None and abs(got.number - expected) <= TOLERANCE
    detail = f"{asked} returned {got.show()}" + ("" if right else f", the specification says {expected:g}")
    return UnitResult(case.name, case.title, right, detail, value=got.number if got.kind == "number" else None)


def _update(case: Case, reply: UnitReply, asked: str) -> UnitResult:
    expected = case.expect_value
    assert expected is not None and case.action is not None
    if reply.error is not None:
        return UnitResult(case.name, case.title, False, f"{asked} raised {reply.error.show()}")
    if reply.table is None:
        return UnitResult(case.name, case.title, False, f"{asked} left self.q as {reply.table_text or '?'}")
    found = [value for piles, action, value in reply.table if piles == case.state and action == case.action]
    key = _key(case.state, case.action)
    if not found:
        return UnitResult(case.name, case.title, False, f"{asked} left no value under {key} in self.q")
    right = abs(found[0] - expected) <= TOLERANCE
    detail = f"{asked} left self.q[{key}] = {found[0]:g}" + ("" if right else f", the specification says {expected:g}")
    return UnitResult(case.name, case.title, right, detail)


def _choices(case: Case, reply: UnitReply, asked: str) -> UnitResult:
    answers = reply.answers
    legal = actions(case.state)
    illegal = [answer for answer in answers if answer.kind != "pair" or answer.pair not in legal]
    right_ones = case.best or case.expect_actions
    counts = {
        "answers": len(answers),
        "wrong": sum(1 for answer in answers if answer not in illegal and answer.pair not in right_ones),
        "nones": sum(1 for answer in answers if answer.kind == "none"),
        "illegal": len(illegal),
        "distinct": len({answer.show() for answer in answers}),
    }
    if reply.error is not None:
        detail = f"{asked} raised {reply.error.show()} after {len(answers)} answers"
        return UnitResult(case.name, case.title, False, detail, **counts)
    if illegal:
        detail = f"{asked} returned {illegal[0].show()} ({len(illegal)} of {len(answers)} answers)"
        return UnitResult(case.name, case.title, False, detail, **counts)
    if case.best:
        others = counts["wrong"]
        share = others / max(len(answers), 1)
        assert case.epsilon is not None
        low, high = share_bounds(case.epsilon, len(legal), SHARE_ASKS)
        right = low <= share <= high and len(answers) == case.repeat
        detail = (
            f"{asked}: {others} of {len(answers)} answers ({share:.1%}) were not the best action; "
            f"with self.epsilon {case.epsilon:g} and {len(legal)} actions, from {low:.1%} to {high:.1%} is right "
            "(99.9 % of right answers fall there)"
        )
        return UnitResult(case.name, case.title, right, detail, **counts)
    wrong = [answer for answer in answers if answer.pair not in case.expect_actions]
    expected = " or ".join(f"({a}, {b})" for a, b in sorted(case.expect_actions))
    if wrong or len(answers) != case.repeat:
        detail = f"{asked} returned {wrong[0].show() if wrong else '?'} in {len(wrong)} of {len(answers)} calls"
        return UnitResult(case.name, case.title, False, f"{detail}; the best is {expected}", **counts)
    return UnitResult(case.name, case.title, True, f"{asked} returned {expected} every time", **counts)


def judge_play(
    oracle: NimOracle,
    positions: Sequence[Piles],
    answers: Sequence[Answer | None],
    seed: int,
    off_table: frozenset[int] = frozenset(),
    unanswered: str = "no answer",
) -> Play:
    """The answers in ``positions`` (None: not answered, shown as ``unanswered``) against exact play, and games from
    the start.

    An answer whose index is in ``off_table`` was not of the highest value in the AI's own table, or its table
    held the same value for every action: not a learned choice, so it counts as a winning move only where
    every action wins."""
    table: dict[Piles, Answer | None] = {}
    winnable = winning = legal = nones = errors = 0
    wrong: list[Wrong] = []
    first_none: Piles | None = None
    first_illegal: tuple[Piles, str] | None = None
    for index, (piles, answer) in enumerate(zip(positions, answers, strict=True)):
        table[piles] = answer
        judged = oracle.judge(piles)
        is_legal = answer is not None and answer.kind == "pair" and answer.pair in actions(piles)
        legal += is_legal
        if answer is not None and answer.kind == "none":
            nones += 1
            first_none = _simpler(first_none, piles)
        elif answer is None or answer.kind in ("error", "failed"):
            errors += 1
        if not is_legal:
            shown = unanswered if answer is None else answer.show()
            if first_illegal is None or sum(piles) < sum(first_illegal[0]):
                first_illegal = (piles, shown)
        if judged.wins:
            winnable += 1
            # Where every action wins, any choice wins, whatever the table says.
            counted = index not in off_table or len(judged.winning) == len(actions(piles))
            if is_legal and answer is not None and answer.pair in judged.winning and counted:
                winning += 1
            else:
                chose = unanswered if answer is None else answer.show()
                if not counted:
                    chose += (
                        ", not a learned best: not of the highest value in its own table, all values equal, or"
                        " tied there with a losing move"
                    )
                wrong.append(Wrong(piles, chose, tuple(sorted(judged.winning))))
    wrong.sort(key=lambda item: (sum(item.piles), item.piles))
    return Play(
        asked=len(positions),
        winnable=winnable,
        winning=winning,
        legal=legal,
        none_answers=nones,
        errors=errors,
        wrong=tuple(wrong[:WRONG_SHOWN]),
        wrong_total=len(wrong),
        games=games(oracle, table, seed),
        first_none=first_none,
        first_illegal=first_illegal,
    )


def _simpler(current: Piles | None, piles: Piles) -> Piles:
    return piles if current is None or (sum(piles), piles) < (sum(current), current) else current


def perfect_move(oracle: NimOracle, piles: Piles) -> Action:
    """perfectplay's exact player: the first winning move, or one object from the largest pile when lost."""
    winning = oracle.judge(piles).winning
    if winning:
        return min(winning)
    largest = max(range(len(piles)), key=lambda index: (piles[index], -index))
    return (largest, 1)


def games(oracle: NimOracle, table: Mapping[Piles, Answer | None], seed: int) -> tuple[Games, ...]:
    """Games from the start with the AI's answers: against perfect play once a seat, against random many times."""
    start = oracle.rules.start
    rng = random.Random(seed)
    found = []
    for opponent, rounds in (("perfect", 1), ("random", RANDOM_GAMES)):
        for first in (True, False):
            won = forfeits = 0
            for _ in range(rounds):
                result = _game(oracle, table, start, first, opponent, rng)
                won += result == "win"
                forfeits += result == "forfeit"
            lost_start = opponent == "perfect" and oracle.mover_wins(start) != first
            found.append(Games(opponent, first, won, rounds, forfeits, lost_start))
    return tuple(found)


def _game(
    oracle: NimOracle,
    table: Mapping[Piles, Answer | None],
    start: Piles,
    first: bool,
    opponent: str,
    rng: random.Random,
) -> str:
    piles = start
    ai_moves = first
    while any(piles):
        if ai_moves:
            answer = table.get(piles)
            if answer is None or answer.kind != "pair" or answer.pair not in actions(piles):
                return "forfeit"
            move = answer.pair
        elif opponent == "perfect":
            move = perfect_move(oracle, piles)
        else:
            move = rng.choice(sorted(actions(piles)))
        assert move is not None
        piles = after(piles, move)
        if not any(piles):
            took_last_wins = not oracle.rules.misere
            return "win" if ai_moves == took_last_wins else "loss"
        ai_moves = not ai_moves
    return "loss"


def position_text(piles: Piles) -> str:
    """Piles drawn one a line, for a report (``Pile 0: |||``, as CS50's ``play`` numbers them)."""
    return "\n".join(f"  pile {index}: {'|' * size or '-'}  ({size})" for index, size in enumerate(piles)) + (
        f"\n  ({show(piles)})"
    )
