"""The algorithms' pseudocode, in the course's own style, and which line each step of a replay is on.

A replay (``viz/replay.py``) is a list of events: ``enter``, ``leaf``,
``hidden``, ``update``, ``cut``, ``exit``. Each maps to exactly one line of
the pseudocode of the algorithm that ran, by the event's type and whether
the node is MAX or MIN (a leaf or a node at the depth limit returns its
score from the same line). The page and the notebook both read the line from
the event (``"line"``, counted from 1) and the text from here, so the two
can never disagree; a test runs the pseudocode itself on real trees and
checks that the lines it passes are the replay's, step for step.

Depth-limited search is the same code: ``depth == limit`` ends the
recursion, and the score there is the evaluation function's.
"""

from __future__ import annotations

from typing import Literal

EventType = Literal["enter", "leaf", "horizon", "hidden", "update", "cut", "exit"]

PSEUDOCODE: dict[str, tuple[str, ...]] = {
    "minimax": (
        "def minimax(board, depth, is_max):",
        "    if game_over(board) or depth == limit:",
        "        return score(board, depth)  # evaluate(board) at the limit",
        "    if is_max:",
        "        best = -inf",
        "        for move in moves(board):",
        "            best = max(best, minimax(play(board, move), depth + 1, False))",
        "        return best",
        "    else:",
        "        best = +inf",
        "        for move in moves(board):",
        "            best = min(best, minimax(play(board, move), depth + 1, True))",
        "        return best",
    ),
    "alphabeta": (
        "def alphabeta(board, depth, alpha, beta, is_max):",
        "    if game_over(board) or depth == limit:",
        "        return score(board, depth)  # evaluate(board) at the limit",
        "    if is_max:",
        "        best = -inf",
        "        for move in moves(board):",
        "            best = max(best, alphabeta(play(board, move), depth + 1, alpha, beta, False))",
        "            alpha = max(alpha, best)",
        "            if alpha >= beta:",
        "                break  # cut: MIN avoids this node",
        "        return best",
        "    else:",
        "        best = +inf",
        "        for move in moves(board):",
        "            best = min(best, alphabeta(play(board, move), depth + 1, alpha, beta, True))",
        "            beta = min(beta, best)",
        "            if beta <= alpha:",
        "                break  # cut: MAX avoids this node",
        "        return best",
    ),
}
"""Each algorithm's pseudocode, one string a line (shown numbered from 1)."""

_HEAD: dict[tuple[EventType, bool], int] = {
    ("enter", True): 1, ("enter", False): 1,
    ("leaf", True): 3, ("leaf", False): 3,
    ("horizon", True): 3, ("horizon", False): 3,
}
"""The lines both algorithms share: each opens alike (the call, then the end of the recursion), MAX or MIN."""

_LINES: dict[str, dict[tuple[EventType, bool], int]] = {
    "minimax": {
        **_HEAD,
        ("hidden", True): 7, ("hidden", False): 12,
        ("update", True): 7, ("update", False): 12,
        ("exit", True): 8, ("exit", False): 13,
    },
    "alphabeta": {
        **_HEAD,
        ("hidden", True): 7, ("hidden", False): 15,
        ("update", True): 8, ("update", False): 16,
        ("cut", True): 10, ("cut", False): 18,
        ("exit", True): 11, ("exit", False): 19,
    },
}
"""Where each step of a replay is: (event type, the node is MAX) -> line, counted from 1.

``hidden`` (a searched child not drawn, replayed in one step) is the
recursive call's line; ``update`` is the line that folds a child's value in
(for alpha-beta, the window's line: the value and the new bound are shown
beside it); ``horizon`` is the ``exit`` of a node the depth limit scored."""


def pseudocode_lines(algorithm: str) -> tuple[str, ...]:
    """The pseudocode of ``minimax`` or ``alphabeta``; ValueError for any other name."""
    if algorithm not in PSEUDOCODE:
        raise ValueError(f"no pseudocode for {algorithm!r}: minimax or alphabeta")
    return PSEUDOCODE[algorithm]


def line_of(algorithm: str, event: EventType, maximizing: bool) -> int:
    """The line (from 1) a replay step is on: ``event`` at a MAX (``maximizing``) or MIN node."""
    return _LINES[algorithm][(event, maximizing)]
