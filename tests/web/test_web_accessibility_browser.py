"""In Chromium: axe-core finds no serious or critical accessibility violation on the page.

``tests/data/axe/axe.min.js`` (axe-core, MPL-2.0, see its README) is
injected into the page as a student sees it: tic-tac-toe with the search
tree open and its replay's pseudocode shown, and Connect Four. Colour
contrast, buttons whose accessible name leaves out their text, regions the
keyboard cannot scroll: each was found here once (issue 38).
"""

from __future__ import annotations

from typing import Any

from browser_page import PATIENCE, wait_idle
from repo_paths import TESTS

AXE = TESTS / "data" / "axe" / "axe.min.js"

SERIOUS = ("serious", "critical")


def serious_violations(page: Any) -> list[tuple[str, list[str]]]:
    """Each serious or critical rule axe-core finds broken, with the elements that break it."""
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found: list[tuple[str, str, list[str]]] = page.evaluate(
        """async () => (await axe.run(document, { resultTypes: ["violations"] })).violations.map(
          (rule) => [rule.id, rule.impact, rule.nodes.map((node) => node.target.join(" "))])"""
    )
    return [(rule, targets) for rule, impact, targets in found if impact in SERIOUS]


def test_tic_tac_toe_with_its_search_tree_open_has_no_serious_violation(page: Any) -> None:
    page.click("#tree-toggle")
    page.wait_for_selector(".tcode .tline", timeout=PATIENCE)
    wait_idle(page)
    assert serious_violations(page) == []


def test_connect_four_has_no_serious_violation(visit: Any, server: Any) -> None:
    page = visit(f"{server.url}?game=connect4")
    page.wait_for_selector("#board .cell")
    wait_idle(page)
    assert serious_violations(page) == []
