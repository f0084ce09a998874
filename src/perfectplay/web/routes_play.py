"""The play routes: analyze a position, play a move and let the computer answer, read a position, and what the
page offers (the games, the computer's levels).

The engine does all the game logic: reading positions, playing moves,
deciding who won. This module routes each engine error to the request field
it came from and runs searches through ``bounded_search`` (see
``workers.py`` for where they run).

The page names no game: it lists what ``GET /api/games`` answers and draws
each position from its ``view``. A game registered in ``perfectplay.games``
appears here, and so on the page, without a change to the web app.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request

from perfectplay import ALGORITHMS, Game, make_game
from perfectplay.documents import (
    AnalyzedJSON,
    ComputerMoveJSON,
    GameEntryJSON,
    GamesJSON,
    LevelsJSON,
    PlacedMoveJSON,
    PlayedJSON,
    StrongestJSON,
    move_fields,
    position_json,
)
from perfectplay.games import KINDS
from perfectplay.play import LEVELS, proven_from_start
from perfectplay.teaching import ORDERS
from perfectplay.web.answers import answering, lanes_of, settings_of
from perfectplay.web.jobs import Job, JobResult
from perfectplay.web.problems import GET_ERRORS, POST_ERRORS, Problem, blame
from perfectplay.web.schemas import EMPTY_MAX, AnalyzeRequest, MoveRequest, PlayRequest, read_position
from perfectplay.web.settings import Settings
from perfectplay.web.workers import Lanes
from perfectplay.words import (
    DEPTH_PLAYERS,
    LEVEL_NOTES,
    PERFECT_LEVEL,
    ROOT_WINDOWS,
    depth_note,
    level_note,
    level_title,
    result_text,
    strongest_text,
)

router = APIRouter()


# Every endpoint is ``async`` and none of them waits in FastAPI's thread
# pool: a search runs in the fast lane's thread or in a worker process
# (``workers.py``), and a request waiting for a worker waits on the event
# loop, so nothing here can queue behind a thread pool that is full.


@router.post("/api/analyze", summary="Score every legal move of a position", **answering(AnalyzedJSON, *POST_ERRORS))
async def analyze(body: AnalyzeRequest, request: Request) -> AnalyzedJSON:
    return await analyze_json(body, lanes_of(request), settings_of(request))


@router.post(
    "/api/move",
    summary="Optionally play a move, then let the computer answer",
    **answering(ComputerMoveJSON, *POST_ERRORS),
)
async def move(body: MoveRequest, request: Request) -> ComputerMoveJSON:
    return await move_json(body, lanes_of(request), settings_of(request))


@router.post(
    "/api/position",
    summary="Read a position and optionally play one move, without any search",
    **answering(PlayedJSON, *POST_ERRORS),
)
async def position(body: PlayRequest) -> PlayedJSON:
    return play_json(body)


@router.get(
    "/api/games",
    summary="The games the page offers, each with its start position and view",
    **answering(GamesJSON, *GET_ERRORS),
)
async def games(request: Request) -> GamesJSON:
    # A registered game's presets are each proven from the start once (proven_from_start): off the event loop.
    return await asyncio.to_thread(games_json, settings_of(request))


@router.get(
    "/api/levels",
    summary="The computer's strength levels, strongest first, with what each does",
    **answering(LevelsJSON, *GET_ERRORS),
)
async def levels() -> LevelsJSON:
    return levels_json()


# --- what a play route computes -----------------------------------------------------------------------


def play_request_move(game: Game[Any], state: Any, move: int | None) -> tuple[Any, PlacedMoveJSON | None]:
    """The state after the request's ``play`` (if any) and that move as JSON; a problem on ``play`` if illegal."""
    if move is None:
        return state, None
    with blame("play"):
        after = game.play(state, move)
    return after, move_fields(game, move)


async def bounded_search(
    game: Game[Any], state: Any, level: str | None, seed: int | None, lanes: Lanes, settings: Settings
) -> JobResult:
    """Every search the server runs goes through here, under ``settings.seconds``.

    The engine itself stops at the limit and answers with what it has proven
    (``complete: false``). Beyond a small node budget (``workers.py``) the job
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
        # Remembered per game, but a game's first proof can take seconds of pure Python (15x15: about 9 s): in a
        # thread, so the event loop answers other requests meanwhile, and once, however many ask at the same time.
        job["proven_from_start"] = await lanes.proofs.run(game, proven_from_start, game)
    too_slow = (
        f"the search overran this server's {settings.seconds:g} s limit and was stopped; "
        "try a smaller board or a position nearer the end of the game"
    )
    return await lanes.search(job, too_slow)


async def analyze_json(request: AnalyzeRequest, lanes: Lanes, settings: Settings) -> AnalyzedJSON:
    game, state = read_position(request)
    result = await bounded_search(game, state, None, None, lanes, settings)
    return {**result["analysis"], "view": game.view(state), "advice": result["advice"]}


def play_json(request: PlayRequest) -> PlayedJSON:
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


async def move_json(request: MoveRequest, lanes: Lanes, settings: Settings) -> ComputerMoveJSON:
    """Play ``request.play`` if given, then the computer's move unless the game is over."""
    game, state = read_position(request)
    move_asked = requested_move(game, state, request)
    if move_asked is None and game.is_over(state):
        raise Problem(422, "position", f"the game is over: {_result_text(game, state)}; there is no move to make")
    state, played = play_request_move(game, state, move_asked)
    move: int | None = None
    analysis: AnalyzedJSON | None = None
    if not game.is_over(state):
        result = await bounded_search(game, state, request.level, request.seed, lanes, settings)
        move, analysis = result["move"], {**result["analysis"], "view": game.view(state), "advice": result["advice"]}
        assert move is not None
        state = game.play(state, move)
    fields: PlacedMoveJSON = {} if move is None else move_fields(game, move)
    return {
        "played": played,
        "move": move,
        "row": fields.get("row"),
        "col": fields.get("col"),
        "label": fields.get("label"),
        **position_json(game, state),
        "analysis": analysis,
    }


def _result_text(game: Game[Any], state: Any) -> str:
    return result_text(game.winner(state))


# --- what the page offers: the games and the computer's levels ----------------------------------------


def games_json(settings: Settings) -> GamesJSON:
    """Every preset of every registered game, registry order, each with its start position and view."""
    games: list[GameEntryJSON] = []
    for kind in KINDS.values():
        for spec in kind.presets:
            game = make_game(spec)
            games.append(
                {
                    **position_json(game, game.initial_state()),
                    "kind": kind.name,
                    "summary": kind.summary,
                    "strongest": strongest_json(proven_from_start(game)),
                }
            )
    return {
        "games": games,
        "default": games[0]["game"],
        "seconds": settings.seconds,
        "tree_max_moves": EMPTY_MAX,
        "words": {
            "root_windows": {name: text for name, text in ROOT_WINDOWS.items()},
            "orders": dict(ORDERS),
            "algorithms": {name: algorithm.title for name, algorithm in ALGORITHMS.items() if algorithm.traceable},
        },
    }


def strongest_json(proven: bool) -> StrongestJSON:
    """The strongest level's name and note in one game: "Perfect" only where the engine proves every move."""
    title = level_title(PERFECT_LEVEL, proven)
    return {"title": title[:1].upper() + title[1:], "note": strongest_text(proven)}


def levels_json() -> LevelsJSON:
    """The computer's levels, strongest first, then depth-limited searches, with what each one does."""
    return {
        "levels": list(LEVELS),
        "depth_players": list(DEPTH_PLAYERS),
        "titles": DEPTH_PLAYERS,
        "default": "perfect",
        "notes": {
            **{level: LEVEL_NOTES.get(level, "") for level in LEVELS},
            **{level: depth_note(level) for level in DEPTH_PLAYERS},
        },
    }
