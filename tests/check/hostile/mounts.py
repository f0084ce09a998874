# mypy: ignore-errors
# Mounts: at import it reads its own mount table for a place to store files that no size bounds: the
# sandbox's root or /dev writable, or its copy's folder a tmpfs without a size (their pages are in no address
# space). Finding one, it raises in one position, to say so.
UNBOUNDED = []

with open("/proc/self/mountinfo") as table:
    for line in table:
        fields = line.split()
        point, options = fields[4], fields[5].split(",")
        kind, extra = line.split(" - ", 1)[1].split()[0], line.split(" - ", 1)[1].split()[-1]
        if point in ("/", "/dev", "/submission") and "rw" in options and kind == "tmpfs" and "size=" not in extra:
            UNBOUNDED.append(point)


def attack():
    if UNBOUNDED:
        raise RuntimeError("files with no size bound can be kept in " + ", ".join(UNBOUNDED))
