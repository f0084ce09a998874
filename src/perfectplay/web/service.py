"""What the API endpoints do, as functions from validated requests to JSON.

The engine does all the game logic: reading positions, playing moves,
deciding who won. This module only routes each engine error to the request
field it came from and runs searches through ``bounded_search`` (see
``lanes.py`` for where they run).
"""

from __future__ import annotations

from typing import Any

from perfectplay import DEFAULT_SPEC, Game, Player, make_game, parse_player
from perfectplay.play.players import proven_from_start
from perfectplay.web.lanes import Lanes
from perfectplay.web.levels import level_note
from perfectplay.web.problems import Problem, blame
from perfectplay.web.schemas import AnalyzeRequest, MoveRequest, PlayRequest, PositionRequest
from perfectplay.web.search import Job, JobResult
from perfectplay.web.settings import Settings
from perfectplay.words import result_text


def read_position(request: PositionRequest) -> tuple[Game[Any], Any]:
    """The request's game and state (the game's start without a position), or a problem naming the field."""
    # Without a spec the board's size comes from the position, so a bad size is the position's fault.
    with blame("game" if request.game is not None else "position"):
        game = make_game(request.game or DEFAULT_SPEC, request.position)
    to_move = None if request.to_move is None else parse_player(request.to_move)
    with blame("position"):
        if request.position is None:
            return game, game.initial_state(to_move or Player.X)
        return game, game.parse(request.position, to_move)


def position_json(game: Game[Any], state: Any) -> dict[str, Any]:
    """A position as every response carries it: the game, the text, the side to move, its view and outcome."""
    return {
        "game": game.name,
        "title": game.title,
        "position": game.format(state),
        "to_move": game.to_move(state).value,
        "view": game.view(state),
        "outcome": outcome_json(game, state),
    }


def move_fields_json(game: Game[Any], move: int) -> dict[str, Any]:
    """A move as JSON: its number, the fields that locate it, and its label (what people see and type)."""
    return {"move": move, **game.move_fields(move), "label": game.move_label(move)}


def play_request_move(game: Game[Any], state: Any, move: int | None) -> tuple[Any, dict[str, Any] | None]:
    """The state after the request's ``play`` (if any) and that move as JSON; a problem on ``play`` if illegal."""
    if move is None:
        return state, None
    with blame("play"):
        after = game.play(state, move)
    return after, move_fields_json(game, move)


async def bounded_search(
    game: Game[Any], state: Any, level: str | None, seed: int | None, lanes: Lanes, settings: Settings
) -> JobResult:
    """Every search the server runs goes through here, under ``settings.seconds``.

    The engine itself stops at the limit and answers with what it has proven
    (``complete: false``). Beyond a small node budget (``lanes.py``) the job
    runs in a worker process that is killed, and the request answered 503, if
    it overruns the limit by ``settings.backstop_seconds``: a long search in
    a thread of this process would hold the GIL and slow every other request,
    and a kill is the only stop that cannot fail.
    """
    job: Job = {
        "game": game.name,
        "position": game.format(state),
        "to_move": game.to_move(state).value,
        "level": level,
        "level_note": None if level is None else level_note(level),
        "seed": seed,
        "seconds": settings.seconds,
    }
    if level is not None:
        job["proven_from_start"] = proven_from_start(game)  # remembered per game: the game list asked already
    too_slow = (
        f"the search overran this server's {settings.seconds:g} s limit and was stopped; "
        "try a smaller board or a position nearer the end of the game"
    )
    return await lanes.search(job, too_slow)


async def analyze_json(request: AnalyzeRequest, lanes: Lanes, settings: Settings) -> dict[str, Any]:
    game, state = read_position(request)
    result = await bounded_search(game, state, None, None, lanes, settings)
    return {**result["analysis"], "view": game.view(state), "advice": result["advice"]}


def play_json(request: PlayRequest) -> dict[str, Any]:
    """The position read (and ``play`` played, if given) without any search: for set-ups, links and two players."""
    game, state = read_position(request)
    state, played = play_request_move(game, state, requested_move(game, state, request))
    return {**position_json(game, state), "played": played}


def requested_move(game: Game[Any], state: Any, request: PlayRequest) -> int | None:
    """The move the request plays: ``play``, or ``typed`` read as the terminal reads it (the game's own errors)."""
    if request.typed is None:
        return request.play
    if request.play is not None:
        raise Problem(422, "typed", "give the move as play or as typed, not both")
    with blame("typed"):
        return game.parse_move(request.typed, state)


async def move_json(request: MoveRequest, lanes: Lanes, settings: Settings) -> dict[str, Any]:
    """Play ``request.play`` if given, then the computer's move unless the game is over."""
    game, state = read_position(request)
    move_asked = requested_move(game, state, request)
    if move_asked is None and game.is_over(state):
        raise Problem(422, "position", f"the game is over: {_result_text(game, state)}; there is no move to make")
    state, played = play_request_move(game, state, move_asked)
    move: int | None = None
    analysis: dict[str, Any] | None = None
    if not game.is_over(state):
        result = await bounded_search(game, state, request.level, request.seed, lanes, settings)
        move, analysis = result["move"], {**result["analysis"], "view": game.view(state), "advice": result["advice"]}
        assert move is not None
        state = game.play(state, move)
    fields = {} if move is None else game.move_fields(move)
    return {
        "played": played,
        "move": move,
        "row": fields.get("row"),
        "col": fields.get("col"),
        "label": None if move is None else game.move_label(move),
        **position_json(game, state),
        "analysis": analysis,
    }


def outcome_json(game: Game[Any], state: Any) -> dict[str, Any] | None:
    """How the game ended (winner or null for a draw, and the winning cells), or null if it goes on."""
    if not game.is_over(state):
        return None
    winner = game.winner(state)
    return {
        "winner": None if winner is None else winner.value,
        "line": list(game.highlight(state)),
        "text": _result_text(game, state),
    }


def _result_text(game: Game[Any], state: Any) -> str:
    return result_text(game.winner(state))
