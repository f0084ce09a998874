"""Text put into SVG: ``&``, ``<`` and ``>`` escaped, as every drawing needs.

``xml.sax.saxutils.escape`` does the same, but importing it imports
``urllib.request`` and with it ``http.client``, ``email`` and ``ssl``: about
45 ms of every process that draws (each web search worker at its start,
each command that writes SVG). ``html.escape`` without quotes escapes the
same three characters and imports next to nothing.
"""

from __future__ import annotations

from html import escape as _html_escape


def escape(text: str) -> str:
    """``text`` with ``&``, ``<`` and ``>`` escaped; quotes are left as they are, as ``saxutils.escape`` leaves them."""
    return _html_escape(text, quote=False)
