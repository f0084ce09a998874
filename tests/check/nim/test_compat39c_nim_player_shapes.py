"""Minimax Nim players in the shapes students write them are graded as they play (honest code, third round).

Each was graded 0.000 or refused: heaps kept as a tuple (``heaps[:i] + (h - k,) + heaps[i + 1:]`` raised on the
list it was handed) or as a dict ``{pile: count}``; a move returned as an object of its own (``Move(pile, count)``);
a move returned as (pile, objects left in it); a player named ``computer_move``. A player of the other rules is
graded by the rules asked, with a sentence naming the flag that checks it under its own; a file whose player has
another name is refused naming ``--function``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.errors import NotGradable
from perfectplay.check.nim.lab import NimCheck, check_nim
from perfectplay.check.nim.model import NimReport
from perfectplay.check.nim.render import render_text
from perfectplay.check.nim.score import nim_score

CAN_WIN = """\
from functools import lru_cache


@lru_cache(maxsize=None)
def can_win(state, misere={misere}):
    if not any(state):
        return misere  # the other side took the last object
    for i, size in enumerate(state):
        for take in range(1, size + 1):
            after = list(state)
            after[i] -= take
            if not can_win(tuple(sorted(after)), misere):
                return True
    return False
"""

TUPLE_HEAPS = """
def {name}(heaps):
    for i, h in enumerate(heaps):
        for k in range(1, h + 1):
            child = heaps[:i] + (h - k,) + heaps[i + 1:]
            if not can_win(tuple(sorted(child))):
                return (i, k)
    return (heaps.index(max(heaps)), 1)
"""

DICT_HEAPS = """
def best_move(heaps):
    for heap, stones in heaps.items():
        for take in range(1, stones + 1):
            after = dict(heaps)
            after[heap] -= take
            if not can_win(tuple(sorted(after.values()))):
                return heap, take
    return max(heaps, key=heaps.get), 1
"""

OBJECT_MOVE = """
from dataclasses import dataclass


@dataclass
class Move:
    count: int
    pile: int


def best_move(piles):
    for i, size in enumerate(piles):
        for take in range(1, size + 1):
            after = list(piles)
            after[i] -= take
            if not can_win(tuple(sorted(after))):
                return Move(count=take, pile=i)
    return Move(1, piles.index(max(piles)))
"""

LEAVES = """
def get_move(heaps):
    x = 0
    for h in heaps:
        x ^= h
    if x == 0:
        i = max(range(len(heaps)), key=lambda j: heaps[j])
        return i, heaps[i] - 1
    for i, h in enumerate(heaps):
        if h ^ x < h:
            return i, h ^ x  # make pile i this big
"""


def check(tmp_path: Path, source: str, **hint: str) -> NimReport:
    path = tmp_path / "player.py"
    path.write_text(source, encoding="utf-8")
    # One process: how the player is read is the subject (one process or two give the same grade).
    return check_nim(path, NimCheck(hint=hint, sandbox="off", total_seconds=120.0, workers=1))


@pytest.mark.parametrize(
    "body",
    [TUPLE_HEAPS.format(name="best_move"), TUPLE_HEAPS.format(name="computer_move"), DICT_HEAPS, OBJECT_MOVE],
    ids=["tuple", "computer_move", "dict", "object"],
)
def test_a_perfect_player_of_any_of_these_shapes_passes(tmp_path: Path, body: str) -> None:
    report = check(tmp_path, CAN_WIN.format(misere=False) + body, rules="normal")
    assert report.problem is None and report.verdict == "pass", report.problem
    assert report.player is not None and report.player.winning == report.player.winnable


def test_a_move_given_as_what_it_leaves_is_read_so(tmp_path: Path) -> None:
    report = check(tmp_path, LEAVES, rules="normal", function="get_move")
    assert report.verdict == "pass" and "returning (pile, objects left in it)" in report.interface
    assert any("read as (pile, objects left in it)" in note for note in report.notes)


def test_a_misere_player_checked_under_normal_rules_fails_saying_the_flag(tmp_path: Path) -> None:
    source = CAN_WIN.format(misere=True) + TUPLE_HEAPS.format(name="best_move")
    report = check(tmp_path, source, rules="normal")
    assert report.verdict == "fail"
    assert any("it plays misère Nim perfectly" in note and "--game nim:misere" in note for note in report.notes)
    assert check(tmp_path, source, rules="misere").verdict == "pass"


def test_a_player_of_another_name_is_refused_naming_it_and_the_flag(tmp_path: Path) -> None:
    with pytest.raises(NotGradable) as refused:
        check(tmp_path, LEAVES, rules="normal")
    assert "it defines get_move" in str(refused.value) and "--function NAME" in str(refused.value)


GAME_OBJECT = """
class Nim:
    def __init__(self, piles=(1, 3, 5, 7)):
        self.piles = list(piles)


def best_move(game):
    for i, size in enumerate(game.piles):
        for take in range(1, size + 1):
            after = list(game.piles)
            after[i] -= take
            if not can_win(tuple(sorted(after))):
                return i, take
    return 0, 1
"""


def test_a_player_written_for_a_game_object_is_not_gradable_saying_what_to_add(tmp_path: Path) -> None:
    report = check(tmp_path, CAN_WIN.format(misere=False) + GAME_OBJECT, rules="normal")
    assert (report.verdict, report.exit_status) == ("not graded", 2)
    assert "AttributeError: 'list' object has no attribute 'piles'" in str(report.problem)
    assert "add def best_move(piles)" in str(report.problem) and "--function NAME" in str(report.problem)


OWN_BUG = """
def best_move(piles):
    state = sorted(piles)  # a list: lru_cache cannot hash it, whatever kind the piles came as
    for i, size in enumerate(piles):
        if size and not can_win(state):
            return i, 1
    return 0, 1
"""


def test_a_player_whose_own_code_raises_whatever_the_piles_kind_is_graded_failing_not_refused(tmp_path: Path) -> None:
    # The same TypeError on the same line of its file with the piles as a list, a tuple and a dict: its own bug,
    # a failing grade with its error shown, not "not gradable" as a player written for a game object is.
    report = check(tmp_path, CAN_WIN.format(misere=False) + OWN_BUG, rules="normal")
    assert (report.verdict, report.problem) == ("fail", None)
    assert report.player is not None and report.player.winning == 0
    text = render_text(report, nim_score(report))
    assert ": FAIL: winning-move rate 0.000" in text and "raised TypeError (line 19)" in text, text
    assert "it raised TypeError: unhashable type: 'list' (line 19: " in text, text
