# mypy: ignore-errors
# Flooding extended attributes: in one position it hangs 64 KB values on one file of each folder it may write, as
# many as it may. A tmpfs keeps them in the kernel's memory, outside its size and any address space: without a
# cgroup, only the cap on the files of the folder (whose room for inodes their values share) bounds them. Storing
# more than __ALLOWED__ bytes in all, it raises to say so.
import os

FOLDERS = ("/tmp", "/dev/shm", "/dev", "/run", "/var/tmp", ".", os.path.expanduser("~"))
VALUE = b"v" * 65536


def attack():
    stored = 0
    for folder in dict.fromkeys(os.path.realpath(folder) for folder in FOLDERS):  # HOME may be /tmp
        path = os.path.join(folder, "xattrs")
        try:
            open(path, "wb").close()
        except OSError:
            continue
        for number in range(2 * int("__ALLOWED__") // len(VALUE)):
            try:
                os.setxattr(path, f"user.flood{number}", VALUE)
            except OSError:
                break
            stored += len(VALUE)
    if stored > int("__ALLOWED__"):
        raise RuntimeError(f"stored {stored // 2**20} MB of extended attributes")
