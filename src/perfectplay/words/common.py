"""The pieces every sentence is made of: the textbook's symbols, bounds, counts, durations and lists."""

# ruff: noqa: RUF002 - the texts use the Greek letters and signs students read

from __future__ import annotations

from collections.abc import Sequence

ALPHA = "\N{GREEK SMALL LETTER ALPHA}"
BETA = "\N{GREEK SMALL LETTER BETA}"
MINUS = "\N{MINUS SIGN}"
INFINITY = "\N{INFINITY}"
"""Symbols of the textbook notation; a true minus sign reads better than a hyphen."""


def bound_text(value: int | None, *, upper: bool = False) -> str:
    """A score or window bound as people write it; None is -inf (or +inf if ``upper``)."""
    if value is None:
        return "+" + INFINITY if upper else MINUS + INFINITY
    return f"{MINUS}{-value}" if value < 0 else str(value)


def seconds_text(seconds: float) -> str:
    """``3.0 s``, or ``40 ms`` under a tenth of a second (where one decimal would say ``0.0 s``)."""
    return f"{seconds:.1f} s" if seconds >= 0.1 else f"{seconds * 1000:.0f} ms"


def about_text(count: float) -> str:
    """A large count as people read it: ``about 550,000`` or, past a billion, ``about 4.5 × 10^20``."""
    if count < 1e9:
        return f"about {float(f'{count:.2g}'):,.0f}"
    mantissa, exponent = f"{count:.1e}".split("e")
    return f"about {mantissa} \N{MULTIPLICATION SIGN} 10^{int(exponent)}"


def and_list(items: Sequence[str], empty: str = "nothing") -> str:
    """``1``, ``1 and 2``, ``1, 2 and 3`` (``empty`` for none)."""
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


def or_list(items: Sequence[str]) -> str:
    """``1``, ``1 or 2``, ``1, 2 or 3``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} or {items[-1]}"
