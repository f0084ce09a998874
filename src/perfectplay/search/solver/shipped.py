"""Which games the package ships an opening book for (``perfectplay/books``), by game name, and its file.

Its own module so that a search can ask whether a book exists without
importing the book's reader: a 3x3 ``best`` never pays for it.
"""

from __future__ import annotations

SHIPPED: dict[str, str] = {"connect4": "connect4-7x6.txt"}
"""The books in the package (``perfectplay/books``), by game name."""
