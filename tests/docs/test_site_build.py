"""The documentation site builds in strict mode: a broken link or anchor, or a page no navigation reaches, fails.

mkdocs.yml turns every link, anchor and navigation check of mkdocs 1.6 into
a warning and sets ``strict``, so the build stops at the first warning. The
build is offline: no web font, no plugin that fetches.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The site, built once for this file's tests, in this process (mkdocs's ``build``, as ``mkdocs build``)."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    folder = tmp_path_factory.mktemp("site")
    os.environ["NO_MKDOCS_2_WARNING"] = "1"  # Material's banner about its successor, not a finding
    config = load_config(str(ROOT / "mkdocs.yml"), site_dir=str(folder), strict=True)
    config.plugins.on_startup(command="build", dirty=False)
    try:
        build(config)  # raises mkdocs's Abort on the first warning (strict)
    finally:
        config.plugins.on_shutdown()
        logging.getLogger("mkdocs").handlers.clear()
    yield folder


@pytest.mark.slow
def test_the_site_builds_in_strict_mode_with_a_page_for_each_audience_and_the_references(site: Path) -> None:
    for page in ("index", "for-players", "for-students", "for-teachers", "for-developers", "for-researchers"):
        assert (site / f"{page}.html").exists(), page
    commands = (site / "reference" / "cli.html").read_text(encoding="utf-8")
    assert "usage: perfectplay check" in commands and "usage: perfectplay book" in commands
    engine = (site / "reference" / "api" / "perfectplay.html").read_text(encoding="utf-8")
    assert 'id="perfectplay.search.analysis.analyze"' in engine


@pytest.mark.slow
def test_the_site_says_the_packages_version_in_its_footer(site: Path) -> None:
    import perfectplay

    assert f"perfectplay {perfectplay.__version__}" in (site / "index.html").read_text(encoding="utf-8")


def test_the_site_fetches_nothing_and_fails_on_every_link_anchor_and_navigation_problem() -> None:
    from mkdocs.config import load_config

    os.environ["NO_MKDOCS_2_WARNING"] = "1"
    config = load_config(str(ROOT / "mkdocs.yml"))
    assert config.strict is True
    assert config.theme["font"] is False
    assert not {"material/social", "material/privacy", "social", "privacy"} & set(config.plugins)
    validation = config.validation
    assert validation.nav.omitted_files == validation.nav.not_found == logging.WARNING
    assert validation.links.not_found == validation.links.anchors == logging.WARNING
    assert validation.links.unrecognized_links == validation.links.absolute_links == logging.WARNING


def test_every_page_of_the_docs_is_in_the_navigation() -> None:
    """mkdocs only warns about a page the navigation leaves out when strict; this says which one, at once."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    listed = set(re.findall(r"([\w./-]+\.md)\s*$", text, re.MULTILINE))
    pages = {str(path.relative_to(ROOT / "docs")) for path in (ROOT / "docs").rglob("*.md")}
    assert pages - listed == set()
