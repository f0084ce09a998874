"""The CS50 helpers, each checked on every reachable position against the exact answer.

CS50's specification: ``player`` says whose turn it is (X on an empty
board); ``actions`` is the set of free ``(i, j)``; ``result(board, action)``
returns a new board and leaves ``board`` alone, and raises on an action
that is not valid; ``winner`` is X, O or None; ``terminal`` says whether
the game is over; ``utility`` is 1, -1 or 0 on a finished board. ``player``
and ``actions`` may answer anything on a finished board and ``utility`` is
only asked there, as the specification allows.
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from perfectplay.check.judge.answers import error_text
from perfectplay.check.judge.oracle import TicTacToeOracle
from perfectplay.check.position import TicTacToePosition, row_col
from perfectplay.check.report.model import Example

UTILITY = {"X": 1, "O": -1, None: 0}


_QUERIES: WeakKeyDictionary[TicTacToeOracle, list[tuple[TicTacToePosition, dict[str, Any]]]] = WeakKeyDictionary()
"""Each oracle's queries, made once: a class run or a server checks many CS50 submissions in one process, and the
5,478 queries cost 27 ms of CPU each time. Callers filter the list and send the queries; none changes them."""


def cs50_queries(oracle: TicTacToeOracle) -> list[tuple[TicTacToePosition, dict[str, Any]]]:
    """One query per position of the games X starts: which helpers to call, with which actions (a new list of the
    oracle's shared queries: read them, do not change them)."""
    made = _QUERIES.get(oracle)
    if made is None:
        made = _QUERIES[oracle] = _queries(oracle)
    return list(made)


def _queries(oracle: TicTacToeOracle) -> list[tuple[TicTacToePosition, dict[str, Any]]]:
    queries = []
    for position in oracle.positions("X"):
        query: dict[str, Any] = {"cells": position.cells, "winner": True, "terminal": True}
        if oracle.over(position):
            query["utility"] = True
        else:
            query["player"] = query["actions"] = True
            query["results"] = [list(row_col(move)) for move in position.empty_cells]
            taken = [cell for cell in range(9) if cell not in position.empty_cells]
            if taken:
                query["illegal"] = list(row_col(taken[0]))
        queries.append((position, query))
    return queries


def judge_cs50(
    oracle: TicTacToeOracle, position: TicTacToePosition, reply: dict[str, Any]
) -> list[tuple[str, Example]]:
    """Every helper that answered this position wrongly: (kind, example)."""
    judgement = oracle.judge(position)
    found: list[tuple[str, Example]] = []

    def example(call: str, answer: str, expected: str, after: str | None = None) -> Example:
        return Example(
            position=position.text,
            to_move=position.to_move,
            call=call,
            answer=answer,
            expected=expected,
            after=None if after is None else TicTacToePosition(after, position.to_move).text,
        )

    expectations: list[tuple[str, Any, str]] = [
        ("winner", judgement.winner, _mark_text(judgement.winner)),
        ("terminal", judgement.over, str(judgement.over)),
    ]
    if judgement.over:
        expectations.append(("utility", UTILITY[judgement.winner], str(UTILITY[judgement.winner])))
    else:
        empties = [list(row_col(cell)) for cell in position.empty_cells]
        expectations.append(("player", position.to_move, _mark_text(position.to_move)))
        expectations.append(("actions", empties, _actions_text(empties)))
    for name, expected, expected_text in expectations:
        record = reply.get(name)
        if record is None:
            continue
        right = "error" not in record and record.get("value") == expected
        if right and (name != "actions" or record.get("listed") == len(expected)):
            continue
        found.append((f"cs50_{name}", example(f"{name}(board)", _answer(name, record), expected_text)))
    for action, record in zip(position.empty_cells, reply.get("results", []), strict=False):
        call = f"result(board, {row_col(action)})"
        child = oracle.child(position, action)
        if "mutated" in record:
            found.append(
                ("cs50_result_mutates", example(call, "changed its board", "the board unchanged", record["mutated"]))
            )
        if "error" in record or record.get("value") != child.cells:
            found.append(("cs50_result", example(call, _answer("result", record), child.text)))
    illegal = reply.get("illegal")
    if illegal is not None and "error" not in illegal:
        taken = next(cell for cell in range(9) if cell not in position.empty_cells)
        call = f"result(board, {row_col(taken)})"
        found.append(
            ("cs50_result_illegal", example(call, _answer("result", illegal), "an exception (the cell is taken)"))
        )
    return found


def _mark_text(mark: str | None) -> str:
    return "None" if mark is None else mark


def _actions_text(pairs: list[list[int]]) -> str:
    return "{" + ", ".join(f"({row}, {col})" for row, col in pairs) + "}" if pairs else "set()"


def _answer(name: str, record: dict[str, Any]) -> str:
    if "error" in record:
        return "raised " + error_text(record["error"])
    if "value" not in record:
        return f"returned {record.get('repr', '?')}"
    value = record["value"]
    if name in ("player", "winner"):
        return "returned " + _mark_text(value)
    if name == "actions":
        text = _actions_text(value)
        listed = record.get("listed", len(value))
        repeated = "" if listed == len(value) else f", listing {listed:,} for its {len(value)} cells"
        return f"returned {text}{repeated}"
    if name == "result":
        return "returned " + TicTacToePosition(value, "X").text
    return f"returned {value}"
