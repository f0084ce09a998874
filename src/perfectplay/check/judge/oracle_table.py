"""The oracle's table made from the engine: every position of the game X starts, each move valued by ``analyze``.

``oracle.py`` reads the table shipped in ``data/tictactoe-oracle.txt``
instead of asking the engine at every check. This module is how it was
made, and how a test holds it to the engine: ``engine_judgements(first)``
walks every position reachable in a game ``first`` starts and asks the
engine's ``analyze`` for the exact outcome of every legal move.
``python -m perfectplay.check.judge.oracle_table`` writes the table again
(after a change to the engine's scores, say).
"""

from __future__ import annotations

import sys
from pathlib import Path

from perfectplay import MNKState, Player, TicTacToe, analyze
from perfectplay.check.judge.oracle import TABLE_FILE, OracleMove, PositionJudgement, order_key, table_line
from perfectplay.check.position import TicTacToePosition


def engine_judgements(first: str) -> dict[TicTacToePosition, PositionJudgement]:
    """Every position reachable in a game ``first`` starts, judged by the engine, fewest stones first."""
    game = TicTacToe()
    judged: dict[TicTacToePosition, PositionJudgement] = {}
    seen: set[MNKState] = set()
    frontier = [game.initial_state(Player(first))]
    while frontier:
        state = frontier.pop()
        if state in seen:
            continue
        seen.add(state)
        analysis = analyze(game, state)
        moves = tuple(
            OracleMove(entry.move, _exact(entry.score), entry.outcome.name, entry.outcome.plies)
            for entry in analysis.moves
        )
        side = game.winner(state)
        position = _position(state)
        judged[position] = PositionJudgement(
            position, None if side is None else side.value, moves, tuple(analysis.best)
        )
        frontier.extend(game.play(state, move) for move in game.legal_moves(state))
    return {position: judged[position] for position in sorted(judged, key=order_key)}


def engine_table() -> str:
    """The table's text, as the engine answers today."""
    return "".join(table_line(judgement) + "\n" for judgement in engine_judgements("X").values())


def _exact(score: int | None) -> int:
    # Without a limit the solver proves every value; None would be a bug in the engine.
    if score is None:
        raise AssertionError("an analysis without a limit left a move unproven")
    return score


def _position(state: MNKState) -> TicTacToePosition:
    cells = "".join("X" if state.x >> cell & 1 else "O" if state.o >> cell & 1 else "." for cell in range(9))
    return TicTacToePosition(cells, state.to_move.value)


def main() -> None:
    target = Path(__file__).resolve().parents[1] / "data" / TABLE_FILE
    target.write_text(engine_table(), encoding="utf-8")
    print(f"wrote {target}", file=sys.stderr)


if __name__ == "__main__":
    main()
