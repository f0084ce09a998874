"""A class run's progress bar on the teacher's terminal shows each student's name as text: a folder named with
rich's markup (``[link=...]``, ``[bold]``) draws no hyperlink escape and hides no part of its name."""

from __future__ import annotations

import io
import sys

import pytest

from perfectplay.cli.check import _progress_display

pytest.importorskip("rich")


class Terminal(io.StringIO):
    """What the bar writes, as a terminal would receive it."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("name", ["[link=mailto:a@b]ann", "[bold]bob", "[red", "eve\\", "a\\[bold]b"])
def test_a_students_name_in_the_progress_bar_is_drawn_as_written(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    monkeypatch.setenv("TERM", "xterm-256color")
    with _progress_display(2) as progress:
        assert progress is not None
        update = progress(name)
        update("asking", 1, 10)
    drawn = screen.getvalue()
    assert "\x1b]8;" not in drawn  # no hyperlink
    assert f"{name}: asking" in drawn
