"""Helpers for the browser tests: find Chromium, run the real server, drive the page."""

from __future__ import annotations

import os
import re
import select
import shutil
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

import pytest

from browser_page import patient

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]

SERVER_SECONDS = 60
"""The test server's time limit per search and per traced tree: nothing the
browser tests ask of it comes near, however loaded the machine is, so no
answer they check depends on the machine's speed."""

HURRIED_SECONDS = 0.25
"""The time limit of the server for the one test of a search that the limit
stops: an early 5x5 position is never proven within it by the pure-Python
solver that server runs (the proof takes minutes; the compiled core may
prove it within a second), so that search always takes the whole limit, and
a slower machine only makes that more certain. A quarter of a second, not
more: the search is CPU the test spends on nothing it checks (1 s cost the
test 0.6 s of CPU more)."""

ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"

SCREENSHOTS = "PERFECTPLAY_SCREENSHOTS"
"""Set (to anything but empty) to have the browser tests save their screenshots in ``ARTIFACTS``."""


def screenshot(shown: Any, name: str, **options: Any) -> None:
    """``shown`` (a page or a locator) saved as ``ARTIFACTS/name`` for a person to look at, when ``SCREENSHOTS`` asks.

    No test checks a screenshot: each is for the eye only, and costs Chromium
    about 0.2 s of CPU (a frame drawn anew and encoded), three seconds of the
    browser tests' sixty. So they are taken on request: after a change to the
    page, ``PERFECTPLAY_SCREENSHOTS=1`` and the browser tests show it.
    """
    if os.environ.get(SCREENSHOTS):
        ARTIFACTS.mkdir(exist_ok=True)
        shown.screenshot(path=str(ARTIFACTS / name), **options)


def find_chromium() -> str:
    """The system Chromium; skip when there is none, but fail under CI, where it must be there.

    Playwright's own browser download is never used: ``PERFECTPLAY_CHROMIUM``
    may name another executable.
    """
    candidates = [os.environ.get("PERFECTPLAY_CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium"]
    candidates += [shutil.which("chromium-browser")]
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    reason = "no Chromium found (install Debian's chromium or set PERFECTPLAY_CHROMIUM)"
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI is set, so the browser tests must run", pytrace=False)
    pytest.skip(reason)


def read_line(stream: IO[str], seconds: float) -> str:
    """One line from a pipe, or '' if none arrives in time."""
    ready, _, _ = select.select([stream], [], [], seconds)
    return stream.readline() if ready else ""


class Server:
    """``python -m perfectplay serve`` on a free loopback port, as a user would start it."""

    def __init__(self, log: Path, seconds: float, *, pure: bool = False) -> None:
        self.log = log
        # ``pure``: the pure-Python solver, which needs minutes for what the compiled core proves in seconds.
        environment = {**os.environ, "PERFECTPLAY_PURE": "1"} if pure else None
        self._log_file = log.open("w")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "perfectplay",
                "serve",
                "--port",
                "0",
                "--workers",
                "1",
                "--time-limit",
                f"{seconds}",
            ],
            stdout=subprocess.PIPE,
            stderr=self._log_file,
            text=True,
            env=environment,
        )
        assert self.process.stdout is not None
        match = re.search(r"(http://127\.0\.0\.1:\d+/)", read_line(self.process.stdout, 60))
        if match is None:
            self.stop()
            raise RuntimeError(f"the server did not start; its log:\n{log.read_text()}")
        self.url = match.group(1)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()
        self._log_file.close()


PHONE = {"width": 390, "height": 844}
"""The viewport of a phone held upright."""


def phone_context(browser: Any) -> Any:
    """A browser context the size of a phone held upright, touch on, motion reduced."""
    return patient(browser.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True, reduced_motion="reduce"))
