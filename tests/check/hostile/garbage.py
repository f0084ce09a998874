# mypy: ignore-errors
# Channel garbage: in one position it writes __KIND__ straight onto the checker's channel.
import fcntl
import os
import stat

PAYLOADS = {  # made at import, the kind asked for alone (the huge one is 200 MB)
    "huge": lambda: b"x" * (200 * 1024 * 1024),
    "deep": lambda: b"[" * 60_000 + b"\n",
    "not_json": lambda: b"this is not JSON\n",
    "wrong_shape": lambda: b'{"kind": "int", "value": "zero", "output": ["a", {"b": 1}]}\n',
    "many": lambda: b'{"kind": "int", "value": 6}\n' * 100_000,
}
PAYLOAD = PAYLOADS["__KIND__"]()


def attack():
    # The runner's objects are out of reach (run/inside/guard.py): the channel's descriptor is not.
    for descriptor in range(3, 64):
        try:
            if not stat.S_ISFIFO(os.fstat(descriptor).st_mode):
                continue
            if fcntl.fcntl(descriptor, fcntl.F_GETFL) & os.O_ACCMODE != os.O_WRONLY:
                continue
            left = memoryview(PAYLOAD)
            while left:
                left = left[os.write(descriptor, left) :]
        except OSError:
            continue
