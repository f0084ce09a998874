"""The exceptions perfectplay raises.

One root, so a caller can catch everything we raise with one clause; the
subclasses separate "this text is not a position" from "this move cannot be
played here", because front ends report them differently.
"""

from __future__ import annotations


class PerfectplayError(ValueError):
    """Root of every error perfectplay raises on bad input."""


class VariantError(PerfectplayError):
    """A game variant that we do not support (e.g. an m,n,k board too large)."""


class PositionError(PerfectplayError):
    """Text that is not a position, or a position that cannot arise in play."""


class IllegalMoveError(PerfectplayError):
    """A move that cannot be played in the given position."""


class LimitError(PerfectplayError):
    """A search limit that makes no sense (zero, negative, wrong type)."""
