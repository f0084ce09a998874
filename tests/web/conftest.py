"""Fixtures for the web tests: an in-process API client, and the real server driven by Chromium.

Every fixture here is per test process. The browser tests are one xdist
group, so under ``pytest -n 2 --dist loadgroup`` one worker runs them all
with one Chromium and one pair of servers (not one per worker) while the
other runs the rest; their wall time is mostly waiting on Chromium and the
server, which the other worker's tests fill. (pytest 9.2 with pytest-xdist
3.8 ignores every group: pytest-xdist issue 1386.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from browser_page import patient
from browser_support import CHROMIUM_ARGS, HURRIED_SECONDS, PHONE, SERVER_SECONDS, Server, find_chromium, phone_context
from perfectplay.web.app import create_app
from perfectplay.web.settings import Settings


@pytest.hookimpl(tryfirst=True)  # before pytest's own hook deselects by marker (-m)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test that drives Chromium is an integration test of the ``browser`` group, in whichever file it is."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.integration)
            item.add_marker(pytest.mark.xdist_group("browser"))


@pytest.fixture(scope="session")
def client() -> Iterator[TestClient]:
    """One app per test process, with one search worker of its own."""
    with TestClient(create_app(Settings(workers=1, seconds=20.0))) as test_client:
        yield test_client


@pytest.fixture(scope="session")
def hurried_client() -> Iterator[TestClient]:
    """An app whose searches stop after 1 s: for tests that check only that an answer comes."""
    with TestClient(create_app(Settings(workers=1, seconds=1.0))) as test_client:
        yield test_client


@pytest.fixture(scope="session")
def chromium_path() -> str:
    return find_chromium()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("server") / "server.log", seconds=SERVER_SECONDS)
    yield running
    running.stop()


@pytest.fixture(scope="session")
def hurried_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose time limit stops an early 5x5 search, whatever the machine's speed (pure-Python core)."""
    running = Server(tmp_path_factory.mktemp("hurried") / "server.log", seconds=HURRIED_SECONDS, pure=True)
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser(chromium_path: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


DESKTOP = {"width": 1200, "height": 860}
"""The viewport of the tests' desktop page."""


@pytest.fixture(scope="session")
def tab(browser: Any) -> Iterator[Any]:
    """One desktop tab for the browser tests of this process, each starting it afresh (``first_visit``).

    A fresh browser context costs Chromium a new renderer process, about a
    second of CPU; loading the page again in a tab it has costs a fifth of
    that. Motion is reduced: stones appear drawn at once, so screenshots show them whole.
    """
    context = patient(browser.new_context(viewport=DESKTOP, reduced_motion="reduce"))
    yield context.new_page()
    context.close()


FORGET = "() => { localStorage.clear(); sessionStorage.clear(); }"
"""What the page keeps between visits, forgotten: run in the new document before any script of the page."""

READY = "#board .cell, #board .object"
"""A board a player can move on: grid cells, or Nim's objects."""


@contextmanager
def first_visit(tab: Any, url: str, viewport: dict[str, int] = DESKTOP) -> Iterator[Any]:
    """The tab on the game at ``url`` as a first visit sees it, ready for its first move.

    What the page keeps (localStorage, the tab's sessionStorage) is emptied
    by a script that runs in the new document before any script of the page
    (and after the old document is gone, so nothing it does late survives);
    the script is removed once the page is loaded, so a test's own reloads
    keep what the page stored. Whatever a test left (routes, the mouse over a
    cell) is undone. One page load per test, with no page of the origin
    loaded first to empty its storage: a load of the game page costs Chromium
    about 0.3 s of CPU, a load of any other page about 0.08 s.
    """
    tab.unroute_all(behavior="ignoreErrors")
    tab.set_viewport_size(viewport)
    tab.mouse.move(0, 0)
    errors: list[str] = []

    def record(error: Any) -> None:
        errors.append(str(error))

    tab.on("pageerror", record)
    try:
        with tab.add_init_script(f"({FORGET})()"):
            tab.goto(url)
            tab.wait_for_selector(READY)
        yield tab
    finally:
        tab.remove_listener("pageerror", record)
    assert errors == [], f"JavaScript errors on the page: {errors}"


@pytest.fixture(scope="session")
def phone_tab(browser: Any) -> Iterator[Any]:
    """One tab the size of a phone held upright (touch, two pixels a point), for every test that checks the page
    fits a phone: one context (one renderer process, about a second of CPU) for them all, not one each."""
    context = phone_context(browser)
    yield context.new_page()
    context.close()


@pytest.fixture
def phone_visit(phone_tab: Any) -> Iterator[Callable[[str], Any]]:
    """``visit`` on the phone tab."""
    with ExitStack() as visits:
        yield lambda url: visits.enter_context(first_visit(phone_tab, url, PHONE))


@pytest.fixture
def visit(tab: Any) -> Iterator[Callable[[str], Any]]:
    """Opens the tab as a first visit (``first_visit``) on the URL a test gives: a link to a game or a position.

    For a test whose page is not the default game: the link is the first and
    only page load, not a second one after the default game's.
    """
    with ExitStack() as visits:
        yield lambda url: visits.enter_context(first_visit(tab, url))


@pytest.fixture
def page(tab: Any, server: Server) -> Iterator[Any]:
    with first_visit(tab, server.url) as opened:
        yield opened


@pytest.fixture
def hurried_page(tab: Any, hurried_server: Server) -> Iterator[Any]:
    with first_visit(tab, hurried_server.url) as opened:
        yield opened
