"""The web app's OpenAPI document, built once per test process for the test files that read it at collection.

Four files of tests/web/ take their routes or schemas from it at import,
and every xdist worker imports every test file: one build per process (0.06
s of CPU each) rather than four. The document does not depend on the
app's settings (limits, workers), so one app's serves them all.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from perfectplay.web.app import create_app
from perfectplay.web.settings import Settings


@cache
def api_document() -> dict[str, Any]:
    """The document (read it, do not change it: the test files share it)."""
    document: dict[str, Any] = create_app(Settings(workers=1)).openapi()
    return document
