"""Play sentences: outcomes, the hint, what a stopped search proved, the computer's levels and why it played
its move, the end of a game and what undo took back.

*Perfect* is defined here, once (``PERFECT``): a move, or a level, is called
perfect only where the search that chose it finished, so its value is
proven. Every sentence that might say "perfect" or "exact" asks
``unproven_text`` or ``level_title`` first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from perfectplay.game import Game, Outcome, Player
from perfectplay.search.base.result import Analysis, MoveValue
from perfectplay.words.common import or_list, seconds_text

# --- advice: the hint and "Why that move?" --------------------------------------------------------
#
# Moves are compared by what is proven about them, best first: proven wins
# (the fastest first) > proven draws > unproven moves (those the deepest
# finished search preferred first) > proven losses (the slowest first). So a
# hint never prefers a move the search could not value over one it proved to
# draw (on big boards the time limit leaves many moves unproven).


UNPROVEN_LENGTH = 1_000_000
"""Stands for the length of a win or loss proven without its length: longer than any game."""


def _merit(entry: MoveValue, preferred: set[int]) -> tuple[int, int]:
    # A win or loss proven without its length: after the wins of proven length, before the losses of it.
    outcome = entry.outcome
    if outcome.name == "win":
        return (3, -(outcome.plies or UNPROVEN_LENGTH))
    if outcome.name == "draw":
        return (2, 0)
    if outcome.name == "loss":
        return (0, outcome.plies or UNPROVEN_LENGTH)
    return (1, 1 if entry.move in preferred else 0)


def advised_moves(analysis: Analysis) -> tuple[MoveValue, ...]:
    """The moves a hint names, by the order above, in move order (none for a finished game).

    In a position proven lost whose every move was not valued, the search's
    (or the book's) choice: every move loses, and the ones it proved lose
    soonest are the ones not to play. In a position proven won where no
    win's length is proven, the moves proven to keep the win, above any
    proven draw.
    """
    if not analysis.moves:
        return ()
    preferred = set(analysis.best)
    if analysis.outcome_class == "loss" and not analysis.complete and preferred:
        return tuple(entry for entry in analysis.moves if entry.move in preferred)
    top = max(_merit(entry, preferred) for entry in analysis.moves)
    if analysis.outcome_class == "win" and not analysis.complete and preferred and top[0] < 3:
        # Proven to keep the win, how fast not proven: better than any move proven to draw.
        return tuple(sorted((entry for entry in analysis.moves if entry.move in preferred), key=_move_of))
    return tuple(sorted((entry for entry in analysis.moves if _merit(entry, preferred) == top), key=_move_of))


def _move_of(entry: MoveValue) -> int:
    return entry.move


def outcome_text(outcome: Outcome) -> str:
    """``win in 3``, ``draw``, ``loss in 4``; ``not proven`` when a limit stopped the search first."""
    return "not proven" if not outcome.proven else str(outcome)


def move_outcome_text(entry: MoveValue) -> str:
    """A move's value in words, the most that is proven: ``win in 3``, ``draw``, ``loss in 4``; ``win, length
    not proven`` (an outcome proven, not how fast); ``not proven``."""
    if entry.proof == "outcome":
        return f"{entry.outcome.name}, length not proven"
    return outcome_text(entry.outcome)


def _labels(game: Game[Any], entries: Sequence[MoveValue]) -> str:
    return or_list([game.move_label(entry.move) for entry in entries])


def hint_text(game: Game[Any], analysis: Analysis) -> str:
    """``Hint for X: play 5 (a draw with best play).``"""
    advised = advised_moves(analysis)
    first = advised[0].outcome
    if any(entry.proof == "outcome" for entry in advised):  # a win or loss, how fast not proven: as for the position
        first = Outcome("unknown")
    unknown = {
        "win": proven_not_how("win", "in the time limit"),
        "loss": "every move loses against best play; the slowest was not proven in the time limit",
    }.get(analysis.outcome_class or "", "the best found in the time limit; the search could not prove its outcome")
    unknown = length_known_text(analysis, "in the time limit") or unknown
    what = {
        "win": f"{first}: a forced win",
        "draw": "a draw with best play",
        "loss": f"every move loses against best play; this one holds out longest: {first}",
        "unknown": unknown,
    }[first.name]
    return f"Hint for {analysis.to_move.value}: play {_labels(game, advised)} ({what})."


def outcome_class_text(analysis: Analysis) -> str:
    """``a proven win; how fast was not proven before the limit``: what a stopped search proved of the position."""
    name = analysis.outcome_class or "unknown"
    if name == "draw":
        return "a proven draw"
    if name == "unknown":
        return "unknown, the limit ran out before a proof"
    if analysis.algorithm in ANSWERED_AHEAD:  # no search ran: no limit stopped it
        when = f"by {ANSWERED_AHEAD[analysis.algorithm]}"
        return length_known_text(analysis, when) or proven_not_how(name, when)
    return length_known_text(analysis, "before the limit") or proven_not_how(name, "before the limit")


def proven_not_how(name: str, when: str) -> str:
    """``a proven win; how fast was not proven in the time limit``: a win or loss proven, its length not."""
    return f"a proven {name}; how {'fast' if name == 'win' else 'slow'} was not proven {when}"


def length_known_text(analysis: Analysis, when: str) -> str | None:
    """``a proven win in 39; which move wins that fast was not proven in the time limit``, or None.

    For a position whose exact win or loss is known (an exact layer's row)
    while its moves are not all valued: the words name its length, and
    leave unproven only which move reaches it, where none is proven to.
    None for any other analysis (a draw, a value not known exactly).
    """
    if analysis.score is None or analysis.outcome.name not in ("win", "loss"):
        return None
    if best_reaches(analysis):
        return f"a proven {analysis.outcome}"
    which = "which move wins that fast" if analysis.outcome.name == "win" else "which move holds out that long"
    return f"a proven {analysis.outcome}; {which} was not proven {when}"


def best_reaches(analysis: Analysis) -> bool:
    """Whether ``best`` is proven to reach the position's value: complete, or a best move's exact score is it."""
    if analysis.complete:
        return True
    return analysis.score is not None and any(
        entry.score == analysis.score for entry in analysis.moves if entry.move in analysis.best
    )


def unproven_text(analysis: Analysis) -> str | None:
    """``best found in 3.0 s, not proven`` when a limit stopped the search first; None when it finished.

    When the stopped search still proved whether the position is a win, a
    draw or a loss (and that the move chosen keeps it), the words say that.

    A move is only proven the best when the search that chose it was
    complete: then, and only then, may a front end call it perfect or exact.
    """
    if analysis.complete:
        return None
    if analysis.algorithm in ANSWERED_AHEAD:
        return book_text(analysis)
    took = seconds_text(analysis.seconds)
    known = length_known_text(analysis, f"in {took}")
    if known is not None:
        return known if ";" in known else f"{known}; the other moves not all valued in {took}"
    if analysis.outcome_class == "win":
        return f"a proven win; the fastest not proven in {took}"
    if analysis.outcome_class == "draw":
        return f"a proven draw; the other moves not all valued in {took}"
    if analysis.outcome_class == "loss":
        return f"a proven loss; the slowest not proven in {took}"
    return f"best found in {took}, not proven"


ANSWERED_AHEAD = {"book": "the opening book", "layer": "positions solved ahead of time"}
"""Where an answer found without a search came from, by ``Analysis.algorithm``: the opening book's lines, or an
outcome layer (``Game.outcome_table``), which proves each move's outcome but not how fast."""


def book_text(analysis: Analysis) -> str:
    """What an answer from the opening book proves: ``from the opening book: a proven win; how fast not proven``."""
    source = f"from {ANSWERED_AHEAD[analysis.algorithm]}"
    chosen = [entry for entry in analysis.moves if entry.move in analysis.best and entry.proof == "score"]
    if analysis.outcome_class == "draw":
        # The book names one move; a layer proves every move's outcome, but only the draws carry a score.
        return f"{source}: a proven draw" + ("; the other moves not valued" if analysis.algorithm == "book" else "")
    if chosen and chosen[0].outcome.name == "loss":
        return f"{source}: a proven loss, this move the slowest ({chosen[0].outcome})"
    if chosen:
        return f"{source}: a proven {chosen[0].outcome}, the fastest"
    known = length_known_text(analysis, f"by {ANSWERED_AHEAD[analysis.algorithm]}")
    if known is not None:
        return f"{source}: {known}"
    name = analysis.outcome_class or "win"
    return f"{source}: a proven {name}; how {'fast' if name == 'win' else 'slow'} not proven"


# --- the computer's levels ------------------------------------------------------------------------

PERFECT_LEVEL = "perfect"
"""The strongest level's name: what it is called only where its every move is proven."""

PERFECT = "every move is proven best, from the first move on"
"""What *perfect* means, the one definition: the page, the terminal and the computer's reasons use this word
for a level (or a move) only where it holds (``level_title``, ``unproven_text``)."""


def strongest_text(proven_from_start: bool) -> str:
    """What the strongest level is in one game: perfect only if the engine proves its moves from the first one."""
    if proven_from_start:
        return f"{PERFECT_LEVEL}: {PERFECT}"
    return "strongest: exact near the end, searched in the opening"


def level_title(level: str, proven_from_start: bool) -> str:
    """A level's short name in one game: ``perfect`` becomes ``strongest`` where its moves are not all proven."""
    if level == PERFECT_LEVEL and not proven_from_start:
        return "strongest"
    return level


def level_words(level: str, proven_from_start: bool) -> str:
    """A level as the terminal introduces it: ``perfect`` only where proven, else what the strongest level is."""
    if level == PERFECT_LEVEL and not proven_from_start:
        return strongest_text(False)
    return level


LEVEL_NOTES: dict[str, str] = {
    "perfect": "plays a best move: the fastest win, else a draw, else the slowest loss, proven where its search "
    "finishes within the time limit; where it does not, the best move found in time, not proven",
    "friendly": "never loses where its search finishes within the time limit, but would rather draw than win",
    "hard": "plays a best move three times in four; otherwise what looks best 4 plies ahead",
    "medium": "plays a best move half the time; otherwise what looks best 2 plies ahead",
    "easy": "plays a best move half the time; otherwise what looks best 1 ply ahead",
    "random": "plays any legal move at random",
}
"""How each level of ``perfectplay.play.players`` chooses (its docstring states the rules), in one line: the page's
level list and "Why that move?" say it."""


DEPTH_PLAYERS: dict[str, str] = {
    "depth1": "Depth-1 search",
    "depth2": "Depth-2 search",
    "depth4": "Depth-4 search",
}
"""The course labs' next chapter as opponents: depth-limited searches with the game's
default evaluation (open lines on boards). Any ``depthD:EVAL`` works in the
API; these are the ones the page offers."""


def depth_note(level: str) -> str:
    plies = level.removeprefix("depth")
    return (
        f"plays what a depth-{plies} minimax chooses: it looks {plies} {'ply' if plies == '1' else 'plies'} ahead "
        "and scores the positions there with an evaluation function (open lines on boards), so it misses "
        "what lies deeper"
    )


def level_note(level: str) -> str | None:
    """How the computer at ``level`` chooses its move, if the page offers that level."""
    if level in LEVEL_NOTES:
        return LEVEL_NOTES[level]
    return depth_note(level) if level in DEPTH_PLAYERS else None


# --- why the computer played its move -------------------------------------------------------------


def choice_text(
    game: Game[Any],
    analysis: Analysis,
    move: int,
    level: str,
    level_note: str | None,
    *,
    proven_from_start: bool = True,
) -> str:
    """Why the computer played ``move`` (found in ``analysis``): a best move as such, a worse one as a mistake.

    ``level_note`` says how the computer at ``level`` chooses; it is added
    where it explains a move that is not the best, under the level's title
    in this game (``perfect`` is called so only where ``proven_from_start``).
    When a limit stopped the search, the sentence starts by saying the move
    is not proven; an answer from the opening book says so instead.
    """
    text = _choice_text(game, analysis, move, level_title(level, proven_from_start), level_note)
    unproven = unproven_text(analysis)
    if unproven is None:
        return text
    if analysis.algorithm in ANSWERED_AHEAD:
        return f"{unproven[:1].upper()}{unproven[1:]}, answered without a search. {text}"
    return f"{unproven[:1].upper()}{unproven[1:]}: the search stopped before every move was valued. {text}"


def _choice_text(game: Game[Any], analysis: Analysis, move: int, level: str, level_note: str | None) -> str:
    chosen = next(entry for entry in analysis.moves if entry.move == move)
    best = advised_moves(analysis)
    preferred = set(analysis.best)
    gap = _merit(best[0], preferred) != _merit(chosen, preferred)
    if analysis.outcome_class == "loss" and not analysis.complete:
        gap = move not in preferred and chosen.outcome.name != "unknown"
    said = f" At level {level[:1].upper() + level[1:]} the computer {level_note}." if level_note else ""
    if not gap or (chosen.outcome.name == "unknown" and best[0].outcome.name != "win"):
        return _best_choice_text(game, analysis, chosen, best)
    if chosen.outcome.name == "unknown":
        wins = "wins" if len(best) == 1 else "win"
        return (
            f"It could not prove this move's outcome in time, and it missed a win: {_labels(game, best)} {wins} "
            f"({best[0].outcome}).{said}"
        )
    worse = {"win": "a slower win", "loss": "a quicker loss"}.get(chosen.outcome.name, "a mistake")
    if chosen.outcome.name != best[0].outcome.name:
        worse = "a mistake"
    better = (
        "an outcome the search could not prove in time" if best[0].outcome.name == "unknown" else str(best[0].outcome)
    )
    return f"That is {worse}: it leads to {chosen.outcome}, but {_labels(game, best)} would have led to {better}.{said}"


def _best_choice_text(game: Game[Any], analysis: Analysis, chosen: MoveValue, best: Sequence[MoveValue]) -> str:
    if analysis.algorithm in ANSWERED_AHEAD and chosen.move in analysis.best:
        return _book_choice_text(analysis, chosen)
    vague = chosen.proof != "score"  # not valued, or a win or loss whose length is not proven
    if vague and analysis.outcome_class == "win" and chosen.move in analysis.best:
        return "The time limit came before this position was solved, but this move is proven to win; how fast is not."
    if vague and analysis.outcome_class == "loss":
        return (
            "Every move loses with best play (that much is proven); the time limit came before the slowest loss "
            "was found, so this is the best move found in time."
        )
    if chosen.outcome.name == "unknown":
        draws = [entry for entry in analysis.moves if entry.outcome.name == "draw"]
        proven = ""
        if draws:
            verb = "is a proven draw" if len(draws) == 1 else "are proven draws"
            proven = f" {_labels(game, draws)} {verb}."
        return (
            "The time limit came before this position was solved, so this is the best move found in time "
            f"(a win in one or a forced block is never missed).{proven}"
        )
    outcome = chosen.outcome
    forced = f"It sees a forced {outcome}: it wins however you reply."
    wins = "This move wins at once." if outcome.plies == 1 else forced
    # A move proven to draw where the search stopped before the position's outcome was: a win may be elsewhere.
    draw = (
        "With best play from here the game is a draw."
        if analysis.outcome.proven
        else "This move is proven to draw with best play; whether another move wins was not proven in time."
    )
    verdict = {
        "win": wins,
        "draw": draw,
        "loss": f"Every move loses against best play; this one holds out longest ({outcome}).",
    }[outcome.name]
    return f"{verdict} {_others_text(analysis, best)}"


def _others_text(analysis: Analysis, best: Sequence[MoveValue]) -> str:
    """How the other moves compare: only a move whose value is proven is ever called as good or worse."""
    total, same = len(analysis.moves), len(best)
    unvalued = sum(1 for entry in analysis.moves if not entry.outcome.proven)
    worse = total - same - unvalued
    blunders = f" {worse} {'move does' if worse == 1 else 'moves do'} worse." if worse else ""
    if not unvalued:
        choice = f"{same} of {total} moves are equally good; it picked one of them."
        return f"{'No other move is as good.' if same == 1 else choice}{blunders}"
    valued = f"{same} moves valued are equally good; it picked one." if same > 1 else ""
    # In a position proven drawn no move wins: a move not valued may draw as well, never do better.
    better = "" if analysis.outcome_class == "draw" else " or better"
    not_valued = (
        f"{unvalued} {'move was' if unvalued == 1 else 'moves were'} not valued before the limit, "
        f"so one of them may be as good{better}."
    )
    return " ".join(part for part in (valued, blunders.strip(), not_valued) if part)


PROVED_AHEAD = {"book": "the opening book proved", "layer": "positions solved ahead of time prove"}
"""The same sources as ``ANSWERED_AHEAD``, as the subject of a sentence about the move they proved."""


def _book_choice_text(analysis: Analysis, chosen: MoveValue) -> str:
    """Why the computer played a move found without a search: what its source proved of it, nothing of the others."""
    proved = PROVED_AHEAD[analysis.algorithm]
    outcome = chosen.outcome
    if outcome.name == "loss" and chosen.proof == "score":
        return f"Every move loses against best play; {proved} this one holds out longest ({outcome})."
    if outcome.name == "draw":
        return f"With best play from here the game is a draw; {proved} this move keeps it."
    if outcome.name == "win" and chosen.proof == "score":
        return f"{proved.capitalize()} this move wins fastest ({outcome})."
    name = analysis.outcome_class or "win"
    return f"{proved.capitalize()} this move keeps the {name}; how fast it wins is not proven."


# --- a game in progress ---------------------------------------------------------------------------


def result_text(winner: Player | None) -> str:
    """How a finished game ended: ``X has won`` or ``it is a draw``."""
    return f"{winner.value} has won" if winner is not None else "it is a draw"


def no_move_text(winner: Player | None, wanted: str = "choose") -> str:
    """Why a finished game has no move to ``wanted`` (choose, play)."""
    return f"the game is over: {result_text(winner)}; there is no move to {wanted}"


def took_back_text(moves: Sequence[tuple[int, str, str]]) -> str:
    """What undo took back: each move by its number in the game, with who played which cell.

    ``moves`` are (move number, side, label), oldest first:
    ``Took back moves 3 and 4 (X played 2, O played 7).``
    """
    numbers = " and ".join(str(number) for number, _, _ in moves)
    plays = ", ".join(f"{side} played {label}" for _, side, label in moves)
    return f"Took back {'move' if len(moves) == 1 else 'moves'} {numbers} ({plays})."
