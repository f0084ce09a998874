"""Computer players: how a level turns the exact analysis of a position into one move.

Every level is a rule stated on the exact outcome of each legal move, as
``analyze`` reports it ("win in 3", "draw", "loss in 4"). Whatever random
choice a level makes is drawn from the ``rng`` it is given, so a seeded
generator repeats a game exactly.

perfect
    Plays a best move: the fastest win, else a draw, else the slowest loss.
    Among equally good moves it plays the one that gives a fallible opponent
    the most ways to go wrong: the one with the best expected result against
    an opponent who picks each legal move with equal chance (a win counts 1,
    a draw 1/2, a loss 0). When the rest of the game has at most 6,000
    positions (all of 3x3 has 5,478) that expectation is exact (expectimax,
    with ``perfect`` choosing this way again on its later moves); on bigger
    boards it looks one reply ahead, at no more than 4 of its best moves:
    what share of the opponent's answers would throw away its result. So a
    move costs at most 4 analyses more than at the other levels. Moves whose
    chances are exactly equal (e.g. the four corners) are picked at random.
    This never trades score for trickiness: the choice is only ever among
    moves of the same exact score. Details: ``perfectplay.play.tiebreak``.
friendly
    Never loses, but would rather draw than crush you. It takes a win in one
    when it has one; otherwise it plays a move that keeps the draw if there
    is one; only when every move that does not lose is a win does it win, and
    then as slowly as it can. A lost position is played like ``perfect``.
hard, medium, easy
    Each move is either a *best* move (any of them, at random) or, with a stated
    chance, a *casual* move: one that looks best to a player who sees only
    ``lookahead`` plies ahead. Such a player sees a win or a loss only if it
    comes within ``lookahead`` plies, and every other move looks like a draw;
    among the moves that look best it picks at random. That is exactly the
    choice of a depth-limited minimax with a neutral evaluation at the
    horizon, stated on exact outcomes.

    ====== ============= ========= ==========================================
    level  casual chance lookahead what a person notices
    ====== ============= ========= ==========================================
    hard   1 in 4        4 plies   makes forks and sees yours coming; deeper
                                   traps catch it now and then
    medium 1 in 2        2 plies   always wins in one and blocks, but walks
                                   into forks
    easy   1 in 2        1 ply     always takes a win in one, but half the
                                   time does not block you
    ====== ============= ========= ==========================================

    A lookahead of 2 plies sees a win in one (ply 1) and the reply that
    would beat it (ply 2), so ``hard`` and ``medium`` always take an
    immediate win and always block an immediate loss, on casual moves too.
random
    A uniformly random legal move (the casual rule with lookahead 0 and
    chance 1: with no lookahead every move looks the same). For testing.
depthD:EVAL (e.g. ``depth2:open-lines``)
    The course labs' next chapter as a player: a depth-``D`` minimax (run as
    alpha-beta, same choices) with the evaluation ``EVAL`` at its horizon
    (``perfectplay.teaching.evaluators``: ``none``, ``open-lines``,
    ``threats``, ``engine`` or your own ``module:function``; ``depthD``
    alone uses ``open-lines`` on games of lines, else ``none``). It plays
    one of the moves that search values best, at random, so a match
    between two of them measures which evaluation plays better. Each move
    visits at most ``DEPTH_NODES`` nodes.

Strength: perfect > hard > medium > easy > random, measured against the
same opponents (``benchmarks/strength.py``). ``friendly`` is a style beside
``perfect`` rather than a rung on that ladder: it never loses, like
``perfect``, but it turns down wins, so weak opponents draw it more often
than they draw ``hard``.
"""

from __future__ import annotations

import functools
import random
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from perfectplay.errors import PerfectplayError
from perfectplay.game import Game, State
from perfectplay.play.tiebreak import trickiest
from perfectplay.search.alphabeta import alphabeta
from perfectplay.search.analysis import analyze
from perfectplay.search.base.limits import Limit
from perfectplay.search.base.result import Analysis, MoveValue
from perfectplay.search.mcts import mcts, mcts_checkpoints
from perfectplay.teaching.evaluators import Evaluation, default_evaluation, get_evaluation
from perfectplay.words import no_move_text

Analyst = Callable[[Game[Any], Any], Analysis]
"""What a player asks for the exact analysis of a position. ``analyze`` by
default; a match passes a cached one, and a time budget would be passed the
same way (``functools.partial(analyze, limit=...)``)."""


@dataclass(frozen=True, slots=True)
class Level:
    """A computer level that mixes best moves with casual ones (see the module docstring).

    ``casual_chance`` is the probability that a move is casual; ``lookahead``
    is how many plies ahead a casual move sees. ``perfect`` is chance 0 and
    ``random`` chance 1 with lookahead 0.
    """

    name: str
    casual_chance: Fraction
    lookahead: int


MIXED_LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("perfect", Fraction(0), 0),
        Level("hard", Fraction(1, 4), 4),
        Level("medium", Fraction(1, 2), 2),
        Level("easy", Fraction(1, 2), 1),
        Level("random", Fraction(1), 0),
    )
}

LEVELS: tuple[str, ...] = ("perfect", "friendly", "hard", "medium", "easy", "random")
"""Names of the computer's levels, strongest first (``friendly`` sits beside ``perfect``)."""

LADDER: tuple[str, ...] = ("perfect", "hard", "medium", "easy", "random")
"""The levels ordered by strength, each at least as strong as the next against any opponent."""


DEPTH_NODES = 1_000_000
"""Most nodes a ``depthD:EVAL`` player's search may visit for one move (it then plays the best it found)."""

MAX_DEPTH = 30
"""Deepest search a ``depthD:EVAL`` player may be given."""

_DEPTH_SPEC = re.compile(r"depth([0-9]{1,18})(?::(.+))?", re.IGNORECASE | re.DOTALL)

_MCTS_SPEC = re.compile(r"mcts:?([0-9]{1,18})", re.IGNORECASE)

MCTS_MAX_ITERATIONS = 200_000
"""Most iterations an ``mctsN`` player may be given (a few seconds a move in Python)."""

LEVEL_HELP = (
    f"one of {', '.join(LEVELS)}, depthD:EVAL for a depth-limited search (e.g. depth2:open-lines), "
    "or mcts:N for Monte Carlo tree search with N iterations a move (e.g. mcts:1000)"
)
"""What a level may be, for help texts and errors."""

PROVEN_NODES = 250_000
"""Positions within which the engine must solve a game from its first move for ``perfect`` to be called so there.

A node budget, not seconds, so the word never depends on how busy the
machine is; the pure-Python solver visits it in about a second, within
the terminal's and the page's time limits (4x4 k=4 needs about 100,000,
Connect Four 5x4 about 200,000; 5x5 and 7x6 Connect Four are far beyond).
"""


_PROVEN: dict[tuple[Game[Any], int], bool] = {}


def proven_from_start(game: Game[Any], nodes: int = PROVEN_NODES) -> bool:
    """Whether ``perfect`` plays ``game`` proven from the first move: the engine solves it within ``nodes``.

    Where it does not, the strongest level is exact only once the search
    finishes in time (near the end) and plays the best move found before
    that; the terminal and the page then say so instead of "perfect".
    Remembered per game (games are hashable), so the page's game list pays once.
    A start answered from positions solved ahead of time (Connect Four's exact
    layer) is no such proof: the moves after it may still be searched past
    their limit.
    """
    key = (game, nodes)
    if key not in _PROVEN:
        start = analyze(game, game.initial_state(), limit=Limit(nodes=nodes))
        _PROVEN[key] = start.complete and start.algorithm not in ("layer", "book")
    return _PROVEN[key]


@dataclass(frozen=True)
class DepthLevel:
    """A player that plays a depth-limited search's choice: ``depth`` plies, then ``evaluation``.

    ``moves`` are the moves that search values best (the root's moves are
    ply 1; positions ``depth`` plies below are evaluated unless the game
    ended sooner); a player picks one of them at random.
    """

    depth: int
    evaluation: Evaluation
    memory: dict[tuple[Game[Any], Any], tuple[int, ...]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def name(self) -> str:
        return f"depth{self.depth}:{self.evaluation.name}"

    def moves(self, game: Game[State], state: State, seconds: float | None = None) -> tuple[int, ...]:
        """The best moves of its search.

        Within ``seconds`` its own depth is searched first, in half of them: finished (on small boards always),
        those are its moves, as without a clock. Cut short (a search cut short may have looked at a single move),
        it searches 1 ply deep, then 2, in the other half, and plays the best moves of the deepest search the
        clock let it finish. Searching shallow first every time cost a 4x4 match a fifth more CPU.
        """
        key = (game, state)
        known = self.memory.get(key)
        if known is not None:
            return known
        evaluate = self.evaluation.function
        deadline = None if seconds is None else time.perf_counter() + seconds
        half = None if seconds is None else seconds / 2
        found = alphabeta(game, state, Limit(depth=self.depth, nodes=DEPTH_NODES, seconds=half), evaluate=evaluate)
        if deadline is not None and half is not None and found.seconds >= half:
            # Stopped by the clock: another machine gets further, so nothing is remembered.
            best = found.best
            for depth in range(1, self.depth):
                left = deadline - time.perf_counter()
                if left <= 0:
                    break
                shallow = alphabeta(game, state, Limit(depth=depth, nodes=DEPTH_NODES, seconds=left), evaluate=evaluate)
                if shallow.seconds >= left:
                    break
                best = shallow.best
            return best
        known = found.best
        if len(self.memory) >= 100_000:
            self.memory.clear()
        self.memory[key] = known
        return known


def depth_level(text: str, game: Game[Any] | None = None, *, load: bool = False) -> DepthLevel | None:
    """The ``depthD:EVAL`` player ``text`` names (checked against ``game``), or None if it is not one.

    ``load`` allows importing your own ``module:function`` evaluation (see
    ``get_evaluation``). Raises ``PerfectplayError`` for a depth out of
    range or an evaluation that is unknown or does not suit the game.
    """
    match = _DEPTH_SPEC.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None:
        return None
    key: Any = game  # games are hashable (their states are table keys); the Protocol does not say so
    return _depth_level(int(match.group(1)), match.group(2), key, load)


@functools.lru_cache(maxsize=64)
def _depth_level(depth: int, evaluation: str | None, game: Any, load: bool) -> DepthLevel:
    if not 1 <= depth <= MAX_DEPTH:
        raise PerfectplayError(f"a depth player searches 1 to {MAX_DEPTH} plies, not {depth}")
    name = evaluation if evaluation is not None else ("none" if game is None else default_evaluation(game))
    return DepthLevel(depth, get_evaluation(name, game, load=load))


def mcts_level(text: str) -> int | None:
    """The iterations a move of the ``mcts:N`` player ``text`` names, or None if it is not one."""
    match = _MCTS_SPEC.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None:
        return None
    iterations = int(match.group(1))
    if not 1 <= iterations <= MCTS_MAX_ITERATIONS:
        raise PerfectplayError(
            f"an mcts player runs 1 to {MCTS_MAX_ITERATIONS:,} iterations a move, not {iterations:,}"
        )
    return iterations


def check_level(level: str, game: Game[Any] | None = None) -> str:
    """Return ``level`` if it names a level, a ``depthD:EVAL`` or an ``mcts:N`` player; else ``PerfectplayError``."""
    if level in LEVELS or depth_level(level, game) is not None or mcts_level(level) is not None:
        return level
    raise PerfectplayError(f"unknown level {str(level)[:40]!r}: use {LEVEL_HELP}")


def looks_like(entry: MoveValue, lookahead: int) -> int:
    """The score a player who sees ``lookahead`` plies ahead gives this move.

    A win or loss that comes within the horizon is seen exactly; anything
    further away (or unproven) looks like a draw (0).
    """
    plies = entry.outcome.plies
    if entry.score is not None and plies is not None and plies <= lookahead:
        return entry.score
    return 0


def casual_moves(analysis: Analysis, lookahead: int) -> tuple[int, ...]:
    """The moves that look best to a player seeing ``lookahead`` plies ahead, in move order."""
    top = max(looks_like(entry, lookahead) for entry in analysis.moves)
    return tuple(sorted(entry.move for entry in analysis.moves if looks_like(entry, lookahead) == top))


def friendly_preference(entry: MoveValue) -> tuple[int, int]:
    """Rank of a move for ``friendly``; higher is preferred.

    Win in one, then draw, then slower wins before faster ones, then slower
    losses before faster ones. An unproven move counts as a draw.
    """
    outcome = entry.outcome
    plies = outcome.plies or 0
    if outcome.name == "win":
        return (3, 0) if plies == 1 else (1, plies)
    if outcome.name == "loss":
        return (0, plies)
    return (2, 0)


def friendly_moves(analysis: Analysis) -> tuple[int, ...]:
    """Every move ``friendly`` may play, in move order."""
    top = max(friendly_preference(entry) for entry in analysis.moves)
    return tuple(sorted(entry.move for entry in analysis.moves if friendly_preference(entry) == top))


def position_rng(game: Game[State], state: State) -> random.Random:
    """A generator seeded by the position, so that a call without ``rng`` is repeatable."""
    return random.Random(f"{game.name}:{game.format(state)}:{game.to_move(state).value}")


def choose_move(
    game: Game[State],
    state: State,
    level: str = "perfect",
    rng: random.Random | None = None,
    *,
    analyst: Analyst = analyze,
    seconds: float | None = None,
) -> int:
    """The move the computer plays at ``level`` in ``state`` (which must not be over).

    Random choices come from ``rng``; without one they come from a generator
    seeded by the position, so the same call always returns the same move.
    ``analyst`` supplies the exact analysis. It is asked about ``state`` at
    most once, and not at all when the level does not need it (``random``,
    or a casual move with lookahead 0). Only ``perfect`` asks about other
    positions, those after its move, to choose among equally good moves: at
    most 4 of them when more than 6,000 positions can still be reached, and
    otherwise each position where it is to move, once per analyst (the
    chances are remembered as long as ``analyst`` lives).

    ``seconds`` bounds a ``depthD:EVAL`` or ``mcts:N`` level's own search
    (``analyst`` bounds the others'): stopped, it plays the best it found,
    so a seeded game repeats exactly only where no search was stopped.
    """
    check_level(level, game)
    if game.is_over(state):
        raise PerfectplayError(no_move_text(game.winner(state)))
    if rng is None:
        rng = position_rng(game, state)
    if level == "friendly":
        return pick(rng, friendly_moves(analyst(game, state)))
    searcher = depth_level(level, game)
    if searcher is not None:
        return pick(rng, searcher.moves(game, state, seconds))
    iterations = mcts_level(level)
    if iterations is not None:  # seeded from rng, so a seeded game repeats exactly
        return _mcts_move(game, state, iterations, rng.randrange(2**31), seconds)
    mixed = MIXED_LEVELS[level]
    if mixed.casual_chance and mixed.casual_chance > rng.random():
        if mixed.lookahead == 0:
            return pick(rng, game.legal_moves(state))
        return pick(rng, casual_moves(analyst(game, state), mixed.lookahead))
    analysis = analyst(game, state)
    if level == "perfect":
        return pick(rng, trickiest(game, state, analysis, rng, analyst))
    return pick(rng, analysis.best)


def is_search_level(level: str) -> bool:
    """Whether ``level`` (``depthD:EVAL`` or ``mcts:N``) plays a search of its own: ``choose_move``'s ``seconds``
    bound it, not the analyst's limit. Its spelling only: whether its numbers are in range is ``check_level``'s."""
    return any(spec.fullmatch(level.strip()) is not None for spec in (_DEPTH_SPEC, _MCTS_SPEC))


MCTS_STEP = 500
"""Iterations an ``mcts:N`` level runs between looks at the clock, when its move has a time limit."""


def _mcts_move(game: Game[State], state: State, iterations: int, seed: int, seconds: float | None) -> int:
    """The move of ``iterations`` UCT iterations, or of as many (by ``MCTS_STEP``) as ``seconds`` allow."""
    if seconds is None:
        return mcts(game, state, iterations, seed=seed).best
    deadline = time.perf_counter() + seconds
    steps = (*range(MCTS_STEP, iterations, MCTS_STEP), iterations)
    best = None
    for result in mcts_checkpoints(game, state, steps, seed=seed):  # one growing tree: steps cost nothing more
        best = result.best
        if time.perf_counter() >= deadline:
            break
    assert best is not None, "a search yields at its first step"
    return best


def pick(rng: random.Random, moves: Sequence[int]) -> int:
    """One of ``moves``, uniformly at random (no draw from ``rng`` when there is only one)."""
    if len(moves) == 1:
        return moves[0]
    return rng.choice(moves)
