"""The CS50 helpers' queries are made once for each oracle, and a caller's list is its own."""

from __future__ import annotations

from perfectplay.check.judge.cs50 import cs50_queries
from perfectplay.check.judge.oracle import TicTacToeOracle
from perfectplay.check.position import TicTacToePosition


def test_each_oracle_makes_its_queries_once_and_every_caller_gets_a_list_of_its_own() -> None:
    oracle = TicTacToeOracle()
    first = cs50_queries(oracle)
    assert len(first) == 5478 and first[0][0] == TicTacToePosition.empty("X")
    assert first[0][1] == {
        "cells": ".........",
        "winner": True,
        "terminal": True,
        "player": True,
        "actions": True,
        "results": [[i // 3, i % 3] for i in range(9)],
    }
    first.clear()  # a caller filters its own list ...
    again = cs50_queries(oracle)
    assert len(again) == 5478  # ... and the next caller still gets every query,
    assert again[0][1] is cs50_queries(oracle)[0][1]  # the same ones, not made again
    assert cs50_queries(TicTacToeOracle())[0][1] is not again[0][1]  # another oracle has its own
