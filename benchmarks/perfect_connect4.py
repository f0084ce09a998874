"""Does the Connect Four computer keep the game's value, on the page's path and the terminal's, whoever moved first?

Run from the repository root (``pip install bitbully==0.0.79``, the referee, or the ``bench`` extra)::

    .venv/bin/python benchmarks/perfect_connect4.py --games 1 --seconds 5

The computer plays at level ``perfect`` along two paths:

* the page's: the web service's move function (``perfectplay.web.jobs.run_job``,
  one job a move with the page's time limit, a fresh table each time, as the
  server runs it);
* the terminal's: ``choose_move`` with the analyst ``perfectplay play`` uses
  (``budgeted_analyst``, one table a game).

Each path plays four kinds of game: the computer moving first or second,
with X or with O having moved first (the page's "Computer first" makes the
computer O moving first). The opponent is bitbully (a perfect player with
its own 12-ply book; it picks at random among its best moves) or a player
that moves at random. bitbully, as referee, scores every move of every
position the computer faces, and the report lists:

* every computer move that loses the value (the outcome for the computer
  after it is worse than before it); the target is none;
* every computer move in a lost position that the book answered or whose
  position the book holds, and that does not lose as late as possible;
  the target is none;
* how long the moves the book answered took (the target is at most 50 ms).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from bitbully import BitBully, Board

from perfectplay import Limit
from perfectplay.documents import AnalysisJSON
from perfectplay.game import Player
from perfectplay.games.connect4 import Connect4, Connect4State
from perfectplay.play.matches import budgeted_analyst
from perfectplay.play.players import choose_move
from perfectplay.search.solver.book import BookAnswer
from perfectplay.search.solver.compiled import core_description
from perfectplay.web.jobs import Job, run_job
from perfectplay.words import ANSWERED_AHEAD

Mover = Callable[[Connect4State], tuple[int, str]]
"""One path's computer: the move for a position and how it was known (``book``, ``layer`` or the search's kind)."""


@dataclass
class Tally:
    slips: list[str] = field(default_factory=list)
    slow_losses: list[str] = field(default_factory=list)
    lost_book_moves: int = 0
    book_ms: list[float] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)



def book_answer(game: Connect4, state: Connect4State) -> BookAnswer | None:
    """What the game's shipped opening book proved about ``state`` (its ``opening_book`` hook), or None."""
    book = game.opening_book()
    answer = None if book is None else book.answer(state)
    return answer if isinstance(answer, BookAnswer) else None

def sign(value: int) -> int:
    return (value > 0) - (value < 0)


def move_kind(algorithm: str, complete: bool) -> str:
    """How a move was known: ``book`` or ``layer`` (found without a search, ``words.ANSWERED_AHEAD``), else
    ``exact`` or ``limited``."""
    if algorithm in ANSWERED_AHEAD:
        return algorithm
    return "exact" if complete else "limited"


def page_mover(
    game: Connect4,
    seconds: float,
    rng: random.Random,
    limit: Limit | None = None,
    seen: list[AnalysisJSON] | None = None,
) -> Mover:
    """The page's move function; ``limit`` (a node budget, say) in place of its time limit if given.

    ``seen``, if given, collects each move's analysis as the page receives it (what the search proved).
    """

    def move(state: Connect4State) -> tuple[int, str]:
        job: Job = {
            "game": game.name,
            "position": game.format(state),
            "to_move": game.to_move(state).value,
            "level": "perfect",
            "level_note": None,
            "seed": rng.randrange(2**31),
            "seconds": seconds,
            "proven_from_start": False,
        }
        result = run_job(job, limit=limit)
        analysis = result["analysis"]
        if seen is not None:
            seen.append(analysis)
        assert result["move"] is not None
        return result["move"], move_kind(analysis["algorithm"], analysis["complete"])

    return move


def terminal_mover(game: Connect4, seconds: float, rng: random.Random) -> Mover:
    analyst = budgeted_analyst(seconds)  # one per game, as a terminal session keeps it

    def move(state: Connect4State) -> tuple[int, str]:
        chosen = choose_move(game, state, "perfect", rng, analyst=analyst)
        analysis = analyst(game, state)  # remembered: the analysis the move was chosen from
        return chosen, move_kind(analysis.algorithm, analysis.complete)

    return move


def play(
    referee: BitBully,
    mover: Mover,
    first: Player,
    computer_first: bool,
    opponent: str,
    rng: random.Random,
    tally: Tally,
) -> None:
    game = Connect4()
    state = game.initial_state(first)
    moves: list[int] = []
    while not game.is_over(state):
        computer_turn = (len(moves) % 2 == 0) == computer_first
        scores: dict[int, int] = referee.score_all_moves(Board("".join(str(column) for column in moves)))
        best = max(scores.values())
        if computer_turn:
            in_book = book_answer(game, state) is not None
            started = time.perf_counter()
            move, kind = mover(state)
            took = time.perf_counter() - started
            tally.kinds[kind] += 1
            if kind == "book":
                tally.book_ms.append(took * 1000)
            where = f"{first.value} first, after {''.join(str(m + 1) for m in moves) or 'the empty board'}"
            if sign(scores[move]) != sign(best):
                tally.slips.append(
                    f"{where}: played {move + 1} (bitbully {scores[move]:+d}) where {sign(best):+d} was kept by "
                    f"{[c + 1 for c, v in scores.items() if sign(v) == sign(best)]} ({kind}, {took:.1f} s)"
                )
            if best < 0 and in_book:
                tally.lost_book_moves += 1
                if scores[move] != best:
                    tally.slow_losses.append(
                        f"{where}: played {move + 1} (bitbully {scores[move]:+d}) where "
                        f"{[c + 1 for c, v in scores.items() if v == best]} lose slowest ({best:+d}, {kind})"
                    )
        elif opponent == "perfect":
            move = rng.choice(sorted(column for column, value in scores.items() if value == best))
        else:
            move = rng.choice(game.legal_moves(state))
        moves.append(move)
        state = game.play(state, move)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="games per path, kind and opponent (default 1)")
    parser.add_argument("--seconds", type=float, default=5.0, help="the computer's time a move (default 5, the page's)")
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--paths", default="page,terminal", help="comma-separated: page, terminal")
    parser.add_argument("--opponents", default="perfect", help="comma-separated: perfect, random")
    args = parser.parse_args()
    referee = BitBully("default")
    rng = random.Random(args.seed)
    game = Connect4()
    print(f"core: {core_description()}; {args.seconds} s a move; referee bitbully")
    tally = Tally()
    makers = {"page": page_mover, "terminal": terminal_mover}
    for path in args.paths.split(","):
        for opponent in args.opponents.split(","):
            for first in (Player.X, Player.O):
                for computer_first in (True, False):
                    for number in range(args.games):
                        before = len(tally.slips), len(tally.slow_losses)
                        started = time.perf_counter()
                        mover = makers[path](game, args.seconds, rng)
                        play(referee, mover, first, computer_first, opponent, rng, tally)
                        side = f"computer {'first' if computer_first else 'second'}, {first.value} moved first"
                        print(
                            f"{path}, vs {opponent}, {side}, game {number + 1}: "
                            f"{len(tally.slips) - before[0]} value-losing moves, "
                            f"{len(tally.slow_losses) - before[1]} faster-than-necessary book losses "
                            f"({time.perf_counter() - started:.0f} s)",
                            flush=True,
                        )
    for slip in tally.slips:
        print("  value lost:", slip)
    for slow in tally.slow_losses:
        print("  not the slowest loss:", slow)
    print("the computer's moves: " + ", ".join(f"{kind} {count}" for kind, count in sorted(tally.kinds.items())))
    if tally.book_ms:
        ms = sorted(tally.book_ms)
        print(
            f"book moves answered: {len(ms)}, median {statistics.median(ms):.1f} ms, "
            f"95th percentile {ms[int(0.95 * (len(ms) - 1))]:.1f} ms, slowest {ms[-1]:.1f} ms"
        )
    print(f"moves that did not keep the value: {len(tally.slips)} (target 0)")
    print(
        f"moves in lost book positions: {tally.lost_book_moves}, not the slowest loss: {len(tally.slow_losses)} "
        "(target 0)"
    )


if __name__ == "__main__":
    main()
