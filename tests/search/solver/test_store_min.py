"""``store_min``: a Connect Four position met for the first time is kept only if its search was big enough."""

from __future__ import annotations

import pytest

from perfectplay.games.connect4 import Connect4
from perfectplay.games.connect4_node import STORE_MIN, Connect4Node
from perfectplay.search.base.budget import Budget
from perfectplay.search.base.scale import INFINITE
from perfectplay.search.solver.negamax import Negamax
from perfectplay.search.solver.table import PROVEN, TranspositionTable


def solved(game: Connect4, moves: str) -> tuple[int, int, int]:
    """The exact value of the position after ``moves`` by the Python recursion, its nodes and its table's entries."""
    negamax = Negamax(TranspositionTable(), Budget(None, None))
    value = negamax.search(game.search_node(game.parse_sequence(moves)), 0, PROVEN, -INFINITE, INFINITE)
    return value, negamax.nodes, len(negamax.table.entries)


@pytest.mark.parametrize(("width", "height", "moves"), [(5, 4, ""), (6, 5, "3344")])
def test_small_searches_stay_out_of_the_table_and_every_value_stays_the_same(
    width: int, height: int, moves: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = Connect4(width, height)
    value, nodes, kept = solved(game, moves)
    monkeypatch.setattr(Connect4Node, "store_min", 0)
    every_value, every_nodes, every_kept = solved(game, moves)
    assert STORE_MIN > 1
    assert value == every_value
    assert kept < every_kept  # fewer entries ...
    assert nodes >= every_nodes  # ... for the small searches done again


def test_a_node_class_without_store_min_keeps_every_position(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Connect4(5, 4)
    monkeypatch.setattr(Connect4Node, "store_min", 0)
    every = solved(game, "")
    monkeypatch.delattr(Connect4Node, "store_min")
    assert solved(game, "") == every
