# mypy: ignore-errors
# Sleeping: in one position it waits instead of computing (no CPU spent), hoping the checker waits too.
import time


def attack():
    time.sleep(10_000)
