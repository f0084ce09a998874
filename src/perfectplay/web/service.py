"""What the API endpoints do, as functions from validated requests to JSON.

The engine does all the game logic: reading positions, playing moves,
deciding who won. This module only routes each engine error to the request
field it came from and runs searches through ``bounded_search`` (see
``lanes.py`` for where they run).
"""

from __future__ import annotations

from typing import Any

from perfectplay.game import Game
from perfectplay.games import make_game
from perfectplay.games.mnk import board_shape
from perfectplay.notation import parse_player
from perfectplay.web.lanes import Lanes
from perfectplay.web.problems import Problem, blame
from perfectplay.web.schemas import AnalyzeRequest, MoveRequest, PositionRequest
from perfectplay.web.search import Job, JobResult
from perfectplay.web.settings import Settings


def request_spec(request: PositionRequest) -> str:
    """The game spec a request names: ``game``, or an m,n,k board from ``rows``/``cols``/``k`` (older clients)."""
    if request.game is not None:
        return request.game
    if request.rows is None and request.cols is None and request.k is None:
        return "mnk"
    rows, cols = request.rows, request.cols
    if rows is None or cols is None:
        with blame("position"):
            text_rows, text_cols = board_shape(request.position)
        rows = text_rows if rows is None else rows
        cols = text_cols if cols is None else cols
    return f"mnk:{rows},{cols}" + ("" if request.k is None else f",{request.k}")


def read_position(request: PositionRequest) -> tuple[Game[Any], Any]:
    """The request's game and state, or a problem naming the field at fault."""
    spec = request_spec(request)
    field = "game" if request.game is not None else "k" if request.k is not None else "position"
    with blame(field):
        game = make_game(spec, request.position)
    with blame("position"):
        state = game.parse(request.position, None if request.to_move is None else parse_player(request.to_move))
    return game, state


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
        "seed": seed,
        "seconds": settings.seconds,
    }
    too_slow = (
        f"the search overran this server's {settings.seconds:g} s limit and was stopped; "
        "try a smaller board or a position nearer the end of the game"
    )
    return await lanes.search(job, too_slow)


async def analyze_json(request: AnalyzeRequest, lanes: Lanes, settings: Settings) -> dict[str, Any]:
    game, state = read_position(request)
    return (await bounded_search(game, state, None, None, lanes, settings))["analysis"]


async def move_json(request: MoveRequest, lanes: Lanes, settings: Settings) -> dict[str, Any]:
    """Play ``request.play`` if given, then the computer's move unless the game is over."""
    game, state = read_position(request)
    if request.play is not None:
        with blame("play"):
            state = game.play(state, request.play)
    elif game.is_over(state):
        raise Problem(422, "position", f"the game is over: {_result_text(game, state)}; there is no move to make")
    move: int | None = None
    analysis: dict[str, Any] | None = None
    if not game.is_over(state):
        result = await bounded_search(game, state, request.level, request.seed, lanes, settings)
        move, analysis = result["move"], result["analysis"]
        assert move is not None
        state = game.play(state, move)
    fields = {} if move is None else game.move_fields(move)
    return {
        "move": move,
        "row": fields.get("row"),
        "col": fields.get("col"),
        "label": None if move is None else game.move_label(move),
        "game": game.name,
        "position": game.format(state),
        "to_move": game.to_move(state).value,
        "outcome": outcome_json(game, state),
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
    winner = game.winner(state)
    return f"{winner.value} has won" if winner is not None else "it is a draw"
