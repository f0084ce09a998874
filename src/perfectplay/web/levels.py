"""What each computer level does, in one line, for the page's level list and for "Why that move?"."""

from __future__ import annotations

LEVEL_NOTES: dict[str, str] = {
    "perfect": "plays a best move: the fastest win, else a draw, else the slowest loss, proven where its search "
    "finishes within the time limit; where it does not, the best move found in time, not proven",
    "friendly": "never loses where its search finishes within the time limit, but would rather draw than win",
    "hard": "plays a best move three times in four; otherwise what looks best 4 plies ahead",
    "medium": "plays a best move half the time; otherwise what looks best 2 plies ahead",
    "easy": "plays a best move half the time; otherwise what looks best 1 ply ahead",
    "random": "plays any legal move at random",
}
"""One line per level of ``perfectplay.play.players`` (its docstring states the rules), for "Why that move?"."""


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
