# mypy: ignore-errors
# Floods: in one position it writes __MEGABYTES__ MB of __KIND__ output, hoping to fill the
# checker's memory or disk.
import os
import sys

KIND = "__KIND__"
CHUNK = "flood " * 10_000 + "\n"


def attack():
    total = int("__MEGABYTES__") * 1024 * 1024
    if KIND == "line":
        sys.stdout.write("x" * total)
        return
    written = 0
    while written < total:
        if KIND == "stdout":
            print(CHUNK, end="")
        elif KIND == "stderr":
            os.write(2, CHUNK.encode())
        else:  # fd1: the process's descriptor 1, under Python's back
            os.write(1, CHUNK.encode())
        written += len(CHUNK)
