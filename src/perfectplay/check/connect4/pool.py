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

from perfectplay import Connect4, Connect4State, Limit, Player
from perfectplay.check.connect4.suite import PHASES, SuitePosition, sign
from perfectplay.search.solver import score_moves

PHASE_PLIES: dict[str, tuple[int, int]] = {"opening": (12, 15), "middle": (16, 26), "ending": (27, 38)}
"""Each phase's plies. Openings start at 12: earlier positions are few enough to be carried as a book, and the
solver's proofs there cost far more than a check should spend."""
PHASE_SHARES: dict[str, float] = {"opening": 0.3, "middle": 0.4, "ending": 0.3}
NODES = 800_000
"""The solver's budget per position (about a second of the compiled core at the dearest openings): a position
it cannot value within it is not asked."""
STRONG_NODES = 30_000
"""The strong player's budget per move; past it the strong player plays as the tactical one."""
STYLES = ("random", "tactical", "tactical", "strong", "strong")
"""The players' styles, drawn per side and per game (a random player now and then makes unbalanced positions)."""
TRIES_PER_POSITION = 60
"""How many games a phase may play per position it needs before it gives up on the rest."""
LEAST_TRIES = 600
"""How many games a phase may play however few positions it needs. An ending is decisive far less often than a
middle game (many games are over before its ply, or every move there keeps the value): a run of 60 games without
one came up for one seed in 150 when a check asked a single ending, and the check asked a position fewer. More
games change no draw that was whole: a phase stops at its last position."""


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
        for moves in _games(game, phase, rng, max(wanted * TRIES_PER_POSITION, LEAST_TRIES)):
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


def _pick(game: Connect4, state: Connect4State, style: str, rng: random.Random) -> int:
    moves = list(game.legal_moves(state))
    if style == "random":
        return rng.choice(moves)
    # The tactics look two plies ahead in every column, a hundred times a game: on the bitmasks, not through
    # ``game.play`` (a state built for each look, seven replies to each move), which made them most of the
    # games' cost. The same moves, in the same order, so the same seed draws the same positions.
    taken = state.x | state.o
    mine, theirs = (state.x, state.o) if state.to_move is Player.X else (state.o, state.x)
    landing = {move: _landing(game, taken, move) for move in moves}
    wins = [move for move in moves if _completes(game, mine, landing[move])]
    if wins:
        return rng.choice(wins)
    if style == "strong" and taken.bit_count() >= 18:
        analysis = score_moves(game, state, Limit(nodes=STRONG_NODES))
        if analysis.complete and all(entry.score is not None for entry in analysis.moves):
            best = max(sign(int(entry.score or 0)) for entry in analysis.moves)
            return rng.choice([entry.move for entry in analysis.moves if sign(int(entry.score or 0)) == best])
    # Where the opponent would win with one stone: among the cells it can reach now or after one move of ours
    # (a stone of ours changes which cells are open, never which of them complete its lines).
    above = [cell - game.width for cell in landing.values() if cell >= game.width]
    threats = {cell for cell in (*landing.values(), *above) if _completes(game, theirs, cell)}
    blocks = [move for move in moves if landing[move] in threats]
    if blocks:
        return rng.choice(blocks)
    safe = [move for move in moves if not _opens_a_win(game, landing, move, threats)]
    return rng.choice(safe or moves)


def _landing(game: Connect4, taken: int, column: int) -> int:
    """The cell a stone dropped into ``column`` (not full) lands on, ``taken`` the cells with a stone."""
    return (game.height - 1 - (taken & game.columns[column]).bit_count()) * game.width + column


def _completes(game: Connect4, stones: int, cell: int) -> bool:
    """Whether a stone on ``cell`` gives ``stones`` four in a row (as ``game.play`` finds a winner)."""
    stones |= 1 << cell
    return any(stones & line == line for line in game.lines_through[cell])


def _opens_a_win(game: Connect4, landing: dict[int, int], move: int, threats: set[int]) -> bool:
    """Whether after ``move`` the opponent wins at once: on the cell above it, or in another open column."""
    above = landing[move] - game.width
    return (above >= 0 and above in threats) or any(
        cell in threats for column, cell in landing.items() if column != move
    )
