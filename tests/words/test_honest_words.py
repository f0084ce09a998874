"""The computer is called perfect, and its moves exact, only where the search that chose them finished."""

from __future__ import annotations

import functools
import random

from perfectplay import Analysis, Limit, Player, TicTacToe, analyze, make_game
from perfectplay.cli.play import TerminalGame
from perfectplay.play.matches import cached_analyst
from perfectplay.play.players import proven_from_start
from perfectplay.search.base.result import MoveValue, assemble
from perfectplay.web.jobs import Job, run_job
from perfectplay.web.routes_play import strongest_json
from perfectplay.words import choice_text, level_title, level_words, unproven_text

TINY = Limit(nodes=30)
"""A budget no opening search on a 5x5 board finishes within, however fast the machine."""


def watch(game_spec: str, analyst_limit: Limit | None) -> str:
    game = make_game(game_spec)
    limited = analyze if analyst_limit is None else functools.partial(analyze, limit=analyst_limit)
    analyst = cached_analyst(limited)
    output: list[str] = []
    seats: dict[Player, str | None] = {Player.X: "perfect", Player.O: "perfect"}
    session = TerminalGame(game, seats, Player.X, random.Random(1), lambda _prompt: "n", output.append, analyst=analyst)
    session.run()
    return "\n".join(output)


def test_a_move_chosen_by_an_unfinished_search_is_announced_as_not_proven_in_the_terminal() -> None:
    text = watch("mnk:5,5,4", TINY)
    moves = [line for line in text.splitlines() if " plays " in line]
    assert moves
    assert all("not proven" in line and "best found in" in line for line in moves[:3])
    assert not any("perfect" in line.lower() or "exact" in line.lower() for line in moves)


def test_the_terminal_does_not_introduce_the_computer_as_perfect_where_the_game_is_not_solved_from_the_start() -> None:
    text = watch("mnk:5,5,4", TINY)
    intro = text.splitlines()[0]
    assert "perfect" not in intro.lower()
    assert "strongest: exact near the end, searched in the opening" in intro


def test_a_solved_game_still_calls_the_computer_perfect_and_says_nothing_of_proof() -> None:
    text = watch("tictactoe", None)
    assert "Watching X (perfect) against O (perfect)." in text
    assert "not proven" not in text


def test_a_game_is_proven_from_the_start_only_if_its_search_finishes_within_the_budget() -> None:
    assert proven_from_start(TicTacToe())
    assert not proven_from_start(make_game("mnk:4,4,4"), nodes=1_000)
    assert proven_from_start(make_game("nim"))


def test_the_strongest_level_is_named_perfect_only_where_proven() -> None:
    assert level_title("perfect", True) == "perfect"
    assert level_title("perfect", False) == "strongest"
    assert level_words("perfect", False).startswith("strongest: exact near the end, searched in the opening")
    assert level_title("hard", False) == "hard"
    assert strongest_json(True)["title"] == "Perfect"
    assert strongest_json(False) == {
        "title": "Strongest",
        "note": "strongest: exact near the end, searched in the opening",
    }


def job(level: str | None, game: str = "mnk:5,5,4", position: str = "...../...../...../...../.....") -> Job:
    return {
        "game": game,
        "position": position,
        "to_move": "X",
        "level": level,
        "level_note": "plays a best move",
        "seed": 1,
        "seconds": 60.0,
    }


def test_the_api_words_for_a_move_of_an_unfinished_search_say_it_is_not_proven() -> None:
    result = run_job(job("perfect"), limit=TINY)
    assert result["analysis"]["complete"] is False
    advice = result["advice"]
    assert advice["unproven"] is not None
    assert advice["unproven"].startswith("best found in") and advice["unproven"].endswith("not proven")
    assert advice["why"] is not None and advice["why"].startswith("Best found in")
    for words in (advice["why"], advice["unproven"], advice["hint"]):
        assert words is not None
        assert "perfect" not in words.lower() and "exact" not in words.lower()


def test_the_api_words_for_a_move_of_a_finished_search_say_nothing_of_proof() -> None:
    result = run_job(job("perfect", "tictactoe", "........."))
    assert result["analysis"]["complete"] is True
    assert result["advice"]["unproven"] is None
    assert result["advice"]["why"] is not None and "not proven" not in result["advice"]["why"]


def test_unproven_text_is_none_for_a_complete_analysis_and_names_the_time_otherwise() -> None:
    game = TicTacToe()
    assert unproven_text(analyze(game, game.initial_state())) is None
    stopped = analyze(game, game.initial_state(), limit=Limit(nodes=5))
    assert not stopped.complete
    words = unproven_text(stopped)
    assert words is not None and words.startswith("best found in ") and words.endswith(", not proven")
    move = stopped.best[0]
    assert choice_text(game, stopped, move, "perfect", None).startswith("Best found in ")


def stopped_with_one_proven_win(plies: int) -> Analysis:
    """A 7x6 search stopped by its limit: move 3 proven to win in ``plies``, move 0 a proven loss, the rest unvalued."""
    game = make_game("connect4")
    state = game.initial_state()
    entries = [MoveValue.exact(3, game.max_plies + 2 - plies, game.max_plies), MoveValue.exact(0, -40, game.max_plies)]
    entries += [MoveValue.guess(move, 5) for move in (1, 2, 4, 5, 6)]
    return assemble(game, state, entries, nodes=10, seconds=5.0, complete=False, algorithm="solver", preferred=(3,))


def test_moves_the_search_did_not_value_are_never_called_worse_than_the_one_it_played() -> None:
    analysis = stopped_with_one_proven_win(27)
    why = choice_text(analysis.game, analysis, 3, "perfect", None, proven_from_start=False)
    assert "It sees a forced win in 27" in why
    assert "No other move is as good" not in why and "6 moves do worse" not in why
    assert "1 move does worse. 5 moves were not valued before the limit, so one of them may be as good or better" in why


def test_a_worse_move_at_the_strongest_level_of_an_unsolved_game_is_not_said_to_be_perfect() -> None:
    analysis = stopped_with_one_proven_win(27)
    note = "plays a best move, proven where its search finishes"
    why = choice_text(analysis.game, analysis, 0, "perfect", note, proven_from_start=False)
    assert "At level Strongest the computer plays a best move" in why and "Perfect" not in why
    solved = choice_text(analysis.game, analysis, 0, "perfect", note, proven_from_start=True)
    assert "At level Perfect the computer" in solved


def test_the_api_names_the_strongest_level_as_the_game_allows() -> None:
    unsolved = job("perfect")
    unsolved["proven_from_start"] = False
    assert "Perfect" not in (run_job(unsolved, limit=TINY)["advice"]["why"] or "")
