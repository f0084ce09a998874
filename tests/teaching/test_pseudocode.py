"""The pseudocode in step with the search: every replay event is on one line, the line the code itself passes.

The test runs the pseudocode (written out below as Python that records the
lines it reaches) on the same trees the engine traces, and compares the
lines with the replay's, step for step: the whole empty 3x3 board for
alpha-beta (every node drawn), textbook trees for both algorithms, and a
depth-limited search whose horizon returns from the leaf's line.
"""

from __future__ import annotations

from typing import Any

import pytest

from perfectplay import Game, Limit, TicTacToe, parse_position
from perfectplay.teaching import TextbookTree, get_evaluation, trace_search
from perfectplay.teaching.pseudocode import PSEUDOCODE, line_of, pseudocode_lines
from perfectplay.teaching.trace import RECORD_LIMIT
from perfectplay.viz import search_events

INF = 10**9


def run_pseudocode(game: Game[Any], state: Any, algorithm: str, limit: int | None = None, evaluate: Any = None
                   ) -> list[int]:
    """The lines the pseudocode passes, searching ``state`` as written (MAX/MIN view, depth-aware scores)."""
    lines: list[int] = []
    maximizer = game.to_move(state)
    top = game.max_plies + 2
    alphabeta = algorithm == "alphabeta"

    def score(board: Any, depth: int) -> int:
        winner = game.winner(board)
        if winner is None:
            return 0 if game.is_over(board) else evaluate(game, board)
        return top - depth if winner == maximizer else depth - top

    def search(board: Any, depth: int, alpha: int, beta: int, is_max: bool) -> int:
        lines.append(1)
        if game.is_over(board) or depth == limit:
            lines.append(3)
            return score(board, depth)
        best = -INF if is_max else INF
        moves = game.legal_moves(board)
        for index, move in enumerate(moves):
            last = index == len(moves) - 1
            value = search(game.play(board, move), depth + 1, alpha, beta, not is_max)
            if is_max:
                best = max(best, value)
                lines.append(line_of(algorithm, "update", True))
                if alphabeta:
                    alpha = max(alpha, best)
                    if alpha >= beta:
                        if not last:  # a cut with no move left to prune is the loop's own end: no event
                            lines.append(line_of(algorithm, "cut", True))
                        break
            else:
                best = min(best, value)
                lines.append(line_of(algorithm, "update", False))
                if alphabeta:
                    beta = min(beta, best)
                    if beta <= alpha:
                        if not last:
                            lines.append(line_of(algorithm, "cut", False))
                        break
        lines.append(line_of(algorithm, "exit", is_max))
        return best

    search(state, 0, -INF, INF, True)
    return lines


def collapsed(lines: list[int]) -> list[int]:
    """One entry for a run of the same line (a leaf is entered, scored and left on one line)."""
    return [line for index, line in enumerate(lines) if index == 0 or lines[index - 1] != line]


def replay_lines(game: Game[Any], state: Any, algorithm: str, **options: Any) -> list[int]:
    options.setdefault("find", "first")  # the textbook root window: the pseudocode's own
    trace = trace_search(game, state, algorithm, max_nodes=RECORD_LIMIT, **options)
    assert trace.shown == trace.nodes, "every node drawn, so no step is summed up"
    events = search_events(trace)
    assert all(1 <= event["line"] <= len(pseudocode_lines(algorithm)) for event in events)
    return [event["line"] for event in events]


@pytest.mark.slow
def test_the_whole_empty_board_alpha_beta_replay_follows_the_code_line_by_line() -> None:
    game = TicTacToe()
    state = game.initial_state()
    got = replay_lines(game, state, "alphabeta")
    assert len(got) > 70_000  # 75,906 events: every node of the search
    assert collapsed(got) == collapsed(run_pseudocode(game, state, "alphabeta"))


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
@pytest.mark.parametrize("position", ["X../.O./...", "XO./.X./...", "X.O/.../..."])
def test_a_real_positions_replay_follows_the_code(algorithm: str, position: str) -> None:
    game, state = parse_position(position)
    assert collapsed(replay_lines(game, state, algorithm)) == collapsed(run_pseudocode(game, state, algorithm))


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
@pytest.mark.parametrize("tree", ["3 12 8 | 2 4 6 | 14 5 2", "[[[3 5] [6 9]] [[1 2] [0 -1]]]", "[[3 5] [3 9]]"])
def test_a_textbook_trees_replay_follows_the_code(algorithm: str, tree: str) -> None:
    game = TextbookTree.parse_text(tree)
    expected = run_pseudocode(game, (), algorithm, game.depth, lambda g, path: game.value(path))
    got = replay_lines(game, (), algorithm, limit=game.limit, evaluate=game.evaluate, evaluation="leaf values",
                       find="first")
    assert collapsed(got) == collapsed(expected)


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_a_depth_limited_replay_returns_from_the_leafs_line_at_the_horizon(algorithm: str) -> None:
    game, state = parse_position("X../.O./...")
    evaluation = get_evaluation("open-lines", game)
    maximizer = game.to_move(state)

    def max_view(g: Any, board: Any) -> int:
        value = int(evaluation.function(g, board))
        return value if g.to_move(board) == maximizer else -value

    expected = run_pseudocode(game, state, algorithm, 2, max_view)
    got = replay_lines(game, state, algorithm, limit=Limit(depth=2), evaluate=evaluation.function,
                       evaluation=evaluation.name)
    assert collapsed(got) == collapsed(expected)


def test_every_event_type_has_a_line_for_max_and_min() -> None:
    for algorithm, code in PSEUDOCODE.items():
        events = ["enter", "leaf", "horizon", "hidden", "update", "exit"]
        events += ["cut"] if algorithm == "alphabeta" else []
        for event in events:
            for maximizing in (True, False):
                assert 1 <= line_of(algorithm, event, maximizing) <= len(code)  # type: ignore[arg-type]


def test_the_trace_document_carries_the_code_the_lines_point_into() -> None:
    from perfectplay.viz import trace_document

    game, state = parse_position("XO./XO./...")
    document = trace_document(trace_search(game, state, "minimax"))
    assert document["pseudocode"] == list(PSEUDOCODE["minimax"])
    assert {event["line"] for event in document["events"]} <= set(range(1, len(PSEUDOCODE["minimax"]) + 1))
