# mypy: ignore-errors
# Forging the channel: in one position it writes __KIND__ straight onto every pipe it can write (the
# runner's private channel among them), then leaves without a word, hoping the checker takes a forged or
# broken line as its answer there or breaks on it.
import os
import stat

KIND = "__KIND__"
LINES = {
    # a winning answer, cut off before its end
    "partial": b'{"kind": "int", "value": 6',
    # a winning answer with a NUL byte and more after it
    "nul": b'{"kind": "int", "value": 6}\x00{"kind": "int", "value": 6}\n',
    # a line of 1 MB that never ends
    "endless": b"[" * (1024 * 1024),
    # a loaded event again, claiming the CS50 functions
    "loaded": b'{"event": "loaded", "module": "x", "functions": {"minimax": 1}}\n',
}


def attack():
    for descriptor in range(3, 256):
        try:
            if stat.S_ISFIFO(os.fstat(descriptor).st_mode):
                os.write(descriptor, LINES[KIND])
        except OSError:
            pass
    os._exit(0)
