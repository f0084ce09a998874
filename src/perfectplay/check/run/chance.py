"""``Chance``: what a check lends its candidate's luck, from the check's seed, so that a regrade is the same.

A candidate may draw at random (``random.choice`` among equal moves) or lean
on the order of a set of strings (which Python's hash seed decides). Neither
may change a grade between two checks under one ``--seed``; so the checker
decides both:

* ``hash_seed``: every candidate process of the check is started with this
  ``PYTHONHASHSEED`` (in the environment the checker builds, nothing of the
  student's);
* ``at_import``: the number the runner seeds ``random`` (and NumPy's legacy
  generator, where the candidate imported NumPy) with before it imports the
  candidate's module;
* ``numbers``: one number per question, seeded just before the question is
  asked. It depends on the question alone (what is asked, the name its asker
  gives it, and how many times that same question was asked before in this
  check), never on which process answers it or when: two workers side by
  side, a restarted process and any order of the questions get the same
  numbers. A question asked again gets a new number, so a candidate that
  answers at random still shows it.

The numbers come from the seed through a slow key derivation and a hash: a
candidate sees them (``random.getstate()``, its environment) but cannot work
back to the check's seed, and so not to the positions drawn with it, within
any limit a check allows.
"""

from __future__ import annotations

import hashlib
import threading
from collections import Counter
from collections.abc import Sequence

ROUNDS = 20_000
"""PBKDF2 rounds from the seed to the key (a few milliseconds a check): guessing a nine-digit seed from a number
the candidate saw costs this many hashes per guess."""

SALT = b"perfectplay check: the candidate's chance"

HASH_SEEDS = 2**32
"""``PYTHONHASHSEED`` takes 0 to 4,294,967,295."""


class Chance:
    """The hash seed and the random numbers of one check's candidate processes (thread-safe: one per check)."""

    def __init__(self, seed: int) -> None:
        self._key = hashlib.pbkdf2_hmac("sha256", str(seed).encode(), SALT, ROUNDS)
        self._keyed = hashlib.sha256(self._key)
        """The hash of the key alone: each number's hash starts as a copy of it."""
        self._asked: Counter[str] = Counter()
        self._lock = threading.Lock()

    def _number(self, *parts: str) -> int:
        digest = self._keyed.copy()
        for part in parts:
            digest.update(part.encode("utf-8", "surrogatepass") + b"\0")
        return int.from_bytes(digest.digest()[:8], "big")

    @property
    def hash_seed(self) -> int:
        return self._number("hash seed") % HASH_SEEDS

    @property
    def at_import(self) -> int:
        return self._number("import")

    def numbers(self, op: str, items: Sequence[object], names: Sequence[str] | None = None) -> list[int]:
        """A number for each question: ``op`` with its payload ``items[i]``, named ``names[i]`` by its asker.

        The name tells apart questions that are alike but asked by different askers at once (two games on two
        workers reaching one position): the count of earlier asks is per name and payload, so it never depends on
        which thread got there first. An asker that asks the same question twice at once must name them apart.
        """
        questions = [f"{op}\0{'' if names is None else names[index]}\0{item!r}" for index, item in enumerate(items)]
        numbered = []
        with self._lock:
            for question in questions:
                numbered.append((question, self._asked[question]))
                self._asked[question] += 1
        return [self._number("question", question, str(count)) for question, count in numbered]
