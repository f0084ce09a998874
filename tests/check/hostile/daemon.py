# mypy: ignore-errors
# A leftover daemon: at import it double-forks into a new session and, for a while after the
# check, tries to rewrite the grades file and leave a marker (both outside its sandbox).
import os
import time

GRADES = "__GRADES__"
MARKER = "__MARKER__"

if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        deadline = time.time() + 20
        while time.time() < deadline:
            for path, text in ((GRADES, "file,verdict\nforged.py,unbeatable\n"), (MARKER, "the daemon lived on\n")):
                try:
                    with open(path, "w") as file:
                        file.write(text)
                except OSError:
                    pass
            time.sleep(0.2)
        os._exit(0)
    os._exit(0)
os.wait()
