"""A module whose tests share a fixture made once per module runs on one xdist worker (a plugin of tests/conftest.py).

``--dist loadgroup`` (dev.py) hands the tests out one by one: a module's
tests land on all four workers, and a ``scope="module"`` fixture (a built
bundle, a site build, a class's check, a compiled core) is made once on each
of them: four builds where the module meant one. The whole run paid about a
seventh of its CPU so. Here each test that uses such a fixture is put in an
``xdist_group`` named for its module, unless it is in a group already (the
browser tests', say, which share one Chromium across files).

Session fixtures defined in a test module are made once per module too, so
they count; a conftest's session fixtures serve many modules, and grouping
those would run them all on one worker: they share their results through
tests/shared_results.py instead.
"""

from __future__ import annotations

import pytest


def module_group(item: pytest.Item) -> str | None:
    """The group ``item`` should run in for its module's shared fixtures, or None when it uses none."""
    info = getattr(item, "_fixtureinfo", None)  # pytest's own record of a test's fixtures (no public accessor)
    if info is None:
        return None
    module = item.nodeid.split("::", 1)[0]
    for definitions in info.name2fixturedefs.values():
        for definition in definitions:
            made_per_module = definition.scope in ("module", "package") or (
                definition.scope == "session" and definition.baseid == module
            )
            if made_per_module:
                return f"module:{module}"
    return None


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's worker reads the groups into the node ids
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("xdist_group") is not None:
            continue
        group = module_group(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
