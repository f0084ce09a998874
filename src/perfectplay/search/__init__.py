"""Search algorithms, one per file, each a pure function returning a frozen result."""

from __future__ import annotations

from perfectplay.search.alphabeta import alphabeta
from perfectplay.search.analysis import Analysis, MoveAnalysis, analyze, best_moves
from perfectplay.search.minimax import minimax
from perfectplay.search.result import SearchResult

__all__ = ["Analysis", "MoveAnalysis", "SearchResult", "alphabeta", "analyze", "best_moves", "minimax"]
