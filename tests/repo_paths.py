"""Where the repository's folders are, for tests at any depth of tests/ (the tree mirrors src/perfectplay/)."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent
"""tests/ itself: its helpers and its data/ folder sit here, whatever folder a test file is in."""
ROOT = TESTS.parent
"""The checkout: src/, docs/, examples/, data/."""
