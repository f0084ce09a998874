# mypy: ignore-errors
# Flooding inodes: in one position it makes empty files (and folders) in every folder it may write. An empty
# file takes no page of a tmpfs's size, only kernel memory for its inode, which no address-space limit counts:
# without a cgroup, nothing but a cap on the files a folder may hold bounds it. Making more than __ALLOWED__
# in all, it raises to say so.
import os

FOLDERS = ("/tmp", "/dev/shm", "/dev", "/run", "/var/tmp", ".", os.path.expanduser("~"))
TRIES = int("__ALLOWED__") + 4096


def attack():
    made = 0
    for folder in dict.fromkeys(os.path.realpath(folder) for folder in FOLDERS):  # HOME may be /tmp
        for number in range(TRIES):
            path = os.path.join(folder, f"inode{number}")
            try:
                if number % 2:
                    os.mkdir(path)
                else:
                    os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
            except OSError:
                break
            made += 1
    if made > int("__ALLOWED__"):
        raise RuntimeError(f"made {made} files and folders")
