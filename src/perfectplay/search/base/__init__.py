"""What every search shares: limits, the budget that enforces them, results, the score scale, watchers."""
