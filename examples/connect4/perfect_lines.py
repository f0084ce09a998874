"""A perfect Connect Four agent over the --command line protocol: perfectplay's own solver answers every position.

    perfectplay check --game connect4 --command "python examples/connect4/perfect_lines.py" --time-per-move 30

It reads a board a line (the rows from the top, ``/`` between them, then the
side to move) and prints the column 0-6 with the best exact score. It is the
top of the grading scale (docs/check-connect4.md), not a lab answer: a
student's agent may not import perfectplay.
"""

import sys

from perfectplay import Connect4, Limit
from perfectplay.search.solver import score_moves

GAME = Connect4()
NODES = 20_000_000  # the positions a check asks (ply 12 on) are solved well within this


def best_column(drawing: str) -> int:
    analysis = score_moves(GAME, GAME.parse(drawing), Limit(nodes=NODES))
    scored = [entry for entry in analysis.moves if entry.score is not None]
    return max(scored or analysis.moves, key=lambda entry: entry.score or 0).move


if __name__ == "__main__":
    for line in sys.stdin:
        if line.strip() and not line.startswith("#"):
            print(best_column(line.split()[0]), flush=True)
