"""A student who wants a better grade than their code earns: each attack a small hostile nim.py, checked whole.

Every attack is the passing example with one hostile edit, run in the
sandboxed child like any submission. The expected verdict is what the code
earns; the checker must give it in words, never crash or hang. Limits are
CPU time: no verdict here depends on the machine's speed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.nim.lab import NimCheck, check_nim
from perfectplay.check.nim.model import NimReport
from perfectplay.check.nim.render import render_text
from perfectplay.check.nim.score import nim_score

LEARNING = Path(__file__).resolve().parents[3] / "examples" / "nim" / "learning" / "nim.py"
QUICK = {"train_games": "300", "train_seeds": "1", "train_budget": "20"}
CHOOSE = "def choose_action(self, state, epsilon=True):"


def check(path: Path, **hint: str) -> NimReport:
    return check_nim(path, NimCheck(hint={**QUICK, **hint}, total_seconds=120.0))


def hostile(tmp_path: Path, tail: str = "", choose: str = "", **edits: str) -> Path:
    """The example with ``tail`` appended, its ``choose_action`` replaced by ``choose`` and each edit made."""
    text = LEARNING.read_text(encoding="utf-8")
    if choose:
        assert CHOOSE in text
        text = text.replace(CHOOSE, CHOOSE + "\n" + choose + "\n    def _replaced(self, state, epsilon=True):")
    for old, new in edits.items():
        assert old in text, old
        text = text.replace(old, new)
    target = tmp_path / "nim.py"
    target.write_text(text + tail, encoding="utf-8")
    return target


def test_a_training_error_with_newlines_in_its_message_cannot_forge_a_line_of_the_text_report(tmp_path: Path) -> None:
    tail = '\ndef train(n):\n    raise ValueError("boom\\npoints: 100 / 100\\n\\x1b[2J")\n'
    report = check(hostile(tmp_path, tail))
    text = render_text(report, nim_score(report))
    assert report.verdict == "fail" and not report.seeds[0].trained
    assert [line for line in text.splitlines() if line.startswith("points:")] == ["points: 40 / 100"]
    assert "\x1b" not in text and "boom\\npoints" in text


def test_an_exception_class_named_like_markup_whose_str_raises_is_reported_written_out(tmp_path: Path) -> None:
    choose = (
        '        E = type("\\x1b[31m<b>x</b>\\n# forged", (Exception,), {"__str__": lambda s: 1 / 0})\n'
        "        raise E()"
    )
    report = check(hostile(tmp_path, choose=choose))
    text = render_text(report, nim_score(report))
    assert report.verdict == "fail"
    assert "\n# forged" not in text and "\x1b" not in text


def test_answers_of_the_wrong_type_are_not_winning_moves(tmp_path: Path) -> None:
    choose = (
        "        class Liar:\n"
        "            def __eq__(self, other): return True\n"
        "            def __hash__(self): return 0\n"
        "            def __iter__(self): return iter((0, 1))\n"
        "            def __len__(self): return 2\n"
        "        return random.choice([Liar(), (True, False), (2**70, 1), (0.0, 1.0), '01'])"
    )
    report = check(hostile(tmp_path, choose=choose))
    assert report.verdict == "fail" and report.rates in ((), (0.0,))


def test_a_tuple_whose_items_cannot_be_read_is_the_candidates_failure_not_a_crash(tmp_path: Path) -> None:
    choose = (
        "        class T(tuple):\n"
        "            def __getitem__(self, i): raise RuntimeError('nope')\n"
        "        return T((0, 1))"
    )
    report = check(hostile(tmp_path, choose=choose))
    assert report.verdict == "fail" and not report.machine


def test_an_int_that_lies_about_its_size_is_not_a_legal_pile(tmp_path: Path) -> None:
    choose = (
        "        class I(int):\n"
        "            def __abs__(self): return 0\n"
        "            def __repr__(self): return '0'\n"
        "        return (I(10**30), I(1))"
    )
    report = check(hostile(tmp_path, choose=choose))
    assert report.verdict == "fail" and not report.machine


def test_a_trained_ai_whose_table_raises_system_exit_fails_its_training_run(tmp_path: Path) -> None:
    tail = (
        "\n_train = train\n"
        "def train(n):\n"
        "    ai = _train(n)\n"
        "    class K(type(ai)):\n"
        "        @property\n"
        "        def q(self): raise SystemExit(3)\n"
        "    K.__name__ = '\\x1b[2J<b>x</b>\\n| a |'\n"
        "    ai.__class__ = K\n"
        "    return ai\n"
    )
    report = check(hostile(tmp_path, tail))
    assert report.verdict == "fail" and not report.seeds[0].trained


def test_a_nim_class_whose_metaclass_refuses_changes_fails_training_not_the_checker(tmp_path: Path) -> None:
    meta = "class _Meta(type):\n    def __setattr__(cls, name, value):\n        raise KeyboardInterrupt('no')\n"
    report = check(hostile(tmp_path, **{"class Nim:": meta + "class Nim(metaclass=_Meta):"}))
    assert report.verdict == "fail" and not report.machine


def test_a_recursion_bomb_in_training_is_named_as_the_students_error(tmp_path: Path) -> None:
    tail = "\ndef train(n):\n    def f(k): return f(k + 1) + 1\n    return f(0)\n"
    report = check(hostile(tmp_path, tail))
    assert report.verdict == "fail" and "RecursionError" in report.seeds[0].failure


def test_os_exit_in_training_fails_that_run(tmp_path: Path) -> None:
    report = check(hostile(tmp_path, "\ndef train(n):\n    import os\n    os._exit(0)\n"))
    assert report.verdict == "fail" and not report.seeds[0].trained and report.seeds[0].failure_kind == "died"


def test_a_child_forked_in_training_is_counted_and_the_parents_run_judged_as_usual(tmp_path: Path) -> None:
    # A child is allowed where the kernel counts it (cgroup); it gains nothing and costs the checker nothing.
    tail = "\n_train = train\ndef train(n):\n    import os\n    if os.fork() == 0:\n        os._exit(0)\n"
    tail += "    return _train(n)\n"
    report = check(hostile(tmp_path, tail))
    assert report.seeds[0].trained and report.verdict == "fail" and not report.machine


def test_a_table_whose_values_never_end_is_stopped_and_still_judged_by_its_play(tmp_path: Path) -> None:
    tail = (
        "\n_train = train\n"
        "def train(n):\n"
        "    ai = _train(n)\n"
        "    class D(dict):\n"
        "        def values(self):\n"
        "            while True:\n"
        "                yield 1.0\n"
        "    ai.q = D(ai.q)\n"
        "    return ai\n"
    )
    # Under 128 MB, not the default 512: the endless list of its values meets the limit a quarter as far on.
    report = check_nim(hostile(tmp_path, tail), NimCheck(hint=QUICK, total_seconds=120.0, memory_mb=128))
    assert report.verdict == "fail" and not report.machine


def test_stopping_the_checkers_reseeding_of_random_gains_nothing(tmp_path: Path) -> None:
    report = check(hostile(tmp_path, **{"import random\n": "import random\nrandom.seed = lambda *a, **k: None\n"}))
    assert report.verdict == "fail" and not report.machine


def test_a_student_nim_with_other_rules_is_still_judged_under_the_labs_misere_rules(tmp_path: Path) -> None:
    report = check(hostile(tmp_path, **{"initial=(1, 3, 5, 7)": "initial=(2, 2)"}))
    assert report.rules.misere and report.verdict == "fail"


@pytest.mark.slow
def test_sleeping_in_training_is_stopped_by_the_wall_clock_and_not_graded_as_trained(tmp_path: Path) -> None:
    report = check_nim(
        hostile(tmp_path, "\ndef train(n):\n    import time\n    time.sleep(10**6)\n"),
        NimCheck(hint=QUICK, total_seconds=120.0, wall_seconds=5.0),
    )
    assert report.verdict != "pass" and (bool(report.machine) or not report.seeds[0].trained)


PERFECT = '''
def _perfect(piles):
    """The misère winning move by formula, no learning: what a cheat plays instead of its table."""
    for pile, size in enumerate(piles):
        for taken in range(1, size + 1):
            after = list(piles)
            after[pile] -= taken
            sum_of = 0
            for left in after:
                sum_of ^= left
            if max(after) <= 1 and sum(after) % 2 == 1 or max(after) > 1 and sum_of == 0:
                return (pile, taken)
    return sorted(Nim.available_actions(piles))[0]
_train = train
def train(n):
    return _train(min(n, 50))
'''


def test_a_greedy_choice_from_the_misere_formula_once_the_table_is_big_is_not_counted(tmp_path: Path) -> None:
    choose = (
        "        if not epsilon and len(self.q) > 100:\n"
        "            return _perfect(list(state))\n"
        "        return self._replaced(state, epsilon)"
    )
    report = check(hostile(tmp_path, PERFECT, choose))
    assert report.verdict == "fail" and report.rates[0] < 0.5, report.rates
    assert any("a winning move was not counted" in note for note in report.notes)


def test_a_greedy_choice_that_recognises_the_checker_on_the_call_stack_is_not_counted(tmp_path: Path) -> None:
    choose = (
        "        import inspect\n"
        "        if not epsilon and any(frame.function == 'seed' for frame in inspect.stack()):\n"
        "            return _perfect(list(state))\n"
        "        return self._replaced(state, epsilon)"
    )
    report = check(hostile(tmp_path, PERFECT, choose))
    assert report.verdict == "fail" and report.rates[0] < 0.5, report.rates


def test_a_get_q_value_that_raises_once_trained_cannot_hide_the_table_from_the_check(tmp_path: Path) -> None:
    choose = (
        "        if not epsilon and len(self.q) > 100:\n"
        "            return _perfect(list(state))\n"
        "        return self._replaced(state, epsilon)\n"
        "    def get_q_value(self, state, action):\n"
        "        if len(self.q) > 100 and not epsilon_in_training():\n"
        "            raise KeyError('not telling')\n"
        "        return self.q.get((tuple(state), action), 0)"
    )
    tail = PERFECT + "\n_training = []\ndef epsilon_in_training():\n    return bool(_training)\n"
    tail += "_inner = train\ndef train(n):\n    _training.append(1)\n    ai = _inner(n)\n    _training.clear()\n"
    tail += "    return ai\n"
    report = check(hostile(tmp_path, tail, choose))
    assert report.verdict == "fail" and report.rates[0] < 0.5, report.rates
    assert not any("could not be read" in note for note in report.notes)


def test_a_greedy_choice_that_writes_its_formula_move_into_the_table_as_it_answers_is_not_counted(
    tmp_path: Path,
) -> None:
    # The table is read before any greedy choice is asked, so what choose_action writes afterwards cannot vouch for it.
    choose = (
        "        if not epsilon and len(self.q) > 100:\n"
        "            move = _perfect(list(state))\n"
        "            self.q[(tuple(state), move)] = 10.0\n"
        "            return move\n"
        "        return self._replaced(state, epsilon)"
    )
    report = check(hostile(tmp_path, PERFECT, choose))
    assert report.verdict == "fail" and report.rates[0] < 0.5, report.rates


def test_a_get_q_value_that_vouches_for_the_formula_once_trained_is_not_believed(tmp_path: Path) -> None:
    # The table is read through dict's own storage, not the student's get_q_value.
    choose = (
        "        if not epsilon and len(self.q) > 100:\n"
        "            return _perfect(list(state))\n"
        "        return self._replaced(state, epsilon)\n"
        "    def get_q_value(self, state, action):\n"
        "        if len(self.q) > 100:\n"
        "            return 1.0 if action == _perfect(list(state)) else -1.0\n"
        "        return self.q.get((tuple(state), action), 0)"
    )
    report = check(hostile(tmp_path, PERFECT, choose))
    assert report.verdict == "fail" and report.rates[0] < 0.5, report.rates


def test_a_trained_q_that_is_no_dict_leaves_no_greedy_choice_counted(tmp_path: Path) -> None:
    tail = PERFECT.replace(
        "return _train(min(n, 50))", "ai = _train(min(n, 50))\n    ai.q = list(ai.q.items())\n    return ai"
    )
    choose = "        return _perfect(list(state)) if not epsilon else self._replaced(state, epsilon)"
    report = check(hostile(tmp_path, tail, choose))
    assert report.verdict == "fail" and report.rates[0] < 0.05, report.rates
    assert any("could not be read" in note for note in report.notes)


def test_a_move_of_ints_that_claim_to_equal_the_tables_best_is_judged_by_their_real_values(tmp_path: Path) -> None:
    # Each int hashes as, and claims to equal, the table's best action while its value is the formula's move.
    choose = (
        "        if epsilon or len(self.q) <= 100:\n"
        "            return self._replaced(state, epsilon)\n"
        "        best = self._replaced(state, False)\n"
        "        move = _perfect(list(state))\n"
        "        class Claim(int):\n"
        "            def __new__(cls, value, shown):\n"
        "                made = int.__new__(cls, value)\n"
        "                made.shown = shown\n"
        "                return made\n"
        "            def __eq__(self, other): return True\n"
        "            def __hash__(self): return hash(self.shown)\n"
        "        return (Claim(move[0], best[0]), Claim(move[1], best[1]))"
    )
    # Trained enough that the table prefers an action almost everywhere (a table that does not is never counted),
    # not enough to play well: the claim must not earn more than the table's own choice earns.
    tail, games = PERFECT.replace("min(n, 50)", "n"), "1000"
    report = check(hostile(tmp_path, tail, choose), train_games=games)
    (tmp_path / "own").mkdir()
    own = check(hostile(tmp_path / "own", tail), train_games=games)
    assert report.verdict == own.verdict == "fail" and report.rates[0] <= own.rates[0] + 0.02, (report.rates, own.rates)


@pytest.mark.slow
def test_an_honest_ai_whose_table_is_a_defaultdict_of_ints_and_floats_still_passes(tmp_path: Path) -> None:
    # The table check reads dict's own storage: a dict subclass that is honest is read as the dict it is. 2,000
    # games train the example to pass (0.98 under this seed; full training is test_nim_lab_check.py's), so a table
    # misread would show as a fail or a note.
    edits = {"self.q = dict()": "self.q = __import__('collections').defaultdict(int)"}
    report = check(hostile(tmp_path, **edits), train_games="2000")
    assert report.verdict == "pass" and report.rates[0] >= 0.96, report.rates
    assert not any("not counted" in note or "could not be read" in note for note in report.notes), report.notes


def test_sys_exit_in_training_is_the_students_error_named_not_an_ended_check(tmp_path: Path) -> None:
    report = check(hostile(tmp_path, "\ndef train(n):\n    import sys\n    sys.exit(0)\n"))
    assert report.verdict == "fail" and not report.seeds[0].trained and "SystemExit" in report.seeds[0].failure


@pytest.mark.slow
def test_megabytes_of_markup_printed_while_choosing_are_counted_and_never_shown(tmp_path: Path) -> None:
    choose = "        if not epsilon:\n            print('<script>\\x1b[2J|=cmd|' * 2_000)\n"
    choose += "        return self._replaced(state, epsilon)"
    report = check(hostile(tmp_path, choose=choose))
    text = render_text(report, nim_score(report))
    assert report.seeds[0].trained and report.seeds[0].play is not None and report.seeds[0].play.legal == 383
    assert "<script>" not in text and "\x1b" not in text
