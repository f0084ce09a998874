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


FAULTS = {
    "stray.md": "# A page no navigation lists\n",
    "index.md": "# Home\n\n[the levels](for-players.md#no-such-heading)\n\n[a page](no-such-page.md)\n",
    "for-players.md": "# Players\n\n## The levels\n",
}
"""A site of three pages with one fault of each kind: a page left out of the navigation, a missing anchor, a missing
page (the whole site, three times over, would prove it in 30 s of CPU; this one builds in a second)."""


def test_the_strict_build_stops_on_a_page_left_out_of_the_navigation_a_missing_anchor_and_a_missing_page(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort

    docs = tmp_path / "docs"
    docs.mkdir()
    for page, text in FAULTS.items():
        (docs / page).write_text(text, encoding="utf-8")
    os.environ["NO_MKDOCS_2_WARNING"] = "1"
    # mkdocs.yml as it is (its validation, strict, theme, extensions) on these pages alone: their navigation, and
    # without the reference pages' hook and mkdocstrings, which document the package, not these pages.
    config = load_config(
        str(ROOT / "mkdocs.yml"),
        docs_dir=str(docs),
        site_dir=str(tmp_path / "site"),
        nav=["index.md", "for-players.md"],
        hooks=[],
        plugins=["search"],
    )
    assert config.strict is True
    config.plugins.on_startup(command="build", dirty=False)
    try:
        with caplog.at_level(logging.WARNING, logger="mkdocs"), pytest.raises(Abort, match="3 warnings"):
            build(config)
    finally:
        config.plugins.on_shutdown()
        logging.getLogger("mkdocs").handlers.clear()
    # The build stopped for the three faults put in, and only for them: one warning each.
    warnings = [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING]
    for said in ("stray.md", "#no-such-heading", "no-such-page.md"):
        assert len([warning for warning in warnings if said in warning]) == 1, (said, warnings)
    assert len(warnings) == 3, warnings
