"""What the browser tests read from the page and do to it, shared by every browser test.

Every wait is bounded by ``PATIENCE``: the page answers in well under a second
on an idle machine, so the bound is only there to end a test that hangs, and
is generous enough that a machine with a load of 20 never reaches it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

PATIENCE = 180_000
"""Milliseconds a test waits for the page to reach a state before it fails."""

POLL = 25
"""Milliseconds between two looks at the page while waiting for it: Playwright's default looks at every
animation frame, which makes Chromium draw 60 frames a second while the server thinks (0.08 s of CPU per second
of waiting, against 0.025 s)."""


def patient(context: Any) -> Any:
    """A browser context whose every wait (a click's too, 30 s by default) is bounded by ``PATIENCE``."""
    context.set_default_timeout(PATIENCE)
    context.set_default_navigation_timeout(PATIENCE)
    return context


@contextmanager
def requests_asked(page: Any) -> Iterator[list[str]]:
    """The URLs the page requests while the block runs; the listener goes with the block (the tab is shared)."""
    asked: list[str] = []

    def record(request: Any) -> None:
        asked.append(request.url)

    page.on("request", record)
    try:
        yield asked
    finally:
        page.remove_listener("request", record)


IDLE = "document.querySelector('#board').getAttribute('aria-busy') === 'false'"


def wait_idle(page: Any) -> None:
    page.wait_for_function(IDLE, timeout=PATIENCE, polling=POLL)


def stones(page: Any) -> list[str]:
    """The board as the page shows it: 'X', 'O' or '' per cell, row-major."""
    script = "cells => cells.map(cell => cell.dataset.stone || '')"
    result: list[str] = page.eval_on_selector_all("#board .cell", script)
    return result


def position(page: Any, cols: int = 3) -> str:
    cells = [stone or "." for stone in stones(page)]
    return "/".join("".join(cells[start : start + cols]) for start in range(0, len(cells), cols))


def status(page: Any) -> str:
    text: str = page.inner_text("#status")
    return text


def is_over(page: Any) -> bool:
    return status(page) in ("You win!", "It's a draw.", "The computer wins.")


def tally(page: Any) -> dict[str, int]:
    return {kind: int(page.inner_text(f"#tally-{kind}")) for kind in ("win", "draw", "loss")}


def first_free(page: Any) -> int:
    return stones(page).index("")


def play_out_by_clicking(page: Any) -> None:
    """Click the first free cell until the game ends: a weak plan the computer must punish or hold."""
    while not is_over(page):
        before = stones(page).count("")
        page.click(f".cell[data-cell='{first_free(page)}']")
        wait_idle(page)
        assert stones(page).count("") < before


def wait_status(page: Any, text: str) -> None:
    page.wait_for_function(
        "text => document.querySelector('#status').textContent === text", arg=text, timeout=PATIENCE, polling=POLL
    )


ALPHABETA = "#tree-alphabeta"
MINIMAX = "#tree-minimax"


def open_panel(page: Any) -> None:
    page.click("#tree-toggle")
    assert page.get_attribute("#tree-toggle", "aria-expanded") == "true"
    page.wait_for_selector(".tcount-minimax", timeout=PATIENCE)
    page.wait_for_selector(".tcount-alphabeta", timeout=PATIENCE)
