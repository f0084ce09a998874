"""Which Nim interface a submission offers: CS50's learning ``nim.py``, or a minimax player's function.

Decided from what the driver found on import (``plug.LoadedModule``), never by
running anything more; a teacher's choice (``--nim-ai``, ``--function``)
overrides it and is then only checked for being there.
"""

from __future__ import annotations

from dataclasses import dataclass

from perfectplay.check.plug import LoadedModule, spelt

PLAYERS = ("best_move", "find_best_move", "choose_move", "computer_move", "ai_move")
"""A minimax player's function names, in the order they are looked for (``computerMove`` and ``ai_move`` as students
name the computer's side of their game)."""

LEARNING_METHODS = ("get_q_value", "update_q_value", "best_future_reward", "choose_action")
Q_LEARNING = LEARNING_METHODS[:3]
"""The lab's methods no minimax player has (``choose_action`` is any player's name): a class holding one is the
lab's ``NimAI``, whatever it is called."""


@dataclass(frozen=True, slots=True)
class NimInterface:
    """``kind`` ``learning`` (CS50's NimAI and train) or ``player`` (``name(piles)``), in words too."""

    kind: str
    name: str = ""

    def describe(self) -> str:
        if self.kind == "learning":
            return "CS50 AI's nim.py: NimAI (get_q_value, update_q_value, best_future_reward, choose_action), train(n)"
        return f"{self.name}(piles) returning (pile, count)"


def detect(loaded: LoadedModule, kind: str | None = None, function: str | None = None) -> NimInterface | str:
    """The interface to check, or why none can be: a sentence naming what is missing.

    Any piece of CS50's learning nim.py (its class ``NimAI``, its ``train``) holds the file to the learning lab
    unless the teacher chose otherwise: a lab file with ``train`` taken out and a formula's ``best_move`` put in is
    the learning lab's submission with its training missing, never a minimax player graded on the formula alone."""
    learning = _learning(loaded)
    if function is not None or kind == "player":
        names = (function,) if function is not None else PLAYERS
        for name in names:
            found = spelt(loaded.functions, name) if function is None else name if name in loaded.functions else None
            if found is not None:
                return NimInterface("player", found)
        return f"no function named {' or '.join(names)} (a minimax player's function takes the piles)"
    if learning or kind == "learning":
        missing = [name for name in ("NimAI", "train") if name not in loaded.classes and name not in loaded.functions]
        if missing:
            return f"no {' and no '.join(missing)}: CS50's nim.py has the class NimAI and the function train(n)"
        methods = [name for name in LEARNING_METHODS if name not in loaded.classes.get("NimAI", ())]
        if methods:
            return f"NimAI has no {', '.join(methods)}: the lab asks for all four methods"
        return NimInterface("learning")
    for name in PLAYERS:
        found = spelt(loaded.functions, name)  # findBestMove, bestMove: as students name it
        if found is not None:
            return NimInterface("player", found)
    takes_piles = [name for name, arguments in loaded.functions.items() if arguments == 1][:12]
    defined = f"; it defines {', '.join(takes_piles)}" if takes_piles else ""
    return (
        "found neither CS50's nim.py (class NimAI and function train) nor a minimax player "
        f"({', '.join(PLAYERS)} taking the piles){defined}; point the checker at yours with --function NAME"
    )


def _learning(loaded: LoadedModule) -> bool:
    """Whether the file holds a piece of CS50's learning nim.py: ``NimAI`` or ``train`` however it is spelt, as a
    player's function is found (``NimAi``, ``Train``), or a class with one of the lab's Q-learning methods. The lab's
    file with its names re-cased and a formula's ``bestMove`` added was graded a player, 100 of 100 (attack 39l)."""
    if spelt(loaded.classes, "NimAI") is not None or spelt(loaded.functions, "train") is not None:
        return True
    return any(spelt(methods, name) is not None for methods in loaded.classes.values() for name in Q_LEARNING)
