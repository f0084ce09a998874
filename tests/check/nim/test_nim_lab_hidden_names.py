"""A nim.py that gives ``NimAI`` and ``train`` only through a module-level ``__getattr__`` is the learning lab's file,
as ``import nim`` sees it: never a player graded on a formula beside them. A ``__getattr__`` that raises, exits or
spins for the lab's names gives nothing, and the check goes on by the module's own listing (nim/plug.py,
nim/driver.py ``offers``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.nim.answers import clean
from perfectplay.check.nim.lab import NimCheck, check_nim
from perfectplay.check.nim.model import NimReport
from perfectplay.check.run.protocol import ProtocolError

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "nim"
QUICK = {"train_games": "300", "train_seeds": "1"}

FORMULA = '''

def best_move(piles):
    """Normal play's formula: what a player would be graded on instead of the lab's training."""
    total = 0
    for pile in piles:
        total ^= pile
    for index, pile in enumerate(piles):
        if pile ^ total < pile:
            return (index, pile - (pile ^ total))
    return next((index, 1) for index, pile in enumerate(piles) if pile)
'''


def hidden(tmp_path: Path, getattr_body: str) -> Path:
    """The passing learning example with ``NimAI`` and ``train`` renamed, a module ``__getattr__`` and a formula."""
    text = (EXAMPLES / "learning" / "nim.py").read_text(encoding="utf-8")
    text = text.replace("class NimAI", "class _Kept").replace("NimAI(", "_Kept(").replace("def train(", "def _train(")
    target = tmp_path / "nim.py"
    target.write_text(text + f"\n\ndef __getattr__(name):\n{getattr_body}\n" + FORMULA, encoding="utf-8")
    return target


def check(path: Path) -> NimReport:
    # Half a second of CPU time a question (the default is 2): a hundred times what an answer here needs, and what
    # the ``__getattr__`` that spins burns before it is stopped.
    return check_nim(path, NimCheck(hint=QUICK, total_seconds=120.0, sandbox="off", move_seconds=0.5))


def test_nimai_and_train_behind_a_module_getattr_are_checked_as_the_learning_lab_not_as_a_player(
    tmp_path: Path,
) -> None:
    body = '    if name == "NimAI":\n        return _Kept\n    if name == "train":\n        return _train\n'
    report = check(hidden(tmp_path, body + "    raise AttributeError(name)"))
    assert report.interface.startswith("CS50 AI's nim.py: NimAI"), report.problem
    assert report.seeds and all(seed.trained for seed in report.seeds)
    assert any("only through a module-level __getattr__" in note for note in report.notes)


@pytest.mark.parametrize(
    "body",
    [
        "    raise SystemExit(0)",
        "    raise KeyError(name)",
        "    while True:\n        pass",
        "    return 42",
    ],
)
def test_a_getattr_that_exits_raises_spins_or_gives_junk_gives_nothing_and_the_file_is_checked_by_its_listing(
    tmp_path: Path, body: str
) -> None:
    report = check(hidden(tmp_path, body))
    # All its listing holds: the lab's class under another name (its Q-learning methods), never a player (39l).
    assert "no NimAI and no train" in str(report.problem) and not report.interface.startswith("best_move")
    assert not any("__getattr__" in note for note in report.notes)


@pytest.mark.parametrize(
    "reply",
    [
        {"kind": "offers", "names": ["os"], "methods": []},
        {"kind": "offers", "names": "NimAI", "methods": []},
        {"kind": "offers", "names": ["NimAI"], "methods": [7]},
        {"kind": "offers", "names": ["NimAI"]},
    ],
)
def test_an_offers_reply_naming_anything_but_the_labs_names_is_a_broken_protocol(reply: dict[str, object]) -> None:
    with pytest.raises(ProtocolError):
        clean(reply)


def test_an_offers_reply_is_kept_sorted_and_without_repeats() -> None:
    reply = {"kind": "offers", "names": ["train", "NimAI", "train"], "methods": ["get_q_value"]}
    assert clean(reply) == {"kind": "offers", "names": ["NimAI", "train"], "methods": ["get_q_value"]}
