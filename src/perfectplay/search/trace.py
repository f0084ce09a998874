"""Recording the tree that minimax and alpha-beta really searched, for students.

``trace_minimax`` and ``trace_alphabeta`` are traced twins of the reference
searches in ``minimax.py`` and ``alphabeta.py``: the same recursion, the same
move order, the same windows, plus bookkeeping. The references stay
untouched, so tracing costs nothing when it is off; the tests prove the twins
visit exactly the positions the references visit, in the same order, so a
trace is the real search and not a look-alike.

Every value in a trace is in the **MAX/MIN view**: from the side to move at
the root (MAX), plies counted from the root, as in ``minimax``. Alpha-beta
works in negamax form (each node scores for its own side to move); the trace
turns those scores, and the windows, into the MAX view so both trees read
the same way: MAX nodes take the largest child value, MIN nodes the
smallest, ``alpha`` is what MAX is already sure of, ``beta`` what MIN is.

Counting and drawing are separate: every visited node is counted exactly, but
only a few are kept as objects (the empty 3x3 board has 549,946). Nodes
within the depth limit are recorded in search order until ``RECORD_LIMIT``,
then the first ``max_nodes`` of them in breadth-first order are shown, so a
capped tree shows whole levels rather than one deep branch. Searched children
that are not shown are summed up in ``TraceNode.hidden``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

from perfectplay.errors import LimitError
from perfectplay.game import Game, Player, State, loss_score, terminal_score, win_score

Bound = Literal["exact", "lower", "upper"]
"""What a value says: the true value, or a bound on it (alpha-beta's fail-soft)."""

DEFAULT_MAX_NODES = 200
"""Nodes shown when the caller gives no cap: about what a screen can hold."""

RECORD_LIMIT = 50_000
"""Nodes kept as objects before choosing which to show; the rest are only counted."""


MINUS = "\N{MINUS SIGN}"
ALPHA = "\N{GREEK SMALL LETTER ALPHA}"
BETA = "\N{GREEK SMALL LETTER BETA}"
INFINITY = "\N{INFINITY}"
"""Symbols of the textbook notation; a true minus sign reads better than a hyphen."""


def bound_text(value: int | None, *, upper: bool = False) -> str:
    """A score or window bound as people write it; None is -inf (or +inf if ``upper``)."""
    if value is None:
        return "+" + INFINITY if upper else MINUS + INFINITY
    return f"{MINUS}{-value}" if value < 0 else str(value)


@dataclass(frozen=True, slots=True)
class Window:
    """An alpha-beta window in the MAX/MIN view; None is an infinite bound."""

    alpha: int | None
    beta: int | None

    def __str__(self) -> str:
        return f"{ALPHA} = {bound_text(self.alpha)}, {BETA} = {bound_text(self.beta, upper=True)}"

    def short(self) -> str:
        """The window as an edge label: ``alpha 0  beta +inf`` in symbols."""
        return f"{ALPHA} {bound_text(self.alpha)}  {BETA} {bound_text(self.beta, upper=True)}"


@dataclass(frozen=True, slots=True)
class Cut:
    """Why alpha-beta stopped searching a node's children.

    At a MAX node the running alpha reached beta (MIN will never let the game
    get here); at a MIN node the running beta fell to alpha. Both bounds are
    finite when a cut happens. Recorded only when moves were left to prune.
    """

    maximizing: bool
    alpha: int
    beta: int

    def __str__(self) -> str:
        alpha, beta = bound_text(self.alpha), bound_text(self.beta)
        if self.maximizing:
            return f"{ALPHA} = {alpha} \N{GREATER-THAN OR EQUAL TO} {BETA} = {beta}"
        return f"{BETA} = {beta} \N{LESS-THAN OR EQUAL TO} {ALPHA} = {alpha}"


@dataclass(frozen=True, slots=True)
class HiddenChild:
    """A child that was searched but is not shown (beyond the depth or node cap)."""

    id: int
    move: int
    value: int
    bound: Bound
    entry: Window | None
    nodes: int
    pruned_subtrees: int


@dataclass(frozen=True, slots=True)
class TraceNode:
    """One visited position and what the search did there.

    ``id`` is the node's place in visiting order (the root is 0), counted
    over every visited node, shown or not. ``value`` is in the MAX/MIN view;
    ``bound`` says whether alpha-beta proved it exactly or only a bound.
    ``entry``/``exit`` are the alpha-beta window when the node was entered
    and left (None for minimax). ``children`` are the shown searched
    children, ``hidden`` the searched ones not shown (always after the shown
    ones in search order), ``pruned`` the moves alpha-beta cut without
    visiting them. ``nodes`` counts this node and every node below it that
    was visited; ``pruned_subtrees`` the cut children in this subtree.
    """

    id: int
    move: int | None
    state: Any
    depth: int
    to_move: Player
    maximizing: bool
    value: int
    bound: Bound
    terminal: bool
    entry: Window | None
    exit: Window | None
    cut: Cut | None
    children: tuple[TraceNode, ...]
    hidden: tuple[HiddenChild, ...]
    pruned: tuple[int, ...]
    nodes: int
    pruned_subtrees: int

    @property
    def role(self) -> Literal["MAX", "MIN"]:
        return "MAX" if self.maximizing else "MIN"

    def walk(self) -> Iterator[TraceNode]:
        """This node and every shown node below it, in search order."""
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass(frozen=True, slots=True)
class Trace:
    """A recorded search: the shown tree plus exact totals for the whole search.

    ``nodes`` equals the untraced search's node count; ``pruned`` counts the
    subtrees alpha-beta cut (0 for minimax); ``shown`` the nodes in the tree.
    """

    game: Game[Any]
    state: Any
    algorithm: Literal["minimax", "alphabeta"]
    root: TraceNode
    best: tuple[int, ...]
    nodes: int
    pruned: int
    shown: int
    depth_limit: int | None
    node_limit: int
    seconds: float

    @property
    def maximizer(self) -> Player:
        return self.root.to_move

    @property
    def value(self) -> int:
        return self.root.value

    def chosen_line(self) -> tuple[TraceNode, ...]:
        """The best line of play, as far as it is shown: root first.

        At each node it follows the first child (in move order) whose exact
        value equals the node's, i.e. the move the side to move would pick.
        """
        line = [self.root]
        node = self.root
        while True:
            follow = [child for child in node.children if child.bound == "exact" and child.value == node.value]
            if not follow or node.bound != "exact":
                return tuple(line)
            node = follow[0]
            line.append(node)


class _Record:
    """A node kept during the search, before choosing which nodes to show."""

    __slots__ = (
        "bound",
        "cut",
        "depth",
        "entry",
        "exit",
        "id",
        "maximizing",
        "move",
        "nodes",
        "pruned",
        "pruned_subtrees",
        "searched",
        "state",
        "terminal",
        "to_move",
        "value",
    )

    def __init__(self, id: int, move: int | None, state: Any, depth: int, to_move: Player, maximizing: bool) -> None:
        self.id = id
        self.move = move
        self.state = state
        self.depth = depth
        self.to_move = to_move
        self.maximizing = maximizing
        self.searched: list[_Record | HiddenChild] = []
        self.entry: Window | None = None
        self.exit: Window | None = None
        self.cut: Cut | None = None
        self.pruned: tuple[int, ...] = ()
        self.value = 0
        self.bound: Bound = "exact"
        self.terminal = False
        self.nodes = 0
        self.pruned_subtrees = 0


class _Recorder:
    """Counts every node; keeps those within the limits; builds the shown tree."""

    def __init__(self, game: Game[Any], maximizer: Player, depth_limit: int | None, node_limit: int) -> None:
        self.game = game
        self.maximizer = maximizer
        self.depth_limit = depth_limit
        self.node_limit = node_limit
        self.visited = 0
        self.pruned = 0
        self.recorded: list[_Record] = []

    def enter(self, state: Any, move: int | None, depth: int, parent: _Record | None) -> _Record | None:
        """Count a visit; return a record if this node is kept (its parent is, and limits allow)."""
        self.visited += 1
        if depth and parent is None:
            return None
        if (self.depth_limit is not None and depth > self.depth_limit) or len(self.recorded) >= RECORD_LIMIT:
            return None
        to_move = self.game.to_move(state)
        record = _Record(self.visited - 1, move, state, depth, to_move, to_move is self.maximizer)
        self.recorded.append(record)
        return record

    def leave(
        self,
        record: _Record | None,
        parent: _Record | None,
        *,
        id: int,
        move: int | None,
        value: int,
        bound: Bound,
        entry: Window | None,
        pruned_before: int,
    ) -> None:
        """File a finished node with its parent, as a record or as a hidden child."""
        nodes = self.visited - id
        pruned = self.pruned - pruned_before
        if record is not None:
            record.value, record.bound, record.entry = value, bound, entry
            record.nodes, record.pruned_subtrees = nodes, pruned
            if parent is not None:
                parent.searched.append(record)
        elif parent is not None and move is not None:
            parent.searched.append(HiddenChild(id, move, value, bound, entry, nodes, pruned))

    def build(self, root: _Record) -> tuple[TraceNode, int]:
        """Freeze the kept records, showing the first ``node_limit`` in breadth-first order."""
        # Search order is preorder, so sorting by (depth, id) is breadth-first,
        # and the shown children of any node are a prefix of its searched ones.
        shown = {record.id for record in sorted(self.recorded, key=lambda r: (r.depth, r.id))[: self.node_limit]}
        return self._freeze(root, shown), len(shown)

    def _freeze(self, record: _Record, shown: set[int]) -> TraceNode:
        children: list[TraceNode] = []
        hidden: list[HiddenChild] = []
        for child in record.searched:
            if isinstance(child, _Record) and child.id in shown:
                children.append(self._freeze(child, shown))
            elif isinstance(child, _Record):
                summary = (child.value, child.bound, child.entry, child.nodes, child.pruned_subtrees)
                hidden.append(HiddenChild(child.id, _move(child), *summary))
            else:
                hidden.append(child)
        return TraceNode(
            id=record.id,
            move=record.move,
            state=record.state,
            depth=record.depth,
            to_move=record.to_move,
            maximizing=record.maximizing,
            value=record.value,
            bound=record.bound,
            terminal=record.terminal,
            entry=record.entry,
            exit=record.exit,
            cut=record.cut,
            children=tuple(children),
            hidden=tuple(hidden),
            pruned=record.pruned,
            nodes=record.nodes,
            pruned_subtrees=record.pruned_subtrees,
        )


def _move(record: _Record) -> int:
    assert record.move is not None, "only the root has no move, and it is always shown"
    return record.move


def _check_limits(depth: int | None, max_nodes: int) -> None:
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 0):
        raise LimitError(f"depth must be a whole number of plies, 0 or more, not {depth!r}")
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise LimitError(f"max_nodes must be a whole number, 1 or more, not {max_nodes!r}")


def trace_minimax(
    game: Game[State], state: State, *, depth: int | None = None, max_nodes: int = DEFAULT_MAX_NODES
) -> Trace:
    """Run the textbook minimax on ``state`` and record its tree.

    Visits exactly the nodes ``minimax`` visits, in the same order; ``depth``
    and ``max_nodes`` only limit what is shown (root at depth 0).
    """
    _check_limits(depth, max_nodes)
    started = time.perf_counter()
    maximizer = game.to_move(state)
    recorder = _Recorder(game, maximizer, depth, max_nodes)

    def value(node: State, move: int | None, ply: int, parent: _Record | None) -> int:
        id = recorder.visited
        record = recorder.enter(node, move, ply, parent)
        if game.is_over(node):
            winner = game.winner(node)
            if winner is None:
                score = 0
            elif winner is maximizer:
                score = win_score(ply, game.max_plies)
            else:
                score = loss_score(ply, game.max_plies)
            if record is not None:
                record.terminal = True
        else:
            scores = [value(game.play(node, child), child, ply + 1, record) for child in game.legal_moves(node)]
            score = max(scores) if game.to_move(node) is maximizer else min(scores)
        recorder.leave(record, parent, id=id, move=move, value=score, bound="exact", entry=None, pruned_before=0)
        return score

    # The reference visits the root, then each move's subtree with MAX's
    # scores; value() at depth 0 is that same walk with the root's max on top.
    root_value = value(state, None, 0, None)
    root = recorder.recorded[0]
    best = tuple(_child_move(child) for child in root.searched if child.value == root_value)
    tree, shown = recorder.build(root)
    return Trace(
        game, state, "minimax", tree, best, recorder.visited, 0, shown, depth, max_nodes, time.perf_counter() - started
    )


def _child_move(child: _Record | HiddenChild) -> int:
    return _move(child) if isinstance(child, _Record) else child.move


def trace_alphabeta(
    game: Game[State], state: State, *, depth: int | None = None, max_nodes: int = DEFAULT_MAX_NODES
) -> Trace:
    """Run the reference alpha-beta on ``state`` and record its tree, windows and cuts.

    Visits exactly the nodes ``alphabeta`` visits, in the same order. Values
    and windows are turned from negamax into the MAX/MIN view (see the
    module docstring); ``pruned`` lists the moves each cut left unvisited.
    """
    _check_limits(depth, max_nodes)
    started = time.perf_counter()
    maximizer = game.to_move(state)
    recorder = _Recorder(game, maximizer, depth, max_nodes)
    lowest = loss_score(0, game.max_plies)
    highest = -lowest

    def view(score: int, maximizing: bool) -> int:
        return score if maximizing else -score

    def window(alpha: int, beta: int, maximizing: bool) -> Window:
        """A negamax window at a node, in the MAX view, with the sentinels made infinite."""
        low, high = (alpha, beta) if maximizing else (-beta, -alpha)
        return Window(None if low < lowest else low, None if high > highest else high)

    def bound(score: int, alpha: int, beta: int, maximizing: bool) -> Bound:
        if alpha < score < beta:
            return "exact"
        # Negamax fails low to an upper bound; the MIN side's is MAX's lower bound.
        fails_low = score <= alpha
        return "upper" if fails_low == maximizing else "lower"

    def search(node: State, move: int, ply: int, alpha: int, beta: int, parent: _Record | None) -> int:
        """The reference's fail-soft negamax (see alphabeta.py), recording as it goes."""
        id, pruned_before = recorder.visited, recorder.pruned
        record = recorder.enter(node, move, ply, parent)
        maximizing = game.to_move(node) is maximizer
        over = game.is_over(node)
        if over:
            best = terminal_score(game, node, ply)
            if record is not None:
                record.terminal = True
                record.exit = window(alpha, beta, maximizing)
        else:
            best = lowest - 1
            moves = game.legal_moves(node)
            for index, child in enumerate(moves):
                score = -search(game.play(node, child), child, ply + 1, -beta, -max(alpha, best), record)
                if score > best:
                    best = score
                    if best >= beta:
                        rest = moves[index + 1 :]
                        recorder.pruned += len(rest)
                        # Failing high on the last move cuts nothing; only a cut that
                        # leaves moves unsearched is one a student should see.
                        if record is not None and rest:
                            record.pruned = rest
                            record.cut = Cut(maximizing, *_finite(window(best, beta, maximizing)))
                        break
            if record is not None:
                record.exit = window(max(alpha, best), beta, maximizing)
        recorder.leave(
            record,
            parent,
            id=id,
            move=move,
            value=view(best, maximizing),
            # A finished game's score is exact whatever the window was.
            bound="exact" if over else bound(best, alpha, beta, maximizing),
            entry=window(alpha, beta, maximizing),
            pruned_before=pruned_before,
        )
        return best

    # The root, exactly as alphabeta() does it: each move with (best - 1, +inf).
    root = recorder.enter(state, None, 0, None)
    assert root is not None, "the root is always recorded"
    root.entry = Window(None, None)
    best_score = lowest - 1
    best: list[int] = []
    if game.is_over(state):
        best_score = terminal_score(game, state)
        root.terminal = True
    else:
        for move in game.legal_moves(state):
            score = -search(game.play(state, move), move, 1, -highest - 1, -(best_score - 1), root)
            if score > best_score:
                best_score, best = score, [move]
            elif score == best_score:
                best.append(move)
    root.exit = window(best_score - 1, highest + 1, True) if best else root.entry
    root.value, root.nodes, root.pruned_subtrees = best_score, recorder.visited, recorder.pruned
    tree, shown = recorder.build(root)
    return Trace(
        game,
        state,
        "alphabeta",
        tree,
        tuple(best),
        recorder.visited,
        recorder.pruned,
        shown,
        depth,
        max_nodes,
        time.perf_counter() - started,
    )


def _finite(window: Window) -> tuple[int, int]:
    assert window.alpha is not None and window.beta is not None, "a cut always has finite bounds"
    return window.alpha, window.beta


TRACERS: dict[str, Callable[..., Trace]] = {"minimax": trace_minimax, "alphabeta": trace_alphabeta}
"""Traced searches by the names ``analyze`` uses for the untraced ones."""


def trace_search(
    game: Game[State],
    state: State,
    algorithm: str,
    *,
    depth: int | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> Trace:
    """Trace the named search (``"minimax"`` or ``"alphabeta"``)."""
    try:
        tracer = TRACERS[algorithm]
    except KeyError:
        raise LimitError(f"unknown algorithm {algorithm!r}: use one of {', '.join(sorted(TRACERS))}") from None
    trace: Trace = tracer(game, state, depth=depth, max_nodes=max_nodes)
    return trace
