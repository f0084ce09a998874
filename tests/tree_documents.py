"""The web's tree documents stripped of what only the web adds, to compare with the engine's own ``trace_json``."""

from __future__ import annotations

from typing import Any


def without_views(node: dict[str, Any]) -> dict[str, Any]:
    """A node of the API's document without the views the web layer adds to it and its parts."""
    bare = {key: value for key, value in node.items() if key != "view"}
    for part in ("pruned", "hidden"):
        if part in bare:
            bare[part] = [without_views(entry) for entry in bare[part]]
    if "children" in bare:
        bare["children"] = [without_views(child) for child in bare["children"]]
    return bare


def without_timing(document: dict[str, Any]) -> dict[str, Any]:
    """The document as the engine's ``trace_json`` has it: no timing, no web-only fields, no views."""
    bare = {key: value for key, value in document.items() if key not in ("seconds", "path", "evaluations")}
    return {**bare, "tree": without_views(bare["tree"])}
