"""An analysis under a limit: every move valued, no shortcut ending it early (``score_moves``).

A player asks which move to play, and an opening book, an outcome table or a
forced move answers that at once (``exact.py``). An analysis asks what each
move is worth, and what those sources prove is where its search starts, not
where it ends: the outcome of every move they know seeds the win/draw/loss
probes (``outcomes.Settling``) and bounds each move's exact search
(``nullwindow.exact_all``), and the iterative deepening (``deepening.py``)
runs on to exact scores or to the limit, whichever comes first. Each move
then shows the most that is proven of it: its exact score, else its
outcome (a win or a loss whose length is not proven), else an estimate.
"""

from __future__ import annotations

from contextlib import suppress
from typing import TYPE_CHECKING

from perfectplay.search.base.budget import Stop
from perfectplay.search.base.scale import SCALE
from perfectplay.search.solver.attempt import share_of_limit
from perfectplay.search.solver.deepening import Findings, deepen
from perfectplay.search.solver.nullwindow import exact_all
from perfectplay.search.solver.outcomes import DRAW, LOSS, WIN, Outcomes, per_move
from perfectplay.search.solver.reaching import probe_reaching, reached
from perfectplay.search.solver.root import Root

if TYPE_CHECKING:
    from perfectplay.hooks import OutcomeTable
    from perfectplay.search.solver.book import BookAnswer


def analyse_every_move(
    root: Root,
    depth_cap: int | None,
    book: BookAnswer | None,
    table: OutcomeTable | None,
    found: dict[int, int] | None = None,
    own: int | None = None,
) -> Findings:
    """Every move of ``root`` valued under the budget's limit, from what ``book`` and ``table`` prove.

    The table's outcomes, where it knows every move's, say more than a
    book's line (one move and the position's outcome); where it knows only
    the position's own, that bounds the probes (``ceiling``). A book's
    move whose length the book proved keeps that exact score when the
    search stops before proving it again. ``found`` holds moves proven
    already (internal units); ``own`` is the root's exact score where known
    ahead of time, which bounds every move's exact search.
    """
    known = None if book is None else book.outcomes
    ceiling = None
    if table is not None:
        outcomes = table.move_outcomes(root.state)
        if outcomes is not None:
            known = table_outcomes(root, outcomes)
            if depth_cap is None:
                seeds = dict(found or {})
                if book is not None and book.move is not None and book.plies is not None:
                    sign = 1 if book.outcomes.outcome == WIN else -1
                    seeds[root.twin_of[book.move]] = sign * (root.base - book.plies) * SCALE
                return exact_within(root, known, seeds, None if own is None else own * SCALE)
        elif known is None:
            ceiling = table.outcome(root.state)
    first: dict[int, int] = dict(found or {})
    if depth_cap is None and root.negamax.budget.roomy:
        settled = _exact_first(root, known, ceiling, first, None if own is None else own * SCALE)
        if settled is not None:
            return settled
    findings = deepen(root, True, depth_cap, root.game.max_plies, known, ceiling, analysis=True)
    if first and not findings.complete:  # what the exact search proved before its share ran out
        values = {move: first[root.twin_of[move]] for move in root.moves if root.twin_of[move] in first}
        findings = findings._replace(values={**findings.values, **values}, proven=findings.proven | frozenset(values))
    if book is None or book.move is None or book.plies is None or book.move in findings.proven:
        return findings
    sign = 1 if book.outcomes.outcome == WIN else -1
    value = sign * (root.base - book.plies) * SCALE
    # In a lost position the book's move is proven the slowest loss: the move to play, whatever else is known.
    best = (book.move,) if sign < 0 and not findings.complete else findings.best
    return findings._replace(
        values={**findings.values, book.move: value}, proven=findings.proven | frozenset({book.move}), best=best
    )


EXACT_FIRST_SHARE = 2
"""An analysis bound for exact scores (a roomy limit: ``Limit.roomy``, such as ``analyze``'s default 60 s) that
knows less than every move's outcome tries the exact search of every move first, on half of what is left of its
limit, before the deepening and its win/draw/loss probes: where it
finishes, as it mostly does past ply 7 of Connect Four, it costs about half the deepening's nodes (``66263125``:
23.3 M nodes against 37.3 M; ``benchmarks/analyze_command.py``). Where it runs out, the deepening has the other
half, from the table it filled, and the moves it proved stay proven."""


def _exact_first(
    root: Root, known: Outcomes | None, ceiling: int | None, found: dict[int, int], own: int | None
) -> Findings | None:
    """Every move's exact value on a share of the limit (``EXACT_FIRST_SHARE``); None if the share ran out first.

    ``known`` (a book's outcomes) and ``ceiling`` (the position's outcome
    from a table) bound each move's search: in a drawn position no move
    scores above a draw, in a lost one every move loses. ``own`` (internal
    units) is the position's exact score where known. ``found`` receives
    each unique move's value as it is proven.
    """
    by_move = {} if known is None else per_move(root, known)
    top = own
    if ceiling == LOSS or (known is not None and known.outcome == LOSS):
        by_move = dict.fromkeys(root.moves, LOSS)
    elif top is None and (ceiling == DRAW or (known is not None and known.outcome == DRAW)):
        top = 0
    try:
        with share_of_limit(root, EXACT_FIRST_SHARE):
            values = exact_all(root, by_move, found, top)
    except Stop:  # its share (``AttemptOver``) or the whole limit: the deepening answers with what is proven
        return None
    top = max(values.values())
    best = tuple(sorted(move for move in root.moves if values[move] == top))
    return Findings(values, frozenset(root.moves), best, True, None)


def exact_within(root: Root, known: Outcomes, found: dict[int, int], ceiling: int | None = None) -> Findings:
    """Every move's exact value straight away, each within its outcome's range, kept as proven if the limit stops.

    Where every move's outcome is known ahead of time, the deepening's
    iterations and win/draw/loss probes have nothing left to prove that a
    stopped analysis would show (each move already shows its outcome), and
    its exact attempts start again from scratch each time: ``64476`` took
    203 M nodes (21.9 s of CPU) that way, 149 M searched exact at once
    (``benchmarks/analyze_plies.py``). ``found`` holds moves proven already
    (internal units, unique moves); ``ceiling`` the root's own value where
    known ahead of time (``exact_all``).
    """
    by_move = per_move(root, known)
    with suppress(Stop):
        exact_all(root, by_move, found, ceiling)
    values = {move: found[root.twin_of[move]] for move in root.moves if root.twin_of[move] in found}
    proven = frozenset(values)
    if len(proven) == len(root.moves):
        top = max(values.values())
        return Findings(values, proven, tuple(sorted(move for move in root.moves if values[move] == top)), True, None)
    keeping = known.keeping & frozenset(root.tactical_moves()) or known.keeping
    if known.outcome == LOSS:  # every move loses: the slowest proven, else the forced reply, else the favourite
        slowest = max(values.values(), default=None)
        keeping = frozenset(move for move, value in values.items() if value == slowest) or frozenset(
            root.tactical_moves() or root.moves[:1]
        )
    return Findings(values, proven, tuple(sorted(keeping)), False, None, outcomes=known, move_outcomes=by_move)


def table_outcomes(root: Root, outcomes: dict[int, int]) -> Outcomes:
    """A table's outcome of every move as ``Outcomes``: the position's, the moves that keep it, draws, losses."""
    best = max(outcomes.values())
    keeping = frozenset(move for move in root.moves if outcomes.get(move) == best)
    draws = frozenset(move for move in root.moves if outcomes.get(move) == DRAW)
    losses = frozenset(move for move in root.moves if outcomes.get(move) == LOSS)
    return Outcomes(best, keeping, draws, losses)


def toward_own_score(
    root: Root, own: int, book: BookAnswer | None, table: OutcomeTable | None, *, every_move: bool
) -> Findings | None:
    """The moves that reach the root's exact score ``own`` (known ahead of time), proven under the budget's limit.

    The candidates are the moves that may: the book's first, then those the
    book or ``table`` proves keep the position's outcome, in the root's
    order (a move proven to draw in a won position cannot). A player
    (not ``every_move``) gets the first that reaches it, or None when the
    limit runs out first. An analysis where ``table`` knows every move's
    outcome gets every move's exact search at once, bounded by ``own``
    (with a stand-in ply-5 row, ``64476`` took 80 M nodes that way, 85 M
    probing first, 138 M without the row); elsewhere every move probed,
    then the rest of the limit valuing the moves as ``analyse_every_move`` does.
    """
    known = None if book is None else book.outcomes
    outcomes = None if table is None else table.move_outcomes(root.state)
    if outcomes is not None:
        known = table_outcomes(root, outcomes)
    by_move = {} if known is None else per_move(root, known)
    wanted = WIN if own > 0 else LOSS if own < 0 else DRAW
    found = {move: 0 for move, outcome in by_move.items() if own == 0 and outcome == DRAW}  # a draw is exact
    # A win on the spot or the one forced reply is proven the only best move: it reaches ``own`` unprobed.
    found.update((root.twin_of[move], own * SCALE) for move in root.forced_moves())
    if every_move and outcomes is not None:  # every move's exact search at once, bounded by ``own``
        return _with_reach(root, own, analyse_every_move(root, None, book, table, found, own))
    first = [] if book is None or book.move is None else [book.move]
    order = [*first, *(move for move in root.moves if by_move.get(move, wanted) == wanted)]
    try:
        if every_move or not reached(root, own, found):
            probe_reaching(root, own, order, found, every=every_move)
    except Stop:
        if not every_move:
            return None
    reach = reached(root, own, found)
    if not every_move:
        if not reach:
            return None
        return Findings(
            {move: own * SCALE for move in reach}, reach, tuple(sorted(reach)), False, None, move_outcomes=by_move
        )
    findings = analyse_every_move(root, None, book, table, {root.twin_of[move]: own * SCALE for move in reach})
    values = {**findings.values, **{move: own * SCALE for move in reach}}
    return _with_reach(root, own, findings._replace(values=values, proven=findings.proven | reach))


def _with_reach(root: Root, own: int, findings: Findings) -> Findings:
    """``findings`` whose best moves, while some moves are not valued, are those proven to reach ``own``."""
    reach = tuple(move for move in root.moves if move in findings.proven and findings.values[move] == own * SCALE)
    if findings.complete or not reach:
        return findings
    return findings._replace(best=tuple(sorted(reach)))
