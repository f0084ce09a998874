"""Recording the tree that minimax and alpha-beta really searched, for students.

``trace_search`` runs the reference ``minimax`` or ``alphabeta`` itself,
with a ``_TraceRecorder`` as its watcher (``watch.py``): the tree is, by
construction, the search that ran, with its real move order, windows and
cuts. Without a watcher the searches pay nothing for this.

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

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from perfectplay.errors import LimitError, PerfectplayError
from perfectplay.game import Game, Player, State
from perfectplay.search.alphabeta import MoveOrder, RootSearch, alphabeta
from perfectplay.search.analysis import TRACEABLE
from perfectplay.search.base.budget import ProgressCallback
from perfectplay.search.base.evaluation import Evaluator, no_evaluation
from perfectplay.search.base.limits import Limit
from perfectplay.search.base.result import Analysis
from perfectplay.search.base.scale import INFINITE, SCALE, is_proven
from perfectplay.search.minimax import minimax

Bound = Literal["exact", "lower", "upper"]
"""What a value says: the true value, or a bound on it (alpha-beta's fail-soft)."""

DEFAULT_MAX_NODES = 200
"""Nodes shown when the caller gives no cap: about what a screen can hold."""

RECORD_LIMIT = 50_000
"""Nodes kept as objects before choosing which to show; the rest are only counted."""

SEARCH_NODES = 2_000_000
"""Most nodes a traced search may visit unless the caller allows more (about ten seconds)."""


class TraceTooLarge(PerfectplayError):
    """The search to trace needs more nodes than allowed: limit its depth, or start nearer the end."""


@dataclass(frozen=True, slots=True)
class Window:
    """An alpha-beta window in the MAX/MIN view; None is an infinite bound (words.window_text writes it)."""

    alpha: int | None
    beta: int | None


@dataclass(frozen=True, slots=True)
class Cut:
    """Why alpha-beta stopped searching a node's children.

    At a MAX node the running alpha reached beta (MIN will never let the game
    get here); at a MIN node the running beta fell to alpha. Both bounds are
    finite when a cut happens. Recorded only when moves were left to prune
    (``words.cut_text`` writes the condition).
    """

    maximizing: bool
    alpha: int
    beta: int


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
    guess: bool = False
    steps: int = 0


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
    was visited; ``pruned_subtrees`` the cut children in this subtree;
    ``steps`` the events a replay of this whole subtree takes (``replay_steps``).
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
    guess: bool = False
    horizon: bool = False
    steps: int = 0

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
    ``depth_limit`` and ``node_limit`` limit what is shown; ``search_depth``
    is the search's own depth limit (None: to the end of the game), beyond
    which ``evaluation`` valued the positions; ``analysis`` is what the
    search returned; ``order`` names alpha-beta's move order and ``find``
    its root search (see ``alphabeta``).
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
    search_depth: int | None = None
    evaluation: str = "none"
    analysis: Analysis | None = field(default=None, compare=False)
    order: str = "natural"
    find: RootSearch = "best"

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
        "guess",
        "horizon",
        "id",
        "maximizing",
        "move",
        "nodes",
        "pruned",
        "pruned_subtrees",
        "searched",
        "state",
        "steps",
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
        self.horizon = False
        self.guess = False
        self.nodes = 0
        self.pruned_subtrees = 0
        self.steps = 0


def replay_steps(nodes: int, terminals: int, cuts: int) -> int:
    """The events a replay of a subtree takes (``viz/replay.py``), from what the search did there.

    Every node is entered and left; every node but the subtree's top is
    backed up into its parent (an update); every finished game is scored (a
    leaf); every cut is one event. A front end that shows a subtree folded
    can still count the replay exactly.
    """
    return 3 * nodes - 1 + terminals + cuts


@dataclass(slots=True)
class _Frame:
    """A node the search has entered and not yet left, with what it was entered with."""

    record: _Record | None
    id: int
    move: int | None
    maximizing: bool
    alpha: int | None
    beta: int | None
    pruned_before: int
    guesses_before: int
    terminals_before: int
    cuts_before: int


def _shown(value: int) -> int:
    """An internal value as a person reads it: a ``game.py`` score if proven, else as it is."""
    return value // SCALE if is_proven(value) else value


def _bound_shown(value: int | None) -> int | None:
    """A window bound as a person reads it; None (infinite) for the searches' sentinels."""
    if value is None or abs(value) >= INFINITE // 2:
        return None
    return _shown(value)


class _TraceRecorder:
    """The watcher that records a search: counts every node, keeps those within the limits.

    It sees values in the search's own view (``watch.py``) and files every
    node in the MAX/MIN view, with alpha-beta's windows and cuts turned the
    same way, so both trees read alike.
    """

    def __init__(self, game: Game[Any], maximizer: Player, algorithm: str, depth_limit: int | None, node_limit: int):
        self.game = game
        self.maximizer = maximizer
        self.negamax = algorithm == "alphabeta"
        self.depth_limit = depth_limit
        self.node_limit = node_limit
        self.visited = 0
        self.pruned = 0
        self.guesses = 0
        self.terminals = 0
        self.cuts = 0
        self.recorded: list[_Record] = []
        self.stack: list[_Frame] = []
        self.root: _Record | None = None
        self.finished = False

    def window(self, alpha: int | None, beta: int | None, maximizing: bool) -> Window | None:
        """A negamax window at a node, in the MAX view (None for minimax)."""
        if alpha is None or beta is None:
            return None
        low, high = (alpha, beta) if maximizing else (-beta, -alpha)
        return Window(_bound_shown(low), _bound_shown(high))

    def enter(self, state: Any, move: int | None, ply: int, alpha: int | None, beta: int | None) -> None:
        self.visited += 1
        parent = self.stack[-1].record if self.stack else None
        to_move = self.game.to_move(state)
        maximizing = to_move is self.maximizer
        record = None
        within = self.depth_limit is None or ply <= self.depth_limit
        if ply == 0 or (parent is not None and within and len(self.recorded) < RECORD_LIMIT):
            record = _Record(self.visited - 1, move, state, ply, to_move, maximizing)
            self.recorded.append(record)
            if ply == 0:
                self.root = record
        self.stack.append(
            _Frame(
                record,
                self.visited - 1,
                move,
                maximizing,
                alpha,
                beta,
                self.pruned,
                self.guesses,
                self.terminals,
                self.cuts,
            )
        )

    def leave(self, value: int, *, terminal: bool, horizon: bool) -> None:
        frame = self.stack.pop()
        if horizon:
            self.guesses += 1
        if terminal:
            self.terminals += 1
        maximizing = frame.maximizing
        view = -value if self.negamax and not maximizing else value
        bound: Bound = "exact"
        entry = exit = None
        if self.negamax and frame.alpha is not None and frame.beta is not None:
            alpha, beta = frame.alpha, frame.beta
            entry = self.window(alpha, beta, maximizing)
            if terminal or horizon:
                exit = entry
            else:
                exit = self.window(max(alpha, value), beta, maximizing)
                if value <= alpha:  # negamax fails low to an upper bound; MIN's is MAX's lower bound
                    bound = "upper" if maximizing else "lower"
                elif value >= beta:
                    bound = "lower" if maximizing else "upper"
        guess = self.guesses > frame.guesses_before and not is_proven(value)
        nodes = self.visited - frame.id
        pruned = self.pruned - frame.pruned_before
        steps = replay_steps(nodes, self.terminals - frame.terminals_before, self.cuts - frame.cuts_before)
        parent = self.stack[-1].record if self.stack else None
        record = frame.record
        if record is not None:
            record.value, record.bound, record.entry, record.exit = _shown(view), bound, entry, exit
            record.terminal, record.horizon, record.guess = terminal, horizon, guess
            record.nodes, record.pruned_subtrees, record.steps = nodes, pruned, steps
            if parent is not None:
                parent.searched.append(record)
        elif parent is not None and frame.move is not None:
            hidden = HiddenChild(frame.id, frame.move, _shown(view), bound, entry, nodes, pruned, guess, steps)
            parent.searched.append(hidden)
        if not self.stack:
            self.finished = True

    def prune(self, moves: tuple[int, ...], alpha: int, beta: int) -> None:
        self.pruned += len(moves)
        self.cuts += 1
        frame = self.stack[-1]
        if frame.record is not None:
            window = self.window(alpha, beta, frame.maximizing)
            assert window is not None and window.alpha is not None and window.beta is not None, "cuts are finite"
            frame.record.pruned = moves
            frame.record.cut = Cut(frame.maximizing, window.alpha, window.beta)

    def build(self) -> tuple[TraceNode, int]:
        """Freeze the kept records, showing the first ``node_limit`` in breadth-first order."""
        assert self.root is not None, "the root is always recorded"
        # Search order is preorder, so sorting by (depth, id) is breadth-first,
        # and the shown children of any node are a prefix of its searched ones.
        shown = {record.id for record in sorted(self.recorded, key=lambda r: (r.depth, r.id))[: self.node_limit]}
        return self._freeze(self.root, shown), len(shown)

    def _freeze(self, record: _Record, shown: set[int]) -> TraceNode:
        children: list[TraceNode] = []
        hidden: list[HiddenChild] = []
        for child in record.searched:
            if isinstance(child, _Record) and child.id in shown:
                children.append(self._freeze(child, shown))
            elif isinstance(child, _Record):
                assert child.move is not None, "only the root has no move, and it is always shown"
                summary = (
                    child.value,
                    child.bound,
                    child.entry,
                    child.nodes,
                    child.pruned_subtrees,
                    child.guess,
                    child.steps,
                )
                hidden.append(HiddenChild(child.id, child.move, *summary))
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
            guess=record.guess,
            horizon=record.horizon,
            steps=record.steps,
        )


def _check_limits(depth: int | None, max_nodes: int) -> None:
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 0):
        raise LimitError(f"depth must be a whole number of plies, 0 or more, not {depth!r}")
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise LimitError(f"max_nodes must be a whole number, 1 or more, not {max_nodes!r}")


"""The searches that can be traced."""


def trace_search(
    game: Game[State],
    state: State,
    algorithm: str,
    *,
    depth: int | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
    limit: Limit | None = None,
    evaluate: Evaluator = no_evaluation,
    evaluation: str = "none",
    order: MoveOrder | None = None,
    find: RootSearch = "best",
    progress: ProgressCallback | None = None,
    order_name: str | None = None,
) -> Trace:
    """Run ``minimax`` or ``alphabeta`` on ``state`` and record the tree it searched.

    ``depth`` and ``max_nodes`` only limit what is *shown* (root at depth
    0); every visited node is counted. ``limit`` limits the *search*: its
    ``depth`` is the search's horizon, where ``evaluate`` (named
    ``evaluation``) values the positions; its ``nodes`` and ``seconds`` cap
    the work (``SEARCH_NODES`` nodes by default), and a search that needs
    more raises ``TraceTooLarge``. ``order`` and ``find`` are alpha-beta's
    (see ``alphabeta``), ``order_name`` the order's name for the drawing;
    ``progress`` hears how far the search has got.
    """
    _check_limits(depth, max_nodes)
    if algorithm not in TRACEABLE:
        raise LimitError(f"unknown algorithm {algorithm!r}: use one of {', '.join(TRACEABLE)}")
    if limit is not None and not isinstance(limit, Limit):
        raise LimitError(f"limit must be a Limit, not {type(limit).__name__}")
    node_cap = SEARCH_NODES if limit is None or limit.nodes is None else limit.nodes
    search_depth = None if limit is None else limit.depth
    search_limit = Limit(depth=search_depth, seconds=None if limit is None else limit.seconds, nodes=node_cap)
    recorder = _TraceRecorder(game, game.to_move(state), algorithm, depth, max_nodes)
    analysis: Analysis
    if game.is_over(state):
        recorder.enter(state, None, 0, None, None)
        analysis = minimax(game, state)
        assert analysis.score is not None
        recorder.leave(analysis.score * SCALE, terminal=True, horizon=False)
    elif algorithm == "minimax":
        analysis = minimax(game, state, search_limit, evaluate=evaluate, watcher=recorder, progress=progress)
    else:
        analysis = alphabeta(
            game,
            state,
            search_limit,
            evaluate=evaluate,
            order=order,
            find=find,
            watcher=recorder,
            progress=progress,
        )
    if not recorder.finished:
        raise TraceTooLarge(
            f"the {algorithm} search of this position needs more than {node_cap:,} nodes; "
            "give it a search depth limit, or start from a position nearer the end of the game"
        )
    tree, shown = recorder.build()
    return Trace(
        game,
        state,
        "minimax" if algorithm == "minimax" else "alphabeta",
        tree,
        analysis.best,
        recorder.visited,
        recorder.pruned,
        shown,
        depth,
        max_nodes,
        analysis.seconds,
        search_depth,
        evaluation,
        analysis,
        order_name or ("natural" if order is None else "custom"),
        # Minimax has no window: it values every root move exactly, which is what "all" means.
        find if algorithm == "alphabeta" else "all",
    )


def trace_minimax(
    game: Game[State], state: State, *, depth: int | None = None, max_nodes: int = DEFAULT_MAX_NODES
) -> Trace:
    """``trace_search`` of the textbook minimax, showing at most ``depth`` plies and ``max_nodes`` nodes."""
    return trace_search(game, state, "minimax", depth=depth, max_nodes=max_nodes)


def trace_alphabeta(
    game: Game[State], state: State, *, depth: int | None = None, max_nodes: int = DEFAULT_MAX_NODES
) -> Trace:
    """``trace_search`` of the reference alpha-beta, showing at most ``depth`` plies and ``max_nodes`` nodes."""
    return trace_search(game, state, "alphabeta", depth=depth, max_nodes=max_nodes)
