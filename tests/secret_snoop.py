"""A student's program that looks for the grader's secret before it plays: a bundle that let it read the secret
would grade it otherwise (it exits, saying where it read it), so the grade stays the honest program's only if the
sandbox hides every copy."""

from __future__ import annotations

SNOOP = """import glob

# Before playing: look for the grader's secret where the bundle keeps it and where the run copies it.
for path in {paths!r} + [found for pattern in {patterns!r} for found in glob.glob(pattern)]:
    try:
        open(path).read()
    except OSError:
        continue
    raise SystemExit("read the secret at " + path)
"""
FOUND = "read the secret"
"""What the program's exit says when it read a copy (a grade that quotes it read the secret)."""


def snooping(program: str, paths: list[str], patterns: list[str]) -> str:
    """``program`` preceded by lines that read each of ``paths`` and every file ``patterns`` match (``glob``)."""
    return SNOOP.format(paths=paths, patterns=patterns) + program
