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

from typing import TYPE_CHECKING

from perfectplay.search.base.scale import SCALE
from perfectplay.search.solver.deepening import Findings, deepen
from perfectplay.search.solver.outcomes import DRAW, LOSS, WIN, Outcomes
from perfectplay.search.solver.root import Root

if TYPE_CHECKING:
    from perfectplay.hooks import OutcomeTable
    from perfectplay.search.solver.book import BookAnswer


def analyse_every_move(
    root: Root, depth_cap: int | None, book: BookAnswer | None, table: OutcomeTable | None
) -> Findings:
    """Every move of ``root`` valued under the budget's limit, from what ``book`` and ``table`` prove.

    The table's outcomes, where it knows every move's, say more than a
    book's line (one move and the position's outcome); where it knows only
    the position's own, that bounds the probes (``ceiling``). A book's
    move whose length the book proved keeps that exact score when the
    search stops before proving it again.
    """
    known = None if book is None else book.outcomes
    ceiling = None
    if table is not None:
        outcomes = table.move_outcomes(root.state)
        if outcomes is not None:
            known = table_outcomes(root, outcomes)
        elif known is None:
            ceiling = table.outcome(root.state)
    findings = deepen(root, True, depth_cap, root.game.max_plies, known, ceiling, analysis=True)
    if book is None or book.move is None or book.plies is None or book.move in findings.proven:
        return findings
    sign = 1 if book.outcomes.outcome == WIN else -1
    value = sign * (root.base - book.plies) * SCALE
    # In a lost position the book's move is proven the slowest loss: the move to play, whatever else is known.
    best = (book.move,) if sign < 0 and not findings.complete else findings.best
    return findings._replace(
        values={**findings.values, book.move: value}, proven=findings.proven | frozenset({book.move}), best=best
    )


def table_outcomes(root: Root, outcomes: dict[int, int]) -> Outcomes:
    """A table's outcome of every move as ``Outcomes``: the position's, the moves that keep it, draws, losses."""
    best = max(outcomes.values())
    keeping = frozenset(move for move in root.moves if outcomes.get(move) == best)
    draws = frozenset(move for move in root.moves if outcomes.get(move) == DRAW)
    losses = frozenset(move for move in root.moves if outcomes.get(move) == LOSS)
    return Outcomes(best, keeping, draws, losses)
