"""The production search for every game: ``solve`` and ``score_moves``.

How the pieces fit, each in its own file of ``search/solver/`` (Pons's split of his solver):

* ``perfectplay.hooks``: what the solver asks of a game (bounds, key, moves,
  forced replies, heuristic): the game's search hooks;
* ``negamax.py``: the recursion, alpha-beta with a transposition table;
* ``table.py``: the transposition table, capped, with named bounds;
* ``nullwindow.py``: exact values by null-window probes;
* ``deepening.py``: iterative deepening under a ``Limit``;
* ``root.py``: the root's moves and their symmetric twins;
* ``budget.py``: limits, the clock and live progress;
* ``compiled.py``: the same recursion in C for the built-in games, when built.

``solve_value`` answers the narrower question of the value alone, by
null-window probes on the position itself (Pons's ``solve``).

Without a limit the answer is exact and equal to the textbook minimax's:
the same value and the same set of best moves. With a ``Limit`` the search
deepens one ply at a time and answers with what it has proven when the
limit runs out (``complete`` false): proven moves keep their exact value,
the others are ``unknown`` with the heuristic estimate that orders them.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from perfectplay.errors import LimitError, PerfectplayError
from perfectplay.game import Game, OutcomeName, State, outcome_of, terminal_score
from perfectplay.search.base.budget import Budget, Clock, ProgressCallback, Stop
from perfectplay.search.base.recursion import make_room
from perfectplay.search.base.result import Analysis, MoveValue, assemble, finished
from perfectplay.search.base.scale import SCALE, clamp_guess
from perfectplay.search.solver.attempt import attempt, share_of_limit
from perfectplay.search.solver.compiled import default_capacity, negamax_for
from perfectplay.search.solver.deepening import Findings, deepen, exact, move_outcomes
from perfectplay.search.solver.nullwindow import exact_position
from perfectplay.search.solver.outcomes import DRAW, LOSS, WIN, Outcomes
from perfectplay.search.solver.root import Root
from perfectplay.search.solver.table import PROVEN, TranspositionTable

if TYPE_CHECKING:
    from perfectplay.hooks import OutcomeTable
    from perfectplay.search.base.limits import Limit
    from perfectplay.search.solver.book import BookAnswer

OUTCOME_NAMES: dict[int, OutcomeName] = {WIN: "win", DRAW: "draw", LOSS: "loss"}

FORCED_NODES = 5_000
"""At most this many nodes for a player's limited search where a move must be played: a win on the spot, or the
only move that does not lose at once (about 20 ms with the compiled core). The move is known; the search only
values the others as far as it gets (near the end and on small boards it finishes, and is exact). A node
cap, not seconds, so that both cores and every machine answer alike. ``solve`` and an analysis, which ask the
position's value, search on under their own limit."""


def score_moves(
    game: Game[State],
    state: State,
    limit: Limit | None = None,
    *,
    progress: ProgressCallback | None = None,
    table: TranspositionTable | None = None,
    clock: Clock = time.perf_counter,
    at_once: bool = False,
) -> Analysis:
    """Value every legal move of ``state``; exact unless ``limit`` stops the search.

    Pass the same ``table`` to several calls on one game to let them share
    what they proved: entries hold for any root.

    An opening book, an outcome table or a forced move never ends the
    analysis early: what they prove bounds and orders the search, which
    runs to exact scores or to the limit, and each move shows the most that
    is proven of it (its exact score, else its outcome). ``at_once`` is a
    player's question instead (which move, now): their answer is the
    analysis, as ``solve`` gives it.
    """
    return _run(game, state, limit, progress, table, clock, every_move=True, at_once=at_once)


def solve(
    game: Game[State],
    state: State,
    limit: Limit | None = None,
    *,
    progress: ProgressCallback | None = None,
    table: TranspositionTable | None = None,
    clock: Clock = time.perf_counter,
) -> Analysis:
    """The value of ``state`` for the side to move and every move that achieves it.

    Cheaper than ``score_moves``: the other moves are only shown to be
    worse, not valued, so ``moves`` holds just the best ones (all of them,
    when a limit stopped the search: as far as they were valued).
    """
    return _run(game, state, limit, progress, table, clock, every_move=False)


def solve_value(
    game: Game[State],
    state: State,
    *,
    table: TranspositionTable | None = None,
    clock: Clock = time.perf_counter,
    outcome: int | None = None,
) -> Analysis:
    """Only the exact value of ``state`` for the side to move: no moves, no limit.

    The position itself is bisected with null-window searches, as Pascal
    Pons's solver does, instead of each of its moves (``solve``), which is
    the cheaper question when only the value is wanted and what makes our
    node counts comparable with his (``benchmarks/connect4.py``). The
    result's ``moves`` and ``best`` are empty: the search proves the value,
    not which moves reach it. ``outcome``: the position's win, draw or loss
    (1, 0, -1 for the side to move) where a table proved it ahead of time;
    the search then proves only its length.
    """
    if outcome not in (None, WIN, DRAW, LOSS):
        raise PerfectplayError(f"an outcome is 1, 0 or -1 for the side to move, not {outcome!r}")
    budget = Budget(None, None, clock)
    if game.is_over(state):
        return finished(game, state, budget.elapsed(), "solver")
    negamax = negamax_for(game, _table_for(game, table), budget)
    value = exact_position(negamax, game.search_node(state), outcome)
    score = value // SCALE
    return Analysis(
        game,
        state,
        outcome_of(score, game.max_plies),
        score,
        (),
        (),
        max(negamax.nodes, 1),
        budget.elapsed(),
        table=negamax.table.stats(),
    )


def solve_outcome(game: Game[State], state: State, *, table: TranspositionTable | None = None) -> int:
    """Only whether ``state`` is won, drawn or lost for the side to move (``WIN``, ``DRAW``, ``LOSS``): no limit.

    Two null-window probes on the position (does it win? if not, does it
    draw?), about half the work of ``solve_value``'s exact score: what an
    outcome table needs (``perfectplay dataset --values outcome``).
    """
    if game.is_over(state):
        score = terminal_score(game, state)
        return WIN if score > 0 else LOSS if score < 0 else DRAW
    negamax = negamax_for(game, _table_for(game, table), Budget(None, None))
    node = game.search_node(state)
    if negamax.search(node, 0, PROVEN, 0, 1) >= 1:
        return WIN
    return DRAW if negamax.search(node, 0, PROVEN, -1, 0) >= 0 else LOSS


def _table_for(game: Game[Any], table: TranspositionTable | None, limit: Limit | None = None) -> TranspositionTable:
    """``table``, or a fresh one of the default size for ``game``'s core and search (``compiled.default_capacity``)."""
    if table is not None:
        return table
    return TranspositionTable(default_capacity(game, exact=limit is None or limit.roomy))


def _run(
    game: Game[Any],
    state: Any,
    limit: Limit | None,
    progress: ProgressCallback | None,
    table: TranspositionTable | None,
    clock: Clock,
    *,
    every_move: bool,
    at_once: bool = True,
) -> Analysis:
    # An analysis (every move valued, not at once) lets no shortcut end it: books, tables and forced moves
    # only give its search bounds and move order.
    analysis = every_move and not at_once
    if limit is not None:
        from perfectplay.search.base.limits import Limit  # here: an exact search never loads it (start-up)

        if not isinstance(limit, Limit):
            raise LimitError(f"limit must be a Limit, not {type(limit).__name__}")
    budget = Budget(limit, progress, clock)
    if game.is_over(state):
        return finished(game, state, budget.elapsed(), "solver")
    make_room(game.max_plies)
    negamax = negamax_for(game, _table_for(game, table, limit), budget)
    negamax.nodes += 1  # the root
    root = Root(game, state, negamax)
    own = None
    if limit is None or (limit.seconds is None and limit.nodes is None and limit.depth is None):
        findings, algorithm = exact(root, every_move), "solver"
    else:
        own = _own_score(game, state) if limit.depth is None else None
        findings, algorithm, own = _limited(root, limit, every_move, analysis, own)
    if progress is not None:
        budget.phase = "done"
        budget.table_size = len(negamax.table)
        progress(budget.snapshot(negamax.nodes))
    return _report(root, findings, budget.elapsed(), algorithm, keepers=analysis, own=own)


def _limited(
    root: Root, limit: Limit, every_move: bool, analysis: bool, own: int | None
) -> tuple[Findings, str, int | None]:
    """A limited search's answer, what gave it and the root's exact score where known ahead of time (or None).

    In this order: the game's exact scores table (``"layer"``: every move's
    exact score, which is the whole analysis); the game's opening book (``"book"``); a move that must be
    played, proven at once (a win in 1 says more than a table's "a win");
    the game's outcome table off the book's lines (``"layer"``); else the
    deepening, told what the book or the table proved (the outcomes of a
    lost line, the position's outcome as a ceiling). Tables proven ahead of
    time hold for a search to the end, so a depth-limited search asks none.

    An ``analysis`` (every move valued, not at once) lets none of them end
    it: the book and the table only bound and order its search, which runs
    to exact scores or to the limit (``analyse_every_move``).

    ``own`` is the root's exact score where the score table knows only the
    position's own (on its layer): the search then proves which moves
    reach it (``reaching.py``), first thing, under the limit; a player
    takes the book's move at once only where the book proved it reaches it.
    A book's line that holds its move's exact length (the move proven best)
    gives that score too.
    """
    game, state = root.game, root.state
    ahead = limit.depth is None
    scores = _scores_ahead(game, state) if ahead else None
    if scores is not None:
        return _from_scores(root, scores, every_move), "layer", None
    answer = _book_answer(game, state) if ahead else None
    booked = answer is not None and answer.move is not None
    book_score = _book_score(root, answer)
    if booked and not analysis and (own is None or book_score == own):
        assert answer is not None
        return _from_book(root, answer), "book", own if own is not None else book_score
    own = own if own is not None else book_score
    # Only a player's question (which move, now) stops at a forced move's node cap: ``solve`` asks the value.
    player = every_move and not analysis
    settled = _forced(root, every_move, not player) if not booked and root.forced_moves() else None
    if settled is not None:
        return settled, "solver", own
    outcomes = game.outcome_table() if ahead else None
    if own is not None and own != book_score:
        from perfectplay.search.solver.every_move import toward_own_score  # on an exact layer only

        found = (
            toward_own_score(root, own, answer, outcomes, every_move=True)
            if analysis
            else _reach_for_player(root, own, answer, outcomes)
        )
        if found is not None:
            return found, "solver", own
        if booked:  # the limit ran out first: the book's move stands, as it would have at once
            assert answer is not None
            return _from_book(root, answer), "book", own
    if analysis:
        from perfectplay.search.solver.every_move import analyse_every_move  # an analysis only: not at start-up

        return analyse_every_move(root, limit.depth, answer, outcomes), "solver", own
    ceiling = None
    table = game.outcome_table() if ahead and answer is None else None
    if table is not None:
        answer = _from_table(root, table)
        if answer is not None and answer.move is not None:
            return _from_book(root, answer), "layer", own
        if answer is None:
            ceiling = table.outcome(state)
    known = None if answer is None else answer.outcomes
    return deepen(root, every_move, limit.depth, game.max_plies, known, ceiling), "solver", own


PROBE_SHARE = 2
"""A player proves which move reaches the exact score a layer gives within half of its limit (its nodes, its
seconds), then plays the book's or the table's move at once: the probes (``reaching.first_reaching``, the
cheapest proof first) take 0.1-2 s of CPU at ply 5 of Connect Four, but from 18 s to minutes at ply 1, and the
first reply of a game should not spend the whole limit on them. A quarter was too little at ``14444``, where
the book's move (a slower win) was probed first and on its own."""


def _reach_for_player(
    root: Root, own: int, answer: BookAnswer | None, outcomes: OutcomeTable | None
) -> Findings | None:
    """``toward_own_score`` for a player, within a share of the limit (``PROBE_SHARE``); None if that runs out."""
    from perfectplay.search.solver.every_move import toward_own_score  # on an exact layer only

    with share_of_limit(root, PROBE_SHARE):
        return toward_own_score(root, own, answer, outcomes, every_move=False)


def _own_score(game: Game[Any], state: Any) -> int | None:
    """The position's own exact score from the game's score table (on its layer), or None where it cannot tell."""
    table = game.score_table()
    return None if table is None else table.score(state)


def _book_score(root: Root, answer: BookAnswer | None) -> int | None:
    """The root's exact score where the book's line holds its move's exact length (the move proven best), else None."""
    if answer is None or answer.move is None or answer.plies is None:
        return None
    sign = 1 if answer.outcomes.outcome == WIN else -1
    return sign * (root.base - answer.plies)


def _scores_ahead(game: Game[Any], state: Any) -> dict[int, int] | None:
    """Every legal move's exact score from the game's score table, or None: no table, or it cannot tell."""
    table = game.score_table()
    if table is None:
        return None
    scores = table.move_scores(state)
    if scores is not None and set(scores) != set(game.legal_moves(state)):
        raise TypeError(f"{game.name}'s score table did not score every legal move")
    return scores


def _from_scores(root: Root, scores: dict[int, int], every_move: bool) -> Findings:
    """A score table's answer as an exact search's: complete, every move proven (``solve``: the best ones)."""
    top = max(scores.values())
    best = tuple(sorted(move for move in root.moves if scores[move] == top))
    if not every_move:
        return Findings({}, frozenset(), best, True, None, top * SCALE)
    values = {move: scores[move] * SCALE for move in root.moves}
    return Findings(values, frozenset(root.moves), best, True, None)


def _book_answer(game: Game[Any], state: Any) -> BookAnswer | None:
    """What the game's opening book proved about ``state``, or None: no book, or no line for it."""
    book = game.opening_book()
    if book is None:
        return None
    from perfectplay.search.solver.book import BookAnswer  # loaded already: the game's book was read with it

    answer = book.answer(state)
    if answer is not None and not isinstance(answer, BookAnswer):
        raise TypeError(f"{game.name}'s opening book answered a {type(answer).__name__}, not a BookAnswer")
    return answer


def _forced(root: Root, every_move: bool, keep_limit: bool = False) -> Findings | None:
    """Where a move must be played: the exact answer if half of ``FORCED_NODES`` finds it, else None.

    For a player's move the node cap drops to ``FORCED_NODES``, so the
    deepening that follows a failed attempt answers at once too; with
    ``keep_limit`` (an analysis, or ``solve`` asking the value) the
    deepening carries on under the caller's limit.
    """
    if not keep_limit:
        root.negamax.budget.tighten(FORCED_NODES)
    try:
        with attempt(root, FORCED_NODES // 2):
            return exact(root, every_move)
    except Stop:  # the attempt's allowance, or the limit itself: the deepening answers with the move
        return None


def _from_table(root: Root, table: OutcomeTable) -> BookAnswer | None:
    """What the game's outcome table proves of the root's moves, as a book says it; None if it cannot tell.

    The move to play is the first in the root's order (its likeliest) of
    those that keep the value: the table knows no distances. In a lost
    position there is none: the search looks for the slowest loss, as for a
    book's lost line.
    """
    from perfectplay.search.solver.book import BookAnswer  # the book's reader: only where a table answers

    outcomes = table.move_outcomes(root.state)
    if outcomes is None:
        return None
    best = max(outcomes.values())
    keeping = frozenset(move for move, outcome in outcomes.items() if outcome == best)
    draws = frozenset(move for move, outcome in outcomes.items() if outcome == DRAW)
    losses = frozenset(move for move, outcome in outcomes.items() if outcome == LOSS)
    outcomes_proven = Outcomes(best, keeping, draws, losses)
    wins_now = root.winning_moves()
    if wins_now:  # a win on the spot is the fastest: its length (1 ply) is known too
        return BookAnswer(outcomes_proven, wins_now[0], 1)
    move = None if best == LOSS else next(move for move in root.moves if move in keeping)
    return BookAnswer(outcomes_proven, move, None)


def _from_book(root: Root, answer: BookAnswer) -> Findings:
    """The book's move, with what the book proved of it: its exact outcome where known, else the position's."""
    assert answer.move is not None
    values: dict[int, int] = {}
    proven: frozenset[int] = frozenset()
    if answer.plies is not None:
        sign = 1 if answer.outcomes.outcome == WIN else -1
        values, proven = {answer.move: sign * (root.base - answer.plies) * SCALE}, frozenset({answer.move})
    return Findings(values, proven, (answer.move,), False, None, outcomes=answer.outcomes)


def _report(
    root: Root,
    findings: Findings,
    seconds: float,
    algorithm: str = "solver",
    *,
    keepers: bool = False,
    own: int | None = None,
) -> Analysis:
    """The analysis from what the search found: each move with the most proven of it (score, else outcome).

    ``own``, the position's exact score known ahead of time, is its value
    whatever the search had time to prove of its moves: the words never
    call its length unproven.
    """
    game = root.game
    max_plies = game.max_plies
    entries: list[MoveValue] = []
    known = move_outcomes(root, findings)
    if findings.top is not None:
        # Only the top value is known; every best move shares it.
        entries = [MoveValue.exact(move, findings.top // SCALE, max_plies) for move in findings.best]
    else:
        wins = set(findings.fallback)  # nothing finished: a win on the spot is still a proven fact
        for move in root.moves:
            value = findings.values.get(move)
            if value is not None and move in findings.proven and (value == 0 or abs(value) >= SCALE):
                entries.append(MoveValue.exact(move, value // SCALE, max_plies))
            elif move in wins:
                entries.append(MoveValue.exact(move, max_plies + 1, max_plies))
            elif move in known:  # proven by a book, a table or the win/draw/loss probes; a draw's score is exact
                estimate = None if value is None else clamp_guess(value)
                entries.append(MoveValue.outcome_only(move, OUTCOME_NAMES[known[move]], estimate))
            else:
                entries.append(MoveValue.guess(move, None if value is None else clamp_guess(value)))
    negamax = root.negamax
    analysis = assemble(
        game,
        root.state,
        entries,
        nodes=negamax.nodes,
        seconds=seconds,
        complete=findings.complete,
        algorithm=algorithm,
        preferred=None if findings.complete else findings.best,
        depth=None if findings.complete else findings.depth,
        table=negamax.table.stats(),
        outcome_class=None if findings.outcomes is None else OUTCOME_NAMES[findings.outcomes.outcome],
        keepers=keepers,
    )
    return analysis if own is None else with_own_score(analysis, own)


def with_own_score(analysis: Analysis, own: int) -> Analysis:
    """``analysis`` with the position's exact score ``own`` as its value; its best moves those proven to reach it.

    Its win, draw or loss (``outcome_class``) stays named while its moves are
    not all valued, as a search that proved only that would name it.
    """
    outcome = outcome_of(own, analysis.game.max_plies)
    reaching = tuple(entry.move for entry in analysis.moves if entry.score == own)
    name = "win" if own > 0 else "loss" if own < 0 else "draw"
    return analysis._replace(
        outcome=outcome,
        score=own,
        best=tuple(sorted(reaching)) or analysis.best,
        outcome_class=None if analysis.complete else name,
    )
