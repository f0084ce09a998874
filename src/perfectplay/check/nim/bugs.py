"""Naming a learning Nim AI's bug when the evidence shows it, each with the smallest example that shows it.

The evidence is the hand-made table checks (``questions.py``) and the
trained AIs' play; a bug is named only when a check that would pass without
it failed in the way that bug fails:

* ``running_max``: ``best_future_reward`` reported 0 where every action is
  known to be bad (a running maximum that starts at 0: no value below 0 is
  ever reported, so losing positions look no worse than unknown ones);
* ``none_at_zero``: the greedy choice returned ``None`` (or a random
  action) where the best value is 0 or below;
* ``not_greedy``: ``choose_action(state, epsilon=False)`` still took random
  actions (it reads ``self.epsilon`` instead of its ``epsilon`` argument);
* ``never_explores``: ``epsilon=True`` never (or almost never) took a
  random action, so training only ever follows its first guesses;
* ``too_slow``: ``train(n)`` did not finish within the CPU budget;
* ``no_negative``: after training, no value in the table is below 0,
  although losing moves are rewarded -1.
"""

from __future__ import annotations

from collections.abc import Sequence

from perfectplay.check.nim.model import Bug, SeedResult, UnitResult
from perfectplay.check.nim.positions import show


def _unit(units: Sequence[UnitResult], name: str) -> UnitResult | None:
    for unit in units:
        if unit.name == name:
            return unit
    return None


def _failed(units: Sequence[UnitResult], name: str) -> UnitResult | None:
    unit = _unit(units, name)
    return unit if unit is not None and not unit.passed else None


def name_bugs(units: Sequence[UnitResult], seeds: Sequence[SeedResult], budget: float, games: int) -> tuple[Bug, ...]:
    """The bugs the evidence shows, most telling first."""
    bugs: list[Bug] = []
    future = _failed(units, "future_all_bad")
    if future is not None and future.value == 0:
        bugs.append(
            Bug(
                "running_max",
                "no value below 0 is ever reported",
                "best_future_reward starts its running maximum at 0, so a state whose actions are all known to "
                "lose looks as good as an unknown one; start from the first action's value (or use max over the "
                "actions, 0 for unknown ones)",
                future.detail,
            )
        )
    best = _failed(units, "greedy_best")
    # Mostly the best action, sometimes another: it explores although told not to.
    explores = best is not None and best.illegal == 0 and 0 < best.wrong < best.answers / 2
    for name in ("greedy_all_bad", "greedy_unknown_best", "greedy_tie_zero"):
        greedy = _failed(units, name)
        # None, or legal answers that vary where the best value is 0 or below: a best value that starts at 0 (unless
        # it explores everywhere, which varies them too: that bug is named, not this one).
        none = greedy is not None and greedy.nones > 0
        varies = greedy is not None and greedy.illegal == 0 and greedy.wrong > 0 and greedy.distinct > 1
        if greedy is not None and (none or (varies and not explores)):
            bugs.append(
                Bug(
                    "none_at_zero",
                    "the greedy choice is None" if none else "the greedy choice is random where values are 0 or less",
                    "choose_action must return the action of the highest value even when that value is 0 or below "
                    "(an unknown action is worth 0): start from the first action, not from a best value of 0 and "
                    "no action",
                    greedy.detail,
                )
            )
            break
    if best is not None and explores:
        bugs.append(
            Bug(
                "not_greedy",
                "greedy play is not greedy",
                "choose_action(state, epsilon=False) must never explore: test the epsilon argument before "
                "self.epsilon (e.g. `if epsilon and random.random() < self.epsilon`)",
                best.detail,
            )
        )
    share = _failed(units, "epsilon_share")
    if share is not None and share.illegal == 0 and share.answers and share.wrong == 0:
        bugs.append(
            Bug(
                "never_explores",
                "epsilon=True never explores",
                "with epsilon=True, choose_action takes a random available action with probability self.epsilon; "
                "without it training only follows its first guesses",
                share.detail,
            )
        )
    slow = [seed for seed in seeds if seed.failure_kind == "timeout"]
    if slow:
        bugs.append(
            Bug(
                "too_slow",
                "training is too slow for the budget",
                f"train({games:,}) must finish within {budget:g} CPU seconds; look for work repeated every move "
                "(copying the whole table, scanning every key of self.q)",
                slow[0].failure,
            )
        )
    flat = [seed for seed in seeds if seed.trained and seed.entries and seed.negative_values == 0]
    if flat:
        seed = flat[0]
        bugs.append(
            Bug(
                "no_negative",
                "no learned value is below 0",
                "a move that takes the last object is rewarded -1, so a trained table must hold values below 0; "
                "check the update's sign and update_q_value",
                f"seed {seed.seed}: {seed.entries:,} values after training, none below 0",
            )
        )
    return tuple(bugs)


def none_in_play(seeds: Sequence[SeedResult]) -> Bug | None:
    """``None`` from the trained AI's greedy choice in a real position, the simplest one."""
    for seed in seeds:
        play = seed.play
        if play is not None and play.first_none is not None:
            return Bug(
                "none_at_zero",
                "the greedy choice is None",
                "choose_action must return an action in every position that has one",
                f"seed {seed.seed}: choose_action([{show(play.first_none).replace(',', ', ')}], epsilon=False) "
                f"returned None ({play.none_answers} positions)",
            )
    return None
