"""Whole Nim checks: the examples in order, each named bug found in a crafted nim.py, hostile files given verdicts.

Each check runs the student's file in the sandboxed child (the checker never
imports it). Crafted files are the passing example with one edit. Limits are
CPU time, so no verdict here depends on the machine's speed: a file that
must run out of time loops forever.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.nim.lab import NimCheck, check_nim
from perfectplay.check.nim.model import NimReport
from perfectplay.check.nim.plug import PLUG

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "nim"
LEARNING = EXAMPLES / "learning" / "nim.py"
QUICK = {"train_games": "300", "train_seeds": "1"}
"""Enough training to have a table: for checks where how well it plays does not matter."""


def check(path: Path, **hint: str) -> NimReport:
    # One process: what the check finds is the subject, not how many processes it runs on (one or two give the
    # same grade: test_nim_lab_same_seed_same_grade.py).
    return check_nim(path, NimCheck(hint=hint, total_seconds=120.0, workers=1))


def variant(tmp_path: Path, old: str, new: str) -> Path:
    """The passing example with ``old`` replaced by ``new`` (which must be there), as ``tmp_path/nim.py``."""
    text = LEARNING.read_text(encoding="utf-8")
    assert old in text, old
    target = tmp_path / "nim.py"
    target.write_text(text.replace(old, new), encoding="utf-8")
    return target


def bug_kinds(report: NimReport) -> list[str]:
    return [bug.kind for bug in report.bugs]


def assert_the_correct_example_passes_and_the_running_maximum_fails(seeds: str) -> None:
    """Fully trained (10,000 games a seed) under each of ``seeds``: the example passes, the running maximum fails."""
    correct, buggy = check(LEARNING, train_seeds=seeds), check(EXAMPLES / "running_max" / "nim.py", train_seeds=seeds)
    assert len(correct.rates) == len(buggy.rates) == len(seeds.split(","))
    assert correct.passed and correct.verdict == "pass"
    assert all(rate >= 0.96 for rate in correct.rates), correct.rates
    assert buggy.verdict == "fail"
    assert all(rate <= 0.8 for rate in buggy.rates), buggy.rates
    assert min(correct.rates) > max(buggy.rates)
    assert "running_max" in bug_kinds(buggy)
    assert bug_kinds(correct) == []


@pytest.mark.slow
def test_the_correct_example_passes_and_the_running_maximum_fails_fully_trained() -> None:
    # One seed: the checker judges each seed's training alike. Seeds 1 and 2 (8 s of CPU, twice this) are
    # benchmarks/oracle_sweeps.py's ``nim_lab``.
    assert_the_correct_example_passes_and_the_running_maximum_fails("1")


def test_the_minimax_example_is_perfect_under_misere_rules_and_not_under_normal_ones() -> None:
    player = EXAMPLES / "minimax" / "nim_player.py"
    misere = check(player, rules="misere")
    assert misere.kind == "player" and misere.passed
    assert misere.player is not None and (misere.player.winnable, misere.player.winning) == (335, 335)
    normal = check(player)
    assert normal.rules.misere is False and not normal.passed


def test_the_same_file_checked_twice_gives_the_same_report_timings_aside() -> None:
    first, second = check(LEARNING, **QUICK), check(LEARNING, **QUICK)
    assert first == second
    assert first.timing.wall > 0 and first.timing is not second.timing


def test_reading_self_epsilon_in_the_greedy_choice_is_named_not_greedy(tmp_path: Path) -> None:
    path = variant(tmp_path, "if epsilon and random.random() < self.epsilon", "if random.random() < self.epsilon")
    kinds = bug_kinds(check(path, **QUICK))
    # Its greedy choice varies where every value is 0 or below too, as exploring does: one bug, not two.
    assert "not_greedy" in kinds and "none_at_zero" not in kinds, kinds


def test_a_greedy_choice_of_none_where_values_are_0_or_below_is_named(tmp_path: Path) -> None:
    greedy = (
        "        best = max(self.get_q_value(state, action) for action in actions)\n"
        "        return random.choice([action for action in actions if self.get_q_value(state, action) == best])"
    )
    none = (
        "        best_value, best_action = 0, None\n"
        "        for action in actions:\n"
        "            if self.get_q_value(state, action) > best_value:\n"
        "                best_value, best_action = self.get_q_value(state, action), action\n"
        "        return best_action"
    )
    report = check(variant(tmp_path, greedy, none), **QUICK)
    assert "none_at_zero" in bug_kinds(report)
    assert report.verdict == "fail"


def test_epsilon_that_never_explores_is_named(tmp_path: Path) -> None:
    path = variant(tmp_path, "if epsilon and random.random() < self.epsilon", "if False and epsilon")
    assert "never_explores" in bug_kinds(check(path, **QUICK))


def test_a_table_that_learns_no_value_below_0_is_named(tmp_path: Path) -> None:
    path = variant(tmp_path, "target = reward + future_rewards", "target = abs(reward) + future_rewards")
    assert "no_negative" in bug_kinds(check(path, **QUICK))


def test_training_that_never_ends_is_stopped_at_its_cpu_budget_and_named_too_slow(tmp_path: Path) -> None:
    path = variant(tmp_path, "    player = NimAI()\n", "    player = NimAI()\n    while True:\n        pass\n")
    report = check(path, train_games="10", train_seeds="1", train_budget="0.3")
    assert report.seeds[0].failure_kind == "timeout"
    assert "too_slow" in bug_kinds(report)
    assert report.verdict == "fail"


def test_a_crash_in_training_names_the_students_line_and_the_game_it_happened_in(tmp_path: Path) -> None:
    path = variant(
        tmp_path,
        "        game = Nim()\n",
        "        game = Nim()\n        if i == 4:\n            raise ValueError('boom')\n",
    )
    report = check(path, **QUICK)
    seed = report.seeds[0]
    assert seed.failure_kind == "crash"
    assert "ValueError: boom" in seed.failure and "raise ValueError('boom')" in seed.failure
    assert "in training game 5" in seed.failure


def test_a_file_that_does_not_compile_is_named_so_in_words(tmp_path: Path) -> None:
    broken = tmp_path / "nim.py"
    broken.write_text("def train(n:\n    return None\n", encoding="utf-8")
    report = check(broken)
    assert report.verdict == "broken"
    assert report.problem is not None and "does not load: SyntaxError" in report.problem and "line 1" in report.problem


def test_printing_garbage_and_megabytes_in_training_is_counted_never_shown(tmp_path: Path) -> None:
    noise = '        print("\\x1b[2J\\x00\\udcff zq-noise-7 " * 20000)\n'
    path = variant(tmp_path, "        game = Nim()\n", "        game = Nim()\n" + noise)
    report = check(path, train_games="20", train_seeds="1")
    assert report.seeds[0].trained
    assert report.seeds[0].printed > 20 * 20000 * 10
    text = PLUG.render(report, PLUG.score(report), "text")
    assert "zq-noise-7" not in text and "\x1b" not in text


def test_a_process_that_exits_in_the_middle_of_training_is_reported_not_raised(tmp_path: Path) -> None:
    path = variant(tmp_path, "        game = Nim()\n", "        game = Nim()\n        import os\n        os._exit(7)\n")
    report = check(path, **QUICK)
    assert report.seeds[0].failure_kind == "died"
    assert "exited with status 7" in report.seeds[0].failure


def test_answers_that_are_not_moves_are_illegal_not_a_checker_crash(tmp_path: Path) -> None:
    player = tmp_path / "player.py"
    player.write_text("def best_move(piles):\n    return 'take them all'\n", encoding="utf-8")
    report = check(player, rules="misere")
    assert report.player is not None and report.player.legal == 0
    assert report.verdict == "fail"


def test_a_player_that_loops_forever_is_stopped_by_the_checks_limits(tmp_path: Path) -> None:
    player = tmp_path / "player.py"
    player.write_text("def best_move(piles):\n    while True:\n        pass\n", encoding="utf-8")
    report = check_nim(player, NimCheck(hint={"rules": "misere"}, move_seconds=0.1, total_seconds=0.3))
    assert report.verdict == "fail"
    assert report.player is not None and report.player.winning == 0
    assert not report.complete


def _independent_rate(path: Path, seed: int, games: int) -> float:
    """The same measure written again without the checker: train in this process, Bouton's rule for the moves."""
    import contextlib
    import importlib.util
    import io
    import random
    from functools import reduce
    from itertools import product

    spec = importlib.util.spec_from_file_location("independent_nim", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    def lost_for_mover(piles: tuple[int, ...]) -> bool:  # misère: Bouton's rule with the endgame of 0s and 1s
        if max(piles) <= 1:
            return sum(piles) % 2 == 1
        return reduce(lambda a, b: a ^ b, piles) == 0

    random.seed(seed)
    with contextlib.redirect_stdout(io.StringIO()):
        ai = module.train(games)
    random.seed(seed)
    winnable = good = 0
    for piles in sorted(product(range(2), range(4), range(6), range(8)), key=lambda p: (-sum(p), p)):
        if not any(piles) or lost_for_mover(piles):
            continue
        winnable += 1
        pile, count = ai.choose_action(list(piles), epsilon=False)
        after = tuple(size - count if index == pile else size for index, size in enumerate(piles))
        good += any(after) and lost_for_mover(after)
    assert winnable == 335
    return good / winnable


@pytest.mark.parametrize("example", ["learning", "running_max"])
def test_the_winning_move_rate_agrees_with_an_independent_measure_within_a_tenth(example: str) -> None:
    path = EXAMPLES / example / "nim.py"
    report = check(path, train_games="2000", train_seeds="5")
    assert abs(report.rates[0] - _independent_rate(path, 5, 2000)) <= 0.1
