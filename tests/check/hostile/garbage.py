# mypy: ignore-errors
# Channel garbage: in one position it writes __KIND__ straight onto the checker's channel.
import gc

PAYLOADS = {
    "huge": b"x" * (200 * 1024 * 1024),
    "deep": b"[" * 60_000 + b"\n",
    "not_json": b"this is not JSON\n",
    "wrong_shape": b'{"kind": "int", "value": "zero", "output": ["a", {"b": 1}]}\n',
    "many": b'{"kind": "int", "value": 6}\n' * 100_000,
}


def attack():
    for thing in gc.get_objects():
        if type(thing).__name__ == "Channel" and hasattr(thing, "outgoing"):
            thing.outgoing.write(PAYLOADS["__KIND__"])
            thing.outgoing.flush()
