"""The result of a check: the frozen model, its points, and every format people and graders read."""
