"""The public API is what ``perfectplay.__all__`` says, sorted, and all of it importable."""

from __future__ import annotations

import perfectplay


def test_all_is_sorted_and_unique() -> None:
    assert list(perfectplay.__all__) == sorted(set(perfectplay.__all__))


def test_every_name_in_all_is_exported() -> None:
    for name in perfectplay.__all__:
        assert getattr(perfectplay, name) is not None, name


def test_every_public_name_of_the_package_is_listed_in_all() -> None:
    for name in perfectplay.__all__:
        getattr(perfectplay, name)  # names are imported on first use; use them all first
    public = {
        name
        for name, value in vars(perfectplay).items()
        if not name.startswith("_")
        and name != "annotations"
        and not getattr(value, "__name__", "").startswith("perfectplay.")
    }
    assert public == set(perfectplay.__all__)


def test_dir_lists_every_public_name_before_any_is_used() -> None:
    shown = {name for name in dir(perfectplay) if not name.startswith("_") and name != "annotations"}
    assert set(perfectplay.__all__) <= shown
    assert {name for name in shown - set(perfectplay.__all__) if not name.islower()} == set()


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        perfectplay.no_such_name  # noqa: B018
    except AttributeError as error:
        assert "no_such_name" in str(error)
    else:
        raise AssertionError("expected AttributeError")


def test_the_doc_example_works() -> None:
    game, state = perfectplay.parse_position("XOX/OO./.X.")
    assert perfectplay.analyze(game, state).best == (5,)


ENGINE = (
    # the game protocol and its results
    "Game", "Player", "Outcome", "outcome_of", "Analysis", "MoveValue", "MctsResult",
    # the built-in games and the registry
    "MNK", "MNKState", "TicTacToe", "Connect4", "Connect4State", "Nim", "NimState",
    "make_game", "register_game", "load_game_file", "DEFAULT_SPEC",
    # positions and limits
    "parse_position", "parse_player", "Limit",
    # the searches
    "analyze", "best_moves", "solve", "score_moves", "minimax", "alphabeta", "mcts", "ALGORITHMS", "Algorithm",
    # the errors
    "PerfectplayError", "PositionError", "IllegalMoveError", "VariantError", "LimitError",
)  # fmt: skip
"""The engine's door, name by name: a name joins it only by joining this list (issue 27 narrowed it to 35)."""


def test_the_engine_door_is_the_game_protocol_games_positions_limits_results_and_searches_alone() -> None:
    assert sorted(ENGINE) == perfectplay.__all__


def test_a_specialist_finds_what_left_the_engine_door_behind_a_door_of_its_own() -> None:
    import perfectplay.games
    import perfectplay.search.solver
    import perfectplay.teaching

    assert {"KINDS", "presets", "unregister_game", "SPEC_MAX_CHARS", "MAX_SIDE"} <= set(perfectplay.games.__all__)
    solver = {"TranspositionTable", "Progress", "ProgressCallback", "SearchNode"}
    assert solver <= set(perfectplay.search.solver.__all__)
    assert {"TRACEABLE", "RootSearch"} <= set(perfectplay.teaching.__all__)
    assert perfectplay.games.KINDS["mnk"].presets[0] == "tictactoe"
    assert not hasattr(perfectplay, "TranspositionTable") and not hasattr(perfectplay, "KINDS")
