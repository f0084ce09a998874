"""``luck.seed``: the candidate's shared generators seeded from the checker's number, whatever the candidate did."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
from types import ModuleType

import pytest

from perfectplay.check.run.inside import luck


def draws() -> list[float]:
    return [random.random() for _ in range(3)]


def test_one_number_gives_one_sequence_of_draws_and_another_another() -> None:
    luck.seed(41)
    first = draws()
    luck.seed(41)
    assert draws() == first
    luck.seed(42)
    assert draws() != first


def test_a_candidate_that_rebinds_random_seed_is_still_seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    luck.seed(41)
    first = draws()
    monkeypatch.setattr(random, "seed", lambda *args, **kwargs: None)
    random.random()
    luck.seed(41)
    assert draws() == first


def test_whatever_stands_at_numpy_raising_even_system_exit_does_not_end_the_runner(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Hostile(ModuleType):
        def __getattr__(self, name: str) -> object:
            raise SystemExit(3)

    monkeypatch.setitem(sys.modules, "numpy", Hostile("numpy"))
    luck.seed(41)
    first = draws()
    luck.seed(41)
    assert draws() == first


PROBE = """
import sys
from perfectplay.check.run.inside import luck
luck.seed(5)
print("numpy" in sys.modules)
"""


def test_numpy_is_never_imported_for_a_candidate_that_did_not_import_it() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=60)
    assert done.stdout.split() == ["False"]


NUMPY_PROBE = """
import sys
import numpy
from perfectplay.check.run.inside import luck
luck.seed(2**40 + 5)
first = numpy.random.random(3).tolist()
luck.seed(2**40 + 5)
print(first == numpy.random.random(3).tolist())
"""


def test_numpy_s_legacy_generator_is_seeded_where_the_candidate_imported_numpy() -> None:
    pytest.importorskip("numpy")
    script = textwrap.dedent(NUMPY_PROBE)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60)
    assert done.stdout.split() == ["True"]
