"""Known facts about tic-tac-toe, checked by enumerating the whole game."""

from __future__ import annotations

from collections import Counter

from perfectplay import MNK, Analysis, MNKState, Player, alphabeta, analyze, minimax
from textbook_reference import Answer


def test_there_are_5478_reachable_positions(all_positions: list[MNKState]) -> None:
    assert len(all_positions) == 5478


def test_958_positions_are_terminal_626_x_wins_316_o_wins_16_draws(
    tictactoe: MNK, all_positions: list[MNKState]
) -> None:
    endings = Counter(tictactoe.winner(state) for state in all_positions if tictactoe.is_over(state))
    assert endings == {Player.X: 626, Player.O: 316, None: 16}


def test_255168_complete_games_131184_x_wins_77904_o_wins_46080_draws(tictactoe: MNK) -> None:
    endings: Counter[Player | None] = Counter()

    def count(state: MNKState) -> None:
        if tictactoe.is_over(state):
            endings[tictactoe.winner(state)] += 1
            return
        for move in tictactoe.legal_moves(state):
            count(tictactoe.play(state, move))

    count(tictactoe.initial_state())
    assert sum(endings.values()) == 255_168
    assert endings == {Player.X: 131_184, Player.O: 77_904, None: 46_080}


def test_the_textbook_minimax_visits_549946_nodes_from_the_empty_board(empty_board_minimax: Analysis) -> None:
    assert empty_board_minimax.nodes == 549_946


def test_the_empty_board_is_a_draw_and_every_first_move_draws(empty_board_minimax: Analysis) -> None:
    assert empty_board_minimax.score == 0
    assert sorted(empty_board_minimax.best) == list(range(9))
    assert all(entry.outcome.name == "draw" for entry in empty_board_minimax.moves)


def test_analyze_by_minimax_is_the_textbook_minimax_move_for_move_and_node_for_node(tictactoe: MNK) -> None:
    """The empty board's facts above hold for ``analyze(..., "minimax")`` too: it is that very search."""
    for text in ("X../.O./...", "XO./.X./..O", "..X/.O./X.."):
        state = tictactoe.parse(text)
        by_name, textbook = analyze(tictactoe, state, "minimax"), minimax(tictactoe, state)
        assert (by_name.score, by_name.best, by_name.moves, by_name.nodes) == (
            textbook.score,
            textbook.best,
            textbook.moves,
            textbook.nodes,
        )


def test_alphabeta_equals_minimax_on_every_reachable_position(
    tictactoe: MNK, all_positions: list[MNKState], reference: dict[MNKState, Answer]
) -> None:
    for state in all_positions:
        expected = reference[state]
        result = alphabeta(tictactoe, state)
        assert (result.score, result.best) == (expected.score, expected.best), tictactoe.format(state)
        assert result.nodes <= expected.nodes


def test_alphabeta_visits_far_fewer_nodes_than_minimax_on_the_empty_board(tictactoe: MNK) -> None:
    assert alphabeta(tictactoe, tictactoe.initial_state()).nodes < 549_946 // 10


def test_analysis_of_every_position_agrees_with_minimax_move_by_move(
    tictactoe: MNK, all_positions: list[MNKState], reference: dict[MNKState, Answer]
) -> None:
    for state in all_positions:
        analysis = analyze(tictactoe, state)
        assert analysis.score == reference[state].score
        assert analysis.best == reference[state].best
        for entry in analysis.moves:
            # A move is worth what minimax says the position after it is worth, one ply back.
            child = reference[tictactoe.play(state, entry.move)].score
            assert child is not None
            assert entry.score == (-child + (1 if child > 0 else -1 if child < 0 else 0))
