"""Does the Connect Four computer keep the game's value? Games against a perfect and a random opponent.

Run from the repository root (``pip install bitbully==0.0.79``, the referee)::

    .venv/bin/python benchmarks/perfect_connect4.py --games 2 --seconds 3

The computer plays at level ``perfect`` exactly as ``perfectplay play
--game connect4`` does (``choose_move`` with the terminal's analyst, each
search stopped after ``--seconds``), from both sides, against bitbully with
its 12-ply opening book (a perfect player; it picks at random among its best
moves) and against a player that moves at random. bitbully, as referee,
scores every move of every position the computer faces; a computer move
"keeps the value" when the position after it has the same outcome (win,
draw or loss) for the computer as the position before it. Every move that
does not is listed. The issue's target is none.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from bitbully import BitBully, Board

from perfectplay.games.connect4 import Connect4, Connect4State
from perfectplay.play.matches import budgeted_analyst
from perfectplay.play.players import choose_move
from perfectplay.search.solver.book import book_outcomes
from perfectplay.search.solver.compiled import core_description


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


def board_of(moves: list[int]) -> Board:
    return Board("".join(str(column) for column in moves))


def play(
    referee: BitBully, computer_first: bool, opponent: str, seconds: float, rng: random.Random, kinds: Counter[str]
) -> list[str]:
    """One game; the computer's moves that lost value, described. ``kinds`` counts how each move was known."""
    game = Connect4()
    state: Connect4State = game.initial_state()
    analyst = budgeted_analyst(seconds)
    moves: list[int] = []
    slips = []
    while not game.is_over(state):
        computer_turn = (len(moves) % 2 == 0) == computer_first
        scores = referee.score_all_moves(board_of(moves))
        if computer_turn:
            started = time.perf_counter()
            move = choose_move(game, state, "perfect", rng, analyst=analyst)
            took = time.perf_counter() - started
            analysis = analyst(game, state)  # remembered: the analysis the move was chosen from
            if book_outcomes(game, state) is not None:
                kinds["from the book"] += 1
            elif analysis.complete:
                kinds["exact"] += 1
            elif analysis.outcome_class is not None:
                kinds["outcome proven, exact score not"] += 1
            else:
                kinds["not proven"] += 1
            kinds["slowest move, ms"] = max(kinds["slowest move, ms"], round(took * 1000))
            best = max(scores.values())
            if sign(scores[move]) != sign(best):
                slips.append(
                    f"after {''.join(str(m + 1) for m in moves) or 'the empty board'}: played {move + 1} "
                    f"(bitbully {scores[move]:+d}) where {sign(best):+d} was kept by "
                    f"{[c + 1 for c, v in scores.items() if sign(v) == sign(best)]} ({took:.1f} s)"
                )
        elif opponent == "perfect":
            best = max(scores.values())
            move = rng.choice(sorted(column for column, value in scores.items() if value == best))
        else:
            move = rng.choice(game.legal_moves(state))
        moves.append(move)
        state = game.play(state, move)
    return slips


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per side and opponent (default 2)")
    parser.add_argument("--seconds", type=float, default=3.0, help="the computer's time a search (default 3)")
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--side", choices=("both", "first", "second"), default="both", help="the computer's side")
    parser.add_argument("--opponents", default="perfect,random", help="comma-separated: perfect, random")
    args = parser.parse_args()
    referee = BitBully("default")
    rng = random.Random(args.seed)
    print(f"core: {core_description()}; {args.seconds} s a search")
    total_slips = 0
    kinds: Counter[str] = Counter()
    sides = {"both": (True, False), "first": (True,), "second": (False,)}[args.side]
    for opponent in args.opponents.split(","):
        for computer_first in sides:
            for number in range(args.games):
                slips = play(referee, computer_first, opponent, args.seconds, rng, kinds)
                total_slips += len(slips)
                side = "X (first)" if computer_first else "O (second)"
                print(f"vs {opponent}, computer {side}, game {number + 1}: {len(slips)} moves lost value", flush=True)
                for slip in slips:
                    print("   ", slip, flush=True)
    print("the computer's moves: " + ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items())))
    print(f"moves that did not keep the value: {total_slips}")


if __name__ == "__main__":
    main()
