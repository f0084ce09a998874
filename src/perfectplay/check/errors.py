"""The checker's own errors: a check that cannot start, and a submission that cannot be checked."""

from __future__ import annotations

from perfectplay import PerfectplayError


class CheckUsageError(PerfectplayError):
    """The check cannot start: a missing file, no interface recognised, flags that make no sense."""


class NotGradable(CheckUsageError):
    """The submission itself cannot be checked: no such file, not a Python file, no AI found in it.

    A usage error on the command line (exit 2), and for a grader a result of
    0 points marked not gradable, so that a typo costs no attempt.
    """
