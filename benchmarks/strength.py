"""Strength table: every level against ``random``, ``easy``, ``medium`` and ``perfect``, as X and as O.

    .venv/bin/python benchmarks/strength.py            # 1,000 games a cell, seed 2024
    .venv/bin/python benchmarks/strength.py --games 200 --output -

Writes a Markdown table of wins/draws/losses (from the level's side) to
benchmarks/results/strength.md, and says whether the strength ladder
(perfect > hard > medium > easy > random) came out in order in every column,
scoring a win 1, a draw 1/2 and a loss 0. One more row plays ``perfect``'s
rule from before issue 12: any best move at random, where ``perfect`` now
picks the one a fallible opponent is most likely to get wrong; and the exact
win rates of both rules against a uniformly random opponent are computed
over the whole 3x3 tree.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from perfectplay import TicTacToe
from perfectplay.game import Player
from perfectplay.play.matches import MatchResult, cached_analyst, play_match
from perfectplay.play.players import LADDER, LEVELS, Analyst, choose_move, pick
from perfectplay.play.tiebreak import expected_results, trickiest

OPPONENTS = ("random", "easy", "medium", "perfect")
BEFORE = "perfect, any best move (before)"
"""The row for ``perfect``'s old rule: a best move, any of them at random."""
ROWS = (LEVELS[0], BEFORE, *LEVELS[1:])
RESULTS = Path(__file__).resolve().parent / "results" / "strength.md"


@dataclass(frozen=True)
class Record:
    """One cell of the table, from the level's side."""

    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        """Mean points a game: win 1, draw 1/2, loss 0."""
        return (self.wins + self.draws / 2) / self.games

    @property
    def standard_error(self) -> float:
        """Standard error of ``points`` (sampling noise of this many games)."""
        mean_square = (self.wins + self.draws / 4) / self.games
        return math.sqrt(max(mean_square - self.points**2, 0.0) / self.games)

    def __str__(self) -> str:
        return f"{self.wins} / {self.draws} / {self.losses}"


def record_for(result: MatchResult, side: Player) -> Record:
    wins, losses = (result.x_wins, result.o_wins) if side is Player.X else (result.o_wins, result.x_wins)
    return Record(wins, result.draws, losses)


def play_before(
    game: TicTacToe, side: Player, opponent: str, games: int, rng: random.Random, analyst: Analyst
) -> MatchResult:
    """``games`` games of the old ``perfect`` rule, playing ``side``, against the level ``opponent``."""
    tally = MatchResult(0, 0, 0)
    for _ in range(games):
        state = game.initial_state()
        while not game.is_over(state):
            if game.to_move(state) is side:
                move = pick(rng, analyst(game, state).best)
            else:
                move = choose_move(game, state, opponent, rng, analyst=analyst)
            state = game.play(state, move)
        tally = tally.add(game.winner(state))
    return tally


def measure(games: int, seed: int) -> dict[tuple[str, str, Player], Record]:
    game = TicTacToe()
    analyst = cached_analyst()  # shared by every match: the positions are the same
    rng = random.Random(seed)
    table: dict[tuple[str, str, Player], Record] = {}
    for level in ROWS:
        for opponent in OPPONENTS:
            for side in (Player.X, Player.O):
                if level == BEFORE:
                    result = play_before(game, side, opponent, games, rng, analyst)
                else:
                    x_level, o_level = (level, opponent) if side is Player.X else (opponent, level)
                    *_, result = play_match(game, x_level, o_level, games, rng, analyst=analyst)
                table[level, opponent, side] = record_for(result, side)
    return table


def exact_wins_against_random() -> dict[tuple[str, Player], Fraction]:
    """The probability that each ``perfect`` rule beats a uniformly random opponent, over the whole 3x3 tree."""
    game = TicTacToe()
    analyst = cached_analyst()
    empty = game.initial_state()
    rules = {
        BEFORE: lambda state: analyst(game, state).best,
        "perfect": lambda state: trickiest(game, state, analyst(game, state), random.Random(0), analyst),
    }
    return {
        (name, side): expected_results(game, empty, side, rule)[0] for name, rule in rules.items() for side in Player
    }


def columns() -> list[tuple[str, Player]]:
    return [(opponent, side) for opponent in OPPONENTS for side in (Player.X, Player.O)]


def ladder_violations(table: dict[tuple[str, str, Player], Record]) -> list[str]:
    """Every place where a level scored significantly fewer points than the level below it.

    Against ``random`` the top levels win nearly every game, so their true
    gaps are smaller than the noise of 1,000 games; only a shortfall of more
    than two standard errors of the difference counts as out of order.
    """
    problems = []
    for opponent, side in columns():
        for stronger, weaker in itertools.pairwise(LADDER):
            high, low = table[stronger, opponent, side], table[weaker, opponent, side]
            noise = math.hypot(high.standard_error, low.standard_error)
            if low.points - high.points > 2 * noise:
                problems.append(
                    f"{stronger} ({high.points:.3f}) below {weaker} ({low.points:.3f}) vs {opponent} as {side.value}"
                )
    return problems


def within_noise(table: dict[tuple[str, str, Player], Record]) -> list[str]:
    """Places where a weaker level scored more points, but by no more than the noise allows."""
    ties = []
    for opponent, side in columns():
        for stronger, weaker in itertools.pairwise(LADDER):
            high, low = table[stronger, opponent, side], table[weaker, opponent, side]
            if high.points < low.points <= high.points + 2 * math.hypot(high.standard_error, low.standard_error):
                ties.append(
                    f"{weaker} {low.points:.3f} vs {stronger} {high.points:.3f} against {opponent} as {side.value}"
                )
    return ties


def markdown(
    table: dict[tuple[str, str, Player], Record], exact: dict[tuple[str, Player], Fraction], games: int, seed: int
) -> str:
    header = "| level | " + " | ".join(f"vs {opponent} as {side.value}" for opponent, side in columns()) + " |"
    lines = [
        "# Strength of the computer levels (3x3)",
        "",
        f"Each cell: wins / draws / losses of the level in {games:,} games against the opponent,",
        "the level playing the side named (X moves first). Generated by",
        f"`.venv/bin/python benchmarks/strength.py --games {games} --seed {seed}`.",
        "",
        header,
        "|---|" + "---|" * len(columns()),
    ]
    for level in ROWS:
        cells = " | ".join(str(table[level, opponent, side]) for opponent, side in columns())
        lines.append(f"| {level} | {cells} |")
    problems = ladder_violations(table)
    lines.append("")
    ties = within_noise(table)
    if ties:
        lines.append("Raw points put a weaker level ahead here, by less than two standard errors (noise):")
        lines.extend(f"- {tie}" for tie in ties)
        lines.append("")
    if problems:
        lines.append("The ladder is **out of order** here (points: win 1, draw 1/2):")
        lines.extend(f"- {problem}" for problem in problems)
    else:
        ladder = " > ".join(LADDER)
        lines.append(
            f"Ladder in order in every column ({ladder}), scoring a win 1, a draw 1/2, a loss 0; "
            "no level is more than two standard errors below the level under it."
        )
    lines.append("`friendly` never loses, like `perfect`, but turns down wins: it is a style, not a rung.")
    lines += [
        "",
        f"`{BEFORE}` plays `perfect`'s rule from before issue 12: a best move,",
        "any of them at random. `perfect` now plays, among its best moves, the one with the best",
        "expected result against an opponent who picks every legal move with equal chance",
        "(`perfectplay.play.tiebreak`). Exact win rates of both rules against `random`, over the whole",
        "3x3 tree (no sampling; neither rule ever loses):",
        "",
        "| rule among equally good moves | wins as X | wins as O |",
        "|---|---|---|",
    ]
    for name, label in ((BEFORE, "any best move at random (before)"), ("perfect", "the trickiest (now)")):
        lines.append(f"| {label} | {percent(exact[name, Player.X])} | {percent(exact[name, Player.O])} |")
    return "\n".join(lines) + "\n"


def percent(chance: Fraction) -> str:
    return f"{float(chance):.2%} ({chance.numerator:,}/{chance.denominator:,})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per cell (default 1000)")
    parser.add_argument("--seed", type=int, default=2024, help="random seed (default 2024)")
    parser.add_argument("--output", default=str(RESULTS), help="Markdown file to write, or - for stdout")
    args = parser.parse_args()
    started = time.perf_counter()
    table = measure(args.games, args.seed)
    text = markdown(table, exact_wins_against_random(), args.games, args.seed)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text)
        print(f"wrote {args.output} in {time.perf_counter() - started:.1f} s")
    return 1 if ladder_violations(table) else 0


if __name__ == "__main__":
    sys.exit(main())
