"""``solve`` asks a position's value: a forced move does not end it at a player's node cap.

``perfectplay solve --game connect4 77133532421114167`` (Pons's Middle-Easy set, his score +2: O wins on its
23rd move) said "unknown, the limit ran out" after 5,000 nodes however long the limit: O has one move that does
not lose at once, and the cap meant for a player's move (which move, now) stopped the search for the value.
"""

from __future__ import annotations

from cli_helpers import InProcess
from perfectplay import Limit, analyze, solve
from perfectplay.games.connect4 import Connect4
from perfectplay.search.solver.exact import FORCED_NODES

POSITION = "77133532421114167"
LONG = Limit(seconds=3600, nodes=10**9)  # never reached: the proof takes about 53,000 nodes


def test_solve_with_a_limit_proves_a_forced_position_as_without_one() -> None:
    game = Connect4()
    state = game.parse_sequence(POSITION)
    limited, unlimited = solve(game, state, LONG), solve(game, state)
    assert limited.complete and str(limited.outcome) == str(unlimited.outcome) == "win in 23"
    assert limited.best == unlimited.best
    player = analyze(game, state, limit=LONG, at_once=True)  # a player's move is still answered at once
    assert player.nodes <= FORCED_NODES + 100 and player.best == unlimited.best


def test_the_solve_command_with_its_time_limit_proves_it(in_process: InProcess) -> None:
    result = in_process("solve", "--game", "connect4", POSITION, "--time-limit", "3600")
    assert result.returncode == 0, result.stderr
    assert "Connect Four (7x6): win in 23 for O (to move) with perfect play." in result.stdout
