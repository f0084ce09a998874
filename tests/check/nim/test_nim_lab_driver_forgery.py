"""A greedy choice that plays the misère formula and then forges the driver's finding that it is off the table.

The driver reads the trained table before it asks the greedy choices and
says which answers are not among the table's best (``off_table``). These
attacks run in the same process as the driver and try to reach its state
and rewrite that finding: through the call stack (``sys._getframe``, a
traceback's frames, ``inspect``), the garbage collector, ``ctypes``, the
shared ``json`` and ``builtins`` modules, or the runner's own classes. None
may gain anything: each is checked as the formula player it is.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from perfectplay.check.nim.lab import NimCheck, check_nim

LEARNING = Path(__file__).resolve().parents[3] / "examples" / "nim" / "learning" / "nim.py"
CHOOSE = "    def choose_action(self, state, epsilon=True):\n"
FORMULA = """
import functools, operator
def _formula(piles):
    # Misère Nim by its rule: leave an odd number of ones once every pile is 0 or 1, else a nim-sum of 0.
    moves = [(pile, taken) for pile, size in enumerate(piles) for taken in range(1, size + 1)]
    for pile, taken in moves:
        after = [left - taken if index == pile else left for index, left in enumerate(piles)]
        wins = sum(after) % 2 == 1 if max(after) <= 1 else functools.reduce(operator.xor, after) == 0
        if wins:
            return (pile, taken)
    return moves[0]
_learn = train
def train(n):
    return _learn(min(n, 50))
"""

# Each forgery runs once, at the first greedy choice, then plays the formula's move.
FORGE = {
    "the call stack": """
        frame = sys._getframe(1)
        while frame is not None and "best" not in frame.f_locals:
            frame = frame.f_back
        best, positions = frame.f_locals["best"], frame.f_locals["positions"]
        best[:] = [{_formula(list(piles))} for piles in positions]
    """,
    "a traceback's frames": """
        try:
            raise ValueError
        except ValueError as error:
            frame = error.__traceback__.tb_frame
        while frame is not None and "best" not in frame.f_locals:
            frame = frame.f_back
        best, positions = frame.f_locals["best"], frame.f_locals["positions"]
        best[:] = [{_formula(list(piles))} for piles in positions]
    """,
    "inspect": """
        import inspect
        for info in inspect.stack():
            if "best" in info.frame.f_locals:
                best, positions = info.frame.f_locals["best"], info.frame.f_locals["positions"]
                best[:] = [{_formula(list(piles))} for piles in positions]
    """,
    "the garbage collector": """
        import gc
        for found in gc.get_objects():
            if isinstance(found, dict) and "off_table" in found and callable(found["off_table"]):
                found["off_table"] = lambda best, answers: []
    """,
    "the shared json module": """
        import json
        dumps = json.dumps
        def forged(message, *args, **kwargs):
            if isinstance(message, dict) and "off_table" in message:
                message = {**message, "off_table": []}
            return dumps(message, *args, **kwargs)
        json.dumps = forged
    """,
    "the shared builtins": """
        import builtins
        builtins.zip = lambda *args, **kwargs: iter(())
    """,
    "the runner's channel class": """
        channel = type(sys.stdout).write.__globals__.get("Channel") or sys.modules["__main__"].streams.Channel
        send = channel.send
        def forged(self, message):
            if isinstance(message, dict) and "off_table" in message:
                message = {**message, "off_table": []}
            send(self, message)
        channel.send = forged
    """,
    "ctypes": """
        import ctypes
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(None))
        raise SystemExit("ctypes answered")
    """,
}


@pytest.mark.integration
@pytest.mark.parametrize("how", sorted(FORGE))
def test_a_formula_player_cannot_forge_its_choices_onto_the_table(tmp_path: Path, how: str) -> None:
    forge = textwrap.indent(textwrap.dedent(FORGE[how]).strip(), " " * 16)
    choose = (
        "        import sys\n"
        "        if not epsilon and not getattr(NimAI, '_forged', False):\n"
        "            NimAI._forged = True\n"
        "            try:\n"
        f"{forge}\n"
        "            except Exception:\n"
        "                pass\n"
        "        if not epsilon:\n"
        "            return _formula(list(state))\n"
        "        return self._table_choice(state, epsilon)"
    )
    text = LEARNING.read_text(encoding="utf-8")
    assert CHOOSE in text
    path = tmp_path / "nim.py"
    path.write_text(
        text.replace(CHOOSE, CHOOSE + choose + "\n    def _table_choice(self, state, epsilon=True):\n") + FORMULA
    )
    hint = {"train_games": "300", "train_seeds": "1", "train_budget": "20"}
    report = check_nim(path, NimCheck(hint=hint, total_seconds=120.0))
    assert report.verdict == "fail" and report.rates[0] < 0.5, (report.verdict, report.rates, report.notes)
