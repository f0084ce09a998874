"""The solver on Connect Four: against the textbook searches, published facts, and its own shortcuts."""

from __future__ import annotations

import random

import pytest

from perfectplay import Limit, Outcome, Player, alphabeta, analyze, minimax, solve
from perfectplay.game import OutcomeName
from perfectplay.games.connect4 import Connect4, Connect4State, outcome_of_pons_score, pons_score
from perfectplay.games.connect4_node import Connect4Node, geometry
from perfectplay.search.solver.exact import score_moves, solve_value

pytestmark = pytest.mark.usefixtures("exact_layer_to_ply_5")  # positions 5-7 moves in, past the ply-5 exact layer


def count_games(game: Connect4) -> int:
    """Every complete game (move sequence to a win or a full board) from the empty board, X first."""
    known: dict[Connect4State, int] = {}

    def games(state: Connect4State) -> int:
        total = known.get(state)
        if total is None:
            if game.is_over(state):
                total = 1
            else:
                total = sum(games(game.play(state, move)) for move in game.legal_moves(state))
            known[state] = total
        return total

    return games(game.initial_state())


@pytest.mark.parametrize(("width", "height", "games"), [(2, 1, 2), (3, 2, 90), (4, 3, 356_232)])
def test_the_move_generator_counts_the_games_of_oeis_a342329(width: int, height: int, games: int) -> None:
    """OEIS A342329, "Number of different games of Connect Four on an (n+1) X n board" (n+1 columns,
    n rows): a(1) = 2, a(2) = 90, a(3) = 356232 (https://oeis.org/A342329). The next term, a(4) =
    152505051772 on 5x4, takes 20 s and is checked by ``benchmarks/connect4.py``."""
    assert count_games(Connect4(width, height)) == games


def random_position(game: Connect4, stones: int, rng: random.Random) -> Connect4State:
    """An unfinished position reached by random play with ``stones`` stones on the board."""
    while True:
        state = game.initial_state()
        while (state.x | state.o).bit_count() < stones and not game.is_over(state):
            state = game.play(state, rng.choice(game.legal_moves(state)))
        if not game.is_over(state):
            return state


@pytest.mark.parametrize(("width", "height", "stones", "count"), [(4, 3, 2, 6), (3, 4, 3, 12), (4, 4, 9, 12)])
def test_every_move_the_solver_scores_is_what_minimax_says(width: int, height: int, stones: int, count: int) -> None:
    game = Connect4(width, height)
    rng = random.Random(f"minimax {width}x{height}")
    for _ in range(count):
        state = random_position(game, stones, rng)
        expected = minimax(game, state)
        result = score_moves(game, state)
        assert {entry.move: entry.score for entry in result.moves} == {
            entry.move: entry.score for entry in expected.moves
        }, game.format(state)
        assert result.best == expected.best


@pytest.mark.parametrize(("width", "height", "stones"), [(4, 4, 5), (5, 4, 8), (5, 5, 13)])
def test_the_solver_agrees_with_alphabeta_on_random_positions(width: int, height: int, stones: int) -> None:
    game = Connect4(width, height)
    rng = random.Random(f"alphabeta {width}x{height}")
    for _ in range(8):
        state = random_position(game, stones, rng)
        expected = alphabeta(game, state, find="all")
        scores = {entry.move: entry.score for entry in analyze(game, state).moves}
        assert scores == {entry.move: entry.score for entry in expected.moves}, game.format(state)
        assert solve(game, state).best == expected.best
        assert solve_value(game, state).score == expected.score


@pytest.mark.parametrize(
    ("width", "height", "first_player"),
    [(4, 4, "draw"), (5, 4, "draw"), (4, 5, "draw"), (6, 4, "loss"), (4, 6, "draw"), (5, 5, "draw")],
)
def test_small_boards_have_the_values_of_tromps_table(width: int, height: int, first_player: str) -> None:
    """John Tromp's results for Connect Four on other board sizes ("John's Connect Four Playground",
    https://tromp.github.io/c4/c4.html): with best play 4x4, 5x4, 4x5, 4x6 and 5x5 (width x height)
    are draws ('=') and 6x4 is a second-player win ('-')."""
    game = Connect4(width, height)
    assert solve_value(game, game.initial_state()).outcome.name == first_player


def test_the_blogs_examples_score_as_pons_says() -> None:
    """Pons, "Solving Connect 4", part 2: 4455 scores 18 (win with the 4th stone), 44455554221 -15."""
    game = Connect4()
    for moves, score in (("4455", 18), ("44455554221", -15)):
        outcome = solve_value(game, game.parse(moves)).outcome
        assert outcome == outcome_of_pons_score(score, len(moves))
        assert pons_score(outcome, len(moves)) == score
    assert outcome_of_pons_score(18, 4) == Outcome("win", 3)
    assert outcome_of_pons_score(-15, 11) == Outcome("loss", 2)


def test_pons_scores_count_stones_and_ours_count_plies() -> None:
    """Winning with one's last (21st) stone scores 1; the opponent's last stone, -1; and so on.

    After ``n`` moves the side to move has played ``n // 2`` stones: winning with its
    ``s``-th stone takes ``2 * (s - n // 2) - 1`` plies, losing to the opponent's ``s``-th
    ``2 * (s - (n + 1) // 2)`` plies.
    """
    for moves_played in range(42):
        mine, theirs = moves_played // 2, (moves_played + 1) // 2
        for stone in range(mine + 1, 22):
            assert outcome_of_pons_score(22 - stone, moves_played) == Outcome("win", 2 * (stone - mine) - 1)
        for stone in range(theirs + 1, 22):
            assert outcome_of_pons_score(stone - 22, moves_played) == Outcome("loss", 2 * (stone - theirs))
        assert outcome_of_pons_score(0, moves_played) == Outcome("draw")
    for plies in range(1, 40):
        name: OutcomeName = "win" if plies % 2 else "loss"
        assert outcome_of_pons_score(pons_score(Outcome(name, plies), 2), 2) == Outcome(name, plies)


def test_solve_value_is_the_value_solve_and_score_moves_find() -> None:
    game = Connect4(5, 4)
    rng = random.Random("value")
    for _ in range(10):
        state = random_position(game, 7, rng)
        value = solve_value(game, state)
        assert value.moves == () and value.best == ()
        assert value.score == solve(game, state).score == score_moves(game, state).score
        assert value.nodes >= 1 and value.complete


def test_solve_value_of_a_finished_game_is_its_result() -> None:
    game = Connect4()
    result = solve_value(game, game.parse("1212121"))
    assert result.outcome == Outcome("loss", 0)


def test_an_immediate_win_is_known_without_a_search() -> None:
    """X to move completes the bottom row ...XXX. at either end, column 3 or 7: win in 1."""
    game = Connect4()
    node = game.search_node(game.parse("415161"))
    assert node.low == node.high == 43
    assert node.moves() == [2, 6]
    assert solve_value(game, game.parse("415161")).nodes == 1


def test_two_threats_of_the_opponent_are_a_loss_in_two() -> None:
    """O to move; X has three in a row with both ends open: O blocks one end, X plays the other."""
    game = Connect4()
    node = game.search_node(game.parse("41516"))
    assert node.low == node.high == -42


def test_a_single_threat_forces_the_block_and_nothing_else_is_searched() -> None:
    """O to move must block column 4 on top of X's three stones."""
    game = Connect4()
    node = game.search_node(game.parse("41414"))
    assert node.forced
    assert node.moves() == [3]


def test_moves_under_an_opponents_winning_cell_are_never_searched() -> None:
    """O to move must not play column 1 or 5: X would then complete its second row there.

    .XXX..O
    .OXO.XO
    """
    game = Connect4()
    state = game.parse("322447376")
    assert game.to_move(state) is Player.O
    node = game.search_node(state)
    assert not node.forced
    assert sorted(node.moves()) == [1, 2, 3, 5, 6]


def test_the_move_order_is_centre_first_on_an_empty_board() -> None:
    game = Connect4()
    assert game.search_node(game.initial_state()).moves() == [3, 2, 4, 1, 5, 0, 6]
    assert geometry(6, 4).order == (2, 3, 1, 4, 0, 5)


def test_moves_that_make_more_winning_cells_come_first() -> None:
    """X to move; columns 3 and 6 make an open three on the bottom row (two winning cells each).

    Column 3 is nearer the centre, so it comes first.
    """
    game = Connect4()
    node = game.search_node(game.parse("4151"))
    assert node.moves()[:2] == [2, 5]


def test_the_table_key_is_unique_for_the_side_to_move_up_to_the_mirror_image() -> None:
    game = Connect4(4, 4)
    keys: dict[int, Connect4State] = {}
    rng = random.Random("keys")

    def sides(state: Connect4State) -> tuple[int, int]:
        return game.stones(state, state.to_move), game.stones(state, state.to_move.other)

    def mirrored(cells: int) -> int:
        return sum(1 << (cell - cell % 4 + 3 - cell % 4) for cell in range(16) if cells >> cell & 1)

    mirrors = 0
    for _ in range(2000):
        state = random_position(game, rng.randrange(1, 12), rng)
        node = game.search_node(state)
        key = node.key()
        other = keys.setdefault(key, state)
        # Equal keys: the same stones for the side to move and for the other side, or their mirror image
        # (on a board at most half full, where keys are the smaller of the two images').
        mine, theirs = sides(state)
        if sides(other) != (mine, theirs):
            assert sides(other) == (mirrored(mine), mirrored(theirs))
            assert bin(mine | theirs).count("1") <= 8
            mirrors += 1
    assert mirrors > 0


def test_every_child_of_a_node_is_the_node_of_the_played_state() -> None:
    game = Connect4(5, 4)
    rng = random.Random("children")
    for _ in range(200):
        state = random_position(game, rng.randrange(0, 12), rng)
        node = game.search_node(state)
        if rng.random() < 0.5:
            node.moves()  # the children of ordered moves reuse what ordering found
        for move in game.legal_moves(state):
            child, fresh = node.play(move), Connect4Node.root(game, game.play(state, move))
            assert (child.key(), child.low, child.high, child.forced) == (
                fresh.key(),
                fresh.low,
                fresh.high,
                fresh.forced,
            )
            assert (child.my_win, child.opp_win) == (fresh.my_win, fresh.opp_win)


def test_the_heuristic_prefers_the_side_with_more_winning_cells() -> None:
    game = Connect4()
    node = game.search_node(game.parse("4455"))  # X to move, no winning cells yet
    assert node.evaluate() == 0
    ahead = game.search_node(game.parse("44556"))  # O to move, X has two winning cells
    assert ahead.evaluate() < 0


def test_a_time_limited_search_on_the_full_board_answers_with_a_legal_move() -> None:
    game = Connect4()
    state = game.parse_sequence("444443")  # six moves in: past the exact layer (every position after 5 moves)
    result = analyze(game, state, limit=Limit(nodes=3000))
    assert not result.complete
    assert result.best and set(result.best) <= set(game.legal_moves(state))


def test_a_limited_search_still_takes_the_immediate_win_and_blocks_the_threat() -> None:
    game = Connect4()
    assert analyze(game, game.parse("415161"), limit=Limit(nodes=50)).best == (2, 6)
    assert analyze(game, game.parse("41414"), limit=Limit(nodes=50)).best == (3,)
