"""The traced searches are the real searches: same nodes, same order, same answers."""

# ruff: noqa: RUF001, RUF002 - expected texts use the Greek letters and minus sign students read

from __future__ import annotations

from typing import Any

import pytest

from perfectplay import Game, MNKState, TicTacToe, alphabeta, minimax, parse_position
from perfectplay.errors import LimitError
from perfectplay.teaching.trace import HiddenChild, Trace, TraceNode, trace_alphabeta, trace_minimax, trace_search
from perfectplay.words import cut_text, window_text
from textbook_reference import Answer


class WatchedGame:
    """Tic-tac-toe that writes down every position a search asks ``is_over`` about.

    Both reference searches ask exactly once per node they visit, so the list
    is the visiting order, and ``TraceNode.id`` must index into it.
    """

    def __init__(self) -> None:
        self.rules = TicTacToe()
        self.visited: list[MNKState] = []

    def is_over(self, state: MNKState) -> bool:
        self.visited.append(state)
        return self.rules.is_over(state)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)


def visiting_order(search: Any, state: MNKState) -> list[MNKState]:
    game = WatchedGame()
    search(game, state)
    return game.visited


def few_empty_cells(positions: list[MNKState], most: int) -> list[MNKState]:
    return [state for state in positions if 9 - (state.x | state.o).bit_count() <= most]


def check_invariants(trace: Trace) -> None:
    """Counts add up at every shown node, shown or not, and ids follow the search order."""
    for node in trace.root.walk():
        below = sum(child.nodes for child in node.children) + sum(child.nodes for child in node.hidden)
        assert node.nodes == 1 + below
        searched: tuple[TraceNode | HiddenChild, ...] = (*node.children, *node.hidden)
        cut_below = sum(child.pruned_subtrees for child in searched)
        assert node.pruned_subtrees == len(node.pruned) + cut_below
        ids = [child.id for child in searched]
        assert ids == sorted(ids) and all(child_id > node.id for child_id in ids)
    assert trace.shown == sum(1 for _ in trace.root.walk())
    assert trace.root.nodes == trace.nodes
    assert trace.root.pruned_subtrees == trace.pruned


def assert_traced_minimax_counts_the_reference(states: list[MNKState], reference: dict[MNKState, Answer]) -> int:
    """Traced minimax's nodes, value and best moves are the reference's on each state; how many were traced."""
    game = TicTacToe()
    for state in states:
        trace = trace_minimax(game, state, max_nodes=1)
        expected = reference[state]
        assert (trace.nodes, trace.value, trace.best) == (expected.nodes, expected.score, expected.best)
        assert trace.pruned == 0
    return len(states)


def test_traced_minimax_counts_exactly_the_reference_nodes_on_every_tenth_position_with_six_or_fewer_empty_cells(
    all_positions: list[MNKState], reference: dict[MNKState, Answer]
) -> None:
    # Every one of the 5,396 (3 s of CPU) is benchmarks/oracle_sweeps.py's ``trace``; the empty board's trace
    # (every node of the game, counted) is the test below.
    assert assert_traced_minimax_counts_the_reference(few_empty_cells(all_positions, 6)[::10], reference) == 540


def test_traced_minimax_visits_549946_nodes_from_the_empty_board_and_shows_only_what_was_asked(
    empty_board_trace: Trace,
) -> None:
    """
     . | . | .
    ---+---+---     drawn: the root and its 9 children, each with "+8 more"
     . | . | .
    ---+---+---
     . | . | .
    """
    trace = empty_board_trace
    assert trace.nodes == 549_946
    assert (trace.value, trace.best) == (0, tuple(range(9)))
    assert trace.shown == 10
    assert [len(child.hidden) for child in trace.root.children] == [8] * 9
    assert sum(child.nodes for child in trace.root.children) == 549_945
    check_invariants(trace)


def test_traced_searches_visit_the_same_positions_in_the_same_order_as_the_references(
    all_positions: list[MNKState],
) -> None:
    game = TicTacToe()
    for state in few_empty_cells(all_positions, 6)[::40]:
        for search, tracer in ((minimax, trace_minimax), (alphabeta, trace_alphabeta)):
            order = visiting_order(search, state)
            trace = tracer(game, state, max_nodes=10_000)
            assert trace.nodes == len(order)
            for node in trace.root.walk():
                assert order[node.id] == node.state, (search.__name__, game.format(state), node.id)


def test_traced_alphabeta_finds_minimax_values_and_its_pruned_children_were_never_visited(
    all_positions: list[MNKState], reference: dict[MNKState, Answer]
) -> None:
    game = TicTacToe()
    for state in few_empty_cells(all_positions, 6)[::7]:
        trace = trace_alphabeta(game, state, max_nodes=10_000)
        assert (trace.value, trace.best) == (reference[state].score, reference[state].best)
        assert trace.nodes == alphabeta(game, state).nodes
        check_invariants(trace)
        if not trace.pruned:
            continue
        order = visiting_order(alphabeta, state)
        for node in trace.root.walk():
            # A child has exactly one stone more than its parent, so within the
            # parent's subtree it could only have been visited as that child.
            subtree = set(order[node.id + 1 : node.id + node.nodes])
            for move in node.pruned:
                assert game.play(node.state, move) not in subtree


def shape(game: Game[Any], node: TraceNode) -> list[tuple[Any, ...]]:
    cut = cut_text(node.cut) if node.cut else ""
    rows = [(node.depth, node.move, node.role, node.value, node.bound, cut, node.pruned)]
    for child in node.children:
        rows.extend(shape(game, child))
    return rows


def test_alphabeta_cuts_both_losing_moves_as_soon_as_o_completes_the_middle_row() -> None:
    """
    X to move; O threatens the middle row, so only 5 holds the draw:

     X | O | X        MAX 0 (root, each move searched with α = best − 1)
    ---+---+---       ├─ 5  MIN 0              (O: 6 lets X win at ply 3 = 8; 8 draws = 0)
     O | O | .        │    ├─ 6  MAX 8  ── 8  X wins at ply 3
    ---+---+---       │    └─ 8  MAX 0  ── 6  draw
     . | X | .        ├─ 6  MIN ≤ −9  O plays 5 and wins at ply 2: β = −9 ≤ α = −1, 8 is cut
                      └─ 8  MIN ≤ −9  O plays 5 and wins at ply 2: β = −9 ≤ α = −1, 6 is cut
    """
    game, state = parse_position("XOX/OO./.X.")
    trace = trace_alphabeta(game, state)
    assert shape(game, trace.root) == [
        (0, None, "MAX", 0, "exact", "", ()),
        (1, 5, "MIN", 0, "exact", "", ()),
        (2, 6, "MAX", 8, "exact", "", ()),
        (3, 8, "MIN", 8, "exact", "", ()),
        (2, 8, "MAX", 0, "exact", "", ()),
        (3, 6, "MIN", 0, "exact", "", ()),
        (1, 6, "MIN", -9, "upper", "β = −9 ≤ α = −1", (8,)),
        (2, 5, "MAX", -9, "exact", "", ()),
        (1, 8, "MIN", -9, "upper", "β = −9 ≤ α = −1", (6,)),
        (2, 5, "MAX", -9, "exact", "", ()),
    ]
    assert (trace.nodes, trace.pruned) == (10, 2)
    assert [node.move for node in trace.chosen_line()] == [None, 5, 8, 6]
    windows = [window_text(node.entry) for node in trace.root.children if node.entry is not None]
    assert windows == ["α = −∞, β = +∞", "α = −1, β = +∞", "α = −1, β = +∞"]


def test_a_max_node_is_cut_when_alpha_reaches_beta() -> None:
    """
    O to move (MAX is O here). After O plays 2, X (MIN) answers; a MAX node
    below is cut as soon as one of its moves reaches MIN's beta:

     X | X | .
    ---+---+---
     O | . | .
    ---+---+---
     O | . | X
    """
    game, state = parse_position("XX./O../O.X", to_move="O")
    trace = trace_alphabeta(game, state, max_nodes=10_000)
    max_cuts = [node for node in trace.root.walk() if node.cut is not None and node.maximizing]
    assert max_cuts, "expected at least one cut at a MAX node"
    for node in max_cuts:
        assert node.cut is not None and node.entry is not None and node.entry.beta is not None
        assert node.cut.alpha >= node.cut.beta == node.entry.beta
        assert cut_text(node.cut) == f"α = {node.cut.alpha} ≥ β = {node.cut.beta}".replace("-", "−")
        assert node.value >= node.entry.beta and node.bound == "lower"
        assert node.pruned


def test_a_node_that_fails_on_its_last_move_gets_a_bound_but_no_cut() -> None:
    """
    O to move; 0 wins at once on the diagonal, so 1 is searched with α = 9.
    X's only reply there draws: 0 ≤ α, a bound on the last move, nothing cut.

     . | . | X        MAX 10 ─┬─ 0  10  O wins at ply 1
    ---+---+---               └─ 1  MIN ≤ 0 ── 0  draw
     O | O | X
    ---+---+---
     X | X | O
    """
    game, state = parse_position("..X/OOX/XXO")
    trace = trace_alphabeta(game, state)
    assert shape(game, trace.root) == [
        (0, None, "MAX", 10, "exact", "", ()),
        (1, 0, "MIN", 10, "exact", "", ()),
        (1, 1, "MIN", 0, "upper", "", ()),
        (2, 0, "MAX", 0, "exact", "", ()),
    ]
    assert trace.pruned == 0
    entry = trace.root.children[1].entry
    assert entry is not None and window_text(entry) == "α = 9, β = +∞"


@pytest.mark.parametrize("tracer", [trace_minimax, trace_alphabeta])
def test_limits_change_what_is_shown_but_never_the_counts(tracer: Any) -> None:
    """
     X | . | .
    ---+---+---
     . | O | .
    ---+---+---
     . | . | .
    """
    game, state = parse_position("X../.O./...")
    full = tracer(game, state, max_nodes=100_000)
    for depth, max_nodes in ((0, 200), (2, 200), (None, 1), (None, 25), (3, 40)):
        trace = tracer(game, state, depth=depth, max_nodes=max_nodes)
        assert (trace.nodes, trace.pruned, trace.value, trace.best) == (full.nodes, full.pruned, full.value, full.best)
        assert trace.shown <= max_nodes
        assert all(depth is None or node.depth <= depth for node in trace.root.walk())
        check_invariants(trace)
    breadth_first = tracer(game, state, max_nodes=8)
    assert [node.depth for node in breadth_first.root.walk()] == [0, 1, 1, 1, 1, 1, 1, 1]


def test_bad_limits_and_unknown_algorithms_are_errors() -> None:
    game = TicTacToe()
    with pytest.raises(LimitError):
        trace_minimax(game, game.initial_state(), depth=-1)
    with pytest.raises(LimitError):
        trace_alphabeta(game, game.initial_state(), max_nodes=0)
    with pytest.raises(LimitError):
        trace_search(game, game.initial_state(), "mcts")


def test_a_finished_game_is_a_single_leaf() -> None:
    """
     X | X | X
    ---+---+---
     O | O | .
    ---+---+---
     . | . | .
    """
    game, state = parse_position("XXX/OO./...")
    for tracer, search in ((trace_minimax, minimax), (trace_alphabeta, alphabeta)):
        trace = tracer(game, state)
        assert (trace.nodes, trace.value, trace.best) == (1, search(game, state).score, ())
        assert trace.root.terminal and trace.root.children == ()
