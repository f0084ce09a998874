"""A search as deep as its game: Nim's 990-ply start recursed past Python's default limit of 1,000 frames.

``minimax`` of ten heaps of 99 stopped with ``RecursionError`` (a traceback of 3,000 lines from ``tree --game nim
--algorithm mcts``, an HTTP 500 from ``/api/mcts``); each search entry now makes room for its game's longest game.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from perfectplay import Limit, alphabeta, analyze, make_game, minimax
from perfectplay.search.base.recursion import CALLERS, FRAMES_PER_PLY, MOST_FRAMES, make_room

BIGGEST = ",".join(["99"] * 10)


@pytest.fixture
def default_limit() -> Iterator[None]:
    """Python's default limit while the test runs (an earlier search in this process may have raised it)."""
    saved = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)
    yield
    sys.setrecursionlimit(saved)


@pytest.mark.usefixtures("default_limit")
@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "solver"])
def test_a_search_of_nims_biggest_start_goes_as_deep_as_its_game(algorithm: str) -> None:
    game = make_game("nim")
    state = game.parse(BIGGEST)
    search = {"minimax": minimax, "alphabeta": alphabeta}.get(algorithm)
    limit = Limit(nodes=3000)  # enough to run down the first line, 990 plies, and back
    result = analyze(game, state, limit=limit) if search is None else search(game, state, limit=limit)
    assert result.nodes >= 990 and not result.complete
    assert sys.getrecursionlimit() >= game.max_plies * FRAMES_PER_PLY + CALLERS


@pytest.mark.usefixtures("default_limit")
def test_the_limit_is_only_ever_raised_and_never_past_the_most() -> None:
    make_room(10)
    assert sys.getrecursionlimit() == 1000  # room enough already: another thread may be deeper
    make_room(1_000_000)
    assert sys.getrecursionlimit() == MOST_FRAMES
    make_room(100)
    assert sys.getrecursionlimit() == MOST_FRAMES
