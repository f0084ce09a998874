"""How ``perfect`` chooses among equally good moves: the one a fallible opponent is most likely to get wrong.

Against a perfect opponent every best move is as good as any other; against
a person or a weaker level they are not. On the empty 3x3 board every first
move draws, but after a corner only one of O's eight replies (the centre)
keeps the draw, while after the centre four of eight do. So among its best
moves (all of the same exact score: the fastest win, else a draw, else the
slowest loss) ``perfect`` plays the one with the best *chances* against an
opponent that picks each of its legal moves with equal probability. The
chances of a move are the mover's expected result, counting a win 1, a draw
1/2 and a loss 0.

A forced win
    wins whatever the opponent does, so every fastest win has chances 1 and
    nothing more is computed.

Exact chances, when the rest of the game is small
    If at most ``EXACT_POSITIONS`` (6,000) positions can still be reached
    from the position, counted by playing moves without any search (all of
    3x3 has 5,478), the chances are computed exactly by *expectimax*: at the
    opponent's turn the average over all of its legal moves, at our turn the
    highest chances among our best moves (we choose this way later too), at
    the end of the game 1, 1/2 or 0. That asks the analyst about every
    position where we are to move, once: the chances of every position are
    remembered for as long as the analyst object lives.

One reply deep, when it is not
    Otherwise the computer looks one reply ahead. It takes at most
    ``MOVES_LOOKED_AT`` (4) of its best moves, chosen at random when there
    are more, asks for the analysis of the position after each, and averages
    the result each reply of the opponent leads to with best play from then
    on. In a drawn position that is the share of replies that lose. A reply
    whose outcome the analysis did not prove counts as no mistake. So on a
    big board a move costs at most 4 analyses more than at any other level
    (each of a position one ply deeper), plus counting up to 6,000 positions.
    Under a time limit each of those is capped by the limit; without one,
    an analysis after a move can take longer than the one before it (every
    reply of the opponent must be proven).

Moves whose chances are exactly equal (fractions, never floats) are all
returned, for the caller to pick one at random from its ``rng``; that keeps
games varied (the four corners, say) and seeded games repeatable. Nothing
here changes which moves count as best: the chances only break ties among
moves of the same proven score. When the best moves' scores are not all
proven and equal, or an analysis does not list the legal moves of the
position it was asked about, every best move stays a candidate.
"""

from __future__ import annotations

import functools
import random
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from perfectplay.game import Game, Player

if TYPE_CHECKING:
    from perfectplay.search.base.result import Analysis, MoveValue

    Analyst = Callable[[Game[Any], Any], Analysis]

EXACT_POSITIONS = 6_000
"""Most positions the rest of the game may have for the chances to be computed exactly."""

MOVES_LOOKED_AT = 4
"""Most best moves the one-reply rule analyses the position after (one analysis each)."""

REMEMBERED = 200_000
"""Most positions one analyst's memory holds (chances and sizes together) before it starts afresh."""

WIN, DRAW, LOSS = Fraction(1), Fraction(1, 2), Fraction(0)


@dataclass
class Memory:
    """What is remembered for one analyst: exact chances, and which positions are small enough."""

    chances: dict[tuple[Game[Any], Any, Player], Fraction] = field(default_factory=dict)
    small: dict[tuple[Game[Any], Any], bool] = field(default_factory=dict)


_memories: weakref.WeakKeyDictionary[Analyst, Memory] = weakref.WeakKeyDictionary()


def memory_for(analyst: Analyst) -> Memory:
    """The memory kept for ``analyst`` (a fresh one if it cannot be remembered weakly)."""
    try:
        memory = _memories.get(analyst)
        if memory is None or len(memory.chances) + len(memory.small) > REMEMBERED:
            memory = _memories[analyst] = Memory()
    except TypeError:  # not weakly referenceable: remember for this call only
        memory = Memory()
    return memory


def trickiest(game: Game[Any], state: Any, analysis: Analysis, rng: random.Random, analyst: Analyst) -> tuple[int, ...]:
    """The best moves of ``analysis`` (of ``state``) with the highest chances, in move order.

    A subset of ``analysis.best``, never empty; more than one move only when
    their chances are exactly equal (or unknown). ``rng`` is drawn from only
    to choose which moves the one-reply rule looks at; ``analyst`` is not
    asked about ``state`` again, only about positions after it.
    """
    best = tuple(analysis.best)
    if len(best) < 2 or not analysis.complete:
        return best  # a stopped search: its children would take as long again each
    score = common_score(analysis, best)
    if score is None or score > 0:
        return best  # unproven; or a forced win, which wins whatever the opponent does
    me = game.to_move(state)
    memory = memory_for(analyst)
    chances: dict[int, Fraction | None] = {}
    if small_enough(game, state, memory):
        for move in best:
            chances[move] = exact_chances(game, game.play(state, move), me, analyst, memory)
            if chances[move] is None:
                break
    if not chances or None in chances.values():
        looked = best if len(best) <= MOVES_LOOKED_AT else tuple(sorted(rng.sample(best, MOVES_LOOKED_AT)))
        chances = {move: one_reply_chances(game, state, move, score, analyst) for move in looked}
    known = {move: value for move, value in chances.items() if value is not None}
    if len(known) < len(chances):
        return best
    top = max(known.values())
    return tuple(move for move, value in known.items() if value == top)


def proven_score(entry: MoveValue) -> int | None:
    """A move's exact score, or None if the analysis did not prove it."""
    score = entry.score
    if isinstance(score, bool) or not isinstance(score, int) or entry.outcome.name not in ("win", "draw", "loss"):
        return None
    return score


def common_score(analysis: Analysis, moves: Sequence[int]) -> int | None:
    """The score every one of ``moves`` has in ``analysis``, if all are proven and equal."""
    scores = {proven_score(entry) for entry in analysis.moves if entry.move in moves}
    if len(scores) != 1 or None in scores:
        return None
    return scores.pop()


def describes(analysis: Analysis, legal: Sequence[int]) -> bool:
    """Whether ``analysis`` lists exactly the legal moves of the position it was asked about."""
    return sorted(entry.move for entry in analysis.moves) == sorted(legal)


def points(score: int) -> Fraction:
    """The result a score leads to with best play, for the side it belongs to."""
    return WIN if score > 0 else LOSS if score < 0 else DRAW


def final_points(game: Game[Any], state: Any, me: Player) -> Fraction:
    """The result of a finished game for ``me``."""
    winner = game.winner(state)
    return DRAW if winner is None else WIN if winner is me else LOSS


def small_enough(game: Game[Any], state: Any, memory: Memory) -> bool:
    """Whether at most ``EXACT_POSITIONS`` positions can be reached from ``state`` (itself included).

    Counts by playing moves only, and stops as soon as the count is passed.
    Every position reached from a small one is small too, and remembered so.
    """
    known = memory.small.get((game, state))
    if known is not None:
        return known
    seen = {state}
    frontier = [state]
    while frontier:
        position = frontier.pop()
        if game.is_over(position):
            continue
        for move in game.legal_moves(position):
            after = game.play(position, move)
            if after not in seen:
                if len(seen) >= EXACT_POSITIONS:
                    memory.small[game, state] = False
                    return False
                seen.add(after)
                frontier.append(after)
    memory.small.update(((game, position), True) for position in seen)
    return True


def exact_chances(game: Game[Any], start: Any, me: Player, analyst: Analyst, memory: Memory) -> Fraction | None:
    """``me``'s expected result from ``start`` by expectimax, or None if an analysis was unusable.

    The opponent picks each legal move with equal probability; ``me`` plays
    the best moves with the highest chances. Walks the positions with an
    explicit stack (long games must not hit Python's recursion limit); a
    position's chances are stored once all of its successors' are.
    """
    chances = memory.chances
    stack: list[tuple[Any, tuple[Any, ...] | None]] = [(start, None)]
    open_positions: set[Any] = set()
    while stack:
        position, successors = stack.pop()
        key = (game, position, me)
        if key in chances:
            continue
        if successors is not None:
            values = [chances[game, after, me] for after in successors]
            if game.to_move(position) is me:
                chances[key] = max(values)
            else:
                chances[key] = sum(values, Fraction(0)) / len(values)
            open_positions.discard(position)
            continue
        if game.is_over(position):
            chances[key] = final_points(game, position, me)
            continue
        moves: Sequence[int] = game.legal_moves(position)
        if game.to_move(position) is me:
            analysis = analyst(game, position)
            if not describes(analysis, moves) or any(proven_score(entry) is None for entry in analysis.moves):
                return None
            moves = analysis.best
        successors = tuple(game.play(position, move) for move in moves)
        if open_positions.intersection(successors):
            return None  # a position that repeats: not a game this rule can average over
        open_positions.add(position)
        stack.append((position, successors))
        stack.extend((after, None) for after in successors)
    return chances[game, start, me]


def one_reply_chances(game: Game[Any], state: Any, move: int, score: int, analyst: Analyst) -> Fraction | None:
    """The mover's expected result if the opponent answers ``move`` at random, both perfect after that.

    ``score`` is the move's proven score; a reply the analysis did not prove
    counts as keeping that result. None if the analysis of the position after
    ``move`` does not list exactly its legal moves.
    """
    after = game.play(state, move)
    if game.is_over(after):
        return points(score)
    replies = analyst(game, after)
    if not describes(replies, game.legal_moves(after)):
        return None
    total = Fraction(0)
    for entry in replies.moves:
        their = proven_score(entry)
        total += points(score) if their is None else points(-their)
    return total / len(replies.moves)


Results = tuple[Fraction, Fraction, Fraction]
"""Probabilities of a win, a draw and a loss, in that order."""


def expected_results(game: Game[Any], state: Any, me: Player, choices: Callable[[Any], Sequence[int]]) -> Results:
    """Exact probabilities that ``me`` wins, draws, loses from ``state`` against a uniformly random opponent.

    ``choices(position)`` lists the moves ``me`` picks from with equal
    probability in a position where it is to move (the moves a level may
    play there); the opponent picks each legal move with equal probability.
    A measuring tool for small games: it visits every position that can be
    reached, remembering each, and recurses once per ply.
    """

    @functools.cache
    def results(position: Any) -> Results:
        if game.is_over(position):
            ending = final_points(game, position, me)
            return (Fraction(ending == WIN), Fraction(ending == DRAW), Fraction(ending == LOSS))
        moves = choices(position) if game.to_move(position) is me else game.legal_moves(position)
        after = [results(game.play(position, move)) for move in moves]
        return (
            sum((win for win, _, _ in after), Fraction(0)) / len(after),
            sum((draw for _, draw, _ in after), Fraction(0)) / len(after),
            sum((loss for _, _, loss in after), Fraction(0)) / len(after),
        )

    return results(state)
