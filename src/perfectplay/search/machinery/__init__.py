"""The production solver's machinery: negamax node, transposition table, budget, null window, deepening, root."""
