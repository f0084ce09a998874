"""An agent measured against the exact oracle: how often its greedy action is optimal over every reachable
position, and its results against random and perfect opponents from both seats; ``python -m perfectplay.rl``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from perfectplay import Connect4, PerfectplayError, Player
from perfectplay.play.datasets import reachable
from perfectplay.rl.numbering import Policy, Seat, codec, seat_of
from perfectplay.rl.oracle import perfect_policy, proven_optimal_actions, random_policy

# --- evaluation -----------------------------------------------------------------


@dataclass(frozen=True)
class Results:
    """Wins, draws and losses of one seat over a series of games (an illegal action counts as a loss)."""

    wins: int
    draws: int
    losses: int
    illegal: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def __str__(self) -> str:
        games = self.games or 1
        return f"{self.wins / games:6.1%} won, {self.draws / games:6.1%} drawn, {self.losses / games:6.1%} lost" + (
            f" ({self.illegal} illegal actions)" if self.illegal else ""
        )

    def to_json(self) -> dict[str, int]:
        return {"wins": self.wins, "draws": self.draws, "losses": self.losses, "illegal": self.illegal}


@dataclass(frozen=True)
class AgentEvaluation:
    """An agent measured against the oracle (``evaluate``)."""

    game: str
    positions: int
    optimal: int
    games: int
    seed: int
    results: dict[str, Results]
    """Keyed ``"random, first"``, ``"random, second"``, ``"perfect, first"``, ``"perfect, second"``."""

    @property
    def accuracy(self) -> float:
        """The share of positions where the agent's greedy action is an optimal one."""
        return self.optimal / self.positions if self.positions else 0.0

    def __str__(self) -> str:
        lines = [
            f"{self.game}: optimal action in {self.optimal:,} of {self.positions:,} positions ({self.accuracy:.1%})",
            f"{self.games:,} games per line, seed {self.seed}:",
        ]
        lines += [f"  vs {key:<16} {value}" for key, value in self.results.items()]
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "positions": self.positions,
            "optimal": self.optimal,
            "accuracy": self.accuracy,
            "games": self.games,
            "seed": self.seed,
            "results": {key: value.to_json() for key, value in self.results.items()},
        }


def reachable_states(game: str) -> list[Any]:
    """Every unfinished position reachable from the start, in the data set's order (4,520 in tic-tac-toe)."""
    made = codec(game).game
    found = reachable(made, made.initial_state())
    unfinished = (state for state in found if not made.is_over(state))
    return sorted(unfinished, key=lambda state: (found[state], made.format(state), made.to_move(state).value))


def play_one(game: str, first: Policy, second: Policy) -> tuple[Player | None, Player | None]:
    """One game between two policies: ``(winner, side that made an illegal action)``."""
    coder = codec(game)
    made = coder.game
    state = made.initial_state()
    while not made.is_over(state):
        mover = made.to_move(state)
        policy = first if mover is Player.X else second
        action = int(policy(coder.observe(state)))
        if not 0 <= action < coder.actions or not coder.mask(state)[action]:
            return mover.other, mover
        state = made.play(state, coder.action_moves[action])
    return made.winner(state), None


def _series(game: str, agent: Policy, opponent: Policy, seat: Seat, games: int) -> Results:
    me = Player.X if seat == "first" else Player.O
    wins = draws = losses = illegal = 0
    for _ in range(games):
        winner, cheat = play_one(game, agent, opponent) if seat == "first" else play_one(game, opponent, agent)
        if cheat is me:
            illegal += 1
        if winner is None:
            draws += 1
        elif winner is me:
            wins += 1
        else:
            losses += 1
    return Results(wins, draws, losses, illegal)


def evaluate(
    agent: Policy,
    game: str = "tictactoe",
    *,
    games: int = 1000,
    seed: int = 0,
    positions: Iterable[Any] | None = None,
) -> AgentEvaluation:
    """Measure ``agent`` against the oracle.

    Accuracy: in how many of ``positions`` (every unfinished reachable
    position by default; tic-tac-toe has 4,520) the agent's action is one of
    the optimal ones. Results: ``games`` games against a random and against a
    perfect opponent (seeded from ``seed``), from both seats. Connect Four
    needs explicit ``positions`` near the end and ``games=0``: its full game
    is beyond the pure-Python solver.
    """
    coder = codec(game)
    full_connect4 = isinstance(coder.game, Connect4) and coder.game.cells > 20
    if full_connect4 and (positions is None or games):
        raise PerfectplayError("Connect Four is too large to evaluate whole: pass positions= near the end, and games=0")
    if positions is None:
        positions = reachable_states(game)
    total = optimal = 0
    for state in positions:
        total += 1
        action = int(agent(coder.observe(state)))
        if action in proven_optimal_actions(game, state):
            optimal += 1
    results: dict[str, Results] = {}
    if games:
        for index, (name, seat) in enumerate(
            (("random", "first"), ("random", "second"), ("perfect", "first"), ("perfect", "second"))
        ):
            opponent = random_policy(seed + index) if name == "random" else perfect_policy(game, seed=seed + index)
            results[f"{name}, {seat}"] = _series(game, agent, opponent, seat, games)  # type: ignore[arg-type]
    return AgentEvaluation(coder.game.name, total, optimal, games, seed, results)


def exact_against_random(game: str = "tictactoe", seat: str = "first") -> tuple[Fraction, Fraction, Fraction]:
    """The perfect policy's exact chances ``(win, draw, loss)`` against a uniformly random opponent.

    The perfect policy picks uniformly among its optimal actions, as
    ``perfect_policy`` does, so these are the values its measured figures
    tend to (tic-tac-toe: 96.8% wins moving first, 77.7% moving second).
    Every reachable position is visited once: small boards only.
    """
    coder = codec(game)
    made = coder.game
    me = Player.X if seat_of(seat, coder) == "first" else Player.O
    memo: dict[Any, tuple[Fraction, Fraction]] = {}

    def chances(state: Any) -> tuple[Fraction, Fraction]:
        if state in memo:
            return memo[state]
        if made.is_over(state):
            winner = made.winner(state)
            found = (Fraction(int(winner is me)), Fraction(int(winner is None)))
        else:
            if made.to_move(state) is me:
                moves = [coder.action_moves[a] for a in proven_optimal_actions(game, state)]
            else:
                moves = list(made.legal_moves(state))
            children = [chances(made.play(state, move)) for move in moves]
            found = (
                sum((child[0] for child in children), Fraction(0)) / len(children),
                sum((child[1] for child in children), Fraction(0)) / len(children),
            )
        memo[state] = found
        return found

    win, draw = chances(made.initial_state())
    return win, draw, 1 - win - draw


def reference(game: str = "tictactoe", *, games: int = 1000, seed: int = 0) -> AgentEvaluation:
    """The perfect policy's own figures: what an optimal agent scores in ``evaluate``."""
    return evaluate(perfect_policy(game, seed=seed + 100), game, games=games, seed=seed)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m perfectplay.rl``: print the perfect policy's reference figures."""
    parser = argparse.ArgumentParser(prog="python -m perfectplay.rl", description=reference.__doc__)
    parser.add_argument("--game", default="tictactoe", help="tictactoe (default) or a small mnk:R,C,K")
    parser.add_argument("--games", type=int, default=1000, help="games per opponent and seat (default 1000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        figures = reference(args.game, games=args.games, seed=args.seed)
    except PerfectplayError as error:
        sys.stderr.write(f"python -m perfectplay.rl: error: {error}\n")
        return 2
    exact = {seat: exact_against_random(args.game, seat) for seat in ("first", "second")}
    if args.json:
        chances = {seat: [float(part) for part in parts] for seat, parts in exact.items()}
        print(json.dumps({**figures.to_json(), "exact_vs_random": chances}))
        return 0
    print(figures)
    for seat, (win, draw, loss) in exact.items():
        print(f"  exact vs random, {seat}: {float(win):6.2%} won, {float(draw):6.2%} drawn, {float(loss):6.2%} lost")
    return 0


if __name__ == "__main__":
    sys.exit(main())
