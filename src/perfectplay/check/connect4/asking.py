"""What a Connect Four check asks: positions generated and solved for this check, then games against the levels.

Asked through the conductor's session (``plug.Session``); what comes back is
the transcript's body, judged by ``judging.py`` alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from perfectplay import Connect4
from perfectplay.check.connect4.model import SECRET_WORDS, GameRecord
from perfectplay.check.connect4.opponents import LADDER, opponent_move, state_cells
from perfectplay.check.connect4.pool import PHASE_PLIES, draw_positions
from perfectplay.check.connect4.recognise import machine_lacks
from perfectplay.check.connect4.suite import SuitePosition
from perfectplay.check.plug import Asker, Json, Question, QuestionDraw, Recognised, Session

POOL_WORDS = "decisive positions from games played for this check (plies {low}-{high}), solved exactly"
UNPLAYED = "not played: the check's time ran out first"


@dataclass(frozen=True, slots=True)
class Connect4Draw(QuestionDraw):
    """The questions and the positions behind them, with every legal move's exact score (never sent to the agent)."""

    positions: tuple[SuitePosition, ...] = ()
    shown: bool = True
    """False: the seed is the grader's secret one for this student, kept out of the transcript and the report."""


def draw_suite(positions: int, seed: int, shown: bool = True) -> Connect4Draw:
    """``positions`` decisive positions generated and solved from ``seed``, every phase in its share; ``shown``
    False for a seed from the grader's secret, which the words (and the report) leave out."""
    drawn = draw_positions(positions, seed)
    questions = tuple(_question(index, position) for index, position in enumerate(drawn))
    low, high = min(low for low, _ in PHASE_PLIES.values()), max(high for _, high in PHASE_PLIES.values())
    which = f"seed {seed} (--seed {seed} asks them again)" if shown else SECRET_WORDS
    words = f"{len(drawn):,} {POOL_WORDS.format(low=low, high=high)}, {which}"
    return Connect4Draw(questions, seed, len(drawn), words, drawn, shown)


def _question(index: int, position: SuitePosition) -> Question:
    # The key names the position by its moves, so that the transcript alone says what was asked.
    return Question(f"{index}:{position.moves}", "drive", [position.cells, str(position.mark)], stratum=position.phase)


def ask(session: Session, recognised: Recognised, draw: QuestionDraw, games: bool) -> dict[str, Json]:
    """The suite's answers (the first record of each position asked) and the games' records."""
    if session.packages.granted and recognised.kind != "command":
        session.note("it could import (read-only): " + ", ".join(session.packages.granted))
    episodes = recognised.kind == "connectx"
    if episodes:
        # Kaggle runs a ConnectX agent for one side of one game: what it keeps from one call to the next (its
        # mark, taken on the first call) holds for that game alone. So each side's positions are asked by
        # processes that have answered no other side, and each game is played by a process of its own.
        answers: dict[str, list[dict[str, Any]]] = {}
        for mark in ("1", "2"):
            session.renew()
            answers.update(session.ask("positions", [q for q in draw.questions if _mark(q) == mark]))
        session.renew()
    else:
        answers = session.ask("positions", draw.questions)
    machine_lacks(session, (record for records in answers.values() for record in records))
    played: list[GameRecord] = []
    if games and session.stopped is None:
        played = _play_games(session, draw.seed, episodes)
    positions = draw.positions if isinstance(draw, Connect4Draw) else ()
    return {
        "seed": draw.seed if not isinstance(draw, Connect4Draw) or draw.shown else None,
        "games_planned": games,
        "suite": [question.key for question in draw.questions],
        "positions": [{"moves": p.moves, "phase": p.phase, "scores": list(p.scores)} for p in positions],
        "answers": {key: records[0] for key, records in answers.items()},
        "games": [asdict(game) for game in played],
    }


def _mark(question: Question) -> str:
    item = question.item
    return str(item[1]) if isinstance(item, list) and len(item) == 2 else ""


def _play_games(session: Session, seed: int, episodes: bool = False) -> list[GameRecord]:
    """Every game against the ladder; ``episodes``: each in a fresh process, as Kaggle plays a game."""
    plans = [(level, agent_first) for level in LADDER for agent_first in (True, False)]
    jobs = [
        (
            lambda asker, level=level, first=first, index=index: _game(
                asker, level, first, random.Random(f"{seed}:{index}"), episodes
            )
        )
        for index, (level, first) in enumerate(plans)
    ]
    results = session.in_parallel("games", jobs)
    played = sum(1 for result in results if result is not None)
    if played < len(plans):
        session.note(
            f"the games stopped early ({played} of {len(plans)} played): the time ran out, and a game not played "
            "is not won"
        )
    # A game the time ended is a loss: left out, the strongest levels (played last) would leave the share, and an
    # agent that ran the time out where it was losing would take the share of the games it won.
    return [
        result if result is not None else GameRecord(level, first, "loss", "", forfeit=UNPLAYED)
        for result, (level, first) in zip(results, plans, strict=True)
    ]


def _job(level: str, agent_first: bool, rng: random.Random) -> Callable[[Asker], GameRecord]:
    return lambda asker: _game(asker, level, agent_first, rng)


def _game(asker: Asker, level: str, agent_first: bool, rng: random.Random, fresh: bool = False) -> GameRecord:
    if fresh:
        asker.fresh()
    game = Connect4()
    state = game.initial_state()
    moves = ""
    agent_turn = agent_first
    while not game.is_over(state):
        if agent_turn:
            mark = "1" if agent_first else "2"
            record = asker(Question("game", "drive", [state_cells(game, state), mark]))
            column = record.get("value") if record.get("kind") == "int" and "error" not in record else None
            if not (isinstance(column, int) and 0 <= column < game.width and column in game.legal_moves(state)):
                why = "gave no legal move" if "failure" not in record else f"failed ({record['failure']})"
                return GameRecord(level, agent_first, "loss", moves, forfeit=why)
        else:
            column = opponent_move(game, state, level, rng)
        state = game.play(state, column)
        moves += str(column + 1)
        agent_turn = not agent_turn
    winner = game.winner(state)
    if winner is None:
        return GameRecord(level, agent_first, "draw", moves)
    agent_won = (winner.value == "X") == agent_first
    return GameRecord(level, agent_first, "win" if agent_won else "loss", moves)


def game_records(body: dict[str, Any]) -> list[GameRecord]:
    """The games of a transcript's body, as ``ask`` recorded them; a ValueError for one ``ask`` never records."""
    games = [GameRecord(**game) for game in body.get("games", [])]
    for game in games:
        # A transcript is read back (--replay) under a digest anyone can redo: a game's fields are checked here,
        # not where a score or a report line first uses them.
        moves, forfeit = game.moves, game.forfeit
        if (
            game.opponent not in LADDER
            or not isinstance(game.agent_first, bool)
            or game.result not in ("win", "draw", "loss")
            or not (isinstance(moves, str) and (moves.isdigit() or not moves))
            or not (forfeit is None or isinstance(forfeit, str))
        ):
            raise ValueError(f"not a game: {str(game)[:80]!r}")
    return games
