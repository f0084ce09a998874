# mypy: ignore-errors
# A memory hog: in one position it asks for __MEGABYTES__ MB and touches every page of it.
HELD = []


def attack():
    block = bytearray(int("__MEGABYTES__") * 1024 * 1024)
    for offset in range(0, len(block), 4096):
        block[offset] = 1
    HELD.append(block)
