"""A transcript file's seal, shared by every game's transcripts: a schema name, and a digest of the body.

The digest is a plain hash anyone can redo: it tells a file edited by
mistake, not one forged on purpose, so every reader still checks the body
field by field after ``read_sealed`` hands it over.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any

from perfectplay import files
from perfectplay.check.errors import CheckUsageError


def digest(text: str) -> str:
    """The digest a transcript carries of its body's JSON (keys sorted)."""
    return hashlib.sha256(text.encode()).hexdigest()


def read_sealed(path: str | os.PathLike[str], schema: str, limit: int) -> dict[str, Any]:
    """The body of the transcript in ``path`` if it names ``schema`` and its digest matches.

    A regular file only, read no further than ``limit`` bytes (a FIFO, a device or /dev/zero is refused at
    once); anything else is ``CheckUsageError`` in one line naming ``--replay`` and the file.
    """
    where = f"--replay {os.fspath(path)}"
    try:
        document = json.loads(files.read_text(path, limit=limit, option="--replay"))
    except files.FileRefused as error:
        raise CheckUsageError(str(error)) from None
    except (ValueError, RecursionError):
        raise CheckUsageError(f"{where}: not a check transcript (not JSON)") from None
    if not isinstance(document, dict) or document.get("schema") != schema:
        raise CheckUsageError(f"{where}: not a check transcript (no schema {schema!r})")
    body = document.get("body")
    if not isinstance(body, dict) or document.get("digest") != digest(json.dumps(body, sort_keys=True)):
        raise CheckUsageError(f"{where}: the transcript was changed after it was written (its digest does not match)")
    return body
