"""Nim, normal and misère: the rules, the notation, and the solver against Bouton's theorem and minimax.

Nim is the seeds' other example of a two-player, zero-sum game of perfect
information. It has no draws, so every position is a win or a loss for the
side to move, and Bouton's theorem names which without any search.
"""

from __future__ import annotations

import itertools
import json
import random
from functools import reduce
from operator import xor

import pytest

from cli_helpers import InProcess
from perfectplay import (
    Analysis,
    IllegalMoveError,
    Limit,
    Player,
    PositionError,
    VariantError,
    analyze,
    make_game,
    minimax,
    solve,
)
from perfectplay.game import ProtocolNode
from perfectplay.games import Nim, NimState
from perfectplay.games.nim import MAX_HEAP, MAX_HEAPS, decode, encode

NORMAL = Nim()
MISERE = Nim(misere=True)


def heaps_of(text: str, game: Nim = NORMAL, to_move: Player | None = None) -> NimState:
    return game.parse(text, to_move)


def bouton_says_mover_wins(heaps: tuple[int, ...]) -> bool:
    """Normal play: the side to move loses exactly when the XOR of the heaps is 0."""
    return reduce(xor, heaps, 0) != 0


def misere_rule_says_mover_wins(heaps: tuple[int, ...]) -> bool:
    """Misère play: as in normal play while a heap has 2 or more; else win iff the heaps of one are even in number."""
    if max(heaps) <= 1:
        return heaps.count(1) % 2 == 0
    return reduce(xor, heaps, 0) != 0


def scores(result: Analysis) -> dict[int, int | None]:
    return {entry.move: entry.score for entry in result.moves}


def positions(max_heaps: int, max_size: int) -> list[tuple[int, ...]]:
    """Every tuple of 1 to ``max_heaps`` heaps of 0 to ``max_size`` objects that is not finished."""
    return [
        heaps
        for count in range(1, max_heaps + 1)
        for heaps in itertools.product(range(max_size + 1), repeat=count)
        if any(heaps)
    ]


# --- Bouton's theorem and the misère rule -----------------------------------


RULES = [(NORMAL, bouton_says_mover_wins), (MISERE, misere_rule_says_mover_wins)]


def assert_the_solver_agrees_with_the_rule(game: Nim, rule: object, every: list[tuple[int, ...]]) -> int:
    """Each position's solved outcome is the one ``rule`` names; how many were solved."""
    assert callable(rule)
    for heaps in every:
        result = solve(game, NimState(heaps, Player.X))
        assert result.complete
        assert result.outcome.name == ("win" if rule(heaps) else "loss"), heaps
    return len(every)


@pytest.mark.parametrize(("game", "rule"), RULES, ids=["normal", "misere"])
def test_the_solver_agrees_with_the_rule_on_every_seventh_position_of_up_to_4_heaps_of_up_to_7(
    game: Nim, rule: object
) -> None:
    every = positions(4, 7)
    assert len(every) == 8 + 64 + 512 + 4096 - 4  # every tuple but the four finished ones
    # A stride prime to the 8 sizes a heap takes, so every heap meets every size; all 4,676 (1.5 s of CPU a rule)
    # are benchmarks/oracle_sweeps.py's ``nim``. The test below holds every position of 3 heaps of up to 6.
    assert assert_the_solver_agrees_with_the_rule(game, rule, every[::7]) == 668


@pytest.mark.parametrize("game", [NORMAL, MISERE], ids=["normal", "misere"])
def test_every_best_move_of_a_won_position_leaves_a_lost_one(game: Nim) -> None:
    rule = misere_rule_says_mover_wins if game.misere else bouton_says_mover_wins
    for heaps in positions(3, 6):
        state = NimState(heaps, Player.X)
        result = analyze(game, state)
        if rule(heaps):
            assert result.best
            for move in result.best:
                after = game.play(state, move).heaps
                assert not any(after) or not rule(after), (heaps, game.move_label(move))
        else:
            assert all(entry.outcome.name == "loss" for entry in result.moves)


# --- exact plies: win fast, lose slow ---------------------------------------


@pytest.mark.parametrize("game", [NORMAL, MISERE], ids=["normal", "misere"])
def test_every_moves_exact_score_equals_the_textbook_minimax_on_small_positions(game: Nim) -> None:
    small = positions(3, 3) + [heaps for heaps in positions(4, 2) if len(heaps) == 4] + [(1, 2, 3, 3), (4, 1, 2)]
    for heaps in small:
        state = NimState(heaps, Player.O)
        reference = minimax(game, state)
        ours = analyze(game, state)
        assert ours.score == reference.score, heaps
        assert ours.best == reference.best, heaps
        assert scores(ours) == scores(reference), heaps


def test_the_usual_start_is_a_win_in_11_plies_by_taking_2_from_the_first_heap() -> None:
    """3,4,5 has nim-sum 3 ^ 4 ^ 5 = 2: only 3 -> 1 leaves 1 ^ 4 ^ 5 = 0."""
    result = analyze(NORMAL, NORMAL.initial_state())
    assert str(result.outcome) == "win in 11"
    assert [NORMAL.move_label(move) for move in result.best] == ["1:2"]
    outcomes = {entry.move: str(entry.outcome) for entry in result.moves}
    assert outcomes[encode(0, 1)] == "loss in 12"


def test_misere_nim_taking_the_last_object_is_a_loss_in_1() -> None:
    """One object left in misère: the side to move must take it, and loses."""
    result = analyze(MISERE, heaps_of("0,1,0", MISERE))
    assert str(result.outcome) == "loss in 1"
    assert result.score == 1 - (MISERE.max_plies + 2)


def test_misere_nim_with_one_big_heap_leaves_one_object_for_the_opponent() -> None:
    """1,1,4 in misère: 4 -> 1 leaves three heaps of one, so the opponent takes the last: a win in 4."""
    result = analyze(MISERE, heaps_of("1,1,4", MISERE))
    assert [MISERE.move_label(move) for move in result.best] == ["3:3"]
    assert str(result.outcome) == "win in 4"
    normal = analyze(NORMAL, heaps_of("1,1,4"))
    assert [NORMAL.move_label(move) for move in normal.best] == ["3:4"]
    assert str(normal.outcome) == "win in 3"


def test_the_winner_of_the_terminal_state_depends_on_normal_or_misere_play() -> None:
    """No object left: in normal play the side to move lost (its opponent took the last), in misère it won."""
    empty = heaps_of("0,0,0", to_move=Player.O)
    assert NORMAL.is_over(empty) and MISERE.is_over(empty)
    assert NORMAL.winner(empty) is Player.X
    assert MISERE.winner(empty) is Player.O
    assert NORMAL.legal_moves(empty) == ()
    assert str(analyze(NORMAL, empty).outcome) == "loss in 0"
    assert str(analyze(MISERE, empty).outcome) == "win in 0"


def test_nobody_has_won_while_objects_remain() -> None:
    assert NORMAL.winner(heaps_of("0,1")) is None
    assert MISERE.winner(heaps_of("0,1")) is None


# --- under a limit ---------------------------------------------------------


@pytest.mark.parametrize("game", [NORMAL, MISERE], ids=["normal", "misere"])
def test_under_any_limit_the_solver_still_plays_a_winning_move(game: Nim) -> None:
    """Big positions cannot be solved exactly in a few nodes, but who wins is never in doubt."""
    rule = misere_rule_says_mover_wins if game.misere else bouton_says_mover_wins
    rng = random.Random(10)
    tried = 0
    while tried < 12:
        heaps = tuple(rng.randint(0, MAX_HEAP) for _ in range(rng.randint(2, MAX_HEAPS)))
        if not rule(heaps):
            continue
        tried += 1
        state = NimState(heaps, Player.X)
        for nodes in (2, 40, 700):
            result = analyze(game, state, limit=Limit(nodes=nodes))
            assert result.best, heaps
            for move in result.best:
                assert not rule(game.play(state, move).heaps), (heaps, nodes, game.move_label(move))


def test_an_unlimited_solve_of_ten_heaps_is_exact_and_quick_in_nodes() -> None:
    state = heaps_of("1,3,5,7,9,11,13,15")
    result = solve(NORMAL, state)
    assert result.complete
    assert str(result.outcome) == "loss in 64"  # nim-sum 0; every object is taken one at a time
    assert result.nodes < 100_000


# --- the search node --------------------------------------------------------


def test_the_node_bounds_hold_the_exact_value_of_every_small_position() -> None:
    for game in (NORMAL, MISERE):
        for heaps in positions(3, 4):
            node = game.search_node(NimState(heaps, Player.X))
            score = solve(game, NimState(heaps, Player.X)).score
            assert score is not None
            assert node.low <= score <= node.high, (game.name, heaps)
            if node.forced:
                assert len(node.moves()) == 1


def test_permuted_heaps_share_a_table_key_and_carry_moves_between_them() -> None:
    """5,0,3,5 and 3,5,5 are the same position; take 2 from the 3 in one is take 2 from the 3 in the other."""
    first = NORMAL.search_node(heaps_of("5,0,3,5"))
    second = NORMAL.search_node(heaps_of("3,5,5"))
    assert first.key() == second.key() == (5, 5, 3)
    take_two_from_three = encode(2, 2)
    assert second.from_key_frame(first.to_key_frame(take_two_from_three)) == encode(0, 2)
    for move in NORMAL.legal_moves(heaps_of("5,0,3,5")):
        assert first.from_key_frame(first.to_key_frame(move)) == move
        image = second.from_key_frame(first.to_key_frame(move))
        assert first.play(move).key() == second.play(image).key()


def test_permuted_heaps_have_the_same_value_and_the_permuted_best_moves() -> None:
    rng = random.Random(4)
    for _ in range(20):
        heaps = [rng.randint(0, 9) for _ in range(rng.randint(2, 5))]
        if not any(heaps):
            continue
        order = list(range(len(heaps)))
        rng.shuffle(order)
        original = NimState(tuple(heaps), Player.X)
        permuted = NimState(tuple(heaps[index] for index in order), Player.X)
        first, second = analyze(NORMAL, original), analyze(NORMAL, permuted)
        assert first.score == second.score
        moved = {encode(order.index(decode(move)[0]), decode(move)[1]) for move in first.best}
        assert set(second.best) == moved


def test_the_own_node_and_the_plain_protocol_node_give_the_same_values() -> None:
    """The protocol node knows nothing of Bouton: the same scores from it prove the shortcuts sound."""

    class Plain(Nim):
        def search_node(self, state: NimState) -> ProtocolNode:
            return ProtocolNode(self, state)

    for misere in (False, True):
        plain = Plain(misere)
        for heaps in [(1, 2, 3), (2, 2, 3), (4, 1), (1, 1, 1, 2), (3, 3)]:
            state = NimState(heaps, Player.X)
            plain_result, own_result = analyze(plain, state), analyze(Nim(misere), state)
            assert scores(plain_result) == scores(own_result)
            assert plain_result.best == own_result.best


# --- notation ----------------------------------------------------------------


@pytest.mark.parametrize("text", ["3,4,5", "3 4 5", " 3, 4 ,5 ", "3,4 5", "3\t4\n5"])
def test_heaps_are_read_with_commas_or_spaces(text: str) -> None:
    assert NORMAL.parse(text) == NimState((3, 4, 5), Player.X)


def test_format_writes_the_heaps_back_and_parse_reads_them() -> None:
    for text in ("3,4,5", "0", "0,0,7", "99,1,2,3,4,5,6,7,8,9"):
        state = NORMAL.parse(text, Player.O)
        assert NORMAL.format(state) == text
        assert NORMAL.parse(NORMAL.format(state), Player.O) == state


def test_the_side_to_move_is_x_unless_given() -> None:
    assert NORMAL.parse("1,2").to_move is Player.X
    assert NORMAL.parse("1,2", Player.O).to_move is Player.O
    assert NORMAL.initial_state(Player.O) == NimState((3, 4, 5), Player.O)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "heap sizes such as 3,4,5"),
        ("   ", "heap sizes such as 3,4,5"),
        ("3,,4", "missing between commas"),
        ("3,4,", "missing between commas"),
        ("a,b", "heap 1 is 'a'"),
        ("3,-1", "heap 2 is '-1'"),
        ("3,100", "heap 2 has 100 objects: at most 99"),
        ("9" * 4301, "at most 99"),
        ("²", "a whole number"),
        ("\uff13", "a whole number"),  # a fullwidth 3
        ("1,2,3,4,5,6,7,8,9,10,11", "11 heaps"),
        ("XOX/OO./.X.", "is 'XOX/OO./.X.'"),
    ],
)
def test_a_bad_position_says_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(PositionError, match=says) as caught:
        NORMAL.parse(text)
    assert len(str(caught.value)) < 120


def test_the_registry_makes_normal_and_misere_nim_from_their_specs() -> None:
    assert make_game("nim") == NORMAL and make_game("nim").name == "nim"
    assert make_game("nim:misere") == MISERE and make_game("nim:misere").name == "nim:misere"
    assert make_game("NIM:normal") == NORMAL
    with pytest.raises(VariantError, match="misere"):
        make_game("nim:3,4,5")


# --- moves: encoding, labels and what people type ----------------------------


def test_a_move_is_heap_times_100_plus_count_and_labelled_from_heap_1() -> None:
    """Move 203 takes 3 from the third heap (heap 2 from 0), shown as 3:3."""
    assert encode(2, 3) == 203 and decode(203) == (2, 3)
    assert NORMAL.move_fields(203) == {"heap": 2, "take": 3}
    assert NORMAL.move_label(203) == "3:3"
    assert NORMAL.play(NORMAL.initial_state(), 203) == NimState((3, 4, 2), Player.O)
    assert NORMAL.legal_moves(heaps_of("2,0,1")) == (1, 2, 201)


@pytest.mark.parametrize(
    "text",
    ["3:2", "3 2", "3-2", "3,2", "3/2", " 3 : 2 ", "heap 3 take 2", "take 2 from heap 3", "2 from 3", "h3 t2"],
)
def test_a_move_may_be_typed_as_heap_and_count_in_several_friendly_ways(text: str) -> None:
    assert NORMAL.parse_move(text, NORMAL.initial_state()) == encode(2, 2)


def test_with_one_heap_left_the_count_alone_is_a_move() -> None:
    state = heaps_of("0,6,0")
    assert NORMAL.parse_move("4", state) == encode(1, 4)
    with pytest.raises(IllegalMoveError, match="Say which heap"):
        NORMAL.parse_move("4", NORMAL.initial_state())


def test_every_legal_move_reads_back_from_its_label() -> None:
    state = heaps_of("12,0,99,1,7,3,2,5,8,9")
    for move in NORMAL.legal_moves(state):
        assert NORMAL.parse_move(NORMAL.move_label(move), state) == move


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "Type a heap and how many to take"),
        ("   ", "Type a heap and how many to take"),
        ("4:1", "There is no heap 4: the heaps are numbered 1 to 3"),
        ("0:1", "There is no heap 0"),
        ("2:0", "Take at least one object"),
        ("2:5", "Heap 2 has 4 objects: take 1 to 4"),
        ("²", "is not a move"),
        ("①:1", "is not a move"),
        ("3:\uff12", "is not a move"),  # a fullwidth 2
        ("9" * 4301, "far too many"),
        ("1:" + "9" * 4301, "far too many"),
        ("2:-3", "is not a move"),
        ("1 2 3", "is not a move"),
        ("heap 2", "is not a move"),
        ("take", "is not a move"),
        ("2:", "is not a move"),
        ("2.5", "is not a move"),
        ("quit now", "is not a move"),
        ("\x00", "is not a move"),
    ],
)
def test_a_bad_move_gets_one_friendly_line(text: str, says: str) -> None:
    with pytest.raises(IllegalMoveError, match=says) as caught:
        NORMAL.parse_move(text, NORMAL.initial_state())
    message = str(caught.value)
    assert "\n" not in message and len(message) < 160


def test_an_empty_heap_and_a_finished_game_refuse_moves() -> None:
    with pytest.raises(IllegalMoveError, match="Heap 1 is empty"):
        NORMAL.parse_move("1:1", heaps_of("0,2"))
    with pytest.raises(IllegalMoveError, match="The game is over: O has won"):
        NORMAL.parse_move("1:1", heaps_of("0,0", to_move=Player.X))
    with pytest.raises(IllegalMoveError):
        NORMAL.play(heaps_of("0,0"), encode(0, 1))


@pytest.mark.parametrize("move", [-1, 0, 100, 105, 301, 10**40, True])
def test_play_refuses_moves_that_are_not_legal(move: int) -> None:
    with pytest.raises(IllegalMoveError):
        NORMAL.play(NORMAL.initial_state(), move)


# --- what people see ----------------------------------------------------------


def test_the_drawing_numbers_the_heaps_and_groups_objects_in_fives() -> None:
    """
    heap 1  |||           (3)
    heap 2  |||||  ||     (7)    <- in fives, so big heaps can be counted
    heap 3  -             (0)
    """
    drawing = NORMAL.draw(heaps_of("3,7,0"))
    lines = drawing.splitlines()
    assert lines[0].split() == ["heap", "1", "|||", "(3)"]
    assert lines[1].split() == ["heap", "2", "|||||", "||", "(7)"]
    assert lines[2].split() == ["heap", "3", "-", "(0)"]


def test_the_drawing_says_what_the_last_move_took_and_who_won() -> None:
    state = heaps_of("3,4,5")
    after = NORMAL.play(state, encode(1, 4))
    assert "heap 2  -" in NORMAL.draw(after, last_move=encode(1, 4))
    assert "<- took 4" in NORMAL.draw(after, last_move=encode(1, 4)).splitlines()[1]
    assert "No objects left: O has won." in NORMAL.draw(heaps_of("0,0", to_move=Player.X))


def test_a_heap_of_99_wraps_at_50_objects() -> None:
    lines = NORMAL.draw(heaps_of("99")).splitlines()
    assert len(lines) == 2
    assert lines[0].count("|") + lines[1].count("|") == 99


def test_marks_are_listed_under_the_heaps_grouped_by_outcome() -> None:
    state = heaps_of("3,4,5")
    result = analyze(NORMAL, state)
    marks = {entry.move: str(entry.outcome) for entry in result.moves}
    drawing = NORMAL.draw(state, marks=marks)
    assert " win in 11: 1:2" in drawing
    assert "loss in 8: 2:1 2:2 2:3 2:4 3:2 3:3 3:4 3:5" in drawing
    many = {encode(0, take): "L2" for take in range(1, 40)}
    assert "… and 27 more" in NORMAL.draw(heaps_of("39"), marks=many)


def test_the_view_is_heaps_with_a_move_for_a_click_on_every_object() -> None:
    """Clicking object j of a heap (from the left) takes it and every object to its right."""
    state = heaps_of("2,0,3")
    view = MISERE.view(state)
    assert view == {"kind": "heaps", "heaps": [2, 0, 3], "misere": True, "click": [[2, 1], [], [203, 202, 201]]}
    json.dumps(view)
    for heap, clicks in enumerate(view["click"]):
        for index, move in enumerate(clicks):
            assert MISERE.play(state, move).heaps[heap] == index


def test_titles_and_help_name_the_rule_and_the_input() -> None:
    assert "last object wins" in NORMAL.title
    assert "misère" in MISERE.title and "loses" in MISERE.title
    assert NORMAL.move_help(NORMAL.initial_state()) == "heap:count, e.g. 3:2 (2 from heap 3)"
    assert NORMAL.move_help(heaps_of("1,0")) == "heap:count, e.g. 1:1 (1 from heap 1)"
    assert "over" in NORMAL.move_help(heaps_of("0"))


# --- through the command line ---------------------------------------------------


def test_the_cli_analyzes_nim_with_every_moves_outcome(in_process: InProcess) -> None:
    result = in_process("analyze", "--game", "nim", "3,4,5")
    assert result.returncode == 0, result.stderr
    assert "X to move: win in 11 with best play. Best: 1:2" in result.stdout
    assert "heap 3  |||||" in result.stdout
    assert result.stdout.count("loss in 8") == 8


def test_the_cli_plays_a_game_of_nim_to_the_end(in_process: InProcess) -> None:
    """1,2: X takes 1 from heap 2, O must take one of the two last objects, X takes the other and wins."""
    result = in_process("play", "--game", "nim", "1,2", stdin="2:1\n1\nn\n")
    assert result.returncode == 0, result.stderr
    assert "The computer (O) plays" in result.stdout
    assert "No objects left: X has won." in result.stdout
    assert "You win! (X)" in result.stdout


def test_the_cli_rejects_a_bad_nim_position_or_variant_in_one_line(in_process: InProcess) -> None:
    for args in (("analyze", "--game", "nim", "3,x"), ("analyze", "--game", "nim:bogus", "3,4")):
        result = in_process(*args)
        assert result.returncode == 2
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
