# mypy: ignore-errors
# Stashing: in one position it writes files of 8 MB (half its file-size limit) into every folder it may
# write, hoping to hold more of the machine's memory in tmpfs pages than its limits allow (a tmpfs page is
# no part of its address space). Holding more than __ALLOWED__ MB in all, it raises to say so.
import os

FOLDERS = ("/tmp", "/dev/shm", "/dev", "/run", "/var/tmp", ".", os.path.expanduser("~"))
CHUNK = b"\0" * (8 * 1024 * 1024)


def attack():
    held = 0
    for folder in dict.fromkeys(os.path.realpath(folder) for folder in FOLDERS):  # HOME may be /tmp
        for number in range(40):
            path = os.path.join(folder, f"stash{number}")
            try:
                with open(path, "wb") as file:
                    file.write(CHUNK)
            except (OSError, ValueError):
                pass
            try:  # what the file holds in pages (a short write may have kept part of it)
                kept = os.stat(path).st_size
            except OSError:
                break
            held += kept
            if kept < len(CHUNK):
                break
    if held > int("__ALLOWED__") * 1024 * 1024:
        raise RuntimeError(f"held {held // 2**20} MB of files")
