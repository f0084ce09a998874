"""The candidate's luck, seeded from the numbers the checker sends (``check/run/chance.py``).

Before the candidate's import and before each question the runner seeds
``random``'s shared generator (what ``random.choice`` draws from) and, where
the candidate imported NumPy itself, NumPy's legacy global one
(``numpy.random.choice``): one program answers one question alike in every
check under the same seed. NumPy is never imported here for a candidate that
did not import it. A generator the candidate makes itself with no seed
(``random.Random()``, ``numpy.random.default_rng()``) draws from the machine
and cannot be made to repeat.
"""

from __future__ import annotations

import random
import sys

_SEED = random.seed
"""The shared generator's own seeding, taken before any candidate code runs: a candidate that rebinds
``random.seed`` changes what it calls itself, never what is seeded here (``random.choice`` and the module's other
functions stay bound to this one generator)."""

NUMPY_SEEDS = 2**32
"""NumPy's legacy ``seed`` takes 0 to 2**32 - 1."""


def seed(number: int) -> None:
    """Seed the candidate's shared generators with ``number``."""
    _SEED(number)
    try:
        numpy = sys.modules.get("numpy")
        if numpy is not None:
            # Its own ``random`` part (NumPy 2 loads it on first use): one more import of what the candidate chose.
            numpy.random.seed(number % NUMPY_SEEDS)
    except BaseException:  # whatever stands at ``numpy`` is the candidate's: what it raises is not the runner's end
        pass
