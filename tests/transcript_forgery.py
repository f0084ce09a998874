"""A saved transcript with one field of its body changed and sealed again, as anyone can (check/sealed.py).

The digest is a plain hash of the body: a forger recomputes it, so every ``--replay`` test of hostile fields
starts from a genuine transcript and this one edit.
"""

from __future__ import annotations

import json
from typing import Any

from perfectplay.check.sealed import digest


def forged(document: dict[str, Any], field: str, value: Any) -> str:
    """The document with ``field`` of its body set to ``value``, sealed again as the checker would seal it.

    ``field`` is a dotted path into the body ("records.0.2.0.kind"); a step is a list index only where the
    place is a list (a Connect Four answer's key "0:1124..." stays a key)."""
    body = json.loads(json.dumps(document["body"]))
    *steps, last = field.split(".")
    place: Any = body
    for step in steps:
        place = place[int(step)] if isinstance(place, list) else place[step]
    if isinstance(place, list):
        place[int(last)] = value
    else:
        place[last] = value
    return json.dumps({**document, "body": body, "digest": digest(json.dumps(body, sort_keys=True))})
