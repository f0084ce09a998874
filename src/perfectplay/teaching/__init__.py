"""Teaching tools built on the engine: traces, textbook trees, move orders, compare, evaluations for depth limits."""
