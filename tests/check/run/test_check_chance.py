"""``Chance``: a check's hash seed and its per-question numbers depend on the seed and the question, nothing else."""

from __future__ import annotations

from perfectplay.check.run.chance import HASH_SEEDS, Chance

MOVES = [["X........", "O"], [".X.......", "O"], ["XO.......", "X"], ["XOX......", "O"]]
"""Four tic-tac-toe questions (cells, side to move), as the checker sends them."""


def numbered(chance: Chance, questions: list[list[str]], names: list[str] | None = None) -> dict[str, int]:
    """Each question's number, asked one at a time in the order given."""
    return {
        "".join(question): chance.numbers("moves", [question], None if names is None else [names[index]])[0]
        for index, question in enumerate(questions)
    }


def test_one_seed_gives_one_hash_seed_one_import_number_and_the_same_number_per_question() -> None:
    first, second = Chance(7), Chance(7)
    assert first.hash_seed == second.hash_seed and 0 <= first.hash_seed < HASH_SEEDS
    assert first.at_import == second.at_import
    assert first.numbers("moves", MOVES) == second.numbers("moves", MOVES)


def test_another_seed_gives_other_numbers() -> None:
    seven, eight = Chance(7), Chance(8)
    assert seven.hash_seed != eight.hash_seed and seven.at_import != eight.at_import
    assert set(seven.numbers("moves", MOVES)).isdisjoint(eight.numbers("moves", MOVES))


def test_the_order_the_questions_are_asked_in_does_not_change_any_question_s_number() -> None:
    forwards, backwards = numbered(Chance(7), MOVES), numbered(Chance(7), MOVES[::-1])
    assert forwards == backwards
    assert len(set(forwards.values())) == len(MOVES)  # and every question has a number of its own


def test_a_question_asked_again_gets_a_new_number_and_a_third_time_another_the_same_in_every_check() -> None:
    asked = [MOVES[0], MOVES[0], MOVES[0]]
    first, second = Chance(7).numbers("moves", asked), Chance(7).numbers("moves", asked)
    assert first == second and len(set(first)) == 3
    # Asked one at a time or in one list: the count is the check's, not the list's.
    one_by_one = Chance(7)
    assert [one_by_one.numbers("moves", [MOVES[0]])[0] for _ in range(3)] == first


def test_alike_questions_of_two_askers_at_once_are_counted_apart_whichever_comes_first() -> None:
    # Two games on two workers reach one position: each game's question keeps its number whichever thread asks first.
    names = ["games 0/game", "games 1/game"]
    alone = {name: Chance(7).numbers("drive", [MOVES[0]], [name])[0] for name in names}
    assert alone[names[0]] != alone[names[1]]
    for order in (names, names[::-1]):
        chance = Chance(7)
        assert {name: chance.numbers("drive", [MOVES[0]], [name])[0] for name in order} == alone


def test_the_operation_is_part_of_the_question() -> None:
    chance = Chance(7)
    assert chance.numbers("moves", [MOVES[0]]) != chance.numbers("cs50", [MOVES[0]])


def test_the_numbers_a_candidate_sees_do_not_show_the_seed() -> None:
    # What the candidate can read (its hash seed, what random was seeded with) is a hash of a slow derivation.
    chance = Chance(123456789)
    seen = [chance.hash_seed, chance.at_import, *chance.numbers("moves", MOVES)]
    assert all("123456789" not in str(number) for number in seen)
    assert 123456789 not in seen and all(number < 2**64 for number in seen)
