"""Computer-against-computer games: one game, or a match of many with a tally.

Pure library code: no printing. A match asks every position's analysis of
one shared cache, because the same positions come up again and again (3x3
has only 5,478 of them), which makes a thousand games cost little more than
solving each position once.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from perfectplay.documents import DuelJSON, MatchJSON, RecordJSON, TallyJSON
from perfectplay.game import Game, Player, State
from perfectplay.play.players import Analyst, check_level, choose_move
from perfectplay.search.analysis import analyze
from perfectplay.search.base.limits import Limit
from perfectplay.search.base.result import Analysis
from perfectplay.search.solver.table import TranspositionTable


@dataclass(frozen=True, slots=True)
class MatchResult:
    """How many games each side won and how many were drawn."""

    x_wins: int
    o_wins: int
    draws: int

    @property
    def games(self) -> int:
        return self.x_wins + self.o_wins + self.draws

    def to_json(self) -> MatchJSON:
        return {"x_wins": self.x_wins, "o_wins": self.o_wins, "draws": self.draws, "games": self.games}

    def add(self, winner: Player | None) -> MatchResult:
        """The tally with one more game, won by ``winner`` (None for a draw)."""
        return MatchResult(
            self.x_wins + (winner is Player.X),
            self.o_wins + (winner is Player.O),
            self.draws + (winner is None),
        )


def cached_analyst(analyst: Analyst = analyze) -> Analyst:
    """``analyst`` remembering every position it has solved (games and states are hashable)."""
    solved: dict[tuple[Game[Any], Any], Analysis] = {}

    def cached(game: Game[Any], state: Any) -> Analysis:
        key = (game, state)
        analysis = solved.get(key)
        if analysis is None:
            analysis = solved[key] = analyst(game, state)
        return analysis

    return cached


def budgeted_analyst(seconds: float | None, *, at_once: bool = True) -> Analyst:
    """A cached analyst whose every search stops after ``seconds`` (``None``: search to the end).

    ``at_once`` (a player's analyst, the default) takes an opening book's,
    an outcome table's or a forced move's answer as it comes; without it
    (scores and hints shown to a person) every analysis runs to exact
    scores or to ``seconds`` (``score_moves``).

    3x3 and small boards are solved long before any sensible budget; on a big
    board the budget is what keeps the computer from thinking for hours, and
    its move is then the best found in time (``complete`` is false). Its
    searches share one transposition table per game, so each move's search
    starts from what the earlier ones proved.
    Raises ``LimitError`` at once for a budget that is not a positive number.
    """
    if seconds is None:
        return cached_analyst()
    limit = Limit(seconds=seconds)
    # One table per game for the analyst's whole life: what one move's search proved (a won
    # subtree, a draw) is still true a move later, so the next search starts from it.
    tables: dict[Game[Any], TranspositionTable] = {}

    def analyst(game: Game[Any], state: Any) -> Analysis:
        table = tables.get(game)
        if table is None:
            table = tables[game] = TranspositionTable()
        return analyze(game, state, limit=limit, table=table, at_once=at_once)

    return cached_analyst(analyst)


def play_game(
    game: Game[State],
    x_level: str,
    o_level: str,
    rng: random.Random,
    *,
    analyst: Analyst = analyze,
    start: State | None = None,
    seconds: float | None = None,
) -> tuple[Player | None, list[int]]:
    """Play one game from ``start`` (the initial position by default); return the winner and the moves.

    ``seconds`` bounds each move of a depth or MCTS level (``choose_move``); ``analyst`` the others'.
    """
    state = game.initial_state() if start is None else start
    levels = {Player.X: check_level(x_level, game), Player.O: check_level(o_level, game)}
    moves: list[int] = []
    while not game.is_over(state):
        move = choose_move(game, state, levels[game.to_move(state)], rng, analyst=analyst, seconds=seconds)
        moves.append(move)
        state = game.play(state, move)
    return game.winner(state), moves


def play_match(
    game: Game[State],
    x_level: str,
    o_level: str,
    games: int,
    rng: random.Random,
    *,
    analyst: Analyst | None = None,
    seconds: float | None = None,
) -> Iterator[MatchResult]:
    """Play ``games`` games and yield the running tally after each one (the last is the result).

    Yielding lets a front end draw progress without this module printing.
    """
    check_level(x_level, game)
    check_level(o_level, game)
    if analyst is None:
        analyst = cached_analyst()
    tally = MatchResult(0, 0, 0)
    for _ in range(games):
        winner, _moves = play_game(game, x_level, o_level, rng, analyst=analyst, seconds=seconds)
        tally = tally.add(winner)
        yield tally


@dataclass(frozen=True, slots=True)
class Record:
    """One player's results in a duel, as X and as O: ``(wins, draws, losses)`` each."""

    as_x: tuple[int, int, int] = (0, 0, 0)
    as_o: tuple[int, int, int] = (0, 0, 0)

    @property
    def total(self) -> tuple[int, int, int]:
        return (self.as_x[0] + self.as_o[0], self.as_x[1] + self.as_o[1], self.as_x[2] + self.as_o[2])

    def add(self, side: Player, result: int) -> Record:
        """One more game as ``side``: ``result`` 0 a win, 1 a draw, 2 a loss."""
        counts = list(self.as_x if side is Player.X else self.as_o)
        counts[result] += 1
        new = (counts[0], counts[1], counts[2])
        return Record(new, self.as_o) if side is Player.X else Record(self.as_x, new)

    def to_json(self) -> RecordJSON:
        def part(counts: tuple[int, int, int]) -> TallyJSON:
            return {"wins": counts[0], "draws": counts[1], "losses": counts[2]}

        return {"total": part(self.total), "as_x": part(self.as_x), "as_o": part(self.as_o)}


@dataclass(frozen=True, slots=True)
class DuelResult:
    """Two players' records after a duel in which they take turns playing X."""

    first: str
    second: str
    records: tuple[Record, Record] = (Record(), Record())

    @property
    def games(self) -> int:
        return sum(self.records[0].total)

    def add(self, first_side: Player, winner: Player | None) -> DuelResult:
        """One more game, with the first player on ``first_side``, won by ``winner`` (None: drawn)."""
        mine = 1 if winner is None else 0 if winner is first_side else 2
        return DuelResult(
            self.first,
            self.second,
            (self.records[0].add(first_side, mine), self.records[1].add(first_side.other, 2 - mine)),
        )

    def to_json(self) -> DuelJSON:
        return {
            "games": self.games,
            "players": [
                {"player": name, **record.to_json()}
                for name, record in zip((self.first, self.second), self.records, strict=True)
            ],
        }


def play_duel(
    game: Game[State],
    first: str,
    second: str,
    games: int,
    rng: random.Random,
    *,
    analyst: Analyst | None = None,
    seconds: float | None = None,
) -> Iterator[DuelResult]:
    """Play ``games`` games, ``first`` as X in the odd-numbered ones and as O in the others.

    Playing both sides equally often takes the first move's advantage out
    of the comparison, so the records say which player is stronger. Yields
    the running result after each game.
    """
    check_level(first, game)
    check_level(second, game)
    if analyst is None:
        analyst = cached_analyst()
    result = DuelResult(first, second)
    for number in range(games):
        side = Player.X if number % 2 == 0 else Player.O
        x_level, o_level = (first, second) if side is Player.X else (second, first)
        winner, _moves = play_game(game, x_level, o_level, rng, analyst=analyst, seconds=seconds)
        result = result.add(side, winner)
        yield result
