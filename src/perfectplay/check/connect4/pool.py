"""The Connect Four check's positions, generated and solved per check: no answer key ships with perfectplay.

A check's seed plays games between players of several strengths (random,
tactical: takes a win, blocks one, avoids giving one; strong: keeps the
value where the solver proves it cheaply), mixed per side and per game,
and stops each game at a ply of the phase asked for. The position there is
kept when the solver values every legal move within ``NODES`` nodes (a node
budget, so the same seed gives the same positions on any machine) and when
it is **decisive**: some moves keep its value and some throw it away. In a
position where every move keeps the value (or every move loses) the
mover's choice changes nothing, and asking it would measure nothing: a
first-legal-column agent is right there as often as a perfect one.

The positions at these plies number in the trillions, so no table a student
carries can hold a check's positions: each check's are new, and the same
``seed`` draws the same ones again (a regrade).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from typing import Any

from perfectplay import Connect4, Limit
from perfectplay.check.connect4.suite import PHASES, SuitePosition, sign
from perfectplay.search.solver import score_moves

PHASE_PLIES: dict[str, tuple[int, int]] = {"opening": (12, 15), "middle": (16, 26), "ending": (27, 38)}
"""Each phase's plies. Openings start at 12: earlier positions are few enough to be carried as a book, and the
solver's proofs there cost far more than a check should spend."""
PHASE_SHARES: dict[str, float] = {"opening": 0.3, "middle": 0.4, "ending": 0.3}
MAX_POSITIONS = 2_000
"""The most positions one check asks (``--positions``): about two minutes of the solver's time."""
NODES = 800_000
"""The solver's budget per position (about a second of the compiled core at the dearest openings): a position
it cannot value within it is not asked."""
STRONG_NODES = 30_000
"""The strong player's budget per move; past it the strong player plays as the tactical one."""
STYLES = ("random", "tactical", "tactical", "strong", "strong")
"""The players' styles, drawn per side and per game (a random player now and then makes unbalanced positions)."""
TRIES_PER_POSITION = 60
"""How many games a phase may play per position it needs before it gives up on the rest (never reached in
practice: about one game in three gives a decisive position)."""


def phase_counts(count: int) -> dict[str, int]:
    """How many positions each phase gets of ``count`` (the last phase takes the remainder)."""
    counts: dict[str, int] = {}
    for index, phase in enumerate(PHASES):
        left = count - sum(counts.values())
        counts[phase] = left if index == len(PHASES) - 1 else min(left, round(count * PHASE_SHARES[phase]))
    return counts


@functools.lru_cache(maxsize=4)  # a class run draws once for all its students
def draw_positions(count: int, seed: int) -> tuple[SuitePosition, ...]:
    """``count`` decisive positions, every phase in its share, generated and solved from ``seed``.

    The same ``count`` and ``seed`` give the same positions (and scores) on any machine.
    """
    game = Connect4()
    chosen: list[SuitePosition] = []
    seen: set[str] = set()
    for phase, wanted in phase_counts(count).items():
        rng = random.Random(f"connect4 positions:{seed}:{phase}")
        found = 0
        for moves in _games(game, phase, rng, wanted * TRIES_PER_POSITION):
            if found == wanted:
                break
            if moves in seen:
                continue
            seen.add(moves)
            position = solved(game, moves, phase)
            if position is not None and decisive(position):
                chosen.append(position)
                found += 1
    return tuple(chosen)


def decisive(position: SuitePosition) -> bool:
    """Whether the mover's choice can change the outcome: some legal move keeps the value, some loses it."""
    kept = [sign(score) == position.value for score in position.scores if score is not None]
    return any(kept) and not all(kept)


def solved(game: Connect4, moves: str, phase: str, nodes: int = NODES) -> SuitePosition | None:
    """The position after ``moves`` with every legal move's exact score, or None past ``nodes``."""
    state = game.initial_state()
    for char in moves:
        state = game.play(state, int(char) - 1)
    analysis = score_moves(game, state, Limit(nodes=nodes))
    if not analysis.complete or any(entry.score is None for entry in analysis.moves):
        return None
    by_move = {entry.move: int(entry.score) for entry in analysis.moves if entry.score is not None}
    return SuitePosition(moves, phase, tuple(by_move.get(col) for col in range(game.width)))


def _games(game: Connect4, phase: str, rng: random.Random, tries: int) -> Iterator[str]:
    """Up to ``tries`` seeded games' moves, each stopped at a ply of ``phase`` (games over before it are skipped)."""
    first, last = PHASE_PLIES[phase]
    for _ in range(tries):
        stop = rng.randint(first, last)
        styles = (rng.choice(STYLES), rng.choice(STYLES))
        state = game.initial_state()
        moves = ""
        while len(moves) < stop and not game.is_over(state):
            column = _pick(game, state, styles[len(moves) % 2], rng)
            state = game.play(state, column)
            moves += str(column + 1)
        if len(moves) == stop and not game.is_over(state):
            yield moves


def _pick(game: Connect4, state: Any, style: str, rng: random.Random) -> int:
    moves = list(game.legal_moves(state))
    if style == "random":
        return rng.choice(moves)
    wins = [move for move in moves if game.winner(game.play(state, move)) is not None]
    if wins:
        return rng.choice(wins)
    if style == "strong" and bin(state.x | state.o).count("1") >= 18:
        analysis = score_moves(game, state, Limit(nodes=STRONG_NODES))
        if analysis.complete and all(entry.score is not None for entry in analysis.moves):
            best = max(sign(int(entry.score or 0)) for entry in analysis.moves)
            return rng.choice([entry.move for entry in analysis.moves if sign(int(entry.score or 0)) == best])
    other = state._replace(to_move=state.to_move.other)
    blocks = [move for move in game.legal_moves(other) if game.winner(game.play(other, move)) is not None]
    if blocks:
        return rng.choice(blocks)
    safe = [move for move in moves if not _gives_a_win(game, game.play(state, move))]
    return rng.choice(safe or moves)


def _gives_a_win(game: Connect4, after: Any) -> bool:
    if game.is_over(after):
        return False
    return any(game.winner(game.play(after, reply)) is not None for reply in game.legal_moves(after))
