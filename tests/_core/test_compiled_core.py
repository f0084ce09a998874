"""The compiled core explores exactly the nodes of the Python solver, and leaves exactly its table.

Every test runs the same solver call twice, once with ``PERFECTPLAY_PURE=1``
(the Python recursion, the reference) and once with the compiled core, each
with a fresh table, and compares everything the caller can see: the node
count, every move's value, the best moves, completeness, the depth reached,
and then the table itself, entry by entry in insertion order (the order
decides what a full table drops). Equal tables after equal node counts mean
the two recursions took the same path, node for node.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from perfectplay.games.connect4 import Connect4, outcome_of_pons_score
from perfectplay.games.mnk import MNK, TicTacToe
from perfectplay.games.nim import Nim
from perfectplay.search.base.budget import Budget, Progress
from perfectplay.search.base.limits import Limit
from perfectplay.search.base.result import Analysis
from perfectplay.search.base.scale import SCALE
from perfectplay.search.solver.compiled import (
    PURE_VARIABLE,
    CompiledNegamax,
    compiled_available,
    core_description,
    negamax_for,
)
from perfectplay.search.solver.exact import score_moves, solve, solve_value
from perfectplay.search.solver.negamax import Negamax
from perfectplay.search.solver.table import PROVEN, TranspositionTable
from repo_paths import TESTS

pytestmark = pytest.mark.skipif(not compiled_available(), reason="the compiled core was not built (no C compiler)")

DATA = TESTS / "data" / "connect4"

Solver = Callable[..., Analysis]


def facts(analysis: Analysis) -> tuple[Any, ...]:
    """What a caller can see of an analysis, timings left out."""
    return (
        analysis.nodes,
        analysis.score,
        analysis.best,
        analysis.complete,
        analysis.depth,
        tuple((move.move, move.score, move.outcome, move.estimate) for move in analysis.moves),
        analysis.table,
    )


def table_items(table: TranspositionTable) -> list[tuple[int, tuple[int, int, int, int]]]:
    if table.native is not None:
        assert not table.entries
        return table.native.items()
    return [(key, tuple(entry)) for key, entry in table.entries.items()]  # type: ignore[misc]


def run_both(
    monkeypatch: pytest.MonkeyPatch, solver: Solver, game: Any, state: Any, capacity: int = 1 << 22, **options: Any
) -> Analysis:
    """Run ``solver`` with each core; assert that they agree in every fact and every table entry."""
    seen = []
    for pure in ("1", ""):
        monkeypatch.setenv(PURE_VARIABLE, pure)
        table = TranspositionTable(capacity)
        analysis = solver(game, state, table=table, **options)
        if not game.is_over(state):
            assert (table.native is None) == (pure == "1")
        seen.append((analysis, table_items(table), table.evictions))
    (python, python_table, python_dropped), (compiled, compiled_table, compiled_dropped) = seen
    assert facts(compiled) == facts(python)
    assert compiled_dropped == python_dropped
    assert compiled_table == python_table
    return compiled


def pons_sample(name: str, count: int, seed: int) -> list[tuple[str, int]]:
    lines = (DATA / name).read_text().split()
    pairs = [(moves, int(score)) for moves, score in zip(lines[::2], lines[1::2], strict=True)]
    return random.Random(seed).sample(pairs, count)


@pytest.mark.parametrize(("name", "count"), [("Test_L3_R1", 100), ("Test_L2_R1", 30), ("Test_L2_R2", 3)])
def test_both_cores_value_pons_positions_with_the_same_nodes_and_his_scores(
    monkeypatch: pytest.MonkeyPatch, name: str, count: int
) -> None:
    game = Connect4()
    for moves, score in pons_sample(name, count, seed=18):
        state = game.parse(moves)
        assert run_both(monkeypatch, solve_value, game, state).outcome == outcome_of_pons_score(score, len(moves))


@pytest.mark.parametrize("cut", [2, 5])
def test_both_cores_score_every_move_of_earlier_pons_positions_alike(monkeypatch: pytest.MonkeyPatch, cut: int) -> None:
    game = Connect4()
    for moves, _ in pons_sample("Test_L3_R1", 8, seed=cut):
        state = game.parse(moves[:-cut])
        run_both(monkeypatch, score_moves, game, state)
        run_both(monkeypatch, solve, game, state)


def random_position(game: Any, plies: int, rng: random.Random) -> Any:
    state = game.initial_state()
    for _ in range(plies):
        after = game.play(state, rng.choice(game.legal_moves(state)))
        if game.is_over(after):
            break
        state = after
    return state


@pytest.mark.slow  # each Connect Four position searched twice, by both cores
def test_both_cores_agree_on_random_connect_four_positions_under_node_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(1818)
    game = Connect4()
    for _ in range(12):
        state = random_position(game, rng.randrange(4, 24), rng)
        # Limits of a few thousand nodes stop each search in its middle as surely as tens of thousands did, for a
        # quarter of the pure core's time.
        run_both(monkeypatch, score_moves, game, state, limit=Limit(nodes=rng.randrange(1_000, 10_000)))


@pytest.mark.parametrize("size", [(4, 4), (5, 4), (6, 5), (8, 7), (9, 10), (1, 6), (7, 1)])
def test_both_cores_agree_on_every_connect_four_size_including_128_bit_boards(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    game = Connect4(*size)
    rng = random.Random(sum(size))
    for plies in (0, 3, 9):
        state = random_position(game, plies, rng)
        run_both(monkeypatch, score_moves, game, state, limit=Limit(nodes=8_000))  # every size's boards, not depth


@pytest.mark.parametrize(
    "board",
    [(3, 3, 3), (4, 4, 3), (4, 4, 4), (3, 5, 3), (2, 7, 2), (1, 8, 1), (4, 5, 4), (5, 5, 4), (8, 8, 5), (4, 15, 4)],
)
def test_both_cores_agree_on_m_n_k_boards_from_empty_and_random_positions(
    monkeypatch: pytest.MonkeyPatch, board: tuple[int, int, int]
) -> None:
    game = MNK(*board)
    rng = random.Random(sum(board))
    for plies in (0, 2, 5):
        state = random_position(game, plies, rng)
        # 4,000 nodes: the larger boards' searches still stop in their middle, the small ones finish.
        run_both(monkeypatch, score_moves, game, state, limit=Limit(nodes=4_000))
        run_both(monkeypatch, solve, game, state, limit=Limit(nodes=4_000))


def test_both_cores_solve_four_by_four_and_tic_tac_toe_exactly_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    assert run_both(monkeypatch, score_moves, MNK(4, 4, 4), MNK(4, 4, 4).initial_state()).outcome.name == "draw"
    game = TicTacToe()
    rng = random.Random(3)
    for _ in range(40):
        run_both(monkeypatch, score_moves, game, random_position(game, rng.randrange(0, 7), rng))


def test_both_cores_fill_and_empty_a_small_table_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    analysis = run_both(monkeypatch, score_moves, MNK(4, 4, 4), MNK(4, 4, 4).initial_state(), capacity=1000)
    assert analysis.table is not None and analysis.table.evictions > 0
    game = Connect4()
    run_both(monkeypatch, score_moves, game, game.parse("527533114336"), capacity=5000)


def test_both_cores_deepen_alike_under_depth_limits_with_the_heuristic(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Connect4()
    for depth in (1, 2, 5, 8):
        analysis = run_both(monkeypatch, score_moves, game, game.parse("44"), limit=Limit(depth=depth))
        assert not analysis.complete
    board = MNK(5, 5, 4)
    run_both(monkeypatch, score_moves, board, board.initial_state(), limit=Limit(depth=3))


@pytest.mark.parametrize("size", [(7, 6), (6, 5), (8, 7), (9, 10)])
def test_both_cores_value_the_horizon_alike_on_many_connect_four_positions(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """At depth 1 each move's value is the evaluation of the position it leads to: the two evaluations
    (winning cells and centre stones, either colour to move) meet on every child of many positions."""
    game = Connect4(*size)
    rng = random.Random(f"horizon {size}")
    for _ in range(12):
        state = random_position(game, rng.randrange(0, game.width * game.height // 2), rng)
        for depth in (1, 2):
            run_both(monkeypatch, score_moves, game, state, limit=Limit(depth=depth))


@pytest.mark.slow  # long searches by both cores, node for node
def test_both_cores_stop_at_the_same_node_and_report_the_same_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Connect4()
    state = game.parse("176543212")  # past the opening book and the outcome layer: answered by a search
    reports: dict[str, list[tuple[str, int | None, int, int]]] = {}
    for pure in ("1", ""):
        monkeypatch.setenv(PURE_VARIABLE, pure)
        ticks = iter(range(10**9))
        seen: list[tuple[str, int | None, int, int]] = []

        def clock() -> float:
            # 35 ms a reading: still ten reports within the second, for 33,335 nodes of the pure core (76,339 at
            # 20 ms, 0.5 s of CPU more; 30 and 40 ms give nine reports).
            return next(ticks) * 0.035  # noqa: B023 (each run its own clock)

        def progress(report: Progress) -> None:
            seen.append((report.phase, report.depth, report.nodes, report.table_size))  # noqa: B023

        analysis = score_moves(game, state, Limit(seconds=1.0), progress=progress, clock=clock)
        assert not analysis.complete
        reports[pure] = [*seen, ("nodes", None, analysis.nodes, 0)]
    assert reports[""] == reports["1"]
    assert len(reports[""]) > 10


def test_both_cores_share_one_table_across_calls_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Connect4()
    positions = [game.parse(moves) for moves in ("4444", "44443", "444433", "4444332")]
    results = {}
    for pure in ("1", ""):
        monkeypatch.setenv(PURE_VARIABLE, pure)
        table = TranspositionTable()
        results[pure] = [facts(score_moves(game, state, Limit(nodes=20_000), table=table)) for state in positions]
        results[pure].append(table_items(table))  # type: ignore[arg-type]
    assert results[""] == results["1"]


def test_a_compiled_table_that_meets_a_key_too_big_for_its_narrow_slots_widens_keeping_every_entry_in_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 7x6 Connect Four keys fit the compiled table's 16-byte slots (56 bits); 6x5 four-in-a-row's do not,
    # so the second search, on the same table, widens it with the first search's entries in it.
    connect4, board = Connect4(), MNK(6, 5, 4)
    work: list[tuple[Any, Any]] = [
        (connect4, connect4.parse("4444332")),
        (board, board.initial_state()),
        (connect4, connect4.parse("44")),
    ]
    results = {}
    for pure in ("1", ""):
        monkeypatch.setenv(PURE_VARIABLE, pure)
        table = TranspositionTable(50_000)
        results[pure] = [facts(score_moves(game, state, Limit(nodes=20_000), table=table)) for game, state in work]
        items = table_items(table)
        results[pure].append(items)  # type: ignore[arg-type]
    keys = [key for key, _ in items]
    assert min(keys) < 1 << 56 <= max(keys)
    assert results[""] == results["1"]


@pytest.mark.parametrize("pure", ["1", ""])
def test_a_child_the_table_proves_good_enough_cuts_off_before_any_child_is_searched(
    monkeypatch: pytest.MonkeyPatch, pure: str
) -> None:
    monkeypatch.setenv(PURE_VARIABLE, pure)
    game = Connect4()
    state = game.parse("52753311433677442422121")
    node = game.search_node(state)
    moves = node.moves()
    assert len(moves) >= 2 and not node.forced
    last = moves[-1]  # without the cutoff, searched after every other move
    table = TranspositionTable(1 << 16)
    child_score = solve_value(game, game.play(state, last), table=table).score
    assert child_score is not None
    # The move's value for the root's side, one ply up (the child's score is counted from the child).
    bound = -((child_score - 1) if child_score > 0 else (child_score + 1) if child_score < 0 else 0) * SCALE
    negamax = negamax_for(game, table, Budget(None, None))
    assert negamax.search(node, 0, PROVEN, bound - 1, bound) == bound
    assert negamax.nodes == 1 and negamax.horizon == 0  # only the node itself: not one child searched
    negamax = negamax_for(game, table, Budget(None, None))
    negamax.search(node, 0, PROVEN, bound, bound + 1)  # the entry cannot prove more than ``bound``
    assert negamax.nodes > 1


def test_positions_near_the_end_of_a_full_size_board_skip_the_table_in_both_cores(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Connect4()
    near_end = game.parse("2252576253462244111563365343671351441")  # 37 stones: 5 empty cells
    run_both(monkeypatch, solve, game, near_end)
    for pure in ("1", ""):
        monkeypatch.setenv(PURE_VARIABLE, pure)
        table = TranspositionTable(1000)
        assert solve(game, near_end, table=table).nodes > 1 and len(table) == 0
    small = Connect4(5, 4)  # a small board keeps every position: its table stays cheap
    table = TranspositionTable(1000)
    solve(small, small.parse("33332"), table=table)
    assert len(table) > 0


def test_the_compiled_core_serves_the_built_in_games_and_the_python_core_the_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(PURE_VARIABLE, raising=False)
    budget = Budget(None, None)
    assert isinstance(negamax_for(Connect4(), TranspositionTable(), budget), CompiledNegamax)
    assert isinstance(negamax_for(TicTacToe(), TranspositionTable(), budget), CompiledNegamax)
    assert type(negamax_for(Nim(), TranspositionTable(), budget)) is Negamax
    assert type(negamax_for(MNK(5, 15, 3), TranspositionTable(), budget)) is Negamax  # 75 cells: too many
    assert "compiled" in core_description()
    monkeypatch.setenv(PURE_VARIABLE, "1")
    assert type(negamax_for(Connect4(), TranspositionTable(), budget)) is Negamax
    assert core_description().startswith("pure Python")


def test_a_shared_table_answers_lookups_from_the_compiled_entries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PURE_VARIABLE, raising=False)
    game = Connect4()
    table = TranspositionTable()
    solve_value(game, game.parse("52753311433677442422121"), table=table)
    assert table.native is not None and len(table) == len(table.native) > 0
    key, entry = table.native.items()[0]
    assert table.get(key) == entry
    assert table.get(-1) is None and table.get("not a key") is None


def test_version_names_the_solver_core_in_use_and_the_pure_switch_changes_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from perfectplay.cli import main

    monkeypatch.delenv(PURE_VARIABLE, raising=False)
    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    assert "solver core: compiled C" in capsys.readouterr().out
    monkeypatch.setenv(PURE_VARIABLE, "1")
    with pytest.raises(SystemExit):
        main(["--version"])
    assert "solver core: pure Python (PERFECTPLAY_PURE is set" in capsys.readouterr().out


def test_a_search_without_a_table_gets_the_bigger_default_only_where_the_compiled_core_serves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from perfectplay.search.solver.compiled import default_capacity
    from perfectplay.search.solver.table import COMPILED_CAPACITY, DEFAULT_CAPACITY

    monkeypatch.delenv(PURE_VARIABLE, raising=False)
    game = Connect4(5, 4)
    assert default_capacity(game) == COMPILED_CAPACITY > DEFAULT_CAPACITY
    assert default_capacity(Nim()) == DEFAULT_CAPACITY
    result = solve(game, game.parse("3333"))
    assert result.table is not None and result.table.capacity == COMPILED_CAPACITY
    limited = solve(game, game.parse("3333"), Limit(nodes=10_000))  # a limited search keeps the smaller table
    assert limited.table is not None and limited.table.capacity == DEFAULT_CAPACITY
    monkeypatch.setenv(PURE_VARIABLE, "1")
    assert default_capacity(game) == DEFAULT_CAPACITY
    result = solve(game, game.parse("3333"))
    assert result.table is not None and result.table.capacity == DEFAULT_CAPACITY
