"""The production search for m,n,k boards: negamax, alpha-beta and memory.

What it adds to ``alphabeta``, each step measured in ``benchmarks/``:

* **Threat bookkeeping.** Each side's *threat cells* (empty cells that
  complete one of its lines) travel down the recursion as bitmasks and are
  updated from the few lines through the move just played. A side with a
  threat wins at once; a side facing two threats has lost; a side facing one
  must block it, so it is the only move searched (and costs no depth).
* **Open lines.** Each side's still-open lines (no enemy stone) are a
  bitmask over line indices; one AND per move closes the lines through it.
  A side without open lines cannot win, so two closed sides are a proven
  draw long before the board is full.
* **Score bounds.** With no immediate win the best the side to move can hope
  for is a win three plies later, and the worst, a loss four plies later;
  the window is narrowed to that range (Pons's trick for Connect Four).
* **Transposition table** keyed by the canonical form of the position under
  the board's symmetries (8 on a square, 4 on a rectangle), holding a lower
  and an upper bound and the best move (stored in the canonical frame).
* **Move ordering:** the table's move, then cells on more open lines, the
  centre first among equals.
* **A null-window driver** for exact values: first one search with the
  window ``(-1, 1)`` decides win/draw/loss, then null-window probes bisect
  the ply count (MTD-bi, as in Pons's solver).
* **Iterative deepening** only under a ``Limit``: depth 1, 2, ... with the
  heuristic of ``heuristic.py`` at the horizon, so that a stopped search
  still has the best move of its last finished iteration.

Scores inside the search are *absolute*: a win completed by the ``n``-th
stone on the board is worth ``SCALE * (cells + 2 - n)`` to the winner, a draw
0. The value of a position therefore does not depend on the root the search
started from, which is what makes table entries safe to reuse anywhere
(chess engines store "mate in N" relative to the node and convert on every
store and probe; counting stones on the board does that conversion once, at
the root, in ``_to_plies``). Heuristic guesses lie strictly between
``-SCALE`` and ``SCALE``, so no guess can pass for a proven result.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from operator import or_

from perfectplay.errors import VariantError
from perfectplay.game import Player, terminal_score
from perfectplay.games.mnk import MNK, MNKState
from perfectplay.search.heuristic import evaluate
from perfectplay.search.limits import Limit
from perfectplay.search.result import SearchResult
from perfectplay.search.symmetry import inverse, symmetries, transform

MAX_CELLS = 64
"""Largest board the solver accepts (8x8). Bigger boards are unsolvable here anyway."""

SCALE = 1 << 20
"""One ply of a proven result, in internal units; heuristic guesses stay below it."""

PROVEN = 1 << 30
"""The "depth" of a table entry whose bounds hold at any depth: they are proven."""

CHECK_EVERY = 2048
"""Nodes between two looks at the clock (a clock read costs as much as a node)."""

PROGRESS_EVERY = 0.1
"""Seconds between two progress reports."""


@dataclass(frozen=True, slots=True)
class Progress:
    """A snapshot of a running search, for live displays.

    ``depth`` is the current iteration's depth (None for the exact search),
    ``phase`` says in words what is being searched.
    """

    phase: str
    depth: int | None
    nodes: int
    seconds: float
    table_size: int


ProgressCallback = Callable[[Progress], None]


@dataclass(frozen=True, slots=True)
class MoveScore:
    """One root move. ``score`` is its exact score (plies convention) or None if unproven.

    ``estimate`` orders unproven moves: the heuristic value after the move,
    from the mover's side, in heuristic units (not plies); None when proven.
    """

    move: int
    score: int | None
    estimate: int | None


@dataclass(frozen=True, slots=True)
class MoveScores:
    """Every legal move of a root position, as far as the search got.

    ``complete`` is true when every move's score is proven. ``best`` holds the
    moves of the top proven score when complete, otherwise the moves the last
    finished iteration preferred (never missing an immediate win or a forced
    block). ``depth`` is the deepest finished iteration (None if the search
    ran without a depth horizon).
    """

    moves: tuple[MoveScore, ...]
    best: tuple[int, ...]
    nodes: int
    seconds: float
    complete: bool
    depth: int | None
    table_size: int


Table = dict[int, tuple[int, int, int, int]]
"""Transposition table: canonical key -> (lower bound, upper bound, canonical best move, depth)."""


class _Stop(Exception):
    """A limit ran out; unwinds the recursion to the driver."""


class _Attempt(_Stop):
    """The node allowance of one exact attempt between two iterations ran out."""


class Geometry:
    """Everything about a board the search precomputes once: lines, symmetries, orders."""

    def __init__(self, game: MNK) -> None:
        if game.cells > MAX_CELLS:
            raise VariantError(
                f"the solver handles boards of up to {MAX_CELLS} cells; {game.rows}x{game.cols} has {game.cells}"
            )
        self.game = game
        self.cells = game.cells
        self.full = game.full
        self.lines = game.lines
        self.lines_through = game.lines_through
        index = {mask: number for number, mask in enumerate(self.lines)}
        # Bit j of line_ids[cell] <=> line j passes through cell.
        self.line_ids: tuple[int, ...] = tuple(sum(1 << index[mask] for mask in masks) for masks in self.lines_through)
        self.perms = symmetries(game.rows, game.cols)
        self.inverses = tuple(inverse(perm) for perm in self.perms)
        # Table keys pack X's stones in the low ``cells`` bits and O's above,
        # once per symmetry T; the table uses the smallest of them:
        #
        #   bit  2*cells-1 ........ cells | cells-1 .......... 0
        #        [   T(o): O's stones    ] [  T(x): X's stones  ]
        #
        # Playing a stone ORs one precomputed bit into each of the keys.
        self.x_bits: tuple[tuple[int, ...], ...] = tuple(
            tuple(1 << perm[cell] for perm in self.perms) for cell in range(self.cells)
        )
        self.o_bits: tuple[tuple[int, ...], ...] = tuple(
            tuple(1 << (perm[cell] + self.cells) for perm in self.perms) for cell in range(self.cells)
        )
        centre_row, centre_col = (game.rows - 1) / 2, (game.cols - 1) / 2

        def rank(cell: int) -> tuple[int, float]:
            row, col = divmod(cell, game.cols)
            return (-len(self.lines_through[cell]), abs(row - centre_row) + abs(col - centre_col))

        self.order: tuple[int, ...] = tuple(sorted(range(self.cells), key=rank))

    def ordered(self, taken: int, open_lines: int) -> list[int]:
        """The empty cells, those on more open lines first (the static order breaks ties)."""
        line_ids = self.line_ids
        moves = [cell for cell in self.order if not taken >> cell & 1]
        moves.sort(key=lambda cell: -(open_lines & line_ids[cell]).bit_count())
        return moves

    def keys(self, x: int, o: int) -> tuple[int, ...]:
        return tuple(transform(perm, x) | transform(perm, o) << self.cells for perm in self.perms)

    def open_lines(self, enemy: int) -> int:
        """Line-index mask of the lines without a stone of ``enemy``."""
        mask = 0
        for number, line in enumerate(self.lines):
            if not enemy & line:
                mask |= 1 << number
        return mask

    def threats(self, mine: int, theirs: int) -> int:
        """Empty cells that would complete a line of ``mine``."""
        cells = 0
        for line in self.lines:
            if not theirs & line:
                rest = line & ~mine
                if rest and not rest & (rest - 1):
                    cells |= rest
        return cells


@cache
def geometry(game: MNK) -> Geometry:
    """The precomputed tables for ``game`` (built once per board size)."""
    return Geometry(game)


def check_solvable(game: MNK) -> None:
    """Raise ``VariantError`` if the solver cannot take boards of this size."""
    geometry(game)


class _Engine:
    """One search: the table, the counters and the recursion, sharing one budget."""

    def __init__(
        self, geo: Geometry, limit: Limit | None, progress: ProgressCallback | None, table: Table | None = None
    ) -> None:
        self.geo = geo
        self.table: Table = {} if table is None else table
        self.nodes = 0
        self.horizon = 0  # bumped whenever a heuristic value enters a result
        self.started = time.perf_counter()
        self.deadline = None if limit is None or limit.seconds is None else self.started + limit.seconds
        self.node_cap = None if limit is None else limit.nodes
        self.progress = progress
        self.next_progress = self.started + PROGRESS_EVERY
        self.next_check = CHECK_EVERY if self.node_cap is None else min(CHECK_EVERY, self.node_cap)
        self.phase = "exact"
        self.depth: int | None = None
        self.allowance: int | None = None  # node count at which an exact attempt gives up

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def checkpoint(self) -> None:
        """Called every ``CHECK_EVERY`` nodes: stop if a limit is spent, report progress."""
        self.next_check = self.nodes + CHECK_EVERY
        if self.node_cap is not None:
            if self.nodes >= self.node_cap:
                raise _Stop
            self.next_check = min(self.next_check, self.node_cap)
        if self.allowance is not None:
            if self.nodes >= self.allowance:
                raise _Attempt
            self.next_check = min(self.next_check, self.allowance)
        now = time.perf_counter()
        if self.deadline is not None and now >= self.deadline:
            raise _Stop
        if self.progress is not None and now >= self.next_progress:
            self.next_progress = now + PROGRESS_EVERY
            self.progress(self.snapshot())

    def snapshot(self) -> Progress:
        return Progress(self.phase, self.depth, self.nodes, self.elapsed(), len(self.table))

    def negamax(
        self,
        me: int,
        opp: int,
        my_open: int,
        opp_open: int,
        my_threats: int,
        opp_threats: int,
        keys: tuple[int, ...],
        my_bits: tuple[tuple[int, ...], ...],
        opp_bits: tuple[tuple[int, ...], ...],
        stones: int,
        depth: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Fail-soft alpha-beta value of a position for the side to move (``me``).

        ``stones`` is the number of stones on the board; ``my_threats`` and
        ``opp_threats`` are exactly the empty cells completing a line of each
        side, ``my_open``/``opp_open`` the lines without an enemy stone. The
        caller guarantees the game is not over.

        If the true value ``v`` lies in ``(alpha, beta)`` the result is ``v``;
        a result ``<= alpha`` is an upper bound on ``v`` (fail low) and one
        ``>= beta`` a lower bound (fail high). Bounds are proven unless
        ``self.horizon`` grew during the call (a heuristic value was used).
        """
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.checkpoint()
        geo = self.geo
        cells = geo.cells
        if my_threats:
            return SCALE * (cells + 1 - stones)
        if opp_threats & (opp_threats - 1):
            return -SCALE * (cells - stones)
        # Without a threat of its own, the mover wins three plies later at the
        # earliest; one block leaves the opponent no threat, so it wins four
        # plies later at the earliest. No open line means no win at all.
        high = SCALE * (cells - 1 - stones) if my_open and stones + 3 <= cells else 0
        low = -SCALE * (cells - 2 - stones) if opp_open and stones + 4 <= cells else 0
        if low == high:
            return low
        if high <= alpha:
            return high
        if low >= beta:
            return low
        if high < beta:
            beta = high
        if low > alpha:
            alpha = low

        horizon_before = self.horizon
        key = min(keys)
        entry = self.table.get(key)
        table_move = -1
        if entry is not None:
            entry_low, entry_high, stored_move, entry_depth = entry
            if stored_move >= 0:
                table_move = geo.inverses[keys.index(key)][stored_move]
            if entry_depth >= depth:
                if entry_depth < PROVEN:
                    self.horizon += 1
                if entry_low >= beta:
                    return entry_low
                if entry_high <= alpha:
                    return entry_high
                if entry_low == entry_high:
                    return entry_low
                if entry_low > alpha:
                    alpha = entry_low
                if entry_high < beta:
                    beta = entry_high

        if depth <= 0:
            self.horizon += 1
            guess = evaluate(geo.lines, me, opp, SCALE)
            return low if guess < low else high if guess > high else guess

        # The table move is tried before the others are even listed: when it
        # cuts off, as it mostly does, sorting the rest would be wasted work.
        pending = False
        if opp_threats:
            moves: list[int] = [opp_threats.bit_length() - 1]
            child_depth = depth  # a forced reply costs no depth
        else:
            child_depth = depth - 1
            if table_move >= 0:
                moves = [table_move]
                pending = True
            else:
                moves = geo.ordered(me | opp, my_open | opp_open)

        lines_through = geo.lines_through
        line_ids = geo.line_ids
        best = -PROVEN
        best_move = -1
        window_low = alpha
        while True:
            for move in moves:
                bit = 1 << move
                mine = me | bit
                new_threats = 0
                for line in lines_through[move]:
                    if not opp & line:
                        rest = line & ~mine
                        if not rest & (rest - 1):
                            new_threats |= rest
                score = -self.negamax(
                    opp,
                    mine,
                    opp_open & ~line_ids[move],
                    my_open,
                    opp_threats & ~bit,
                    new_threats,
                    tuple(map(or_, keys, my_bits[move])),
                    opp_bits,
                    my_bits,
                    stones + 1,
                    child_depth,
                    -beta,
                    -window_low,
                )
                if score > best:
                    best = score
                    best_move = move
                    if score > window_low:
                        window_low = score
                        if score >= beta:
                            pending = False
                            break
            if not pending:
                break
            pending = False
            moves = geo.ordered(me | opp | 1 << table_move, my_open | opp_open)

        if best <= alpha:
            new_low, new_high = low, best
            best_move = -1  # every move failed low: none of them is known to be best
        elif best >= beta:
            new_low, new_high = best, high
        else:
            new_low = new_high = best
        new_depth = PROVEN if self.horizon == horizon_before else depth
        if entry is not None:
            if entry[3] > new_depth:
                return best  # never overwrite a proven entry with a guess
            if entry[3] == new_depth:
                new_low = max(new_low, entry[0])
                new_high = min(new_high, entry[1])
            if best_move < 0 and entry[2] >= 0:
                best_move = geo.inverses[keys.index(key)][entry[2]]
        stored = geo.perms[keys.index(key)][best_move] if best_move >= 0 else -1
        self.table[key] = (new_low, new_high, stored, new_depth)
        return best


class _Position:
    """The root position unpacked into what ``negamax`` takes, plus its children."""

    def __init__(self, geo: Geometry, state: MNKState) -> None:
        self.geo = geo
        if state.to_move is Player.X:
            self.me, self.opp = state.x, state.o
            self.my_bits, self.opp_bits = geo.x_bits, geo.o_bits
        else:
            self.me, self.opp = state.o, state.x
            self.my_bits, self.opp_bits = geo.o_bits, geo.x_bits
        self.stones = (state.x | state.o).bit_count()
        self.my_open = geo.open_lines(self.opp)
        self.opp_open = geo.open_lines(self.me)
        self.my_threats = geo.threats(self.me, self.opp)
        self.opp_threats = geo.threats(self.opp, self.me)
        self.keys = geo.keys(state.x, state.o)
        taken = state.x | state.o
        self.moves = tuple(cell for cell in geo.order if not taken >> cell & 1)

    def child_key(self, move: int) -> int:
        return min(key | bit for key, bit in zip(self.keys, self.my_bits[move], strict=True))

    def search_child(self, engine: _Engine, move: int, depth: int, alpha: int, beta: int) -> int:
        """Value of the position after ``move`` for the side that made it (our side)."""
        if self.my_threats >> move & 1:
            return SCALE * (self.geo.cells + 1 - self.stones)
        bit = 1 << move
        mine = self.me | bit
        return -engine.negamax(
            self.opp,
            mine,
            self.opp_open & ~self.geo.line_ids[move],
            self.my_open,
            self.opp_threats & ~bit,
            self.geo.threats(mine, self.opp),
            tuple(map(or_, self.keys, self.my_bits[move])),
            self.opp_bits,
            self.my_bits,
            self.stones + 1,
            depth,
            -beta,
            -alpha,
        )

    def tactical_moves(self) -> tuple[int, ...]:
        """Moves that must be played now: our winning cells, else the opponent's (blocks).

        With two or more enemy threats every move loses equally soon, but
        blocking one is still the sensible thing to play.
        """
        if self.my_threats:
            return tuple(cell for cell in self.moves if self.my_threats >> cell & 1)
        if self.opp_threats:
            return tuple(cell for cell in self.moves if self.opp_threats >> cell & 1)
        return ()

    def forced_moves(self) -> tuple[int, ...]:
        """The moves that are provably the only best ones: winning now, or the one block."""
        if self.my_threats or self.opp_threats.bit_count() == 1:
            return self.tactical_moves()
        return ()


def _levels_up(value: int) -> int:
    return -(-value // SCALE)


def _exact_child(engine: _Engine, root: _Position, move: int, low: int, high: int) -> int:
    """The exact value of ``move`` for our side, known to lie in ``[low, high]``.

    Proven values are multiples of ``SCALE``. One search with the window
    ``(-1, 1)`` settles win, draw or loss; then null-window probes ``v >= g?``
    bisect the remaining range. Each probe's fail-soft answer is a proven
    bound, so the range shrinks by at least one level per probe.
    """
    draw_tested = False
    while low < high:
        low_level, high_level = _levels_up(low), high // SCALE
        if low_level >= high_level:
            return low_level * SCALE
        if low_level <= 0 <= high_level and not draw_tested:
            draw_tested = True
            result = root.search_child(engine, move, PROVEN, -1, 1)
            if -1 < result < 1:
                return result
            if result >= 1:
                low = result
            else:
                high = result
            continue
        probe = (low_level + high_level + 1) // 2 * SCALE
        result = root.search_child(engine, move, PROVEN, probe - 1, probe)
        if result >= probe:
            low = result
        else:
            high = result
    return low


def _to_plies(value: int, root_stones: int) -> int:
    """An absolute proven value -> the ``game.py`` score for the side to move at the root.

    A win by the n-th stone is ``SCALE * (cells + 2 - n)``; from a root with
    ``s`` stones that is a win in ``p = n - s`` plies, scored
    ``cells + 2 - p = value / SCALE + s``.
    """
    level = value // SCALE
    if level > 0:
        return level + root_stones
    if level < 0:
        return level - root_stones
    return 0


class _Driver:
    """Runs the root: exact, or iterative deepening under a limit."""

    def __init__(
        self,
        game: MNK,
        state: MNKState,
        limit: Limit | None,
        progress: ProgressCallback | None,
        table: Table | None = None,
    ) -> None:
        self.geo = geometry(game)
        self.root = _Position(self.geo, state)
        self.limit = limit
        self.engine = _Engine(self.geo, limit, progress, table)
        # Symmetric children have equal values: search one, copy to the rest.
        self.representative: dict[int, int] = {}
        self.twin_of: dict[int, int] = {}
        for move in self.root.moves:
            key = self.root.child_key(move)
            self.twin_of[move] = self.representative.setdefault(key, move)

    @property
    def unique_moves(self) -> list[int]:
        return [move for move in self.root.moves if self.twin_of[move] == move]

    def bounds(self) -> tuple[int, int]:
        """Widest range a child value (for our side) can take."""
        cells = self.geo.cells
        return -SCALE * (cells + 2), SCALE * (cells + 2)

    def exact_all(self) -> dict[int, int]:
        low, high = self.bounds()
        values: dict[int, int] = {}
        for number, move in enumerate(self.unique_moves, 1):
            self.engine.phase = f"move {move} ({number}/{len(self.unique_moves)})"
            values[move] = _exact_child(self.engine, self.root, move, low, high)
        return {move: values[self.twin_of[move]] for move in self.root.moves}

    def exact_best(self) -> tuple[int, tuple[int, ...]]:
        """Top value and every move reaching it: one exact search, then a width-2 test per move."""
        low, high = self.bounds()
        unique = self.unique_moves
        forced = self.root.forced_moves()
        if forced:
            representatives = {self.twin_of[move] for move in forced}
            unique = [move for move in unique if move in representatives]
        best_value = 0
        best: list[int] = []
        for number, move in enumerate(unique, 1):
            self.engine.phase = f"move {move} ({number}/{len(unique)})"
            if not best:
                best_value, best = _exact_child(self.engine, self.root, move, low, high), [move]
                continue
            result = self.root.search_child(self.engine, move, PROVEN, best_value - 1, best_value + 1)
            if result >= best_value + 1:
                best_value, best = _exact_child(self.engine, self.root, move, result, high), [move]
            elif result > best_value - 1:
                best.append(move)
        chosen = set(best)
        return best_value, tuple(move for move in self.root.moves if self.twin_of[move] in chosen)

    def iteration(self, depth: int) -> tuple[dict[int, int], set[int]]:
        """One depth-limited pass: a full-window value per move, and the moves whose value is proven."""
        low, high = self.bounds()
        values: dict[int, int] = {}
        proven: set[int] = set()
        for move in self.unique_moves:
            before = self.engine.horizon
            values[move] = self.root.search_child(self.engine, move, depth - 1, low, high)
            if self.engine.horizon == before:
                proven.add(move)
        return (
            {move: values[self.twin_of[move]] for move in self.root.moves},
            {move for move in self.root.moves if self.twin_of[move] in proven},
        )

    def run(self, every_move: bool) -> MoveScores:
        report = self.search(every_move)
        if self.engine.progress is not None:
            self.engine.phase = "done"
            self.engine.progress(self.engine.snapshot())
        return report

    def search(self, every_move: bool) -> MoveScores:
        engine = self.engine
        moves = self.root.moves
        if self.limit is None or self.limit.unlimited:
            engine.nodes += 1  # the root
            if every_move:
                values = self.exact_all()
                top = max(values.values())
                return self.report(values, set(moves), tuple(m for m in moves if values[m] == top), True, None)
            top, best = self.exact_best()
            return self.report({}, set(), best, True, None, top)
        return self.deepen(every_move)

    def deepen(self, every_move: bool) -> MoveScores:
        """Iterative deepening until proven, or until a limit stops it."""
        engine = self.engine
        moves = self.root.moves
        engine.nodes += 1
        values: dict[int, int] = {}
        proven: set[int] = set()
        finished: int | None = None
        max_depth = self.geo.cells - self.root.stones
        if self.limit is not None and self.limit.depth is not None:
            max_depth = min(max_depth, self.limit.depth)
        try:
            for depth in range(1, max_depth + 1):
                engine.depth = depth
                engine.phase = f"depth {depth}"
                values, proven = self.iteration(depth)
                finished = depth
                top = max(values.values())
                if len(proven) == len(moves):
                    break
                if not every_move and self.fastest_win_proven(values, proven, depth):
                    break
                exact = self.attempt_exact(every_move)
                if exact is not None:
                    return exact
        except _Stop:
            pass
        if finished is None:
            return self.fallback()
        top = max(values.values())
        best = tuple(move for move in moves if values[move] == top)
        complete = len(proven) == len(moves) or (not every_move and self.fastest_win_proven(values, proven, finished))
        return self.report(values, proven, best, complete, finished)

    def fastest_win_proven(self, values: dict[int, int], proven: set[int], depth: int) -> bool:
        """True if the top value is a proven win that no unproven move can match.

        A forced reply costs no depth, so a win can be proven beyond the
        horizon; another move's equally fast win is only sure to be in view
        when the win takes no more plies than the iteration's depth.
        """
        top = max(values.values())
        if top < SCALE:
            return False
        plies = self.geo.cells + 2 - top // SCALE - self.root.stones
        return plies <= depth and all(move in proven for move in self.root.moves if values[move] == top)

    def attempt_exact(self, every_move: bool) -> MoveScores | None:
        """Between two iterations, try the exact search on as many nodes as spent so far.

        Deepening alone needs several times the nodes of one exact search to
        prove a value (4x4 k=4: 266,301 against 34,684), so each iteration is
        followed by an exact attempt with a growing allowance. Whatever it
        proves stays in the table; the total overhead is a constant factor.
        """
        if self.limit is not None and self.limit.depth is not None:
            return None  # a depth limit asks for a horizon, not a proof
        engine = self.engine
        engine.allowance = 2 * engine.nodes
        engine.next_check = min(engine.next_check, engine.allowance)
        phase, depth = engine.phase, engine.depth
        engine.depth = None
        try:
            if every_move:
                values = self.exact_all()
                top = max(values.values())
                best = tuple(move for move in self.root.moves if values[move] == top)
                return self.report(values, set(self.root.moves), best, True, None)
            top, best = self.exact_best()
            return self.report({}, set(), best, True, None, top)
        except _Attempt:
            return None
        finally:
            engine.allowance = None
            engine.phase, engine.depth = phase, depth

    def fallback(self) -> MoveScores:
        """No iteration finished: tactics, else the static order's first move."""
        tactical = self.root.tactical_moves()
        win_now = bool(self.root.my_threats)
        entries = []
        for move in self.root.moves:
            if win_now and move in tactical:
                entries.append(MoveScore(move, self.geo.cells + 1, None))
            else:
                entries.append(MoveScore(move, None, 0))
        best = tactical or self.root.moves[:1]
        return MoveScores(
            tuple(sorted(entries, key=lambda entry: entry.move)),
            tuple(sorted(best)),
            self.engine.nodes,
            self.engine.elapsed(),
            False,
            None,
            len(self.engine.table),
        )

    def report(
        self,
        values: dict[int, int],
        proven: set[int],
        best: tuple[int, ...],
        complete: bool,
        depth: int | None,
        top: int | None = None,
    ) -> MoveScores:
        stones = self.root.stones
        entries = []
        for move in self.root.moves:
            if move not in values:
                continue
            if move in proven and (values[move] == 0 or abs(values[move]) >= SCALE):
                entries.append(MoveScore(move, _to_plies(values[move], stones), None))
            else:
                entries.append(MoveScore(move, None, values[move]))
        if top is not None:
            # Only the top value is known; every best move shares it.
            entries = [MoveScore(move, _to_plies(top, stones), None) for move in best]
        return MoveScores(
            tuple(sorted(entries, key=lambda entry: entry.move)),
            tuple(sorted(best)),
            self.engine.nodes,
            self.engine.elapsed(),
            complete,
            depth,
            len(self.engine.table),
        )


def _check_position(game: MNK, state: MNKState) -> None:
    if not isinstance(game, MNK) or not isinstance(state, MNKState):
        raise VariantError("the solver plays m,n,k games: pass an MNK game and one of its states")
    geometry(game)


def score_moves(
    game: MNK,
    state: MNKState,
    limit: Limit | None = None,
    *,
    progress: ProgressCallback | None = None,
    table: Table | None = None,
) -> MoveScores:
    """Score every legal move of ``state``; exact unless ``limit`` stops the search.

    A finished game has no moves: the result is empty and complete. Under a
    limit, moves whose value the last finished iteration proved carry their
    exact ``score``; the others carry only a heuristic ``estimate``. Pass the
    same ``table`` (initially ``{}``) to several exact calls on one board to
    let them share what they proved; entries hold for any root because the
    internal scores are absolute.
    """
    _check_position(game, state)
    if game.is_over(state):
        return MoveScores((), (), 1, 0.0, True, None, 0)
    return _Driver(game, state, limit, progress, table).run(every_move=True)


def solve(
    game: MNK, state: MNKState, limit: Limit | None = None, *, progress: ProgressCallback | None = None
) -> SearchResult:
    """The value of ``state`` for the side to move and every move that achieves it.

    Without a limit the result is exact (``complete=True``) and equal to the
    textbook minimax's: the same score (``game.py``'s plies convention) and
    the same set of best moves. ``nodes`` counts calls of the recursion plus
    the root.

    With a ``Limit`` the search deepens one ply at a time. If it proves the
    value before the limit runs out, the result is exact as above. If not,
    ``complete`` is False, ``best`` holds the move(s) the deepest finished
    iteration preferred (an immediate win or the forced block whenever there
    is one), and ``score`` is that iteration's heuristic value: an integer in
    heuristic units, strictly between ``-SCALE`` and ``SCALE``, *not* a score
    in plies.
    """
    _check_position(game, state)
    started = time.perf_counter()
    if game.is_over(state):
        return SearchResult(terminal_score(game, state), (), 1, time.perf_counter() - started)
    report = _Driver(game, state, limit, progress).run(every_move=False)
    best = [entry for entry in report.moves if entry.move in report.best]
    if report.complete:
        score = next(entry.score for entry in best if entry.score is not None)
    else:
        # Heuristic units: clamp so a proven loss among the guesses cannot pass for plies.
        raw = max((entry.estimate for entry in best if entry.estimate is not None), default=0)
        score = max(-SCALE + 1, min(SCALE - 1, raw))
    return SearchResult(score, report.best, report.nodes, report.seconds, report.complete)
