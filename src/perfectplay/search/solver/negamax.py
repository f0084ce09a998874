"""The solver's recursion: fail-soft negamax alpha-beta over ``SearchNode``s, with a transposition table.

It is the same for every game; everything game-specific comes from the
node (bounds, key, move order, forced replies, the horizon heuristic; see
``perfectplay.hooks``).

**Values** are in the internal units of ``scale.py``, counted from the
*root*, so a value means the same wherever in the tree it is found and
alpha-beta windows pass down by plain negation. The table stores values
counted from the *node* instead (``from_node`` and its inlined inverse convert), so that
an entry holds for every root it is met from; chess engines do the same
with "mate in N".

**Depth.** ``depth`` is what is left of a depth limit; at 0 the node is
valued by its heuristic and ``horizon`` grows, which tells the callers that
the value is a guess. A forced reply costs no depth. Table entries searched
without any guess are stored as ``PROVEN`` and serve every depth. A node
may say it is ``transient`` (an optional attribute, ``perfectplay.hooks``):
then it is neither looked up nor stored; its ``store_min`` (optional) keeps
a position met for the first time out of the table when its search took
fewer nodes than that; and a game's nodes may say
``cutoff_lookups = False``: then no child is looked up before it is searched.
"""

from __future__ import annotations

from collections.abc import Sequence

from perfectplay.hooks import SearchNode
from perfectplay.search.base.budget import Budget
from perfectplay.search.base.scale import INFINITE, SCALE, from_node
from perfectplay.search.solver.table import PROVEN, Entry, TranspositionTable

_new_entry = tuple.__new__
"""Builds an ``Entry`` without the Python-level ``__new__`` of a NamedTuple (one per inner node)."""


class Negamax:
    """One solver call's recursion, with its table, node count and budget."""

    def __init__(self, table: TranspositionTable, budget: Budget) -> None:
        self.table = table
        self.budget = budget
        self.nodes = 0
        self.next_check = budget.first_check()
        self.horizon = 0  # grows whenever a heuristic value enters a result

    def cutoff(
        self, node: SearchNode, moves: Sequence[int], searched: int, ply: int, child_depth: int, beta: int
    ) -> tuple[int, int] | None:
        """An enhanced transposition cutoff: a move whose child the table already proves worth ``beta``.

        Before any of ``moves`` (but ``searched``, the table move already
        tried) is searched, each child is looked up: if its entry, deep
        enough, bounds the child's value so that the move reaches ``beta``,
        the node fails high at once with that bound and move, where the
        search would have reached the same cutoff only at that move. Returns
        (value, move), or None. A lone (forced) move is left to the search,
        which looks it up first anyway.
        """
        if len(moves) < 2 or not getattr(node, "cutoff_lookups", True):
            return None
        entries = self.table.entries
        for move in moves:
            if move == searched:
                continue
            child = node.play(move)
            if getattr(child, "transient", False):
                continue
            entry = entries.get(child.key())
            if entry is None or entry.depth < child_depth:
                continue
            bound = -from_node(entry.high, ply + 1)
            if bound >= beta:
                if entry.depth < PROVEN:
                    self.horizon += 1
                return bound, move
        return None

    def search(self, node: SearchNode, ply: int, depth: int, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta value of ``node`` for its side to move, in internal units.

        ``ply`` is the node's distance from the root. If the true value ``v``
        lies in ``(alpha, beta)`` the result is ``v``; a result ``<= alpha``
        is an upper bound on ``v`` (fail low) and one ``>= beta`` a lower
        bound (fail high). The bounds are proven unless ``self.horizon`` grew
        during the call.
        """
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.next_check = self.budget.checkpoint(self.nodes, len(self.table.entries))
        # The node's bounds are scores counted from the node; count them from the root.
        low, high = node.low, node.high
        low = (low - ply) * SCALE if low > 0 else (low + ply) * SCALE if low < 0 else 0
        high = (high - ply) * SCALE if high > 0 else (high + ply) * SCALE if high < 0 else 0
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
        nodes_before = self.nodes
        key = node.key()
        transient = getattr(node, "transient", False)
        entry = None if transient else self.table.entries.get(key)
        table_move = -1
        if entry is not None:
            entry_low, entry_high, stored_move, entry_depth = entry
            if stored_move >= 0:
                table_move = node.from_key_frame(stored_move)
            if entry_depth >= depth:
                if entry_depth < PROVEN:
                    self.horizon += 1
                entry_low = from_node(entry_low, ply)
                entry_high = from_node(entry_high, ply)
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
            guess = node.evaluate()
            guess = -SCALE + 1 if guess <= -SCALE else SCALE - 1 if guess >= SCALE else guess
            return low if guess < low else high if guess > high else guess

        # The table move is tried before the others are even listed: when it
        # cuts off, as it mostly does, ordering the rest would be wasted work.
        forced = node.forced
        child_depth = depth if forced else depth - 1
        pending = table_move >= 0 and not forced
        best = -INFINITE
        best_move = -1
        window_low = alpha
        search = self.search
        if pending:
            best = -search(node.play(table_move), ply + 1, child_depth, -beta, -window_low)
            best_move = table_move
            if best > window_low:
                window_low = best
        if best < beta:
            moves = node.moves()
            cut = self.cutoff(node, moves, table_move if pending else -1, ply, child_depth, beta)
            if cut is not None:
                best, best_move = cut
            else:
                for move in moves:
                    if pending and move == table_move:
                        continue
                    score = -search(node.play(move), ply + 1, child_depth, -beta, -window_low)
                    if score > best:
                        best = score
                        best_move = move
                        if score > window_low:
                            window_low = score
                            if score >= beta:
                                break

        if best <= alpha:
            new_low, new_high = low, best
            best_move = -1  # every move failed low: none of them is known to be best
        elif best >= beta:
            new_low, new_high = best, high
        else:
            new_low = new_high = best
        # Store (inlined: it runs at every inner node) the bounds counted from
        # the node, merged with what was known at the same depth.
        new_depth = PROVEN if self.horizon == horizon_before else depth
        stored_move = node.to_key_frame(best_move) if best_move >= 0 else -1
        new_low = new_low + ply * SCALE if new_low >= SCALE else new_low - ply * SCALE if new_low <= -SCALE else new_low
        new_high = (
            new_high + ply * SCALE if new_high >= SCALE else new_high - ply * SCALE if new_high <= -SCALE else new_high
        )
        if entry is not None:
            if entry.depth > new_depth:
                return best  # never overwrite a deeper (or proven) entry with a shallower guess
            if entry.depth == new_depth:
                new_low = max(new_low, entry.low)
                new_high = min(new_high, entry.high)
            if stored_move < 0:
                stored_move = entry.move
        if transient or (entry is None and self.nodes - nodes_before < getattr(node, "store_min", 0)):
            return best
        table = self.table
        if len(table.entries) >= table.capacity and entry is None:
            table.make_room()
        table.entries[key] = _new_entry(Entry, (new_low, new_high, stored_move, new_depth))
        return best
